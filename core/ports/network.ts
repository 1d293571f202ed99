import type { Observable } from 'rxjs';

/** Whether the browser is online; emits the current value on subscribe and every change after. */
export interface Network {
  readonly online$: Observable<boolean>;
  isOnline(): boolean;
}
