import type { Container } from 'inversify';
import type { KyInstance } from 'ky';
import type { ShopConfig } from '../core/config';
import { TOKENS } from '../core/ports/tokens';
import type { Clock } from '../core/ports/clock';
import type { IdGenerator } from '../core/ports/id-generator';
import type { Logger } from '../core/ports/logger';
import type { Network } from '../core/ports/network';
import type { Scheduler } from '../core/ports/scheduler';
import type { Storage } from '../core/ports/storage';
import type { CartApi } from '../core/ports/cart-api';
import type { TaskTransport } from '../core/ports/task-transport';
import type { UserApi } from '../core/ports/user-api';
import type { OrderApi } from '../core/ports/order-api';
import type { PaymentApi } from '../core/ports/payment-api';
import type { ReviewApi } from '../core/ports/review-api';
import type { NewsletterApi } from '../core/ports/newsletter-api';
import type { ContactApi } from '../core/ports/contact-api';
import type { MailApi } from '../core/ports/mail-api';
import type { FeedbackApi } from '../core/ports/feedback-api';
import { CartService } from '../core/cart/cart-service';
import { createStockLimit, createStockStatus } from '../core/cart/stock-check';
import { CatalogueCache } from '../core/catalogue/catalogue-cache';
import { QuotaGuardedStorage } from '../core/catalogue/storage-quota';
import type { StockApi } from '../core/ports/stock-api';
import { createTaskQueue } from '../core/queue/task-queue';
import type { OfflineTaskQueue } from '../core/queue/types';
import { createTokenLock, type TokenLock } from '../core/user/token-lock';
import { SessionService } from '../core/user/session-service';
import { CompareService, WishlistService } from '../core/user/sku-list-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { PaymentService } from '../core/checkout/payment-service';
import { OrderStatusService } from '../core/checkout/order-status-service';
import { NotificationService } from '../core/ui-state/notification-service';
import { ModalService } from '../core/ui-state/modal-service';
import { ProgressService } from '../core/ui-state/progress-service';
import { UiFlagsService } from '../core/ui-state/ui-flags-service';
import { ClaimsService, CookieNoticeService } from '../core/ui-state/claims-service';
import { ContactService } from '../core/content/contact-service';
import { NewsletterService } from '../core/content/newsletter-service';
import { ReviewService } from '../core/content/review-service';
import { HttpCartApi } from './http/cart-api';
import { HttpTaskTransport } from './http/task-transport';
import { HttpUserApi } from './http/user-api';
import { HttpOrderApi } from './http/order-api';
import { HttpPaymentApi } from './http/payment-api';
import { HttpReviewApi } from './http/review-api';
import { HttpNewsletterApi } from './http/newsletter-api';
import { HttpContactApi } from './http/contact-api';
import { HttpMailApi } from './http/mail-api';
import { HttpFeedbackApi } from './http/feedback-api';

/** The token lock and the offline queue are shared singletons, bound under these Symbols. */
export const TRANSACTION_TOKENS = {
  TokenLock: Symbol.for('TokenLock'),
  TaskQueue: Symbol.for('TaskQueue'),
  /** the shopper's data (cart, checkout, user, queue, claims, lists): a write refused for the quota clears the catalogue caches and is retried once */
  ShopperStorage: Symbol.for('ShopperStorage'),
} as const;

export interface TransactionBindingOptions {
  client: KyInstance;
  config: ShopConfig;
  apiUrl: string;
  timeoutMs: number;
  /** absolute origin of the storefront, for the payment redirect URL (spec transactions §4) */
  storefrontOrigin: string;
  fetch?: typeof fetch;
}

type Ctx = { get<T>(id: unknown): T };

/**
 * Cart, queue, token lock, session, checkout, payment and the smaller services (spec transactions).
 * Services that depend on each other in a circle (session <-> cart <-> queue <-> lock) are resolved lazily:
 * each reads the others through closures at call time, never at construction.
 */
export function bindTransactions(c: Container, o: TransactionBindingOptions): void {
  const { client, config } = o;
  const get = <T>(ctx: Ctx, id: unknown) => ctx.get<T>(id);
  const logger = (ctx: Ctx) => get<Logger>(ctx, TOKENS.Logger);

  c.bind<CartApi>(TOKENS.CartApi).toDynamicValue(() => new HttpCartApi(client));
  c.bind<TaskTransport>(TOKENS.TaskTransport).toDynamicValue(
    () => new HttpTaskTransport({ baseUrl: o.apiUrl, timeoutMs: o.timeoutMs, ...(o.fetch ? { fetch: o.fetch } : {}) }),
  );
  c.bind<UserApi>(TOKENS.UserApi).toDynamicValue(() => new HttpUserApi(client));
  c.bind<OrderApi>(TOKENS.OrderApi).toDynamicValue(() => new HttpOrderApi(client));
  c.bind<PaymentApi>(TOKENS.PaymentApi).toDynamicValue(() => new HttpPaymentApi(client, config));
  c.bind<ReviewApi>(TOKENS.ReviewApi).toDynamicValue(() => new HttpReviewApi(client));
  c.bind<NewsletterApi>(TOKENS.NewsletterApi).toDynamicValue(() => new HttpNewsletterApi(client));
  c.bind<ContactApi>(TOKENS.ContactApi).toDynamicValue(() => new HttpContactApi(client));
  c.bind<MailApi>(TOKENS.MailApi).toDynamicValue(() => new HttpMailApi(client));
  c.bind<FeedbackApi>(TOKENS.FeedbackApi).toDynamicValue(() => new HttpFeedbackApi(client));

  c.bind<Storage>(TRANSACTION_TOKENS.ShopperStorage).toDynamicValue(
    (ctx) =>
      new QuotaGuardedStorage(ctx.get<Storage>(TOKENS.Storage), {
        onQuotaExceeded: () => ctx.get(CatalogueCache).clearForQuota(),
        logger: logger(ctx),
      }),
  );

  // ---- ui state
  c.bind(NotificationService).toDynamicValue(
    (ctx) => new NotificationService(get<Scheduler>(ctx, TOKENS.Scheduler), get<IdGenerator>(ctx, TOKENS.IdGenerator), config),
  );
  c.bind(ModalService).toDynamicValue(() => new ModalService());
  c.bind(ProgressService).toDynamicValue((ctx) => new ProgressService(get<Scheduler>(ctx, TOKENS.Scheduler), config));
  c.bind(UiFlagsService).toDynamicValue(() => new UiFlagsService());
  c.bind(ClaimsService).toDynamicValue((ctx) => new ClaimsService(get<Storage>(ctx, TRANSACTION_TOKENS.ShopperStorage), get<Clock>(ctx, TOKENS.Clock)));
  c.bind(CookieNoticeService).toDynamicValue((ctx) => new CookieNoticeService(ctx.get(ClaimsService), config));

  // ---- token lock (spec transactions §4): refresh through UserApi directly, never through the queue
  c.bind<TokenLock>(TRANSACTION_TOKENS.TokenLock).toDynamicValue((ctx) =>
    createTokenLock({
      scheduler: get<Scheduler>(ctx, TOKENS.Scheduler),
      config,
      getToken: () => ctx.get(SessionService).getToken(),
      refresh: () => ctx.get(SessionService).refreshTokens(),
      onLoggedOut: (reason) => ctx.get(SessionService).handleLoggedOut(reason),
      logger: logger(ctx),
    }),
  );

  // ---- offline task queue (spec transactions §4)
  c.bind<OfflineTaskQueue>(TRANSACTION_TOKENS.TaskQueue).toDynamicValue((ctx) =>
    createTaskQueue({
      storage: get<Storage>(ctx, TRANSACTION_TOKENS.ShopperStorage),
      transport: get<TaskTransport>(ctx, TOKENS.TaskTransport),
      network: get<Network>(ctx, TOKENS.Network),
      clock: get<Clock>(ctx, TOKENS.Clock),
      ids: get<IdGenerator>(ctx, TOKENS.IdGenerator),
      tokenLock: get<TokenLock>(ctx, TRANSACTION_TOKENS.TokenLock),
      getToken: () => ctx.get(SessionService).getToken(),
      getCartId: () => ctx.get(CartService).snapshot().cartServerToken ?? undefined,
      onCartIdMissing: () => ctx.get(CartService).connect(),
      config,
      logger: logger(ctx),
      getStoreCode: () => config.storeViews.defaultStoreCode || undefined,
    }),
  );

  c.bind(CartService).toDynamicValue(
    (ctx) =>
      new CartService({
        api: get<CartApi>(ctx, TOKENS.CartApi),
        queue: get<OfflineTaskQueue>(ctx, TRANSACTION_TOKENS.TaskQueue),
        storage: get<Storage>(ctx, TRANSACTION_TOKENS.ShopperStorage),
        network: get<Network>(ctx, TOKENS.Network),
        clock: get<Clock>(ctx, TOKENS.Clock),
        config,
        logger: logger(ctx),
        getUserToken: () => ctx.get(SessionService).getToken(),
        tokenLock: get<TokenLock>(ctx, TRANSACTION_TOKENS.TokenLock),
        // spec transactions §4 "Adding": ok / volatile / out_of_stock from a stock check when online
        stockStatus: createStockStatus({ stock: get<StockApi>(ctx, TOKENS.StockApi), network: get<Network>(ctx, TOKENS.Network), logger: logger(ctx) }),
        // spec transactions §5, §8: a quantity above the stock is refused with 'Only {maxQuantity} ... available'
        stockLimit: createStockLimit({ stock: get<StockApi>(ctx, TOKENS.StockApi), network: get<Network>(ctx, TOKENS.Network), logger: logger(ctx) }),
      }),
  );

  c.bind(WishlistService).toDynamicValue((ctx) => new WishlistService(get<Storage>(ctx, TRANSACTION_TOKENS.ShopperStorage)));
  c.bind(CompareService).toDynamicValue((ctx) => new CompareService(get<Storage>(ctx, TRANSACTION_TOKENS.ShopperStorage)));

  c.bind(SessionService).toDynamicValue((ctx) => {
    const session = new SessionService(
      {
        userApi: get<UserApi>(ctx, TOKENS.UserApi),
        storage: get<Storage>(ctx, TRANSACTION_TOKENS.ShopperStorage),
        network: get<Network>(ctx, TOKENS.Network),
        clock: get<Clock>(ctx, TOKENS.Clock),
        logger: logger(ctx),
        notifications: ctx.get(NotificationService),
        modals: ctx.get(ModalService),
      },
      config,
    );
    // the linked parts depend on the session in turn: hand them over lazily
    session.link({
      cart: { onUserLogin: () => ctx.get(CartService).onUserLogin(), onUserLogout: () => ctx.get(CartService).onUserLogout() },
      queue: {
        queue: (t) => get<OfflineTaskQueue>(ctx, TRANSACTION_TOKENS.TaskQueue).queue(t),
        on: (e, h) => get<OfflineTaskQueue>(ctx, TRANSACTION_TOKENS.TaskQueue).on(e, h),
        clear: () => get<OfflineTaskQueue>(ctx, TRANSACTION_TOKENS.TaskQueue).clear(),
      },
      get tokenLock() {
        return get<TokenLock>(ctx, TRANSACTION_TOKENS.TokenLock);
      },
      checkout: { clearDetails: () => ctx.get(CheckoutService).clearDetails() },
      wishlist: { clear: () => ctx.get(WishlistService).clear() },
      compare: { clear: () => ctx.get(CompareService).clear() },
    });
    return session;
  });

  c.bind(CheckoutService).toDynamicValue(
    (ctx) =>
      new CheckoutService(
        {
          storage: get<Storage>(ctx, TRANSACTION_TOKENS.ShopperStorage),
          orderApi: get<OrderApi>(ctx, TOKENS.OrderApi),
          paymentApi: get<PaymentApi>(ctx, TOKENS.PaymentApi),
          cart: ctx.get(CartService),
          session: ctx.get(SessionService),
          notifications: ctx.get(NotificationService),
          modals: ctx.get(ModalService),
          network: get<Network>(ctx, TOKENS.Network),
          clock: get<Clock>(ctx, TOKENS.Clock),
          ids: get<IdGenerator>(ctx, TOKENS.IdGenerator),
          logger: logger(ctx),
        },
        config,
      ),
  );
  c.bind(PaymentService).toDynamicValue(
    (ctx) =>
      new PaymentService(
        {
          paymentApi: get<PaymentApi>(ctx, TOKENS.PaymentApi),
          checkout: ctx.get(CheckoutService),
          notifications: ctx.get(NotificationService),
          progress: ctx.get(ProgressService),
          clock: get<Clock>(ctx, TOKENS.Clock),
          logger: logger(ctx),
        },
        config,
        { storefrontOrigin: o.storefrontOrigin },
      ),
  );
  c.bind(OrderStatusService).toDynamicValue(
    (ctx) => new OrderStatusService({ paymentApi: get<PaymentApi>(ctx, TOKENS.PaymentApi), progress: ctx.get(ProgressService), logger: logger(ctx) }),
  );
  c.bind(ContactService).toDynamicValue(
    (ctx) =>
      new ContactService({ api: get<ContactApi>(ctx, TOKENS.ContactApi), notifications: ctx.get(NotificationService), progress: ctx.get(ProgressService), logger: logger(ctx) }),
  );
  c.bind(NewsletterService).toDynamicValue((ctx) => new NewsletterService(get<NewsletterApi>(ctx, TOKENS.NewsletterApi)));
  c.bind(ReviewService).toDynamicValue(
    (ctx) => new ReviewService({ api: get<ReviewApi>(ctx, TOKENS.ReviewApi), feedback: get<FeedbackApi>(ctx, TOKENS.FeedbackApi), logger: logger(ctx) }),
  );
}
