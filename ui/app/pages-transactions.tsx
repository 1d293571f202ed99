import type { PageRegistry } from './page-registry';

/** Transaction-side pages by route name (spec transactions §2: checkout, my-account, order-status, ...). */
export const TRANSACTION_PAGES: PageRegistry = {};
