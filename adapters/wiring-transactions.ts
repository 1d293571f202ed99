/**
 * The transaction part of the composition root (adapters/wiring.ts) and the browser's start-up over it
 * (restoreSession, restoreShopperData). The browser adds the part to the page's graph when its chunk loads. The
 * session, cart, queue and token lock need each other: they reach each other through closures read at call time
 * (`() => session(g).getToken()`), never at construction, so the circle resolves by itself.
 */
import { CartService } from '../core/cart/cart-service';
import { createStockLimit, createStockStatus } from '../core/cart/stock-check';
import { createTaskQueue } from '../core/queue/task-queue';
import type { OfflineTaskQueue } from '../core/queue/types';
import { createTokenLock, type TokenLock } from '../core/user/token-lock';
import { SessionService } from '../core/user/session-service';
import { CompareService, WishlistService } from '../core/user/sku-list-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { PaymentService } from '../core/checkout/payment-service';
import { OrderStatusService } from '../core/checkout/order-status-service';
import { ContactService } from '../core/content/contact-service';
import { NewsletterService } from '../core/content/newsletter-service';
import { ReviewService } from '../core/content/review-service';
import { HttpCartApi } from './http/cart-api';
import { HttpTaskTransport } from './http/task-transport';
import { HttpUserApi } from './http/user-api';
import { HttpOrderApi } from './http/order-api';
import { HttpPaymentApi } from './http/payment-api';
import { HttpReviewApi } from './http/review-api';
import { HttpContactApi, HttpFeedbackApi, HttpMailApi, HttpNewsletterApi } from './http/ext-apis';
import { TOKENS } from '../core/ports/tokens';
import type { Storage } from '../core/ports/storage';
import type { StockApi } from '../core/ports/stock-api';
import type { CartApi } from '../core/ports/cart-api';
import type { UserApi } from '../core/ports/user-api';
import type { OrderApi } from '../core/ports/order-api';
import type { PaymentApi } from '../core/ports/payment-api';
import type { TaskTransport } from '../core/ports/task-transport';
import { NotificationService } from '../core/ui-state/notification-service';
import { ModalService } from '../core/ui-state/modal-service';
import { ProgressService } from '../core/ui-state/progress-service';
import { CookieNoticeService } from '../core/ui-state/claims-service';
import { StorageQuotaMonitor } from '../core/catalogue/storage-quota';
import { watchTaskErrors } from '../core/queue/task-error-notices';
import { syncCartStock } from '../core/cart/cart-stock-sync';
import { whenBackOnline } from '../core/checkout/going-online';
import type { ShopConfig } from '../core/config';
import type { Network } from '../core/ports/network';
import type { Logger } from '../core/ports/logger';
import { CONTAINER_TOKENS, TRANSACTION_TOKENS, TX } from './wiring';
import type { Bindings, ServiceId, ShopGraph, ShopServices } from './wiring';

const session = (g: ShopGraph) => g.get(SessionService);
const cart = (g: ShopGraph) => g.get(CartService);
const queue = (g: ShopGraph) => g.get<OfflineTaskQueue>(TRANSACTION_TOKENS.TaskQueue);
const tokenLock = (g: ShopGraph) => g.get<TokenLock>(TRANSACTION_TOKENS.TokenLock);
const shopperStorage = (g: ShopGraph) => g.get<Storage>(CONTAINER_TOKENS.ShopperStorage);
/** the store view the cart and order history name their lines in; none for the default locale's */
const lineStoreId = (r: ShopGraph['runtime']): number | undefined =>
  r.locale === r.config.i18n.defaultLocale ? undefined : r.config.i18n.localeStores[r.locale].storeId;

/** what the queue, cart, session and checkout are each built with: the shopper's storage and the runtime's ports */
function shopperPorts(g: ShopGraph) {
  const { network, clock, ids, logger, crossTab, locks } = g.runtime;
  return { storage: shopperStorage(g), network, clock, ids, logger, crossTab, locks };
}

export const TRANSACTIONS: Bindings = new Map<ServiceId, (g: ShopGraph) => unknown>([
  [TOKENS.CartApi, (g) => new HttpCartApi(g.runtime.client, lineStoreId(g.runtime))],
  [
    TOKENS.TaskTransport,
    ({ runtime: r }) => new HttpTaskTransport({ baseUrl: r.apiUrl, timeoutMs: r.timeoutMs, fetch: r.fetch }),
  ],
  [TOKENS.UserApi, (g) => new HttpUserApi(g.runtime.client, lineStoreId(g.runtime))],
  [TOKENS.OrderApi, (g) => new HttpOrderApi(g.runtime.client)],
  [TOKENS.PaymentApi, (g) => new HttpPaymentApi(g.runtime.client, g.runtime.config)],
  [TOKENS.ReviewApi, (g) => new HttpReviewApi(g.runtime.client)],
  [TOKENS.NewsletterApi, (g) => new HttpNewsletterApi(g.runtime.client)],
  [TOKENS.ContactApi, (g) => new HttpContactApi(g.runtime.client)],
  [TOKENS.MailApi, (g) => new HttpMailApi(g.runtime.client)],
  [TOKENS.FeedbackApi, (g) => new HttpFeedbackApi(g.runtime.client)],

  // the circle (spec transactions §4)
  [
    TRANSACTION_TOKENS.TokenLock,
    // refreshes through UserApi directly, never through the queue
    (g) =>
      createTokenLock({
        scheduler: g.runtime.scheduler,
        config: g.runtime.config,
        getToken: () => session(g).getToken(),
        refresh: (stale) => session(g).refreshTokens(stale),
        onLoggedOut: (reason) => session(g).handleLoggedOut(reason),
        logger: g.runtime.logger,
      }),
  ],
  [
    TRANSACTION_TOKENS.TaskQueue,
    (g) => {
      const r = g.runtime;
      return createTaskQueue({
        ...shopperPorts(g),
        transport: g.get<TaskTransport>(TOKENS.TaskTransport),
        tokenLock: tokenLock(g),
        getToken: () => session(g).getToken(),
        getCartId: () => cart(g).snapshot().cartServerToken ?? undefined,
        onCartIdMissing: () => cart(g).connect(),
        config: r.config,
        getStoreCode: () => r.config.storeViews.defaultStoreCode || undefined,
      });
    },
  ],
  [
    CartService,
    (g) => {
      const r = g.runtime;
      const stock = g.get<StockApi>(TOKENS.StockApi);
      return new CartService({
        ...shopperPorts(g),
        api: g.get<CartApi>(TOKENS.CartApi),
        queue: queue(g),
        config: r.config,
        getUserToken: () => session(g).getToken(),
        tokenLock: tokenLock(g),
        // spec transactions §4 "Adding": ok / volatile / out_of_stock from a stock check when online
        stockStatus: createStockStatus({ stock, network: r.network, logger: r.logger }),
        // spec transactions §5, §8: a quantity above the stock is refused with 'Only {maxQuantity} ... available'
        stockLimit: createStockLimit({ stock, network: r.network, logger: r.logger }),
      });
    },
  ],
  [WishlistService, (g) => new WishlistService(shopperStorage(g), g.runtime.crossTab)],
  [CompareService, (g) => new CompareService(shopperStorage(g), g.runtime.crossTab)],
  [
    SessionService,
    (g) => {
      const made = new SessionService(
        {
          ...shopperPorts(g),
          userApi: g.get<UserApi>(TOKENS.UserApi),
          notifications: g.get(NotificationService),
          modals: g.get(ModalService),
        },
        g.runtime.config,
      );
      made.link({
        cart: { onUserLogin: () => cart(g).onUserLogin(), onUserLogout: () => cart(g).onUserLogout() },
        queue: { queue: (t) => queue(g).queue(t), on: (e, h) => queue(g).on(e, h), clear: () => queue(g).clear() },
        get tokenLock() {
          return tokenLock(g);
        },
        checkout: { clearDetails: () => g.get(CheckoutService).clearDetails() },
        wishlist: { clear: () => g.get(WishlistService).clear() },
        compare: { clear: () => g.get(CompareService).clear() },
      });
      return made;
    },
  ],

  [
    CheckoutService,
    (g) =>
      new CheckoutService(
        {
          ...shopperPorts(g),
          orderApi: g.get<OrderApi>(TOKENS.OrderApi),
          paymentApi: g.get<PaymentApi>(TOKENS.PaymentApi),
          cart: cart(g),
          session: session(g),
          notifications: g.get(NotificationService),
          modals: g.get(ModalService),
        },
        g.runtime.config,
      ),
  ],
  [
    PaymentService,
    (g) =>
      new PaymentService(
        {
          paymentApi: g.get<PaymentApi>(TOKENS.PaymentApi),
          checkout: g.get(CheckoutService),
          notifications: g.get(NotificationService),
          progress: g.get(ProgressService),
          clock: g.runtime.clock,
          logger: g.runtime.logger,
        },
        g.runtime.config,
        { storefrontOrigin: g.runtime.storefrontOrigin },
      ),
  ],
  [OrderStatusService, (g) => new OrderStatusService({ paymentApi: g.get<PaymentApi>(TOKENS.PaymentApi), progress: g.get(ProgressService), logger: g.runtime.logger })],
  [
    ContactService,
    (g) => new ContactService({ api: g.get<HttpContactApi>(TOKENS.ContactApi), notifications: g.get(NotificationService), progress: g.get(ProgressService), logger: g.runtime.logger }),
  ],
  [NewsletterService, (g) => new NewsletterService(g.get<HttpNewsletterApi>(TOKENS.NewsletterApi))],
  [ReviewService, (g) => new ReviewService({ api: g.get<HttpReviewApi>(TOKENS.ReviewApi), feedback: g.get<HttpFeedbackApi>(TOKENS.FeedbackApi), logger: g.runtime.logger })],

  // the first page's code names these by Symbol (TX in adapters/wiring.ts), never importing their classes
  [TX.Cart, (g) => cart(g)],
  [TX.Session, (g) => session(g)],
  [TX.Newsletter, (g) => g.get(NewsletterService)],
  [TX.Review, (g) => g.get(ReviewService)],
  [TX.OrderStatus, (g) => g.get(OrderStatusService)],
  [TX.Wishlist, (g) => g.get(WishlistService)],
  [TX.Compare, (g) => g.get(CompareService)],
  [TX.Checkout, (g) => g.get(CheckoutService)],
]);

/**
 * The browser's start-up after hydration, first step (what a shopper's first command waits for): the queue's stored
 * tasks, the task error notices, and the session (cached user and token first, spec transactions §4 "Session").
 */
export async function restoreSession(container: ShopServices): Promise<void> {
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
export async function restoreShopperData(container: ShopServices): Promise<void> {
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
  const stock = container.get<StockApi>(TOKENS.StockApi);
  await syncCartStock(container.get(CartService), stock, container.get<ShopConfig>(TOKENS.Config), logger);
}
