import type { ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import { cartItemIdentity } from './identity';
import type { CartItem } from './types';

/** spec transactions §4 "Server item update failing": the previous qty restored, a line new to the server removed. */
export function revertFailedServerUpdate(items: readonly CartItem[], identity: string, prevQty: number | undefined): CartItem[] {
  return items.flatMap((i) => {
    if (cartItemIdentity(i) !== identity) return [i];
    if (prevQty === undefined || prevQty <= 0) return [];
    const { prev_qty: _p, ...restored } = i;
    return [{ ...restored, qty: prevQty }];
  });
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
  return items.flatMap((i) => {
    if (cartItemIdentity(i) !== identity) return [i];
    if (inStock) {
      const { stock: _s, ...errors } = i.errors ?? {};
      return [{ ...i, is_in_stock: true, info: { ...i.info, stock: MESSAGES.itemInStock }, errors }];
    }
    if (!config.cart.allowOutOfStockInCart && !config.cart.serverSync) return [];
    const { stock: _s, ...info } = i.info ?? {};
    return [{ ...i, is_in_stock: false, errors: { ...i.errors, stock: MESSAGES.itemOutOfStock }, info }];
  });
}
