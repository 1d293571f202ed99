/**
 * "Back to cart" after a failed payment (beyond the spec; placing clears the cart, spec transactions §4): the order's
 * lines and coupon (§4 "Coupon") go back into the cart, from this browser's stored order, else the customer's history.
 */
import type { OrderLine } from '../cart/restore';
import type { CartItem } from '../cart/types';
import type { OrderHistoryItem } from '../ports/user-api';
import { reorderLines } from '../user/reorder';
import type { StoredOrder } from './order-store';

export interface BackToCartDeps {
  /** this browser's stored orders (CheckoutService.orders) */
  readonly orders: { all(): Promise<StoredOrder[]> };
  readonly cart: {
    restoreOrderLines(lines: readonly OrderLine[]): Promise<CartItem[]>;
    applyCoupon(code: string): Promise<boolean>;
    snapshot(): { readonly coupon?: { readonly code: string } | undefined };
  };
  /** the customer's own orders (SessionService); a guest has none */
  readonly session: { isLoggedIn(): boolean; findOrder(ref: string): Promise<OrderHistoryItem | undefined> };
}

export type BackToCartOutcome =
  /** the lines are back; `coupon` says whether the order's coupon is applied again (absent: the order had none;
   *  not applied: offline, or the platform refused it, e.g. expired since) */
  | { readonly kind: 'restored'; readonly lines: readonly CartItem[]; readonly coupon?: { readonly code: string; readonly applied: boolean } }
  /** neither this browser nor the customer's history knows the order's lines */
  | { readonly kind: 'lines-unknown' };

const couponCode = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

async function orderToRestore(deps: BackToCartDeps, order: { orderToken: string; incrementId: string }): Promise<{ lines: readonly OrderLine[]; coupon: string | undefined } | undefined> {
  if (order.orderToken) {
    const stored = (await deps.orders.all()).find((o) => o.result?.order_token === order.orderToken);
    if (stored && stored.products.length > 0) return { lines: stored.products, coupon: couponCode(stored.coupon_code) };
  }
  if (!deps.session.isLoggedIn()) return undefined;
  const own = await deps.session.findOrder(order.incrementId);
  const lines = own ? reorderLines(own) : [];
  return lines.length > 0 ? { lines, coupon: couponCode(own?.['coupon_code']) } : undefined;
}

/** Put a placed order's products, and its coupon, back into the cart. */
export async function backToCart(deps: BackToCartDeps, order: { orderToken: string; incrementId: string }): Promise<BackToCartOutcome> {
  const found = await orderToRestore(deps, order);
  if (!found) return { kind: 'lines-unknown' };
  const lines = await deps.cart.restoreOrderLines(found.lines);
  if (!found.coupon) return { kind: 'restored', lines };
  // not applied: offline, or the coupon has expired since (the lines are back, the shopper can enter a coupon again)
  const kept = deps.cart.snapshot().coupon?.code === found.coupon;
  const applied = kept || (await deps.cart.applyCoupon(found.coupon).catch(() => false));
  return { kind: 'restored', lines, coupon: { code: found.coupon, applied } };
}
