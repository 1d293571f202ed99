/** Where checkout resumes (spec transactions §3, §4 "in checkout"): the kept step, never past the saved details. */
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

/** spec transactions §4, §9: the saved step inside the in-checkout window (at most the furthest), else 'personal'. */
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
