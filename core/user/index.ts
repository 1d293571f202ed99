/** User capability: session, token lock, wishlist and compare. */
export { createTokenLock, TOKEN_LOCK_FAILED, TOKEN_LOCK_FREE, TOKEN_LOCK_REFRESHING, type TokenLock, type TokenLockOptions } from './token-lock';
export {
  SessionService,
  INITIAL_SESSION_STATE,
  PROFILE_UPDATE_URL,
  USER_STORAGE_KEYS,
  USER_TASK_EVENTS,
  type CartForSession,
  type QueueForSession,
  type SessionDeps,
  type SessionLinks,
  type SessionState,
} from './session-service';
export { SkuListService, WishlistService, CompareService, inAddedOrder, nextSeq, type SkuItem, type SkuListState } from './sku-list-service';
export { compareRows, comparableAttributes, listItemOf, wishlistAction, LIST_ITEM_DROPPED_FIELDS, type CompareRow, type ListItem, type WishlistAction } from './list-items';
export { findOwnOrder, orderDetails, orderRef, paymentLabelOfOrder, type OrderDetails, type OrderDetailsAddress, type OrderDetailsLine } from './order-details';
export { checkoutAddressOf, customerAddressOf, isDefaultFor, sameAddress, savedAddresses, withAddress, type AddressUse } from './address-book';
