/** Cart capability: rules (pure) and the cart service. */
export * from './types';
export { cartItemIdentity, normalizeQty, hasOptions } from './identity';
export {
  addCartItem,
  addToCart,
  priceUnknown,
  productToCartItem,
  productToCartItems,
  removeCartItem,
  updateCartItemQty,
  type AddCandidate,
  type AddOutcome,
  type CartNotice,
  type StockStatus,
} from './add';
export { cartItemsHash, cartNeedsSync, totalsNeedSync } from './hash';
export { mergeCartItems, mergePairedLines, pairCartLines, serverItemToCartItem, type MergeAction, type MergeOptions, type MergeResult, type MergeStatus } from './merge';
export { minicartCount } from './minicart';
export { applyStockResult, revertFailedServerUpdate } from './server-results';
export { cartTotals, lineRowTotal, offlineTotals, platformTotalsFit, segmentValue } from './totals';
export { CartService, CART_STORAGE_KEYS, CART_TASK_EVENTS, type CartServiceDeps, type ConnectOptions, type SyncOptions } from './cart-service';
export { createStockStatus, type StockStatusDeps } from './stock-check';
export { taxCountry, totalsTaxCountry } from './tax-country';
export { syncCartStock, stockAnswerFor, type CartForStockSync } from './cart-stock-sync';
