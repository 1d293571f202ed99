/**
 * The SDK's adapters (package entry `./adapters`, docs/sdk.md): the headless shop, the composition root and every
 * adapter of the core's ports. No inversify or jsdom here: adapters/container.ts is not part of the package.
 */
// one call: createHeadlessShop({ apiUrl }) → services ready to use, dispose()
export { createHeadlessShop, type HeadlessShop, type HeadlessShopOptions } from './headless';
// the composition root underneath (the React UI's server and browser get their services from the same graphs)
export { createShopGraph, SYNC } from './headless';
export { createRuntime, ShopGraph, CATALOGUE, CONTAINER_TOKENS, TRANSACTION_TOKENS, TX } from './wiring';
export type { Bindings, ServiceId, ShopServices, ShopRuntime, Runtime } from './wiring';
export type { ContainerOptions as RuntimeOptions } from './wiring';
export { TRANSACTIONS } from './wiring-transactions';
export { PRODUCT } from './wiring-product';

// HTTP (vue-storefront-api 1.12): one ky client shared by every adapter
export { createApiClient, type ApiClientOptions } from './http/api-client';
export { HttpCatalogueSearch, CATALOG_INDEX } from './http/catalogue-search';
export { HttpCategoryApi, HttpContentApi, HttpAttributeApi } from './http/catalogue-search';
export { HttpUrlMapper } from './http/url-mapper';
export { HttpProductApi } from './http/product-api';
export { HttpStockApi } from './http/stock-api';
export { HttpCartApi } from './http/cart-api';
export { HttpTaskTransport, type HttpTaskTransportOptions } from './http/task-transport';
export { HttpUserApi } from './http/user-api';
export { HttpOrderApi } from './http/order-api';
export { HttpPaymentApi } from './http/payment-api';
export { HttpReviewApi } from './http/review-api';
export { HttpContactApi, HttpFeedbackApi, HttpMailApi, HttpNewsletterApi } from './http/ext-apis';

// storage
export { MemoryStorage } from './storage/memory-storage';
export { IdbStorage } from './storage/idb-storage';

// runtime ports
export { SystemClock } from './common/system-clock';
export { TimerScheduler } from './common/timer-scheduler';
export { ConsoleLogger } from './common/console-logger';
export { UuidGenerator } from './common/uuid-generator';
export { StaticNetwork } from './node/static-network';
export { BrowserNetwork } from './browser/browser-network';
export { BrowserStorageQuota, UnknownStorageQuota } from './browser/browser-storage-quota';
export { BundledHomeContent } from './content/bundled-home-content';
