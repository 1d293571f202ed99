import type { ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import type { CartItem, CartPaymentMethod, CartShippingMethod, Coupon, PlatformTotals, TotalSegment } from './types';

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * Totals computed on the client while the server's are unknown (spec transactions §3 "Totals"): the shipping price
 * once per cart, never once per line; none for an empty cart. The coupon's discount is the server's to compute, so
 * the last one its totals gave is carried as a fixed amount, never more than the goods, labelled as last known.
 */
export function offlineTotals(
  items: readonly CartItem[],
  shipping: CartShippingMethod | undefined,
  payment: CartPaymentMethod | undefined,
  config: Pick<ShopConfig, 'i18n'>,
  coupon?: Coupon,
): TotalSegment[] {
  const d = config.i18n.fractionDigits;
  const subtotal = round(items.reduce((s, i) => s + (i.price_incl_tax ?? 0) * i.qty, 0), d);
  const shippingValue = items.length > 0 && shipping ? round(shipping.price_incl_tax, d) : 0;
  const paymentValue = items.length > 0 && payment ? round(payment.cost_incl_tax ?? 0, d) : 0;
  const known = coupon && Number.isFinite(coupon.discount) ? Math.abs(coupon.discount) : 0;
  const discount = items.length > 0 ? round(Math.min(known, subtotal), d) : 0;
  const segments: TotalSegment[] = [{ code: 'subtotal_incl_tax', title: MESSAGES.totalsSubtotal, value: subtotal }];
  if (discount > 0) segments.push({ code: 'discount', title: MESSAGES.totalsDiscountLastKnown, value: -discount });
  if (shipping) segments.push({ code: 'shipping', title: MESSAGES.totalsShipping, value: shippingValue });
  if (payment) segments.push({ code: 'payment', title: MESSAGES.totalsPayment, value: paymentValue });
  segments.push({ code: 'grand_total', title: MESSAGES.totalsGrandTotal, value: round(subtotal - discount + shippingValue + paymentValue, d) });
  return segments;
}

/**
 * Whether the platform's totals still describe the cart's lines (spec transactions §4 "Sync need", §3 "Cart item"):
 * every line is a server line the totals list with its quantity, and the totals list no other line. A line changed
 * offline, or the totals of an earlier cart, do not fit.
 */
export function platformTotalsFit(platform: PlatformTotals, items: readonly CartItem[]): boolean {
  if (items.some((i) => i.server_item_id === undefined || i.server_item_id === null)) return false;
  if (!platform.items) return true;
  if (platform.items.length !== items.length) return false;
  return items.every((i) => {
    const line = platform.items!.find((p) => String(p.item_id) === String(i.server_item_id));
    return line !== undefined && (line.qty === undefined || line.qty === i.qty);
  });
}

/**
 * The segments to show: the platform's when known and fitting the lines (platformTotalsFit), else the ones computed
 * from the lines (offlineTotals: shipping once, the coupon's last known discount).
 */
export function cartTotals(platform: PlatformTotals | undefined, ...cart: Parameters<typeof offlineTotals>): TotalSegment[] {
  return platform?.total_segments?.length && platformTotalsFit(platform, cart[0]) ? platform.total_segments : offlineTotals(...cart);
}

/**
 * A line's row total incl. tax: the platform's while its totals fit the lines (spec transactions §3 "Cart item: totals
 * (row_total_incl_tax, discount_amount)"), else price incl. tax x quantity, as the computed totals add them up.
 */
export function lineRowTotal(item: CartItem, platform: PlatformTotals | undefined, items: readonly CartItem[]): number {
  const fits = platform?.total_segments?.length ? platformTotalsFit(platform, items) : false;
  if (fits && item.totals?.row_total_incl_tax !== undefined) return item.totals.row_total_incl_tax;
  return (item.price_incl_tax ?? 0) * item.qty;
}

/** The value of one segment, or 0. */
export function segmentValue(segments: readonly TotalSegment[], code: string): number {
  return segments.find((s) => s.code === code)?.value ?? 0;
}
