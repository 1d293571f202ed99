import type { ShopServices as Container } from './wiring';
import { CartService } from '../core/cart/cart-service';
import { SessionService } from '../core/user/session-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { CookieNoticeService } from '../core/ui-state/claims-service';
import { WishlistService, CompareService } from '../core/user/sku-list-service';
import type { OfflineTaskQueue } from '../core/queue/types';
import { TRANSACTION_TOKENS } from './container-tokens';
import { StorageQuotaMonitor } from '../core/catalogue/storage-quota';
import { watchTaskErrors } from '../core/queue/task-error-notices';
import { syncCartStock } from '../core/cart/cart-stock-sync';
import { NotificationService } from '../core/ui-state/notification-service';
import type { TokenLock } from '../core/user/token-lock';
import type { StockApi } from '../core/ports/stock-api';
import type { ShopConfig } from '../core/config';
import { whenBackOnline } from '../core/checkout/going-online';
import { TOKENS } from '../core/ports/tokens';
import type { Network } from '../core/ports/network';
import type { Logger } from '../core/ports/logger';

/**
 * The browser's start-up after hydration, first step (what a shopper's first command waits for): the queue's stored
 * tasks, the task error notices, and the session (cached user and token first, spec transactions §4 "Session").
 */
export async function restoreSession(container: Container): Promise<void> {
  const queue = container.get<OfflineTaskQueue>(TRANSACTION_TOKENS.TaskQueue);
  // spec catalogue §9: local storage quota checked every 30 s
  container.get(StorageQuotaMonitor).start();
  // spec transactions §8: a failed queued task shows an error notification
  watchTaskErrors({
    queue,
    notify: (n) => container.get(NotificationService).notify(n),
    lockState: () => container.get<TokenLock>(TRANSACTION_TOKENS.TokenLock).state(),
  });
  await queue.ready;
  await container.get(SessionService).load();
}

/**
 * The second step: checkout details, lists and cookie notice, the offline-order watch, then the cart (which connects
 * and syncs when online; a cart command that runs meanwhile starts from the stored cart).
 */
export async function restoreShopperData(container: Container): Promise<void> {
  const queue = container.get<OfflineTaskQueue>(TRANSACTION_TOKENS.TaskQueue);
  const logger = container.get<Logger>(TOKENS.Logger);
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
    logger,
  });
  // spec transactions §4 "Sync need": connects only for a shopper who has a cart or is signed in
  await container.get(CartService).load();
  // spec transactions §4 "Stock sync result" (off in this configuration: syncCartStock returns at once)
  await syncCartStock(container.get(CartService), container.get<StockApi>(TOKENS.StockApi), container.get<ShopConfig>(TOKENS.Config), logger);
}
