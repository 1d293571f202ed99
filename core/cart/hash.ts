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

/** cyrb53: a fast 53-bit string hash, as hex. Not cryptographic. */
export function hashString(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
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
