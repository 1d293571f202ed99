import { cyrb53 } from '../hash';
import { cartItemIdentity } from './identity';
import type { CartItem, CartState } from './types';

/**
 * A stable, order-independent hash of the cart lines (identity + qty) (spec transactions §4 "Sync need").
 * Fields the server fills in (server_item_id, totals, info) do not change it.
 */
export function cartItemsHash(items: readonly CartItem[]): string {
  if (items.length === 0) return hashString('[]');
  const lines = items.map((i) => `${cartItemIdentity(i)}#${i.qty}`).sort();
  return hashString(JSON.stringify(lines));
}

/** cyrb53 (core/hash.ts) as hex. Not cryptographic. */
export function hashString(s: string): string {
  return cyrb53(s).toString(16);
}

type SyncFields = Pick<CartState, 'cartItems' | 'cartItemsHash' | 'cartServerLastSyncDate'>;

/**
 * spec transactions §4 "Sync need": cart sync is needed when the stored hash is empty, differs from the
 * hash of the current items, or no sync has happened yet.
 */
export function cartNeedsSync(state: SyncFields): boolean {
  return !state.cartItemsHash || state.cartItemsHash !== cartItemsHash(state.cartItems) || !state.cartServerLastSyncDate;
}

/** spec transactions §4 "Sync need": totals sync likewise (hash empty or changed, or no totals sync yet). */
export function totalsNeedSync(state: SyncFields & Pick<CartState, 'cartServerLastTotalsSyncDate'>): boolean {
  return !state.cartItemsHash || state.cartItemsHash !== cartItemsHash(state.cartItems) || !state.cartServerLastTotalsSyncDate;
}
