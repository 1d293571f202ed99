/**
 * Where checkout resumes (spec transactions §3 checkout details kept in browser storage, §4 "in checkout" within 30
 * minutes of the last change): the step is kept with the details, so a reload or a language switch keeps it, never
 * past the details actually saved.
 */
import type { ShopConfig } from '../config';
import { isInCheckout } from './checkout-rules';
import type { CheckoutState } from './checkout-state';

export const CHECKOUT_STEPS = ['personal', 'shipping', 'payment', 'review'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export type SavedCheckoutDetails = Pick<CheckoutState, 'personalDetails' | 'shippingDetails' | 'paymentDetails'>;

/** The furthest step the saved details reach: a step opens once every step before it has its details saved. */
export function furthestStep(details: SavedCheckoutDetails): CheckoutStep {
  if (!details.personalDetails) return 'personal';
  if (!details.shippingDetails) return 'shipping';
  if (!details.paymentDetails) return 'payment';
  return 'review';
}

/**
 * spec transactions §4, §9: inside the in-checkout window the saved step is resumed, but never beyond what the saved
 * details allow (a step saved without its details — e.g. storage partly cleared — falls back to the first open one);
 * outside the window (or nothing saved) checkout starts at the personal details (they stay filled in).
 */
export function resumeStep(
  saved: unknown,
  details: SavedCheckoutDetails,
  lastModified: number | undefined,
  now: number,
  config: Pick<ShopConfig, 'checkout'>,
): CheckoutStep {
  const step = CHECKOUT_STEPS.find((s) => s === saved);
  if (!step || !isInCheckout(lastModified, now, config)) return 'personal';
  const furthest = furthestStep(details);
  return CHECKOUT_STEPS.indexOf(step) <= CHECKOUT_STEPS.indexOf(furthest) ? step : furthest;
}
