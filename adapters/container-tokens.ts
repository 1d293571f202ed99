/**
 * Names of services that are not ports (ports: core/ports/tokens.ts). The browser's first page names the services of
 * later chunks by these Symbols, so that their classes stay in their chunks.
 */
export const CONTAINER_TOKENS = {
  ShopperStorage: Symbol.for('ShopperStorage'),
  /** the ProductService, which comes with the product page's chunk */
  Product: Symbol.for('ProductService'),
} as const;

/** the transaction services the first page's code may reach once their part is added (adapters/wiring-transactions.ts) */
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
