/**
 * The stock of a line being added or increased (spec transactions §4 "Adding", §5, §7 "Stock", §8 "Stock result
 * ENOTFOUND: ignored"), checked online through the StockApi (GET /api/stock/check?sku): the `stockStatus` and
 * `stockLimit` dependencies of CartService.
 */
import type { Product } from '../catalogue/types';
import type { Logger } from '../ports/logger';
import type { Network } from '../ports/network';
import type { StockAnswer, StockApi } from '../ports/stock-api';
import type { StockStatus } from './add';
import { stockLimitOf, type StockLimit } from './quantity';
import type { CartItem } from './types';

export interface StockStatusDeps {
  readonly stock: StockApi;
  readonly network: Network;
  readonly logger?: Logger;
}

/**
 * The `stockStatus` dependency: in stock → 'ok', not in stock → 'out_of_stock' (not added); no usable answer (offline,
 * a failed check, ENOTFOUND, which the adapter answers as undefined) → 'volatile': added, the quantity not sure.
 */
export function createStockStatus(deps: StockStatusDeps): (product: Product, item: CartItem) => Promise<StockStatus> {
  return async (product, item) => {
    const answer = await check(deps, item.sku || product.sku);
    if (!answer || typeof answer.is_in_stock !== 'boolean') return 'volatile';
    return answer.is_in_stock ? 'ok' : 'out_of_stock';
  };
}

/**
 * The `stockLimit` dependency (spec transactions §5 "below available quantity"): how many the stock can serve; offline,
 * a failed check or ENOTFOUND → undefined (no limit: the server still refuses what it cannot serve, spec §4).
 */
export function createStockLimit(deps: StockStatusDeps): (item: CartItem) => Promise<StockLimit> {
  return async (item) => stockLimitOf(await check(deps, item.sku));
}

/** The stock answer for a sku; undefined offline or when the check failed (logged). */
async function check(deps: StockStatusDeps, sku: string): Promise<StockAnswer | undefined> {
  if (!deps.network.isOnline()) return undefined;
  return deps.stock.check(sku).catch((e: unknown) => {
    deps.logger?.warn(`stock check of ${sku} failed: ${String(e)}`, 'cart');
    return undefined;
  });
}
