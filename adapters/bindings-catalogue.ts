import type { Container } from 'inversify';
import type { ShopConfig } from '../core/config';
import { CatalogueCache, TwoStageCaching } from '../core/catalogue/catalogue-cache';
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
import { PageResolutionService } from '../core/routing/page-resolution';
import type { UrlMapper } from '../core/ports/url-mapper';
import type { ProductApi } from '../core/ports/product-api';
import type { StockApi } from '../core/ports/stock-api';
import type { CategoryApi } from '../core/ports/category-api';
import type { ContentApi } from '../core/ports/content-api';
import type { AttributeApi } from '../core/ports/attribute-api';
import type { HtmlSanitizer } from '../core/ports/html-sanitizer';
import { NotificationService } from '../core/ui-state/notification-service';
import { ModalService } from '../core/ui-state/modal-service';
import { ProgressService } from '../core/ui-state/progress-service';
import { UiFlagsService } from '../core/ui-state/ui-flags-service';
import { ClaimsService, CookieNoticeService } from '../core/ui-state/claims-service';
import { CONTAINER_TOKENS } from './container-tokens';
import type { CatalogueGraph } from './wiring';

/**
 * The catalogue half of the React UI's inversify container (what every page's first render needs). Core stays free of
 * inversify and decorators: the ports are bound under TOKENS and the services by class, every one to a member of one
 * graph (adapters/wiring.ts, the same wiring the headless SDK uses), singletons per container (a container per SSR
 * request, one in the browser, one per test). The transaction half is adapters/bindings-transactions.ts.
 */
export function bindCatalogue(c: Container, g: CatalogueGraph): void {
  const r = g.runtime;
  c.bind<CatalogueGraph>(CONTAINER_TOKENS.Graph).toConstantValue(g);
  c.bind<ShopConfig>(TOKENS.Config).toConstantValue(r.config);
  c.bind<Clock>(TOKENS.Clock).toConstantValue(r.clock);
  c.bind<Scheduler>(TOKENS.Scheduler).toConstantValue(r.scheduler);
  c.bind<Logger>(TOKENS.Logger).toConstantValue(r.logger);
  c.bind<IdGenerator>(TOKENS.IdGenerator).toConstantValue(r.ids);
  c.bind<Network>(TOKENS.Network).toConstantValue(r.network);
  c.bind<Storage>(TOKENS.Storage).toConstantValue(r.storage);
  c.bind<StorageQuota>(TOKENS.StorageQuota).toConstantValue(r.storageQuota);
  c.bind(TOKENS.CrossTab).toConstantValue(r.crossTab);
  c.bind(TOKENS.TabLocks).toConstantValue(r.locks);
  c.bind<HomeContentSource>(TOKENS.HomeContent).toConstantValue(r.homeContent);
  c.bind<HtmlSanitizer>(TOKENS.HtmlSanitizer).toConstantValue(r.htmlSanitizer);

  // ---- catalogue: search answers go through the local cache so browsing works offline (catalogue §1, §4.4)
  c.bind(CatalogueCache).toDynamicValue(() => g.catalogueCache);
  c.bind<CatalogueSearch>(TOKENS.CatalogueSearch).toDynamicValue(() => g.catalogueSearch);
  c.bind<UrlMapper>(TOKENS.UrlMapper).toDynamicValue(() => g.urlMapper);
  c.bind<ProductApi>(TOKENS.ProductApi).toDynamicValue(() => g.productApi);
  c.bind<StockApi>(TOKENS.StockApi).toDynamicValue(() => g.stockApi);
  c.bind<CategoryApi>(TOKENS.CategoryApi).toDynamicValue(() => g.categoryApi);
  c.bind<ContentApi>(TOKENS.ContentApi).toDynamicValue(() => g.contentApi);
  c.bind<AttributeApi>(TOKENS.AttributeApi).toDynamicValue(() => g.attributeApi);
  c.bind(HomeService).toDynamicValue(() => g.home);
  c.bind(AttributeService).toDynamicValue(() => g.attributes);
  c.bind(StorageQuotaMonitor).toDynamicValue(() => g.quotaMonitor);
  c.bind(ProductService).toDynamicValue(() => g.product);
  c.bind(TwoStageCaching).toDynamicValue(() => g.twoStage);
  c.bind(CategoryService).toDynamicValue(() => g.category);
  c.bind(SearchService).toDynamicValue(() => g.search);
  c.bind(CmsService).toDynamicValue(() => g.cms);
  c.bind(PriceSyncService).toDynamicValue(() => g.priceSync);
  c.bind(StockSyncService).toDynamicValue(() => g.stockSync);
  c.bind(PageResolutionService).toDynamicValue(() => g.pageResolution);
  c.bind(UrlDispatcher).toDynamicValue(() => g.dispatcher);

  // ---- UI state and the shopper's storage (the cookie notice's claims live there)
  c.bind<Storage>(CONTAINER_TOKENS.ShopperStorage).toDynamicValue(() => g.shopperStorage);
  c.bind(NotificationService).toDynamicValue(() => g.notifications);
  c.bind(ModalService).toDynamicValue(() => g.modals);
  c.bind(ProgressService).toDynamicValue(() => g.progress);
  c.bind(UiFlagsService).toDynamicValue(() => g.uiFlags);
  c.bind(ClaimsService).toDynamicValue(() => g.claims);
  c.bind(CookieNoticeService).toDynamicValue(() => g.cookieNotice);
}

