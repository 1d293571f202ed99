import { Container } from 'inversify';
import { DEFAULT_CONFIG, type ShopConfig } from '../core/config';
import { TOKENS } from '../core/ports/tokens';
import type { CatalogueSearch } from '../core/ports/catalogue-search';
import type { Clock } from '../core/ports/clock';
import type { Logger } from '../core/ports/logger';
import type { Network } from '../core/ports/network';
import type { Scheduler } from '../core/ports/scheduler';
import type { Storage } from '../core/ports/storage';
import type { IdGenerator } from '../core/ports/id-generator';
import { HomeService } from '../core/catalogue/home-service';
import type { HomeContentSource } from '../core/catalogue/home-content';
import { BundledHomeContent } from './content/bundled-home-content';
import { CachedCatalogueSearch, CatalogueCache, TwoStageCaching } from '../core/catalogue/catalogue-cache';
import { ProductService } from '../core/catalogue/product-service';
import { CategoryService } from '../core/catalogue/category-service';
import { SearchService } from '../core/catalogue/search-service';
import { AttributeService } from '../core/catalogue/attributes';
import { CmsService } from '../core/catalogue/cms-service';
import { PriceSyncService } from '../core/catalogue/price-sync';
import { StockSyncService } from '../core/catalogue/stock-sync';
import { UrlDispatcher } from '../core/routing/dispatcher';
import { StorageQuotaMonitor } from '../core/catalogue/storage-quota';
import type { StorageQuota } from '../core/ports/storage-quota';
import { BrowserStorageQuota, UnknownStorageQuota } from './browser/browser-storage-quota';
import { PageResolutionService } from '../core/routing/page-resolution';
import type { UrlMapper } from '../core/ports/url-mapper';
import type { ProductApi } from '../core/ports/product-api';
import type { StockApi } from '../core/ports/stock-api';
import type { CategoryApi } from '../core/ports/category-api';
import type { ContentApi } from '../core/ports/content-api';
import type { AttributeApi } from '../core/ports/attribute-api';
import { createApiClient } from './http/api-client';
import { HttpCatalogueSearch } from './http/catalogue-search';
import { HttpUrlMapper } from './http/url-mapper';
import { HttpProductApi } from './http/product-api';
import { HttpStockApi } from './http/stock-api';
import { HttpCategoryApi } from './http/category-api';
import { HttpContentApi } from './http/content-api';
import { HttpAttributeApi } from './http/attribute-api';
import { SystemClock } from './common/system-clock';
import { TimerScheduler } from './common/timer-scheduler';
import { ConsoleLogger } from './common/console-logger';
import { UuidGenerator } from './common/uuid-generator';
import { MemoryStorage } from './storage/memory-storage';
import { RequestStorage } from './storage/request-storage';
import { CatalogueReadCache, SharedCatalogueSearch, SharedContentApi, SharedUrlMapper, processCatalogueReads } from './cache/catalogue-read-cache';
import { IdbStorage } from './storage/idb-storage';
import { bindTransactions } from './bindings-transactions';
import { BrowserNetwork } from './browser/browser-network';
import { StaticNetwork } from './node/static-network';

/**
 * The only place that knows every concrete class. Core stays free of inversify and decorators:
 * plain classes are bound with toDynamicValue, singletons per container (a container per SSR request,
 * one in the browser, one per test).
 */
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
}

export type Runtime = 'browser' | 'server' | 'test';

function createContainer(runtime: Runtime, options: ContainerOptions): Container {
  const config = options.config ?? DEFAULT_CONFIG;
  const c = new Container({ defaultScope: 'Singleton' });
  const apiUrl = options.apiUrl ?? config.api.url;
  const timeoutMs = runtime === 'server' ? config.search.serverTimeoutMs : config.search.clientTimeoutMs;
  const client = createApiClient({ baseUrl: apiUrl, timeoutMs, ...(options.fetch ? { fetch: options.fetch } : {}) });

  c.bind<ShopConfig>(TOKENS.Config).toConstantValue(config);
  c.bind<Clock>(TOKENS.Clock).toConstantValue(options.clock ?? new SystemClock());
  c.bind<Scheduler>(TOKENS.Scheduler).toConstantValue(options.scheduler ?? new TimerScheduler());
  c.bind<Logger>(TOKENS.Logger).toConstantValue(options.logger ?? new ConsoleLogger(runtime === 'test' ? 'error' : 'info'));
  c.bind<IdGenerator>(TOKENS.IdGenerator).toConstantValue(options.ids ?? new UuidGenerator());
  c.bind<Network>(TOKENS.Network).toConstantValue(
    options.network ?? (runtime === 'browser' ? new BrowserNetwork() : new StaticNetwork(true)),
  );
  c.bind<Storage>(TOKENS.Storage).toDynamicValue(
    (ctx) =>
      options.storage ??
      (runtime === 'browser' && typeof indexedDB !== 'undefined'
        ? new IdbStorage('papier-shop', ctx.get<Logger>(TOKENS.Logger))
        : runtime === 'server'
          ? new RequestStorage()
          : new MemoryStorage()),
  );
  // server: reads that are the same for every shopper are shared by the renders of the process (short TTL, single-flight)
  const readTtl = config.server.catalogueReadTtlMs;
  const reads =
    runtime !== 'server' || readTtl <= 0
      ? undefined
      : options.catalogueReads === undefined
        ? options.fetch
          ? undefined
          : processCatalogueReads(apiUrl, config.server.catalogueReadMaxEntries)
        : (options.catalogueReads ?? undefined);

  const logger = (ctx: { get<T>(id: symbol): T }) => ctx.get<Logger>(TOKENS.Logger);
  const search = (ctx: { get<T>(id: symbol): T }) => ctx.get<CatalogueSearch>(TOKENS.CatalogueSearch);

  // ---- catalogue: search answers go through the local cache so browsing works offline (catalogue §1, §4.4)
  c.bind(CatalogueCache).toDynamicValue(
    (ctx) => new CatalogueCache(ctx.get<Storage>(TOKENS.Storage), ctx.get<Scheduler>(TOKENS.Scheduler), config, logger(ctx), () => new MemoryStorage()),
  );
  c.bind<CatalogueSearch>(TOKENS.CatalogueSearch).toDynamicValue((ctx) => {
    const http = new HttpCatalogueSearch(client, config);
    // The server is never "offline": a search that fails there must fail the render (503), not answer the
    // browser's empty offline result, which turned a slow API into "product not found" (404).
    if (runtime === 'server') return reads ? new SharedCatalogueSearch(http, reads, readTtl) : http;
    return new CachedCatalogueSearch(http, ctx.get(CatalogueCache), ctx.get<Network>(TOKENS.Network), logger(ctx));
  });
  c.bind<UrlMapper>(TOKENS.UrlMapper).toDynamicValue(() => (reads ? new SharedUrlMapper(new HttpUrlMapper(client, config), reads, readTtl) : new HttpUrlMapper(client, config)));
  c.bind<ProductApi>(TOKENS.ProductApi).toDynamicValue(() => new HttpProductApi(client, config));
  c.bind<StockApi>(TOKENS.StockApi).toDynamicValue(() => new HttpStockApi(client, config));
  c.bind<CategoryApi>(TOKENS.CategoryApi).toDynamicValue((ctx) => new HttpCategoryApi(client, config, search(ctx)));
  c.bind<ContentApi>(TOKENS.ContentApi).toDynamicValue((ctx) => {
    const http = new HttpContentApi(client, config, search(ctx));
    return reads ? new SharedContentApi(http, reads, readTtl) : http;
  });
  c.bind<AttributeApi>(TOKENS.AttributeApi).toDynamicValue((ctx) => new HttpAttributeApi(client, config, search(ctx)));

  c.bind<HomeContentSource>(TOKENS.HomeContent).toDynamicValue(() => new BundledHomeContent());
  c.bind(HomeService).toDynamicValue((ctx) => new HomeService(search(ctx), config, logger(ctx), ctx.get<HomeContentSource>(TOKENS.HomeContent)));
  c.bind(AttributeService).toDynamicValue(
    (ctx) => new AttributeService(ctx.get<AttributeApi>(TOKENS.AttributeApi), config, logger(ctx), ctx.get<Storage>(TOKENS.Storage)),
  );
  c.bind<StorageQuota>(TOKENS.StorageQuota).toConstantValue(runtime === 'browser' ? new BrowserStorageQuota() : new UnknownStorageQuota());
  c.bind(StorageQuotaMonitor).toDynamicValue(
    (ctx) => new StorageQuotaMonitor(ctx.get<StorageQuota>(TOKENS.StorageQuota), ctx.get<Scheduler>(TOKENS.Scheduler), ctx.get(CatalogueCache), config, logger(ctx)),
  );
  c.bind(ProductService).toDynamicValue((ctx) => new ProductService(search(ctx), config, ctx.get(AttributeService), logger(ctx)));
  c.bind(TwoStageCaching).toDynamicValue(() => new TwoStageCaching(config));
  c.bind(CategoryService).toDynamicValue(
    (ctx) =>
      new CategoryService(ctx.get<CategoryApi>(TOKENS.CategoryApi), search(ctx), config, {
        logger: logger(ctx),
        clock: ctx.get<Clock>(TOKENS.Clock),
        // spec catalogue §4.4 two-stage caching shows a light first page while the full one loads: the server
        // awaits the full one anyway, so there it only doubled the product search (upstream: `!isServer` too)
        ...(runtime === 'server' ? {} : { twoStage: ctx.get(TwoStageCaching) }),
        attributes: () => Object.values(ctx.get(AttributeService).snapshot().byCode),
      }),
  );
  c.bind(SearchService).toDynamicValue((ctx) => new SearchService(search(ctx), config, logger(ctx)));
  c.bind(CmsService).toDynamicValue((ctx) => new CmsService(ctx.get<ContentApi>(TOKENS.ContentApi), config, config.storeViews.defaultStoreId, logger(ctx)));
  c.bind(PriceSyncService).toDynamicValue(
    (ctx) => new PriceSyncService(ctx.get<ProductApi>(TOKENS.ProductApi), ctx.get<Clock>(TOKENS.Clock), config, config.storeViews.defaultStoreId, logger(ctx)),
  );
  c.bind(StockSyncService).toDynamicValue((ctx) => new StockSyncService(ctx.get<StockApi>(TOKENS.StockApi), config, logger(ctx)));
  bindTransactions(c, {
    client,
    config,
    apiUrl,
    timeoutMs,
    storefrontOrigin: options.storefrontOrigin ?? `http://${config.server.host}:${config.server.storefrontPort}`,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  c.bind(PageResolutionService).toDynamicValue(() => new PageResolutionService());
  c.bind(UrlDispatcher).toDynamicValue((ctx) => new UrlDispatcher(ctx.get<UrlMapper>(TOKENS.UrlMapper), config, ctx.get(CatalogueCache), logger(ctx)));
  return c;
}

export function createBrowserContainer(options: ContainerOptions = {}): Container {
  return createContainer('browser', options);
}

export function createServerContainer(options: ContainerOptions = {}): Container {
  return createContainer('server', options);
}

export function createTestContainer(options: ContainerOptions = {}): Container {
  return createContainer('test', options);
}

export type { Container };
