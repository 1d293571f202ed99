/**
 * The stock status of an item being added (spec transactions §4 "Adding", §7 "Stock", §8 "Stock result ENOTFOUND: ignored").
 *
 * When online the line's sku is checked through the StockApi (GET /api/stock/check?sku):
 * - an answer in stock → 'ok'; an answer not in stock → 'out_of_stock' (the out-of-stock notice, not added);
 * - no usable answer — offline, the check failed, or the backend answered ENOTFOUND (ignored: no error shown) →
 *   'volatile': the system is not sure about the quantity; the line is added, with the volatile notice unless
 *   out-of-stock items are allowed in the cart (that part is addToCart's rule, core/cart/add.ts).
 * createStockStatus builds the `stockStatus` dependency of CartService.
 */
import type { Product } from '../catalogue/types';
import type { Logger } from '../ports/logger';
import type { Network } from '../ports/network';
import type { StockAnswer, StockApi } from '../ports/stock-api';
import type { StockStatus } from './add';
import { stockLimitOf, type StockLimit } from './quantity';
import type { CartItem } from './types';

/** What a stock check gave: an answer, nothing usable (ENOTFOUND), or no check (offline / failed). */
export type StockCheckOutcome = { readonly kind: 'answer'; readonly answer: Pick<StockAnswer, 'is_in_stock' | 'qty'> } | { readonly kind: 'none' };

/** spec transactions §4 "Adding": the status of a check's outcome. */
export function stockStatusOfCheck(outcome: StockCheckOutcome): StockStatus {
  if (outcome.kind === 'none') return 'volatile';
  return outcome.answer.is_in_stock ? 'ok' : 'out_of_stock';
}

export interface StockStatusDeps {
  readonly stock: StockApi;
  readonly network: Network;
  readonly logger?: Logger;
}

/** The CartService `stockStatus` dependency: a stock check per added line (the configured child's sku for configurables). */
export function createStockStatus(deps: StockStatusDeps): (product: Product, item: CartItem) => Promise<StockStatus> {
  return async (product, item) => {
    const sku = item.sku || product.sku;
    if (!deps.network.isOnline()) return stockStatusOfCheck({ kind: 'none' });
    let answer: StockAnswer | undefined;
    try {
      answer = await deps.stock.check(sku);
    } catch (e) {
      deps.logger?.warn(`stock check of ${sku} failed: ${String(e)}`, 'cart');
      return stockStatusOfCheck({ kind: 'none' });
    }
    // spec §8: a result ENOTFOUND is ignored (the adapter answers undefined)
    if (!answer || typeof answer.is_in_stock !== 'boolean') return stockStatusOfCheck({ kind: 'none' });
    return stockStatusOfCheck({ kind: 'answer', answer });
  };
}

/**
 * The CartService `stockLimit` dependency (spec transactions §5 "below available quantity"): how many of the line's sku
 * the stock can serve, from a stock check. Offline, a failed check or ENOTFOUND → undefined (no limit: the server
 * still refuses what it cannot serve, and that refusal restores the previous quantity, spec §4).
 */
export function createStockLimit(deps: StockStatusDeps): (item: CartItem) => Promise<StockLimit> {
  return async (item) => {
    if (!deps.network.isOnline()) return undefined;
    try {
      return stockLimitOf(await deps.stock.check(item.sku));
    } catch (e) {
      deps.logger?.warn(`stock check of ${item.sku} failed: ${String(e)}`, 'cart');
      return undefined;
    }
  };
}
