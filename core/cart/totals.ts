import type { ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import type { CartItem, CartPaymentMethod, CartShippingMethod, PlatformTotals, TotalSegment } from './types';

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * Totals computed on the client while the server totals are unknown (offline, or server sync off)
 * (spec transactions §3 "Totals": subtotal_incl_tax, grand_total, payment, shipping).
 * The shipping price is counted ONCE per cart, never once per line (a vue-storefront 1.12 bug);
 * an empty cart has no shipping.
 */
export function offlineTotals(
  items: readonly CartItem[],
  shipping: CartShippingMethod | undefined,
  payment: CartPaymentMethod | undefined,
  config: Pick<ShopConfig, 'i18n'>,
): TotalSegment[] {
  const d = config.i18n.fractionDigits;
  const subtotal = round(items.reduce((s, i) => s + (i.price_incl_tax ?? 0) * i.qty, 0), d);
  const shippingValue = items.length > 0 && shipping ? round(shipping.price_incl_tax, d) : 0;
  const paymentValue = items.length > 0 && payment ? round(payment.cost_incl_tax ?? 0, d) : 0;
  const segments: TotalSegment[] = [{ code: 'subtotal_incl_tax', title: MESSAGES.totalsSubtotal, value: subtotal }];
  if (shipping) segments.push({ code: 'shipping', title: MESSAGES.totalsShipping, value: shippingValue });
  if (payment) segments.push({ code: 'payment', title: MESSAGES.totalsPayment, value: paymentValue });
  segments.push({ code: 'grand_total', title: MESSAGES.totalsGrandTotal, value: round(subtotal + shippingValue + paymentValue, d) });
  return segments;
}

/** The segments to show: the platform's when known, else the offline ones. */
export function cartTotals(
  platform: PlatformTotals | undefined,
  items: readonly CartItem[],
  shipping: CartShippingMethod | undefined,
  payment: CartPaymentMethod | undefined,
  config: Pick<ShopConfig, 'i18n'>,
): TotalSegment[] {
  return platform?.total_segments?.length ? platform.total_segments : offlineTotals(items, shipping, payment, config);
}

/** The value of one segment, or 0. */
export function segmentValue(segments: readonly TotalSegment[], code: string): number {
  return segments.find((s) => s.code === code)?.value ?? 0;
}
