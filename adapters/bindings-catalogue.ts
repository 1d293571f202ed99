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
 * graph (adapters/wiring.ts, the same wiring the headless SDK uses), singletons per container (a container per SSR
 * request, one per test). The transaction half is adapters/bindings-transactions.ts. A table, so the browser's first
 * render reads the same bindings without the container (adapters/browser-services.ts, issue 10).
 */
export function catalogueBindings(g: CatalogueGraph): ReadonlyArray<readonly [ServiceIdentifier, () => unknown]> {
  const r = g.runtime;
  return [
    [CONTAINER_TOKENS.Graph, () => g],
    [TOKENS.Config, () => r.config],
    [TOKENS.Clock, () => r.clock],
    [TOKENS.Scheduler, () => r.scheduler],
    [TOKENS.Logger, () => r.logger],
    [TOKENS.IdGenerator, () => r.ids],
    [TOKENS.Network, () => r.network],
    [TOKENS.Storage, () => r.storage],
    [TOKENS.StorageQuota, () => r.storageQuota],
    [TOKENS.CrossTab, () => r.crossTab],
    [TOKENS.TabLocks, () => r.locks],
    [TOKENS.HomeContent, () => r.homeContent],
    [TOKENS.HtmlSanitizer, () => r.htmlSanitizer],

    // ---- catalogue: search answers go through the local cache so browsing works offline (catalogue §1, §4.4)
    [CatalogueCache, () => g.catalogueCache],
    [TOKENS.CatalogueSearch, () => g.catalogueSearch],
    [TOKENS.UrlMapper, () => g.urlMapper],
    [TOKENS.ProductApi, () => g.productApi],
    [TOKENS.StockApi, () => g.stockApi],
    [TOKENS.CategoryApi, () => g.categoryApi],
    [TOKENS.ContentApi, () => g.contentApi],
    [TOKENS.AttributeApi, () => g.attributeApi],
    [HomeService, () => g.home],
    [AttributeService, () => g.attributes],
    [StorageQuotaMonitor, () => g.quotaMonitor],
    [TwoStageCaching, () => g.twoStage],
    [CategoryService, () => g.category],
    [SearchService, () => g.search],
    [CmsService, () => g.cms],
    [PageResolutionService, () => g.pageResolution],
    [UrlDispatcher, () => g.dispatcher],

    // ---- UI state and the shopper's storage (the cookie notice's claims live there)
    [CONTAINER_TOKENS.ShopperStorage, () => g.shopperStorage],
    [NotificationService, () => g.notifications],
    [ModalService, () => g.modals],
    [ProgressService, () => g.progress],
    [UiFlagsService, () => g.uiFlags],
    [ClaimsService, () => g.claims],
    [CookieNoticeService, () => g.cookieNotice],

    // ---- provided with their code (issue 10): the product page's ProductService, PriceSyncService, StockSyncService
    // (adapters/wiring-product.ts), each under its class and tokens
    ...providedCatalogueBindings(g),
  ];
}

/**
 * The catalogue half of the React UI's inversify container: every entry of catalogueBindings bound to its member of
 * the graph (singletons of the graph, so a dynamic value per binding is the member itself).
 */
export function bindCatalogue(c: Container, g: CatalogueGraph): void {
  for (const [id, make] of catalogueBindings(g)) c.bind(id).toDynamicValue(make);
}
