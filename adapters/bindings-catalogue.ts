import type { Container, ServiceIdentifier } from 'inversify';
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
import { CategoryService } from '../core/catalogue/category-service';
import { SearchService } from '../core/catalogue/search-service';
import { AttributeService } from '../core/catalogue/attributes';
import { CmsService } from '../core/catalogue/cms-service';
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
import { providedCatalogueBindings, type CatalogueGraph } from './wiring';

/**
 * The catalogue half of the React UI's inversify container (what every page's first render needs). Core stays free of
 * inversify and decorators: the ports are bound under TOKENS and the services by class, every one to a member of one
 * graph (adapters/wiring.ts, the same wiring the headless SDK uses), singletons per container (one per test). A table
 * of accessors, made once per process: the browser's first render reads the same bindings without the container
 * (adapters/browser-services.ts, issue 10), and so does the server's render (adapters/shop-services.ts, issue 8). The
 * transaction half is adapters/bindings-transactions.ts.
 */
export const CATALOGUE_MEMBERS: ReadonlyArray<readonly [ServiceIdentifier, (g: CatalogueGraph) => unknown]> = [
  [CONTAINER_TOKENS.Graph, (g) => g],
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

  // ---- catalogue: search answers go through the local cache so browsing works offline (catalogue §1, §4.4)
  [CatalogueCache, (g) => g.catalogueCache],
  [TOKENS.CatalogueSearch, (g) => g.catalogueSearch],
  [TOKENS.UrlMapper, (g) => g.urlMapper],
  [TOKENS.ProductApi, (g) => g.productApi],
  [TOKENS.StockApi, (g) => g.stockApi],
  [TOKENS.CategoryApi, (g) => g.categoryApi],
  [TOKENS.ContentApi, (g) => g.contentApi],
  [TOKENS.AttributeApi, (g) => g.attributeApi],
  [HomeService, (g) => g.home],
  [AttributeService, (g) => g.attributes],
  [StorageQuotaMonitor, (g) => g.quotaMonitor],
  [TwoStageCaching, (g) => g.twoStage],
  [CategoryService, (g) => g.category],
  [SearchService, (g) => g.search],
  [CmsService, (g) => g.cms],
  [PageResolutionService, (g) => g.pageResolution],
  [UrlDispatcher, (g) => g.dispatcher],

  // ---- UI state and the shopper's storage (the cookie notice's claims live there)
  [CONTAINER_TOKENS.ShopperStorage, (g) => g.shopperStorage],
  [NotificationService, (g) => g.notifications],
  [ModalService, (g) => g.modals],
  [ProgressService, (g) => g.progress],
  [UiFlagsService, (g) => g.uiFlags],
  [ClaimsService, (g) => g.claims],
  [CookieNoticeService, (g) => g.cookieNotice],
];

/**
 * The catalogue half's bindings over one graph: CATALOGUE_MEMBERS, and the members provided with their code (issue
 * 10): the product page's ProductService, PriceSyncService, StockSyncService (adapters/wiring-product.ts,
 * wiring-sync.ts), each under its class and tokens.
 */
export function catalogueBindings(g: CatalogueGraph): ReadonlyArray<readonly [ServiceIdentifier, () => unknown]> {
  return [...CATALOGUE_MEMBERS.map(([id, read]) => [id, () => read(g)] as const), ...providedCatalogueBindings(g)];
}

/**
 * The catalogue half of the React UI's inversify container: every entry of catalogueBindings bound to its member of
 * the graph (singletons of the graph, so a dynamic value per binding is the member itself).
 */
export function bindCatalogue(c: Container, g: CatalogueGraph): void {
  for (const [id, make] of catalogueBindings(g)) c.bind(id).toDynamicValue(make);
}
