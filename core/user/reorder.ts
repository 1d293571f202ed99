/**
 * "Order again" from the history (beyond the spec; transactions §3 "Order history item", §4 "Adding"): the order's
 * lines are added to the cart; its coupon is not applied again (unlike back-to-cart.ts).
 */
import type { OrderLine } from '../cart/restore';
import type { CartItem } from '../cart/types';
import type { OrderHistoryItem } from '../ports/user-api';
import { num, obj } from './order-details';

const positive = (v: unknown): number | undefined => ((num(v) ?? 0) > 0 ? num(v) : undefined);

/** A history item's lines with a sku and a positive `qty_ordered` (else `qty`); child lines are in their parent's. */
export function reorderLines(order: OrderHistoryItem): OrderLine[] {
  const lines = Array.isArray(order.items) ? order.items : [];
  return lines.flatMap((raw): OrderLine[] => {
    const line = obj(raw);
    const sku = line?.['sku'];
    const qty = positive(line?.['qty_ordered']) ?? positive(line?.['qty']);
    if (!line || typeof sku !== 'string' || !sku || qty === undefined) return [];
    if (line['parent_item_id'] != null || line['parent_item'] != null) return [];
    const { name, price_incl_tax, product_type, product_option } = line;
    return [{ sku, qty, name, price_incl_tax, product_type, product_option }];
  });
}

export interface ReorderDeps {
  /** the customer's own orders (SessionService.findOrder) */
  readonly session: { findOrder(ref: string): Promise<OrderHistoryItem | undefined> };
  /** CartService.restoreOrderLines */
  readonly cart: { restoreOrderLines(lines: readonly OrderLine[]): Promise<CartItem[]> };
}

export type ReorderOutcome =
  | { readonly kind: 'added'; readonly lines: readonly CartItem[] }
  /** not in the customer's own history (another customer's number finds nothing, spec transactions §6) */
  | { readonly kind: 'not-found' }
  /** the order holds no line that can go into a cart */
  | { readonly kind: 'nothing-to-add' };

/** Put the products of the customer's order `ref` into the cart. */
export async function reorder(deps: ReorderDeps, ref: string): Promise<ReorderOutcome> {
  const order = await deps.session.findOrder(ref);
  if (!order) return { kind: 'not-found' };
  const lines = reorderLines(order);
  if (lines.length === 0) return { kind: 'nothing-to-add' };
  return { kind: 'added', lines: await deps.cart.restoreOrderLines(lines) };
}
