import { cyrb53 } from '../hash';
import { cartItemIdentity } from './identity';
import type { CartItem, CartState } from './types';

/** spec transactions §4 "Sync need": an order-independent hash of the lines' identity and qty. */
export function cartItemsHash(items: readonly CartItem[]): string {
  return cyrb53(JSON.stringify(items.map((i) => `${cartItemIdentity(i)}#${i.qty}`).sort())).toString(16);
}

/** spec transactions §4 "Sync need": the stored hash is empty or stale, or no sync has happened yet. */
export function cartNeedsSync(state: Pick<CartState, 'cartItems' | 'cartItemsHash' | 'cartServerLastSyncDate'>) {
  return !state.cartItemsHash || state.cartItemsHash !== cartItemsHash(state.cartItems) || !state.cartServerLastSyncDate;
}
