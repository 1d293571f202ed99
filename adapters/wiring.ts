/**
 * The one wiring of the shop: every HTTP adapter and every core service, built lazily from a handful of runtime ports.
 * Both ways in use it: `createHeadlessShop` (adapters/headless.ts, no inversify) hands the members out as they are,
 * and the inversify container (adapters/container.ts + bindings-transactions.ts) binds each token and class to the
 * member of one graph per container. Members are singletons of their graph, created on first access.
 *
 * The session, cart, queue and token lock need each other: they reach each other through closures read at call time
 * (`() => this.cart`), never at construction, so the circle resolves without a forward `let`.
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
import type { ProductService } from '../core/catalogue/product-service';
import { CategoryService } from '../core/catalogue/category-service';
import { SearchService } from '../core/catalogue/search-service';
import { AttributeService } from '../core/catalogue/attributes';
import { CmsService } from '../core/catalogue/cms-service';
import type { PriceSyncService } from '../core/catalogue/price-sync';
import type { StockSyncService } from '../core/catalogue/stock-sync';
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
  /** absolute origin of the storefront (payment redirect URL); defaults to http://{host}:{storefrontPort} */
  storefrontOrigin?: string;
  /**
   * server only: the catalogue read cache shared by every render of the process. Default: the process's cache for
   * the API URL (none when a `fetch` is given, so tests with fakes never share answers); null: none.
   */
  catalogueReads?: CatalogueReadCache | null;
  /**
   * CMS HTML sanitising. Browser default: DOMPurify over the page's DOM, imported on first use. Elsewhere the default
   * shows CMS HTML as escaped text: the server binds DOMPurify over jsdom through adapters/server-container.ts.
   */
  htmlSanitizer?: HtmlSanitizer;
  /** the other tabs of the browser and the locks they share (issue 11); browser: BroadcastChannel + Web Locks */
  crossTab?: CrossTab;
  locks?: TabLocks;
  /**
   * the shopper's locale: picks the catalogue data of that language (config.i18n.localeStores: search index, CMS store
   * id, home content file) and keeps its catalogue caches apart. Default: config.i18n.defaultLocale.
   */
  locale?: LocaleCode;
}

/** browser: IndexedDB + navigator.onLine; server: SSR (short search timeout); node: a headless client; test */
export type Runtime = 'browser' | 'server' | 'node' | 'test';

/**
 * The runtime ports from the options, with each runtime's defaults: system clock and timers, console logger (errors
 * only in tests), UUIDs, the browser's online state or a static online network, IndexedDB in a browser else memory.
 * `serverReads` (adapters/cache/catalogue-read-cache.ts SERVER_READS): the catalogue read cache of a server runtime,
 * handed in by the server's wiring (adapters/container.ts) so that the browser's bundle does not carry it (issue 10);
 * without it a server runtime reads uncached.
 */
export function createRuntime(runtime: Runtime, options: ContainerOptions, serverReads?: ServerReads): ShopRuntime {
  const config = options.config ?? DEFAULT_CONFIG;
  const apiUrl = options.apiUrl ?? config.api.url;
  const timeoutMs = runtime === 'server' ? config.search.serverTimeoutMs : config.search.clientTimeoutMs;
  const logger = options.logger ?? new ConsoleLogger(runtime === 'test' ? 'error' : 'info');
  const locale = options.locale ?? config.i18n.defaultLocale;
  // server: reads that are the same for every shopper are shared by the renders of the process (short TTL, single-flight)
  const readTtl = config.server.catalogueReadTtlMs;
  const reads =
    runtime !== 'server' || readTtl <= 0 || !serverReads
      ? undefined
      : options.catalogueReads === undefined
        ? options.fetch
          ? undefined
          : // one per locale's data: an English render never gets the Dutch attribute labels (issue 12)
            serverReads.process(locale === config.i18n.defaultLocale ? apiUrl : `${apiUrl} ${config.i18n.localeStores[locale].index}`, config.server.catalogueReadMaxEntries, config.server.catalogueReadMaxBytes)
        : (options.catalogueReads ?? undefined);
  return {
    kind: runtime,
    locale,
    ...(reads && serverReads ? { catalogueReads: serverReads.over(reads, readTtl) } : {}),
    config,
    apiUrl,
    timeoutMs,
    client: createApiClient({ baseUrl: apiUrl, timeoutMs, ...(options.fetch ? { fetch: options.fetch } : {}) }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    storefrontOrigin: options.storefrontOrigin ?? `http://${config.server.host}:${config.server.storefrontPort}`,
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
  /** the shopper's locale: its store data (config.i18n.localeStores) and its own catalogue cache keys (issue 12) */
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
  /** issue 11: the other tabs of this browser and the locks they share */
  crossTab: CrossTab;
  locks: TabLocks;
}

/**
 * Members of the catalogue graph whose code comes with the pages that use them (issue 10: the product page's services,
 * adapters/wiring-product.ts, are not in every page's first load). The server's, the tests' and the SDK's wiring provide
 * them before building a graph (adapters/container.ts, headless.ts, browser-container.ts createBrowserContainer); in the
 * browser the product page's chunk and the routes that load a product do. Each graph still makes each member once.
 */
type LateMember = (g: CatalogueGraph) => unknown;
/** what names a member in a container (inversify's ServiceIdentifier; the SDK's types do not depend on inversify) */
export type MemberId = string | symbol | (abstract new (...args: any[]) => unknown);
const LATE_MEMBERS = new Map<string, LateMember>();
const LATE_IDS: Array<readonly [MemberId, string]> = [];

/** Provides members under their keys and the container ids (classes, tokens) that name them; a key provided before stays. */
export function provideCatalogueMembers(members: Record<string, { make: LateMember; ids: readonly MemberId[] }>): void {
  for (const [key, { make, ids }] of Object.entries(members)) {
    if (LATE_MEMBERS.has(key)) continue;
    LATE_MEMBERS.set(key, make);
    for (const id of ids) LATE_IDS.push([id, key]);
  }
}

/**
 * The key of the provided member a container id names (`CatalogueGraph.member(key)`), if one was provided so far (a
 * handful: a scan is as quick as a map, and the browser's first load, which does not call this, carries no map).
 */
export function providedMemberKey(id: unknown): string | undefined {
  for (const [bound, key] of LATE_IDS) if (bound === id) return key;
  return undefined;
}

/** The bindings of the provided members over one graph (so far: a member provided later adds its own). */
export function providedCatalogueBindings(g: CatalogueGraph): Array<readonly [MemberId, () => unknown]> {
  return LATE_IDS.map(([id, key]) => [id, () => g.member(key)] as const);
}

/**
 * The catalogue half of the wiring: runtime ports, catalogue adapters and services, the UI-state services and the
 * shopper's storage — what every page's first render needs. The transaction half (cart, queue, session, checkout, ...)
 * is TransactionGraph in adapters/wiring-transactions.ts, built over one CatalogueGraph: the browser loads it after
 * first paint (issue 10), `ShopGraph` there has both halves.
 */
export class CatalogueGraph {
  private readonly made = new Map<string, unknown>();
  constructor(readonly runtime: ShopRuntime) {}

  /** names of the members made so far (each one once per graph) */
  madeSoFar(): string[] {
    return [...this.made.keys()];
  }

  /**
   * @internal a member provided by the module that carries its code (provideCatalogueMembers), made on first use; a
   * member not provided yet throws
   */
  member<T>(key: string): T {
    const make = LATE_MEMBERS.get(key);
    if (!make) throw new Error(`the catalogue graph's ${key} is not provided yet (adapters/wiring-product.ts provideProductMembers)`);
    return this.once(key, () => make(this) as T);
  }

  /** @internal the member of this graph under key, made on first use (TransactionGraph keeps its members here too) */
  once<T>(key: string, make: () => T): T {
    if (!this.made.has(key)) this.made.set(key, make());
    return this.made.get(key) as T;
  }

  get config(): ShopConfig {
    return this.runtime.config;
  }
  get logger(): Logger {
    return this.runtime.logger;
  }

  // ---- catalogue: search answers go through the local cache so browsing works offline (spec catalogue §1, §4.4)
  get catalogueCache(): CatalogueCache {
    const r = this.runtime;
    return this.once('catalogueCache', () => new CatalogueCache(this.catalogueStorage, r.scheduler, r.config, r.logger, () => new MemoryStorage()));
  }
  /**
   * The storage of the locale's catalogue caches (search answers, attributes): the default locale keeps the plain keys
   * (caches written before locales had their own data stay valid), another locale prefixes its keys.
   */
  private get catalogueStorage(): Storage {
    const r = this.runtime;
    return this.once('catalogueStorage', () => (r.locale === r.config.i18n.defaultLocale ? r.storage : new KeyPrefixedStorage(r.storage, `${r.locale}:`)));
  }
  get catalogueSearch(): CatalogueSearch {
    const r = this.runtime;
    return this.once('catalogueSearch', () => {
      const http = new HttpCatalogueSearch(r.client, r.config, r.config.i18n.localeStores[r.locale].index);
      // The server is never "offline": a search that fails there must fail the render (503), not answer the
      // browser's empty offline result, which turned a slow API into "product not found" (404).
      if (r.kind === 'server') return r.catalogueReads ? r.catalogueReads.search(http) : http;
      return new CachedCatalogueSearch(http, this.catalogueCache, r.network, r.logger);
    });
  }
  get urlMapper(): UrlMapper {
    const reads = this.runtime.catalogueReads;
    return this.once('urlMapper', () => {
      const http = new HttpUrlMapper(this.runtime.client, this.config);
      return reads ? reads.urlMapper(http) : http;
    });
  }
  get productApi(): HttpProductApi {
    return this.once('productApi', () => new HttpProductApi(this.runtime.client, this.config));
  }
  get stockApi(): HttpStockApi {
    return this.once('stockApi', () => new HttpStockApi(this.runtime.client, this.config));
  }
  get categoryApi(): HttpCategoryApi {
    return this.once('categoryApi', () => new HttpCategoryApi(this.runtime.client, this.config, this.catalogueSearch));
  }
  get contentApi(): ContentApi {
    const reads = this.runtime.catalogueReads;
    return this.once('contentApi', () => {
      const http = new HttpContentApi(this.runtime.client, this.config, this.catalogueSearch);
      return reads ? reads.content(http) : http;
    });
  }
  get attributeApi(): HttpAttributeApi {
    return this.once('attributeApi', () => new HttpAttributeApi(this.runtime.client, this.config, this.catalogueSearch));
  }
  get home(): HomeService {
    return this.once('home', () => new HomeService(this.catalogueSearch, this.config, this.logger, this.runtime.homeContent));
  }
  get attributes(): AttributeService {
    return this.once('attributes', () => new AttributeService(this.attributeApi, this.config, this.logger, this.catalogueStorage));
  }
  get quotaMonitor(): StorageQuotaMonitor {
    const r = this.runtime;
    return this.once('quotaMonitor', () => new StorageQuotaMonitor(r.storageQuota, r.scheduler, this.catalogueCache, r.config, r.logger));
  }
  /** the product page's services come with its code (adapters/wiring-product.ts, issue 10) */
  get product(): ProductService {
    return this.member('product');
  }
  get twoStage(): TwoStageCaching {
    return this.once('twoStage', () => new TwoStageCaching(this.config));
  }
  get category(): CategoryService {
    return this.once(
      'category',
      () =>
        new CategoryService(this.categoryApi, this.catalogueSearch, this.config, {
          logger: this.logger,
          clock: this.runtime.clock,
          // spec catalogue §4.4 two-stage caching shows a light first page while the full one loads: the server
          // awaits the full one anyway, so there it only doubled the product search (upstream: `!isServer` too)
          ...(this.runtime.kind === 'server' ? {} : { twoStage: this.twoStage }),
          attributes: () => Object.values(this.attributes.snapshot().byCode),
        }),
    );
  }
  get search(): SearchService {
    return this.once('search', () => new SearchService(this.catalogueSearch, this.config, this.logger));
  }
  get cms(): CmsService {
    return this.once('cms', () => new CmsService(this.contentApi, this.config, this.config.i18n.localeStores[this.runtime.locale].storeId, this.logger));
  }
  get priceSync(): PriceSyncService {
    return this.member('priceSync');
  }
  get stockSync(): StockSyncService {
    return this.member('stockSync');
  }
  get pageResolution(): PageResolutionService {
    return this.once('pageResolution', () => new PageResolutionService());
  }
  get dispatcher(): UrlDispatcher {
    return this.once('dispatcher', () => {
      // the browser, offline: paths never mapped here are read from the menu's categories and the cached products
      // (issue 11); the server is never offline and asks the url map only
      const cache = this.runtime.kind === 'server' ? this.catalogueCache : withLoadedCategories(this.catalogueCache, () => this.category.snapshot().categories);
      return new UrlDispatcher(this.urlMapper, this.config, cache, this.logger);
    });
  }

  /** the shopper's data (cart, checkout, user, queue, claims, lists): a write refused for the quota clears the catalogue caches and is retried once */
  get shopperStorage(): Storage {
    return this.once(
      'shopperStorage',
      () => new QuotaGuardedStorage(this.runtime.storage, { onQuotaExceeded: () => this.catalogueCache.clearForQuota(), logger: this.logger }),
    );
  }

  // ---- ui state
  get notifications(): NotificationService {
    return this.once('notifications', () => new NotificationService(this.runtime.scheduler, this.runtime.ids, this.config));
  }
  get modals(): ModalService {
    return this.once('modals', () => new ModalService());
  }
  get progress(): ProgressService {
    return this.once('progress', () => new ProgressService(this.runtime.scheduler, this.config));
  }
  get uiFlags(): UiFlagsService {
    return this.once('uiFlags', () => new UiFlagsService());
  }
  get claims(): ClaimsService {
    return this.once('claims', () => new ClaimsService(this.shopperStorage, this.runtime.clock));
  }
  get cookieNotice(): CookieNoticeService {
    return this.once('cookieNotice', () => new CookieNoticeService(this.claims, this.config));
  }

}
