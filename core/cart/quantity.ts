/**
 * Changing the quantity of a cart line (spec transactions §5 "quantity above 0, a positive integer and below available
 * quantity"; §8 'Only {maxQuantity} products of this type are available!'). A quantity the stock cannot serve is
 * refused before anything changes: never 'quantity updated' next to a server refusal.
 */
import { MESSAGES, type MessageKey } from '../messages';
import type { StockItem } from '../catalogue/types';
import { validateQuantity } from '../checkout/field-rules';

/** How many the stock can serve: a number, or undefined when the stock is not managed / not known (no limit). */
export type StockLimit = number | undefined;

/**
 * spec catalogue §4.5, transactions §7 "Stock": the limit a stock answer or a product's stock record sets (not managed
 * or no quantity → none; out of stock → 0).
 */
export function stockLimitOf(stock: Pick<StockItem, 'qty' | 'is_in_stock' | 'manage_stock'> | undefined): StockLimit {
  if (!stock || stock.manage_stock === false) return undefined;
  if (!stock.is_in_stock) return 0;
  return stock.qty !== undefined && Number.isFinite(stock.qty) ? Math.max(0, Math.floor(stock.qty)) : undefined;
}

export type QuantityChange =
  | { readonly ok: true; readonly qty: number }
  | { readonly ok: false; readonly key: MessageKey; readonly params: Readonly<Record<string, number>>; readonly keep: number };

/**
 * The outcome of asking for `requested` on a line holding `current`: the new quantity, or the message and the quantity
 * kept (always `current`). A decrease is never refused by the stock (it frees stock).
 */
export function changeQuantity(current: number, requested: unknown, limit: StockLimit): QuantityChange {
  const wrong = typeof requested === 'string' || typeof requested === 'number' ? validateQuantity(requested) : undefined;
  if (wrong !== null) return { ok: false, key: wrong?.key ?? MESSAGES.qtyAboveZero, params: {}, keep: current };
  const n = Number(requested);
  if (limit !== undefined && n > limit && n > current) {
    if (limit <= 0) return { ok: false, key: MESSAGES.outOfStockCannotAdd, params: {}, keep: current };
    return { ok: false, key: MESSAGES.onlyMaxQuantity, params: { maxQuantity: limit }, keep: current };
  }
  return { ok: true, qty: n };
}
