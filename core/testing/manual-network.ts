import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import type { Network } from '../ports/network';

/** A Network port whose state a test switches (adapters/node/static-network.ts: the server's, always online). */
export class ManualNetwork implements Network {
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
