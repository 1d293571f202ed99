import type { Network } from '../ports/network';
import { StateHolder } from '../state-holder';

/**
 * A Network port whose state a test switches with `set(online)` (adapters/node/static-network.ts: the server's, always
 * online). Its state is the online flag.
 */
export class ManualNetwork extends StateHolder<boolean> implements Network {
  readonly online$ = this.state$;

  constructor(online = true) {
    super(online);
  }

  isOnline(): boolean {
    return this.state.value;
  }

  set(online: boolean): void {
    this.state.next(online);
  }
}
