/**
 * One call to a working shop without React: `createHeadlessShop({ apiUrl })` builds a graph of every part, restores
 * what the storage holds and answers the services; `dispose()` stops every timer and subscription it started.
 */
import { createConfig, type DeepPartial, type LocaleCode, type ShopConfig } from '../core/config';
import { formatPrice } from '../core/catalogue/prices';
import type { Scheduler, TimerHandle } from '../core/ports/scheduler';
import { CATALOGUE, createRuntime, ShopGraph, TRANSACTION_TOKENS, type Bindings, type ServiceId } from './wiring';
import type { ContainerOptions, Runtime } from './wiring';
import { TRANSACTIONS } from './wiring-transactions';
import { PRODUCT } from './wiring-product';
import { SERVER_READS } from './cache/catalogue-read-cache';
import { SearchService } from '../core/catalogue/search-service';
import { ProductService } from '../core/catalogue/product-service';
import { CategoryService } from '../core/catalogue/category-service';
import { HomeService } from '../core/catalogue/home-service';
import { AttributeService } from '../core/catalogue/attributes';
import { CmsService } from '../core/catalogue/cms-service';
import { UrlDispatcher } from '../core/routing/dispatcher';
import { PriceSyncService } from '../core/catalogue/price-sync';
import { StockSyncService } from '../core/catalogue/stock-sync';
import { CartService } from '../core/cart/cart-service';
import { SessionService } from '../core/user/session-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { PaymentService } from '../core/checkout/payment-service';
import { OrderStatusService } from '../core/checkout/order-status-service';
import type { OfflineTaskQueue } from '../core/queue/types';
import type { TokenLock } from '../core/user/token-lock';
import { CompareService, WishlistService } from '../core/user/sku-list-service';
import { NotificationService } from '../core/ui-state/notification-service';
import { ModalService } from '../core/ui-state/modal-service';
import { ProgressService } from '../core/ui-state/progress-service';
import { NewsletterService } from '../core/content/newsletter-service';
import { ContactService } from '../core/content/contact-service';
import { ReviewService } from '../core/content/review-service';
import { TOKENS } from '../core/ports/tokens';
import type { ProductApi } from '../core/ports/product-api';
import type { StockApi } from '../core/ports/stock-api';
import { TimerScheduler } from './common/timer-scheduler';
import { ConsoleLogger } from './common/console-logger';

/** `network`, `clock`, `scheduler`, `logger`, `ids`, `fetch`: ports to replace (tests: a virtual clock and scheduler, a network to switch offline, ...) */
export interface HeadlessShopOptions
  extends Pick<ContainerOptions, 'network' | 'clock' | 'scheduler' | 'logger' | 'ids' | 'fetch' | 'storage' | 'storefrontOrigin'> {
  /** base URL of the vue-storefront-api (the demo backend: http://127.0.0.1:8080) */
  apiUrl: string;
  /** formatPrice's locale (the catalogue reads stay the default store view's); default config.i18n.defaultLocale */
  locale?: LocaleCode;
  /** the shop's constants (spec §9 of both files): a full ShopConfig or only the fields to change */
  config?: ShopConfig | DeepPartial<ShopConfig>;
  /** browser: IndexedDB storage and navigator.onLine by default; node (default): memory storage, always online */
  runtime?: 'node' | 'browser';
}

/** Timers handed out through this scheduler are cancelled together by dispose(). */
class OwnedScheduler implements Scheduler {
  private readonly handles = new Set<TimerHandle>();
  constructor(private readonly inner: Scheduler) {}
  private own(inner: TimerHandle): TimerHandle {
    const handle = {
      cancel: () => {
        inner.cancel();
        this.handles.delete(handle);
      },
    };
    this.handles.add(handle);
    return handle;
  }
  after(ms: number, fn: () => void): TimerHandle {
    const handle = this.own(
      this.inner.after(ms, () => {
        this.handles.delete(handle);
        fn();
      }),
    );
    return handle;
  }
  every(ms: number, fn: () => void): TimerHandle {
    return this.own(this.inner.every(ms, fn));
  }
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => void this.after(ms, resolve));
  }
  cancelAll(): void {
    for (const h of [...this.handles]) h.cancel();
  }
}

export type HeadlessShop = ReturnType<typeof headlessServices> & {
  readonly config: ShopConfig;
  readonly locale: LocaleCode;
  /** an amount in EUR in the shop's locale, e.g. '€ 12,50' */
  formatPrice(amount: number): string;
  /** the graph underneath: every port, HTTP adapter and service by its class or token (`graph.get(TOKENS.CartApi)`) */
  readonly graph: ShopGraph;
  /** stops the queue, the cart's and checkout's subscriptions and every timer the shop started */
  dispose(): void;
};

function headlessServices(g: ShopGraph) {
  return {
    // catalogue (spec catalogue)
    search: g.get(SearchService),
    product: g.get(ProductService),
    category: g.get(CategoryService),
    home: g.get(HomeService),
    attributes: g.get(AttributeService),
    cms: g.get(CmsService),
    dispatcher: g.get(UrlDispatcher),
    priceSync: g.get(PriceSyncService),
    stockSync: g.get(StockSyncService),
    // transactions (spec transactions)
    cart: g.get(CartService),
    session: g.get(SessionService),
    checkout: g.get(CheckoutService),
    payment: g.get(PaymentService),
    orderStatus: g.get(OrderStatusService),
    queue: g.get<OfflineTaskQueue>(TRANSACTION_TOKENS.TaskQueue),
    tokenLock: g.get<TokenLock>(TRANSACTION_TOKENS.TokenLock),
    wishlist: g.get(WishlistService),
    compare: g.get(CompareService),
    notifications: g.get(NotificationService),
    modals: g.get(ModalService),
    progress: g.get(ProgressService),
    newsletter: g.get(NewsletterService),
    contact: g.get(ContactService),
    review: g.get(ReviewService),
  };
}

/** The price and stock syncs: the part no page of the React UI reads, so no browser chunk carries it. */
export const SYNC: Bindings = new Map<ServiceId, (g: ShopGraph) => unknown>([
  [PriceSyncService, (g) => new PriceSyncService(g.get<ProductApi>(TOKENS.ProductApi), g.runtime.clock, g.runtime.config, g.runtime.config.storeViews.defaultStoreId, g.runtime.logger)],
  [StockSyncService, (g) => new StockSyncService(g.get<StockApi>(TOKENS.StockApi), g.runtime.config, g.runtime.logger)],
]);

/** A graph with every part of the composition root: the headless shop's, the server's per request, the tests'. */
export function createShopGraph(runtime: Runtime, options: ContainerOptions = {}): ShopGraph {
  return new ShopGraph(createRuntime(runtime, options, SERVER_READS), CATALOGUE, PRODUCT, SYNC, TRANSACTIONS);
}

/**
 * Builds the shop and restores its stored state (spec transactions §4 "Session": cached user and token first; then
 * checkout details, lists, and the cart, which connects and syncs when online). Resolves once that is done.
 */
export async function createHeadlessShop(options: HeadlessShopOptions): Promise<HeadlessShop> {
  const config = createConfig({ ...(options.config as DeepPartial<ShopConfig> | undefined), api: { ...(options.config?.api ?? {}), url: options.apiUrl } });
  const locale = options.locale ?? config.i18n.defaultLocale;
  const scheduler = new OwnedScheduler(options.scheduler ?? new TimerScheduler());
  const { runtime = 'node', locale: _locale, config: _config, ...ports } = options;
  const logger = options.logger ?? new ConsoleLogger('warn');
  const graph = createShopGraph(runtime, { ...ports, config, scheduler, logger });
  const services = headlessServices(graph);
  const shop: HeadlessShop = {
    ...services,
    config,
    locale,
    formatPrice: (amount) => formatPrice(amount, locale, config),
    graph,
    dispose: () => {
      services.cart.dispose();
      services.queue.dispose();
      scheduler.cancelAll();
    },
  };
  await services.queue.ready;
  await services.session.load();
  await Promise.all([services.checkout.load(), services.wishlist.load(), services.compare.load()]);
  await services.cart.load();
  return shop;
}
