import type { Container } from 'inversify';
import { CartService } from '../core/cart/cart-service';
import { SessionService } from '../core/user/session-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { CookieNoticeService } from '../core/ui-state/claims-service';
import { WishlistService, CompareService } from '../core/user/sku-list-service';
import type { OfflineTaskQueue } from '../core/queue/types';
import { TRANSACTION_TOKENS } from './bindings-transactions';
import { whenBackOnline } from '../core/checkout/going-online';
import { TOKENS } from '../core/ports/tokens';
import type { Network } from '../core/ports/network';
import type { Logger } from '../core/ports/logger';

/**
 * The browser's start-up, after hydration (so the first render matches the server's): restore what the
 * shopper had from local storage (spec transactions §4 "Session": cached user and token first; cart items,
 * token and hash), then let the cart connect/sync and the queue drain when online, and watch for offline orders.
 */
export async function startShopSession(container: Container): Promise<void> {
  const queue = container.get<OfflineTaskQueue>(TRANSACTION_TOKENS.TaskQueue);
  await queue.ready;
  await container.get(SessionService).load();
  await Promise.all([
    container.get(CheckoutService).load(),
    container.get(WishlistService).load(),
    container.get(CompareService).load(),
    container.get(CookieNoticeService).load(),
  ]);
  // stored offline orders are looked at after the sync queue has drained (spec transactions §4)
  whenBackOnline({
    network: container.get<Network>(TOKENS.Network),
    queue,
    checkout: container.get(CheckoutService),
    logger: container.get<Logger>(TOKENS.Logger),
  });
  await container.get(CartService).load();
}
