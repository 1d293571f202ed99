/** CartService's `stockStatus` and `stockLimit`: the stock of a line added or increased (spec transactions §4-§7). */
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

/** in stock → 'ok', not → 'out_of_stock'; no usable answer (offline, failed, ENOTFOUND) → 'volatile' (§8). */
export function createStockStatus(deps: StockStatusDeps): (product: Product, item: CartItem) => Promise<StockStatus> {
  return async (product, item) => {
    const answer = await check(deps, item.sku || product.sku);
    if (!answer || typeof answer.is_in_stock !== 'boolean') return 'volatile';
    return answer.is_in_stock ? 'ok' : 'out_of_stock';
  };
}

/** How many the stock can serve (spec §5); no usable answer → undefined: no limit, the server still refuses. */
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
