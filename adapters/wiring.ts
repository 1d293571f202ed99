/**
 * The shop's composition root: how every port, HTTP adapter and service is built, one table per part of the code that
 * loads together in the browser: CATALOGUE here (every first render), PRODUCT, TRANSACTIONS and SYNC. A `ShopGraph` is
 * one scope over those tables; why a graph and not an inversify container: docs/architecture.md "Wiring".
 */
import type { KyInstance } from 'ky';
import { DEFAULT_CONFIG, type LocaleCode, type ShopConfig } from '../core/config';
import type { Clock } from '../core/ports/clock';
import type { IdGenerator } from '../core/ports/id-generator';
import type { Logger } from '../core/ports/logger';
import type { Network } from '../core/ports/network';
import type { Scheduler } from '../core/ports/scheduler';
import type { Storage } from '../core/ports/storage';
import type { StorageQuota } from '../core/ports/storage-quota';
import type { CatalogueSearch } from '../core/ports/catalogue-search';
import type { HomeContentSource } from '../core/catalogue/home-content';
import { HomeService } from '../core/catalogue/home-service';
import { CachedCatalogueSearch, CatalogueCache } from '../core/catalogue/catalogue-cache';
import { CategoryService } from '../core/catalogue/category-service';
import { SearchService } from '../core/catalogue/search-service';
import { AttributeService } from '../core/catalogue/attributes';
import { CmsService } from '../core/catalogue/cms-service';
import { QuotaGuardedStorage, StorageQuotaMonitor } from '../core/catalogue/storage-quota';
import { UrlDispatcher, withLoadedCategories } from '../core/routing/dispatcher';
import { PageResolutionService } from '../core/routing/page-resolution';
import { NotificationService } from '../core/ui-state/notification-service';
import { ModalService } from '../core/ui-state/modal-service';
import { ProgressService } from '../core/ui-state/progress-service';
import { UiFlagsService } from '../core/ui-state/ui-flags-service';
import { ClaimsService, CookieNoticeService } from '../core/ui-state/claims-service';
import { HttpAttributeApi, HttpCatalogueSearch, HttpCategoryApi, HttpContentApi } from './http/catalogue-search';
import { HttpUrlMapper } from './http/url-mapper';
import { HttpProductApi } from './http/product-api';
import { TOKENS } from '../core/ports/tokens';
import type { CategoryApi } from '../core/ports/category-api';
import type { AttributeApi } from '../core/ports/attribute-api';
import { HttpStockApi } from './http/stock-api';
import { MemoryStorage } from './storage/memory-storage';
import type { HtmlSanitizer } from '../core/ports/html-sanitizer';
import { EscapingSanitizer, browserHtmlSanitizer } from './html/dompurify-sanitizer';
import type { CatalogueReadCache, ServerReads, SharedReads } from './cache/catalogue-read-cache';
import type { UrlMapper } from '../core/ports/url-mapper';
import type { ContentApi } from '../core/ports/content-api';
import { IdbStorage } from './storage/idb-storage';
import { KeyPrefixedStorage } from './storage/key-prefixed-storage';
import { createApiClient } from './http/api-client';
import { SystemClock } from './common/system-clock';
import { TimerScheduler } from './common/timer-scheduler';
import { ConsoleLogger } from './common/console-logger';
import { UuidGenerator } from './common/uuid-generator';
import { BrowserNetwork } from './browser/browser-network';
import type { CrossTab, TabLocks } from '../core/ports/cross-tab';
import { InProcessLocks, NoOtherTabs } from '../core/tabs/single-tab';
import { BroadcastCrossTab } from './browser/broadcast-cross-tab';
import { WebLocks } from './browser/web-locks';
import { StaticNetwork } from './node/static-network';
import { BrowserStorageQuota, UnknownStorageQuota } from './browser/browser-storage-quota';
import { BundledHomeContent } from './content/bundled-home-content';

/** where the storefront answers when no origin is given (the payment redirect URL of a headless client, a test's render) */
export const DEFAULT_STOREFRONT_ORIGIN = 'http://127.0.0.1:3000';

/** Ports an integrator (or a test) may bring; everything left out gets its runtime's default (createRuntime). */
export interface ContainerOptions {
  config?: ShopConfig;
  /** API base URL; defaults to config.api.url */
  apiUrl?: string;
  /** where the cart, session, checkout details and queue are kept; default IndexedDB in a browser, else memory */
  storage?: Storage;
  network?: Network;
  clock?: Clock;
  scheduler?: Scheduler;
  logger?: Logger;
  ids?: IdGenerator;
  fetch?: typeof fetch;
  /** the shopper comes back from payment to {origin}/order-status/{token}; default DEFAULT_STOREFRONT_ORIGIN */
  storefrontOrigin?: string;
  /** server only: the process's catalogue read cache (default: the API URL's; none with a `fetch`); null: none */
  catalogueReads?: CatalogueReadCache | null;
  /** server only: how long a shared catalogue read is kept (0: every render reads the API); default SERVER_READS.ttlMs */
  catalogueReadTtlMs?: number;
  /** CMS HTML sanitising; default: DOMPurify in a browser, else escaped text (the server passes jsdom's DOMPurify) */
  htmlSanitizer?: HtmlSanitizer;
  crossTab?: CrossTab;
  locks?: TabLocks;
  /** the shopper's locale: its catalogue data (config.i18n.localeStores) and its own caches; default the shop's */
  locale?: LocaleCode;
  /** server: the page request's id, sent with every API call as `X-Request-Id` (the API's logs name it) */
  requestId?: string;
}

/** browser: IndexedDB + navigator.onLine; server: SSR (short search timeout); node: a headless client; test */
export type Runtime = 'browser' | 'server' | 'node' | 'test';

/** The runtime ports from the options, each left out getting its runtime's default; `serverReads`: Node's wiring. */
export function createRuntime(runtime: Runtime, options: ContainerOptions, serverReads?: ServerReads): ShopRuntime {
  const config = options.config ?? DEFAULT_CONFIG;
  const apiUrl = options.apiUrl ?? config.api.url;
  const timeoutMs = runtime === 'server' ? config.search.serverTimeoutMs : config.search.clientTimeoutMs;
  const logger = options.logger ?? new ConsoleLogger(runtime === 'test' ? 'error' : 'info');
  const locale = options.locale ?? config.i18n.defaultLocale;
  const readTtl = options.catalogueReadTtlMs ?? serverReads?.ttlMs ?? 0;
  let catalogueReads = NOT_SHARED;
  if (runtime === 'server' && serverReads && readTtl > 0) {
    // the process's cache unless the options bring one (null: none) or a fetch of their own; one per locale's data:
    // an English render never gets the Dutch attribute labels
    const key = locale === config.i18n.defaultLocale ? apiUrl : `${apiUrl} ${config.i18n.localeStores[locale].index}`;
    const own = options.catalogueReads;
    const cache = own === undefined && !options.fetch ? serverReads.process(key) : own;
    if (cache) catalogueReads = serverReads.over(cache, readTtl);
  }
  const headers = options.requestId ? { 'x-request-id': options.requestId } : undefined;
  return {
    kind: runtime,
    locale,
    catalogueReads,
    config,
    apiUrl,
    timeoutMs,
    client: createApiClient({ baseUrl: apiUrl, timeoutMs, fetch: options.fetch, headers }),
    fetch: options.fetch,
    storefrontOrigin: options.storefrontOrigin ?? DEFAULT_STOREFRONT_ORIGIN,
    clock: options.clock ?? new SystemClock(),
    scheduler: options.scheduler ?? new TimerScheduler(),
    logger,
    ids: options.ids ?? new UuidGenerator(),
    network: options.network ?? (runtime === 'browser' ? new BrowserNetwork() : new StaticNetwork(true)),
    storage:
      options.storage ??
      (runtime === 'browser' && typeof indexedDB !== 'undefined'
        ? new IdbStorage('papier-shop', logger)
        : // a render's storage: nothing outlives it, so values are kept as they are (no JSON copy)
          new MemoryStorage({ serialise: runtime !== 'server' })),
    storageQuota: runtime === 'browser' ? new BrowserStorageQuota() : new UnknownStorageQuota(),
    homeContent: new BundledHomeContent(locale),
    htmlSanitizer: options.htmlSanitizer ?? (runtime === 'browser' ? browserHtmlSanitizer() : new EscapingSanitizer()),
    crossTab: options.crossTab ?? (runtime === 'browser' ? new BroadcastCrossTab() : new NoOtherTabs()),
    locks: options.locks ?? (runtime === 'browser' ? new WebLocks() : new InProcessLocks()),
  };
}

/** the catalogue's reads where no process cache shares them: the HTTP adapters themselves */
const NOT_SHARED: SharedReads = { search: (http) => http, urlMapper: (http) => http, content: (http) => http };

/** What the graph is built from: the options with every port filled in, and the API client made of them. */
export interface ShopRuntime
  extends Required<Omit<ContainerOptions, 'fetch' | 'catalogueReads' | 'catalogueReadTtlMs' | 'requestId'>> {
  kind: Runtime;
  /** wrappers of the catalogue's HTTP adapters: the server's process-wide read cache (with its TTL), else none */
  catalogueReads: SharedReads;
  client: KyInstance;
  /** timeout of queued tasks (the task transport has its own fetch) */
  timeoutMs: number;
  fetch?: typeof fetch;
  storageQuota: StorageQuota;
  homeContent: HomeContentSource;
}

/** Names of services that are not ports; the first page names the product page's service by one, not by its class. */
export const CONTAINER_TOKENS = {
  ShopperStorage: Symbol.for('ShopperStorage'),
  /** the ProductService, which comes with the product page's chunk */
  Product: Symbol.for('ProductService'),
} as const;

/** the transaction services the first page's code may reach once their part is added (wiring-transactions.ts) */
export const TX = {
  Cart: Symbol.for('tx.CartService'),
  Session: Symbol.for('tx.SessionService'),
  Newsletter: Symbol.for('tx.NewsletterService'),
  Review: Symbol.for('tx.ReviewService'),
  OrderStatus: Symbol.for('tx.OrderStatusService'),
  Wishlist: Symbol.for('tx.WishlistService'),
  Compare: Symbol.for('tx.CompareService'),
  Checkout: Symbol.for('tx.CheckoutService'),
} as const;

/** the token lock and the offline queue (spec transactions §4), shared by cart, session and checkout */
export const TRANSACTION_TOKENS = {
  TokenLock: Symbol.for('TokenLock'),
  TaskQueue: Symbol.for('TaskQueue'),
} as const;

/** What names a service: its class, or a Symbol (TOKENS for ports; the tokens above). */
export type ServiceId<T = unknown> = symbol | (abstract new (...args: never[]) => T);
/** How each service of one part of the code is built, from the graph it belongs to (its ports and other members). */
export type Bindings = ReadonlyMap<ServiceId, (g: ShopGraph) => unknown>;

/** what the UI asks of a graph */
export type ShopServices = Pick<ShopGraph, 'get' | 'isBound' | 'add'>;

/**
 * One scope of the shop's services over the tables it was given: `get` makes a service on first use and keeps it. A
 * part whose code loads later is `add`ed when it has loaded; asking for a service of a part not added yet throws.
 */
export class ShopGraph {
  private readonly bindings = new Map<ServiceId, (g: ShopGraph) => unknown>();
  private readonly made = new Map<ServiceId, unknown>();

  constructor(
    readonly runtime: ShopRuntime,
    ...parts: Bindings[]
  ) {
    for (const part of parts) this.add(part);
  }

  /** adds a part's bindings (again: nothing); an id bound by an earlier part keeps that binding */
  add(part: Bindings): this {
    for (const [id, make] of part) if (!this.bindings.has(id)) this.bindings.set(id, make);
    return this;
  }

  get<T>(id: ServiceId<T>): T {
    if (this.made.has(id)) return this.made.get(id) as T;
    const make = this.bindings.get(id);
    if (!make) throw new Error(`${typeof id === 'function' ? id.name : String(id)} is not bound: its part of the wiring (adapters/wiring*.ts) is not added to this graph`);
    const made = make(this) as T;
    this.made.set(id, made);
    return made;
  }

  isBound(id: ServiceId): boolean {
    return this.bindings.has(id);
  }

  /** every id bound so far (adapters/container.ts binds them in an inversify container) */
  ids(): ServiceId[] {
    return [...this.bindings.keys()];
  }
}

/** the locale's catalogue caches' storage (only the wiring asks for it) */
const CATALOGUE_STORAGE = Symbol('catalogueStorage');

/** The catalogue part: what every page's first render needs. */
export const CATALOGUE: Bindings = new Map<ServiceId, (g: ShopGraph) => unknown>([
  [TOKENS.Config, (g) => g.runtime.config],
  [TOKENS.Clock, (g) => g.runtime.clock],
  [TOKENS.Scheduler, (g) => g.runtime.scheduler],
  [TOKENS.Logger, (g) => g.runtime.logger],
  [TOKENS.IdGenerator, (g) => g.runtime.ids],
  [TOKENS.Network, (g) => g.runtime.network],
  [TOKENS.Storage, (g) => g.runtime.storage],
  [TOKENS.StorageQuota, (g) => g.runtime.storageQuota],
  [TOKENS.CrossTab, (g) => g.runtime.crossTab],
  [TOKENS.TabLocks, (g) => g.runtime.locks],
  [TOKENS.HomeContent, (g) => g.runtime.homeContent],
  [TOKENS.HtmlSanitizer, (g) => g.runtime.htmlSanitizer],

  // ---- catalogue: search answers go through the local cache so browsing works offline (spec catalogue §1, §4.4)
  [CatalogueCache, (g) => new CatalogueCache(g.get<Storage>(CATALOGUE_STORAGE), g.runtime.scheduler, g.runtime.config, g.runtime.logger, () => new MemoryStorage())],
  // another locale than the default prefixes its keys
  [CATALOGUE_STORAGE, ({ runtime: r }) => (r.locale === r.config.i18n.defaultLocale ? r.storage : new KeyPrefixedStorage(r.storage, `${r.locale}:`))],
  [
    TOKENS.CatalogueSearch,
    (g) => {
      const r = g.runtime;
      const http = new HttpCatalogueSearch(r.client, r.config, r.config.i18n.localeStores[r.locale].index);
      // the server is never "offline": a failed search fails the render (503), never answers an empty result (404)
      if (r.kind === 'server') return r.catalogueReads.search(http);
      return new CachedCatalogueSearch(http, g.get(CatalogueCache), r.network, r.logger);
    },
  ],
  [TOKENS.UrlMapper, ({ runtime: r }) => r.catalogueReads.urlMapper(new HttpUrlMapper(r.client))],
  [TOKENS.ProductApi, ({ runtime: r }) => new HttpProductApi(r.client, r.config)],
  [TOKENS.StockApi, ({ runtime: r }) => new HttpStockApi(r.client)],
  [TOKENS.CategoryApi, (g) => new HttpCategoryApi(g.runtime.client, g.runtime.config, search(g))],
  [
    TOKENS.ContentApi,
    (g) => g.runtime.catalogueReads.content(new HttpContentApi(g.runtime.client, g.runtime.config, search(g))),
  ],
  [TOKENS.AttributeApi, (g) => new HttpAttributeApi(g.runtime.client, g.runtime.config, search(g))],
  [HomeService, (g) => new HomeService(search(g), g.runtime.config, g.runtime.logger, g.runtime.homeContent)],
  [AttributeService, (g) => new AttributeService(g.get<AttributeApi>(TOKENS.AttributeApi), g.runtime.config, g.runtime.logger, g.get<Storage>(CATALOGUE_STORAGE))],
  [StorageQuotaMonitor, (g) => new StorageQuotaMonitor(g.runtime.storageQuota, g.runtime.scheduler, g.get(CatalogueCache), g.runtime.config, g.runtime.logger)],
  [
    CategoryService,
    (g) =>
      new CategoryService(g.get<CategoryApi>(TOKENS.CategoryApi), search(g), g.runtime.config, {
        logger: g.runtime.logger,
        clock: g.runtime.clock,
        twoStage: g.runtime.kind !== 'server',
        attributes: () => Object.values(g.get(AttributeService).snapshot().byCode),
      }),
  ],
  [SearchService, (g) => new SearchService(search(g), g.runtime.config, g.runtime.logger)],
  [CmsService, (g) => new CmsService(g.get<ContentApi>(TOKENS.ContentApi), g.runtime.config, g.runtime.config.i18n.localeStores[g.runtime.locale].storeId, g.runtime.logger)],
  [PageResolutionService, () => new PageResolutionService()],
  [
    UrlDispatcher,
    (g) => {
      // the browser, offline: unmapped paths are read from the menu's categories and the cached products
      const cache = g.runtime.kind === 'server' ? g.get(CatalogueCache) : withLoadedCategories(g.get(CatalogueCache), () => g.get(CategoryService).snapshot().categories);
      return new UrlDispatcher(g.get<UrlMapper>(TOKENS.UrlMapper), g.runtime.config, cache, g.runtime.logger);
    },
  ],

  // the shopper's data: a write refused for the quota clears the catalogue caches and is retried once
  [CONTAINER_TOKENS.ShopperStorage, (g) => new QuotaGuardedStorage(g.runtime.storage, { onQuotaExceeded: () => g.get(CatalogueCache).clearForQuota(), logger: g.runtime.logger })],

  // ---- UI state
  [NotificationService, ({ runtime: r }) => new NotificationService(r.scheduler, r.ids, r.config)],
  [ModalService, () => new ModalService()],
  [ProgressService, ({ runtime: r }) => new ProgressService(r.scheduler, r.config)],
  [
    UiFlagsService,
    (g) => {
      const flags = new UiFlagsService();
      flags.followProgress(g.get(ProgressService).state$);
      return flags;
    },
  ],
  [ClaimsService, (g) => new ClaimsService(g.get<Storage>(CONTAINER_TOKENS.ShopperStorage), g.runtime.clock)],
  [CookieNoticeService, (g) => new CookieNoticeService(g.get(ClaimsService), g.runtime.config)],
]);

function search(g: ShopGraph): CatalogueSearch {
  return g.get<CatalogueSearch>(TOKENS.CatalogueSearch);
}

/** The browser's graph of one page: the catalogue part; the product page's and the transaction chunk add theirs. */
export function createBrowserContainer(options: ContainerOptions = {}): ShopGraph {
  return new ShopGraph(createRuntime('browser', options), CATALOGUE);
}
