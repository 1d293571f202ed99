import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import type { Network } from '../../core/ports/network';

/** The server is online; tests flip it with set() to drive offline paths. */
export class StaticNetwork implements Network {
  private readonly state: BehaviorSubject<boolean>;
  readonly online$: Observable<boolean>;

  constructor(online = true) {
    this.state = new BehaviorSubject(online);
    this.online$ = this.state.pipe(distinctUntilChanged());
  }

  isOnline(): boolean {
    return this.state.value;
  }

  set(online: boolean): void {
    this.state.next(online);
  }
}
