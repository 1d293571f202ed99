/**
 * A placed order's lines back into the cart ("back to cart", core/checkout/back-to-cart.ts): a line of the same
 * identity (spec §4 "Adding") gets the order's quantity added; the others are appended in the order's order.
 */
import { addCartItem } from './add';
import { cartItemIdentity, normalizeQty } from './identity';
import type { CartItem } from './types';

/** A line of a placed order as the order body (POST /api/order products) or the order history holds it. */
export interface OrderLine {
  readonly sku: string;
  readonly qty: unknown;
  readonly name?: unknown;
  readonly price_incl_tax?: unknown;
  readonly product_type?: unknown;
  readonly product_option?: unknown;
}

/** The cart item for an order line (never its old server ids: the line is new to the cart it goes into). */
export function cartItemFromOrderLine(line: OrderLine): CartItem {
  const item: CartItem = { sku: line.sku, qty: normalizeQty(line.qty) };
  if (typeof line.name === 'string' && line.name) item.name = line.name;
  if (typeof line.price_incl_tax === 'number' && Number.isFinite(line.price_incl_tax)) item.price_incl_tax = line.price_incl_tax;
  if (typeof line.product_type === 'string' && line.product_type) item.type_id = line.product_type as CartItem['type_id'];
  if (line.product_option && typeof line.product_option === 'object') item.product_option = line.product_option as CartItem['product_option'];
  return item;
}

/** The cart after putting `lines` back: quantities of the same identity are summed, nothing is dropped. */
export function restoreOrderLines(items: readonly CartItem[], lines: readonly OrderLine[]): { items: CartItem[]; changed: CartItem[] } {
  let out = [...items];
  const changed = new Map<string, CartItem>();
  for (const line of lines) {
    if (!line || typeof line.sku !== 'string' || !line.sku) continue;
    const added = addCartItem(out, cartItemFromOrderLine(line));
    out = added.items;
    changed.set(cartItemIdentity(added.line), added.line);
  }
  return { items: out, changed: [...changed.values()] };
}
