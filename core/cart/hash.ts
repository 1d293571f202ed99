import { cyrb53 } from '../hash';
import { cartItemIdentity } from './identity';
import type { CartItem, CartState } from './types';

/**
 * A stable, order-independent hash of the cart lines (identity + qty) (spec transactions §4 "Sync need").
 * Fields the server fills in (server_item_id, totals, info) do not change it.
 */
export function cartItemsHash(items: readonly CartItem[]): string {
  return cyrb53(JSON.stringify(items.map((i) => `${cartItemIdentity(i)}#${i.qty}`).sort())).toString(16);
}

type SyncFields = Pick<CartState, 'cartItems' | 'cartItemsHash' | 'cartServerLastSyncDate'>;

/**
 * spec transactions §4 "Sync need": cart sync is needed when the stored hash is empty, differs from the
 * hash of the current items, or no sync has happened yet.
 */
export function cartNeedsSync(state: SyncFields): boolean {
  return !state.cartItemsHash || state.cartItemsHash !== cartItemsHash(state.cartItems) || !state.cartServerLastSyncDate;
}
