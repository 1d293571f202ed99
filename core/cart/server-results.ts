import type { ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import { cartItemIdentity } from './identity';
import type { CartItem } from './types';

/**
 * spec transactions §4 "Server item update failing": a known item gets its previous quantity restored, or is removed
 * if the previous quantity was zero (or unknown: the line was new).
 */
export function revertFailedServerUpdate(items: readonly CartItem[], identity: string, prevQty: number | undefined): CartItem[] {
  const out: CartItem[] = [];
  for (const i of items) {
    if (cartItemIdentity(i) !== identity) out.push(i);
    else if (prevQty !== undefined && prevQty > 0) {
      const restored: CartItem = { ...i, qty: prevQty };
      delete restored.prev_qty;
      out.push(restored);
    }
  }
  return out;
}

/**
 * spec transactions §4 "Stock sync result": in stock → info 'In stock!'. Out of stock → error 'Out of the stock!' when
 * out-of-stock items are allowed in the cart or cart sync is on; otherwise the item is removed.
 */
export function applyStockResult(
  items: readonly CartItem[],
  identity: string,
  inStock: boolean,
  config: Pick<ShopConfig, 'cart'>,
): CartItem[] {
  const out: CartItem[] = [];
  for (const i of items) {
    if (cartItemIdentity(i) !== identity) {
      out.push(i);
      continue;
    }
    if (inStock) {
      const errors = { ...(i.errors ?? {}) };
      delete errors.stock;
      out.push({ ...i, is_in_stock: true, info: { ...(i.info ?? {}), stock: MESSAGES.itemInStock }, errors });
    } else if (config.cart.allowOutOfStockInCart || config.cart.serverSync) {
      const info = { ...(i.info ?? {}) };
      delete info.stock;
      out.push({ ...i, is_in_stock: false, errors: { ...(i.errors ?? {}), stock: MESSAGES.itemOutOfStock }, info });
    }
  }
  return out;
}
