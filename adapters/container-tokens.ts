/**
 * Container tokens of the wiring itself (not ports: those are core/ports/tokens.ts). In the browser the transaction
 * services are bound after first paint (issue 10), so code of the first page names them by these Symbols (each a
 * `toService` redirection to the class binding, added with the transaction bindings) and imports their classes as
 * types only: `container.isBound(TX.Cart)` says whether they are there yet.
 */
export const CONTAINER_TOKENS = {
  /** the container's CatalogueGraph (adapters/wiring.ts): the transaction half is built over it when it loads */
  Graph: Symbol.for('CatalogueGraph'),
  /** the shopper's data (cart, checkout, user, queue, claims, lists): a write refused for the quota clears the catalogue caches and is retried once */
  ShopperStorage: Symbol.for('ShopperStorage'),
  /**
   * issue 10: the ProductService (bound with its class too) for code of the first load, which does not carry the class:
   * the product page's services come with its chunk (adapters/wiring-product.ts)
   */
  Product: Symbol.for('ProductService'),
} as const;

/** the transaction services the first page's code may reach once they are bound (adapters/bindings-transactions.ts) */
export const TX = {
  Cart: Symbol.for('tx.CartService'),
  Session: Symbol.for('tx.SessionService'),
  Newsletter: Symbol.for('tx.NewsletterService'),
  Review: Symbol.for('tx.ReviewService'),
  OrderStatus: Symbol.for('tx.OrderStatusService'),
  /** issue 12: the wishlist and compare list (tiles, product page and header reach them by these) */
  Wishlist: Symbol.for('tx.WishlistService'),
  Compare: Symbol.for('tx.CompareService'),
} as const;
