/**
 * The transaction half of the wiring (spec transactions): the HTTP adapters of cart, user, order, payment and the
 * small services, the session <-> cart <-> queue <-> token lock circle, checkout, payment, order status, contact,
 * newsletter and reviews, built lazily and once each over a CatalogueGraph (adapters/wiring.ts), in its member table.
 * The browser imports this module after first paint or on first need (issue 10: adapters/browser-container.ts);
 * `ShopGraph` has both halves, for the server, the tests and the headless SDK.
 *
 * The session, cart, queue and token lock need each other: they reach each other through closures read at call time
 * (`() => this.cart`), never at construction, so the circle resolves without a forward `let`.
 */
import type { ShopConfig } from '../core/config';
import type { Logger } from '../core/ports/logger';
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
import { HttpNewsletterApi } from './http/newsletter-api';
import { HttpContactApi } from './http/contact-api';
import { HttpMailApi } from './http/mail-api';
import { HttpFeedbackApi } from './http/feedback-api';
import { CatalogueGraph, type ShopRuntime } from './wiring';

export class TransactionGraph {
  constructor(readonly base: CatalogueGraph) {}

  private get runtime(): ShopRuntime {
    return this.base.runtime;
  }
  private get config(): ShopConfig {
    return this.base.config;
  }
  private get logger(): Logger {
    return this.base.logger;
  }

  // ---- transactions: HTTP adapters
  get cartApi(): HttpCartApi {
    return this.base.once('cartApi', () => new HttpCartApi(this.runtime.client));
  }
  get transport(): HttpTaskTransport {
    const r = this.runtime;
    return this.base.once('transport', () => new HttpTaskTransport({ baseUrl: r.apiUrl, timeoutMs: r.timeoutMs, ...(r.fetch ? { fetch: r.fetch } : {}) }));
  }
  get userApi(): HttpUserApi {
    return this.base.once('userApi', () => new HttpUserApi(this.runtime.client));
  }
  get orderApi(): HttpOrderApi {
    return this.base.once('orderApi', () => new HttpOrderApi(this.runtime.client));
  }
  get paymentApi(): HttpPaymentApi {
    return this.base.once('paymentApi', () => new HttpPaymentApi(this.runtime.client, this.config));
  }
  get reviewApi(): HttpReviewApi {
    return this.base.once('reviewApi', () => new HttpReviewApi(this.runtime.client));
  }
  get newsletterApi(): HttpNewsletterApi {
    return this.base.once('newsletterApi', () => new HttpNewsletterApi(this.runtime.client));
  }
  get contactApi(): HttpContactApi {
    return this.base.once('contactApi', () => new HttpContactApi(this.runtime.client));
  }
  get mailApi(): HttpMailApi {
    return this.base.once('mailApi', () => new HttpMailApi(this.runtime.client));
  }
  get feedbackApi(): HttpFeedbackApi {
    return this.base.once('feedbackApi', () => new HttpFeedbackApi(this.runtime.client));
  }

  // ---- the circle: token lock, queue, cart, session (spec transactions §4)
  /** refreshes through UserApi directly, never through the queue */
  get tokenLock(): TokenLock {
    return this.base.once('tokenLock', () =>
      createTokenLock({
        scheduler: this.runtime.scheduler,
        config: this.config,
        getToken: () => this.session.getToken(),
        refresh: (stale) => this.session.refreshTokens(stale),
        onLoggedOut: (reason) => this.session.handleLoggedOut(reason),
        logger: this.logger,
      }),
    );
  }
  get queue(): OfflineTaskQueue {
    const r = this.runtime;
    return this.base.once('queue', () =>
      createTaskQueue({
        storage: this.base.shopperStorage,
        transport: this.transport,
        network: r.network,
        clock: r.clock,
        ids: r.ids,
        tokenLock: this.tokenLock,
        getToken: () => this.session.getToken(),
        getCartId: () => this.cart.snapshot().cartServerToken ?? undefined,
        onCartIdMissing: () => this.cart.connect(),
        config: r.config,
        logger: r.logger,
        getStoreCode: () => r.config.storeViews.defaultStoreCode || undefined,
        crossTab: r.crossTab,
        locks: r.locks,
      }),
    );
  }
  get cart(): CartService {
    const r = this.runtime;
    return this.base.once(
      'cart',
      () =>
        new CartService({
          api: this.cartApi,
          queue: this.queue,
          storage: this.base.shopperStorage,
          network: r.network,
          clock: r.clock,
          config: r.config,
          logger: r.logger,
          getUserToken: () => this.session.getToken(),
          tokenLock: this.tokenLock,
          // spec transactions §4 "Adding": ok / volatile / out_of_stock from a stock check when online
          stockStatus: createStockStatus({ stock: this.base.stockApi, network: r.network, logger: r.logger }),
          // spec transactions §5, §8: a quantity above the stock is refused with 'Only {maxQuantity} ... available'
          stockLimit: createStockLimit({ stock: this.base.stockApi, network: r.network, logger: r.logger }),
          crossTab: r.crossTab,
          locks: r.locks,
        }),
    );
  }
  get wishlist(): WishlistService {
    return this.base.once('wishlist', () => new WishlistService(this.base.shopperStorage, this.runtime.crossTab));
  }
  get compare(): CompareService {
    return this.base.once('compare', () => new CompareService(this.base.shopperStorage, this.runtime.crossTab));
  }
  get session(): SessionService {
    const r = this.runtime;
    return this.base.once('session', () => {
      const session = new SessionService(
        { userApi: this.userApi, storage: this.base.shopperStorage, network: r.network, clock: r.clock, logger: r.logger, notifications: this.base.notifications, modals: this.base.modals, crossTab: r.crossTab, locks: r.locks },
        r.config,
      );
      // the linked parts depend on the session in turn: handed over lazily
      const graph = this;
      session.link({
        cart: { onUserLogin: () => graph.cart.onUserLogin(), onUserLogout: () => graph.cart.onUserLogout() },
        queue: { queue: (t) => graph.queue.queue(t), on: (e, h) => graph.queue.on(e, h), clear: () => graph.queue.clear() },
        get tokenLock() {
          return graph.tokenLock;
        },
        checkout: { clearDetails: () => graph.checkout.clearDetails() },
        wishlist: { clear: () => graph.wishlist.clear() },
        compare: { clear: () => graph.compare.clear() },
      });
      return session;
    });
  }

  // ---- checkout, payment and the smaller services
  get checkout(): CheckoutService {
    const r = this.runtime;
    return this.base.once(
      'checkout',
      () =>
        new CheckoutService(
          {
            storage: this.base.shopperStorage,
            orderApi: this.orderApi,
            paymentApi: this.paymentApi,
            cart: this.cart,
            session: this.session,
            notifications: this.base.notifications,
            modals: this.base.modals,
            network: r.network,
            clock: r.clock,
            ids: r.ids,
            logger: r.logger,
            crossTab: r.crossTab,
            locks: r.locks,
          },
          r.config,
        ),
    );
  }
  get payment(): PaymentService {
    const r = this.runtime;
    return this.base.once(
      'payment',
      () =>
        new PaymentService(
          { paymentApi: this.paymentApi, checkout: this.checkout, notifications: this.base.notifications, progress: this.base.progress, clock: r.clock, logger: r.logger },
          r.config,
          { storefrontOrigin: r.storefrontOrigin },
        ),
    );
  }
  get orderStatus(): OrderStatusService {
    return this.base.once('orderStatus', () => new OrderStatusService({ paymentApi: this.paymentApi, progress: this.base.progress, logger: this.logger }));
  }
  get contact(): ContactService {
    return this.base.once('contact', () => new ContactService({ api: this.contactApi, notifications: this.base.notifications, progress: this.base.progress, logger: this.logger }));
  }
  get newsletter(): NewsletterService {
    return this.base.once('newsletter', () => new NewsletterService(this.newsletterApi));
  }
  get review(): ReviewService {
    return this.base.once('review', () => new ReviewService({ api: this.reviewApi, feedback: this.feedbackApi, logger: this.logger }));
  }
}

/**
 * Both halves of the wiring in one object: every port, HTTP adapter and service of the shop (the server's and the
 * tests' containers, createHeadlessShop). Members are singletons of the graph, created on first access.
 */
export class ShopGraph extends CatalogueGraph {
  readonly transactions: TransactionGraph = new TransactionGraph(this);

  get cartApi(): HttpCartApi {
    return this.transactions.cartApi;
  }
  get transport(): HttpTaskTransport {
    return this.transactions.transport;
  }
  get userApi(): HttpUserApi {
    return this.transactions.userApi;
  }
  get orderApi(): HttpOrderApi {
    return this.transactions.orderApi;
  }
  get paymentApi(): HttpPaymentApi {
    return this.transactions.paymentApi;
  }
  get reviewApi(): HttpReviewApi {
    return this.transactions.reviewApi;
  }
  get newsletterApi(): HttpNewsletterApi {
    return this.transactions.newsletterApi;
  }
  get contactApi(): HttpContactApi {
    return this.transactions.contactApi;
  }
  get mailApi(): HttpMailApi {
    return this.transactions.mailApi;
  }
  get feedbackApi(): HttpFeedbackApi {
    return this.transactions.feedbackApi;
  }
  get tokenLock(): TokenLock {
    return this.transactions.tokenLock;
  }
  get queue(): OfflineTaskQueue {
    return this.transactions.queue;
  }
  get cart(): CartService {
    return this.transactions.cart;
  }
  get wishlist(): WishlistService {
    return this.transactions.wishlist;
  }
  get compare(): CompareService {
    return this.transactions.compare;
  }
  get session(): SessionService {
    return this.transactions.session;
  }
  get checkout(): CheckoutService {
    return this.transactions.checkout;
  }
  get payment(): PaymentService {
    return this.transactions.payment;
  }
  get orderStatus(): OrderStatusService {
    return this.transactions.orderStatus;
  }
  get contact(): ContactService {
    return this.transactions.contact;
  }
  get newsletter(): NewsletterService {
    return this.transactions.newsletter;
  }
  get review(): ReviewService {
    return this.transactions.review;
  }
}
