/**
 * Names of services that are not ports (ports: core/ports/tokens.ts). Code of the browser's first page names the
 * services of later chunks by these Symbols and imports their classes as types only, so that the classes stay in
 * their chunks: `services.isBound(TX.Cart)` says whether the transaction part is there yet.
 */
export const CONTAINER_TOKENS = {
  /** the shopper's data (cart, checkout, user, queue, claims, lists): a write refused for the quota clears the catalogue caches and is retried once */
  ShopperStorage: Symbol.for('ShopperStorage'),
  /** the ProductService (bound under its class too), which comes with the product page's chunk (adapters/wiring-product.ts) */
  Product: Symbol.for('ProductService'),
} as const;

/** the transaction services the first page's code may reach once their part is added (adapters/wiring-transactions.ts) */
export const TX = {
  Cart: Symbol.for('tx.CartService'),
  Session: Symbol.for('tx.SessionService'),
  Newsletter: Symbol.for('tx.NewsletterService'),
  Review: Symbol.for('tx.ReviewService'),
  OrderStatus: Symbol.for('tx.OrderStatusService'),
  /** the wishlist and compare list (tiles, product page and header reach them by these) */
  Wishlist: Symbol.for('tx.WishlistService'),
  Compare: Symbol.for('tx.CompareService'),
  /** the checkout (analytics, a chunk of its own after consent, follows its steps and orders) */
  Checkout: Symbol.for('tx.CheckoutService'),
} as const;

/** the token lock and the offline queue (spec transactions §4), shared by cart, session and checkout */
export const TRANSACTION_TOKENS = {
  TokenLock: Symbol.for('TokenLock'),
  TaskQueue: Symbol.for('TaskQueue'),
} as const;
