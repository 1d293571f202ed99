/**
 * Stock sync of the cart lines (spec transactions §4 "Stock sync result", §7, §9), with config.catalogue.stockSync:
 * looked up in batches, applied with applyStockResult; a line without an answer stays as it is.
 */
import { chunkSkus } from '../catalogue/stock-sync';
import type { ShopConfig } from '../config';
import type { Logger } from '../ports/logger';
import type { StockAnswer, StockApi } from '../ports/stock-api';
import { cartItemIdentity } from './identity';
import type { CartItem } from './types';

/** Which answer belongs to a line: by product_sku when the answer has one, else by product id. */
export function stockAnswerFor(item: Pick<CartItem, 'sku' | 'id'>, answers: readonly StockAnswer[]): StockAnswer | undefined {
  return (
    answers.find((a) => a.product_sku !== undefined && a.product_sku === item.sku) ??
    answers.find((a) => a.product_sku === undefined && item.id !== undefined && String(a.product_id) === String(item.id))
  );
}

export interface CartForStockSync {
  snapshot(): { cartItems: readonly CartItem[] };
  applyStockResult(identity: string, inStock: boolean): Promise<void>;
}

/** Look up and apply the stock of every cart line; answers how many lines got a result. */
export async function syncCartStock(cart: CartForStockSync, stock: StockApi, config: Pick<ShopConfig, 'catalogue'>, logger?: Logger): Promise<number> {
  if (!config.catalogue.stockSync) return 0;
  const items = cart.snapshot().cartItems;
  const skus = [...new Set(items.map((i) => i.sku))];
  const answers: StockAnswer[] = [];
  for (const chunk of chunkSkus(skus, config.catalogue.stockBatchSize)) {
    const batch = await stock.list(chunk).catch((e: unknown) => {
      logger?.warn(`cart stock sync failed for ${chunk.length} skus: ${String(e)}`, 'cart');
      return [];
    });
    answers.push(...batch);
  }
  let applied = 0;
  for (const item of items) {
    const answer = stockAnswerFor(item, answers);
    if (!answer || typeof answer.is_in_stock !== 'boolean') continue;
    await cart.applyStockResult(cartItemIdentity(item), answer.is_in_stock);
    applied++;
  }
  return applied;
}
