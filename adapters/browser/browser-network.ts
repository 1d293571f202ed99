import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import type { Network } from '../../core/ports/network';

/** online$ from navigator.onLine and the window's online/offline events. */
export class BrowserNetwork implements Network {
  private readonly state = new BehaviorSubject<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);
  readonly online$: Observable<boolean> = this.state.pipe(distinctUntilChanged());

  constructor(target: Pick<Window, 'addEventListener'> | undefined = typeof window === 'undefined' ? undefined : window) {
    target?.addEventListener('online', () => this.state.next(true));
    target?.addEventListener('offline', () => this.state.next(false));
  }

  isOnline(): boolean {
    return this.state.value;
  }
}
