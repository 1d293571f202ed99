/**
 * The storefront core SDK: what an integrator imports. Framework-free rules and RxJS services behind ports;
 * bring your own adapters or use the package's `./adapters` (adapters/index.ts). See docs/sdk.md.
 */
export * from './config';
export * from './messages';
export * from './page-title';

// ports (interfaces an adapter implements) and their injection tokens
export * from './ports/tokens';
export * from './ports/api-error';
export type * from './ports/catalogue-search';
export type * from './ports/url-mapper';
export type * from './ports/product-api';
export type * from './ports/stock-api';
export type * from './ports/category-api';
export type * from './ports/content-api';
export type * from './ports/attribute-api';
export type * from './ports/cart-api';
export type * from './ports/user-api';
export type * from './ports/order-api';
export type * from './ports/payment-api';
export type * from './ports/review-api';
export type * from './ports/newsletter-api';
export type * from './ports/contact-api';
export type * from './ports/mail-api';
export type * from './ports/feedback-api';
export type * from './ports/task-transport';
export * from './ports/storage';
export type * from './ports/clock';
export type * from './ports/scheduler';
export type * from './ports/network';
export type * from './ports/logger';
export type * from './ports/id-generator';
export type * from './ports/storage-quota';
export type * from './ports/data-layer';

// capabilities
export * from './catalogue';
export { HomeService, EMPTY_HOME, homeListRequest, type HomeListName, type HomeState } from './catalogue/home-service';
export * from './catalogue/home-content';
export * from './routing';
export * from './cart';
export * from './queue';
export * from './user';
export * from './checkout';
export * from './content';
export * from './ui-state';
export * from './analytics';
// two capabilities name a stock status: the cart's (ok / volatile / out_of_stock, transactions §4) wins the
// plain name, the catalogue's (ok / out_of_stock, catalogue §4.4) is exported as CatalogueStockStatus
export type { StockStatus } from './cart/add';
export type { StockStatus as CatalogueStockStatus } from './catalogue/stock-sync';
