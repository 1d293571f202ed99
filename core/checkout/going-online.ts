import { skip, type Subscription } from 'rxjs';
import type { Network } from '../ports/network';
import type { Logger } from '../ports/logger';

/** spec transactions §4 "Task queue": going online sends the queued tasks and THEN looks at the stored orders. */
export function whenBackOnline(deps: {
  network: Network;
  queue: { process(): Promise<void> };
  checkout: { handleOnline(): Promise<void> };
  logger?: Logger;
}): Subscription {
  let running: Promise<void> = Promise.resolve();
  return deps.network.online$.pipe(skip(1)).subscribe((online) => {
    if (!online) return;
    running = running
      .then(() => deps.queue.process())
      .then(() => deps.checkout.handleOnline())
      .catch((e: unknown) => deps.logger?.error(`going online failed: ${String(e)}`, 'checkout'));
  });
}
