/**
 * The shop's composition root: how every port, HTTP adapter and service is built, in one table per part of the code
 * (what loads together in the browser): CATALOGUE here (every page's first render), PRODUCT in adapters/wiring-product.ts
 * (the product page's chunk), TRANSACTIONS in adapters/wiring-transactions.ts (the transaction chunk), and SYNC, which
 * no page reads, in adapters/headless.ts beside createShopGraph (every part: the server's, the tests', the SDK's). A `ShopGraph` is one scope over those tables: each service is made once, on first `get`, from the
 * runtime ports (`createRuntime`) and the graph's other members. Everything gets its services from a graph: the
 * server (one per request, adapters/container.ts createServerContainer), the browser (one per page,
 * createBrowserContainer below), the tests (createTestContainer) and the SDK (adapters/headless.ts createHeadlessShop).
 * Why a graph and not an inversify container per scope: docs/architecture.md "Wiring" (inversify wraps a graph once:
 * adapters/container.ts inversifyContainer).
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
import { CachedCatalogueSearch, CatalogueCache, TwoStageCaching } from '../core/catalogue/catalogue-cache';
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
import { HttpCatalogueSearch } from './http/catalogue-search';
import { HttpUrlMapper } from './http/url-mapper';
import { HttpProductApi } from './http/product-api';
import { TOKENS } from '../core/ports/tokens';
import { CONTAINER_TOKENS } from './container-tokens';
import type { ProductApi } from '../core/ports/product-api';
import type { CategoryApi } from '../core/ports/category-api';
import type { AttributeApi } from '../core/ports/attribute-api';
import { HttpStockApi } from './http/stock-api';
import { HttpCategoryApi } from './http/category-api';
import { HttpContentApi } from './http/content-api';
import { HttpAttributeApi } from './http/attribute-api';
import { MemoryStorage } from './storage/memory-storage';
import { RequestStorage } from './storage/request-storage';
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
  storage?: Storage;
  network?: Network;
  clock?: Clock;
  scheduler?: Scheduler;
  logger?: Logger;
  ids?: IdGenerator;
  fetch?: typeof fetch;
  /** absolute origin of the storefront (payment redirect URL); defaults to DEFAULT_STOREFRONT_ORIGIN */
  storefrontOrigin?: string;
  /**
   * server only: the catalogue read cache shared by every render of the process. Default: the process's cache for
   * the API URL (none when a `fetch` is given, so tests with fakes never share answers); null: none.
   */
  catalogueReads?: CatalogueReadCache | null;
  /** server only: how long a shared catalogue read is kept (0: every render reads the API); default SERVER_READS.ttlMs */
  catalogueReadTtlMs?: number;
  /**
   * CMS HTML sanitising. Browser default: DOMPurify over the page's DOM, imported on first use. Elsewhere the default
   * shows CMS HTML as escaped text: the server's graph gets DOMPurify over jsdom (adapters/container.ts).
   */
  htmlSanitizer?: HtmlSanitizer;
  /** the other tabs of the browser and the locks they share; browser: BroadcastChannel + Web Locks */
  crossTab?: CrossTab;
  locks?: TabLocks;
  /**
   * the shopper's locale: picks the catalogue data of that language (config.i18n.localeStores: search index, CMS store
   * id, home content file) and keeps its catalogue caches apart. Default: config.i18n.defaultLocale.
   */
  locale?: LocaleCode;
  /**
   * server: the id of the request the graph serves (ui/server.ts), sent with every API call as `X-Request-Id` so the
   * API's log line for the call names the page request that caused it
   */
  requestId?: string;
}

/** browser: IndexedDB + navigator.onLine; server: SSR (short search timeout); node: a headless client; test */
export type Runtime = 'browser' | 'server' | 'node' | 'test';

/**
 * The runtime ports from the options, with each runtime's defaults: system clock and timers, console logger (errors
 * only in tests), UUIDs, the browser's online state or a static online network, IndexedDB in a browser else memory.
 * `serverReads` (adapters/cache/catalogue-read-cache.ts SERVER_READS): the catalogue read cache of a server runtime,
 * handed in by the server's and the SDK's wiring (adapters/container.ts, headless.ts) so that the browser's bundle does
 * not carry it; without it a server runtime reads uncached.
 */
export function createRuntime(runtime: Runtime, options: ContainerOptions, serverReads?: ServerReads): ShopRuntime {
  const config = options.config ?? DEFAULT_CONFIG;
  const apiUrl = options.apiUrl ?? config.api.url;
  const timeoutMs = runtime === 'server' ? config.search.serverTimeoutMs : config.search.clientTimeoutMs;
  const logger = options.logger ?? new ConsoleLogger(runtime === 'test' ? 'error' : 'info');
  const locale = options.locale ?? config.i18n.defaultLocale;
  // server: reads that are the same for every shopper are shared by the renders of the process (short TTL, single-flight)
  const readTtl = options.catalogueReadTtlMs ?? serverReads?.ttlMs ?? 0;
  const reads =
    runtime !== 'server' || readTtl <= 0 || !serverReads
      ? undefined
      : options.catalogueReads === undefined
        ? options.fetch
          ? undefined
          : // one per locale's data: an English render never gets the Dutch attribute labels
            serverReads.process(locale === config.i18n.defaultLocale ? apiUrl : `${apiUrl} ${config.i18n.localeStores[locale].index}`)
        : (options.catalogueReads ?? undefined);
  return {
    kind: runtime,
    locale,
    ...(reads && serverReads ? { catalogueReads: serverReads.over(reads, readTtl) } : {}),
    config,
    apiUrl,
    timeoutMs,
    client: createApiClient({ baseUrl: apiUrl, timeoutMs, ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.requestId ? { headers: { 'x-request-id': options.requestId } } : {}) }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
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
        : runtime === 'server'
          ? new RequestStorage()
          : new MemoryStorage()),
    storageQuota: runtime === 'browser' ? new BrowserStorageQuota() : new UnknownStorageQuota(),
    homeContent: new BundledHomeContent(locale),
    htmlSanitizer: options.htmlSanitizer ?? (runtime === 'browser' ? browserHtmlSanitizer() : new EscapingSanitizer()),
    crossTab: options.crossTab ?? (runtime === 'browser' ? new BroadcastCrossTab() : new NoOtherTabs()),
    locks: options.locks ?? (runtime === 'browser' ? new WebLocks() : new InProcessLocks()),
  };
}

/** What the graph is built from: the runtime ports and the API client. */
export interface ShopRuntime {
  /** which runtime the ports are for (the server renders pages: never offline, no two-stage product search) */
  kind: Runtime;
  /** the shopper's locale: its store data (config.i18n.localeStores) and its own catalogue cache keys */
  locale: LocaleCode;
  /** server: the process-wide cache of catalogue reads (with its TTL), as wrappers of the HTTP adapters */
  catalogueReads?: SharedReads;
  config: ShopConfig;
  /** base URL of the vue-storefront-api */
  apiUrl: string;
  /** the shared ky client (adapters/http/api-client.ts) */
  client: KyInstance;
  /** timeout of queued tasks (the task transport has its own fetch) */
  timeoutMs: number;
  fetch?: typeof fetch;
  /** absolute origin of the storefront, for the payment redirect URL (spec transactions §4) */
  storefrontOrigin: string;
  clock: Clock;
  scheduler: Scheduler;
  logger: Logger;
  ids: IdGenerator;
  network: Network;
  /** local storage (catalogue caches; the shopper's data goes through QuotaGuardedStorage over it) */
  storage: Storage;
  storageQuota: StorageQuota;
  homeContent: HomeContentSource;
  /** CMS HTML sanitising (core/ports/html-sanitizer.ts) */
  htmlSanitizer: HtmlSanitizer;
  /** the other tabs of this browser and the locks they share */
  crossTab: CrossTab;
  locks: TabLocks;
}

/** What names a service: its class, or a Symbol (ports: core/ports/tokens.ts TOKENS; adapters/container-tokens.ts). */
export type ServiceId<T = unknown> = symbol | (abstract new (...args: never[]) => T);
/** How each service of one part of the code is built, from the graph it belongs to (its ports and other members). */
export type Bindings = ReadonlyMap<ServiceId, (g: ShopGraph) => unknown>;

/**
 * What code that uses services asks of them: a service by its class or Symbol, whether one is bound, and a part of the
 * wiring added once its code has loaded (the browser's product page and transaction chunks). A ShopGraph.
 */
export interface ShopServices {
  get<T>(id: ServiceId<T>): T;
  isBound(id: ServiceId): boolean;
  add(part: Bindings): ShopServices;
}

/**
 * One scope of the shop's services (a server request, a browser page, a test, a headless shop) over the tables it was
 * given: `get` makes a service on first use and keeps it, so every `get` of an id answers the same object. A part
 * whose code loads later is added when it has loaded (`add`: the browser's transaction chunk, the product page's);
 * asking for a service of a part not added yet throws, naming the part.
 *
 * The session, cart, queue and token lock need each other: their bindings reach each other through closures read at
 * call time (`() => g.get(SessionService).getToken()`), never at construction, so the circle resolves by itself.
 */
export class ShopGraph implements ShopServices {
  private readonly parts: Bindings[] = [];
  private readonly made = new Map<ServiceId, unknown>();

  constructor(
    readonly runtime: ShopRuntime,
    ...parts: Bindings[]
  ) {
    for (const part of parts) this.add(part);
  }

  /** adds a part's bindings (again: nothing); an id bound by an earlier part keeps that binding */
  add(part: Bindings): this {
    if (!this.parts.includes(part)) this.parts.push(part);
    return this;
  }

  get<T>(id: ServiceId<T>): T {
    if (this.made.has(id)) return this.made.get(id) as T;
    const make = this.binding(id);
    if (!make) throw new Error(`${typeof id === 'function' ? id.name : String(id)} is not bound: its part of the wiring (adapters/wiring*.ts) is not added to this graph`);
    const made = make(this) as T;
    this.made.set(id, made);
    return made;
  }

  isBound(id: ServiceId): boolean {
    return this.binding(id) !== undefined;
  }

  /** every id bound so far (adapters/container.ts binds them in an inversify container) */
  ids(): ServiceId[] {
    return [...new Set(this.parts.flatMap((p) => [...p.keys()]))];
  }

  /** the ids made so far, in the order they were made */
  madeSoFar(): ServiceId[] {
    return [...this.made.keys()];
  }

  private binding(id: ServiceId): ((g: ShopGraph) => unknown) | undefined {
    for (const part of this.parts) {
      const make = part.get(id);
      if (make) return make;
    }
    return undefined;
  }
}

/** the locale's catalogue caches' storage (an inner member: no code outside the wiring asks for it) */
const CATALOGUE_STORAGE = Symbol('catalogueStorage');

/**
 * The catalogue part: the runtime ports, the catalogue's HTTP adapters and services, the UI-state services and the
 * shopper's storage — what every page's first render needs.
 */
export const CATALOGUE: Bindings = new Map<ServiceId, (g: ShopGraph) => unknown>([
  // ---- the runtime ports
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
  // the default locale keeps the plain keys (caches written before locales had their own data stay valid), another
  // locale prefixes its keys
  [CATALOGUE_STORAGE, ({ runtime: r }) => (r.locale === r.config.i18n.defaultLocale ? r.storage : new KeyPrefixedStorage(r.storage, `${r.locale}:`))],
  [
    TOKENS.CatalogueSearch,
    (g) => {
      const r = g.runtime;
      const http = new HttpCatalogueSearch(r.client, r.config, r.config.i18n.localeStores[r.locale].index);
      // The server is never "offline": a search that fails there must fail the render (503), not answer the
      // browser's empty offline result, which turned a slow API into "product not found" (404).
      if (r.kind === 'server') return r.catalogueReads ? r.catalogueReads.search(http) : http;
      return new CachedCatalogueSearch(http, g.get(CatalogueCache), r.network, r.logger);
    },
  ],
  [
    TOKENS.UrlMapper,
    ({ runtime: r }) => {
      const http = new HttpUrlMapper(r.client, r.config);
      return r.catalogueReads ? r.catalogueReads.urlMapper(http) : http;
    },
  ],
  [TOKENS.ProductApi, ({ runtime: r }) => new HttpProductApi(r.client, r.config)],
  [TOKENS.StockApi, ({ runtime: r }) => new HttpStockApi(r.client, r.config)],
  [TOKENS.CategoryApi, (g) => new HttpCategoryApi(g.runtime.client, g.runtime.config, search(g))],
  [
    TOKENS.ContentApi,
    (g) => {
      const r = g.runtime;
      const http = new HttpContentApi(r.client, r.config, search(g));
      return r.catalogueReads ? r.catalogueReads.content(http) : http;
    },
  ],
  [TOKENS.AttributeApi, (g) => new HttpAttributeApi(g.runtime.client, g.runtime.config, search(g))],
  [HomeService, (g) => new HomeService(search(g), g.runtime.config, g.runtime.logger, g.runtime.homeContent)],
  [AttributeService, (g) => new AttributeService(g.get<AttributeApi>(TOKENS.AttributeApi), g.runtime.config, g.runtime.logger, g.get<Storage>(CATALOGUE_STORAGE))],
  [StorageQuotaMonitor, (g) => new StorageQuotaMonitor(g.runtime.storageQuota, g.runtime.scheduler, g.get(CatalogueCache), g.runtime.config, g.runtime.logger)],
  [TwoStageCaching, (g) => new TwoStageCaching(g.runtime.config)],
  [
    CategoryService,
    (g) =>
      new CategoryService(g.get<CategoryApi>(TOKENS.CategoryApi), search(g), g.runtime.config, {
        logger: g.runtime.logger,
        clock: g.runtime.clock,
        // spec catalogue §4.4 two-stage caching shows a light first page while the full one loads: the server
        // awaits the full one anyway, so there it only doubled the product search (upstream: `!isServer` too)
        ...(g.runtime.kind === 'server' ? {} : { twoStage: g.get(TwoStageCaching) }),
        attributes: () => Object.values(g.get(AttributeService).snapshot().byCode),
      }),
  ],
  [SearchService, (g) => new SearchService(search(g), g.runtime.config, g.runtime.logger)],
  [CmsService, (g) => new CmsService(g.get<ContentApi>(TOKENS.ContentApi), g.runtime.config, g.runtime.config.i18n.localeStores[g.runtime.locale].storeId, g.runtime.logger)],
  [PageResolutionService, () => new PageResolutionService()],
  [
    UrlDispatcher,
    (g) => {
      // the browser, offline: paths never mapped here are read from the menu's categories and the cached products;
      // the server is never offline and asks the url map only
      const cache = g.runtime.kind === 'server' ? g.get(CatalogueCache) : withLoadedCategories(g.get(CatalogueCache), () => g.get(CategoryService).snapshot().categories);
      return new UrlDispatcher(g.get<UrlMapper>(TOKENS.UrlMapper), g.runtime.config, cache, g.runtime.logger);
    },
  ],

  // ---- the shopper's data (cart, checkout, user, queue, claims, lists): a write refused for the quota clears the
  // catalogue caches and is retried once
  [CONTAINER_TOKENS.ShopperStorage, (g) => new QuotaGuardedStorage(g.runtime.storage, { onQuotaExceeded: () => g.get(CatalogueCache).clearForQuota(), logger: g.runtime.logger })],

  // ---- UI state
  [NotificationService, ({ runtime: r }) => new NotificationService(r.scheduler, r.ids, r.config)],
  [ModalService, () => new ModalService()],
  [ProgressService, ({ runtime: r }) => new ProgressService(r.scheduler, r.config)],
  [UiFlagsService, () => new UiFlagsService()],
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
