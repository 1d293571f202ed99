/** spec transactions §4 "Payment status groups"; anything else is unknown. */
import { ownEntry } from '../dictionary';

export type PaymentStatusGroup = 'success' | 'pending' | 'failed';

const GROUPS: Readonly<Record<string, PaymentStatusGroup>> = {
  paid: 'success',
  pending: 'pending',
  open: 'pending',
  expired: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

export function paymentStatusGroup(status: string): PaymentStatusGroup | undefined {
  return ownEntry(GROUPS, status);
}

/** the redirect URL of the payment: absolute storefront origin + config.payment.redirectPath with the order token */
export function paymentRedirectUrl(storefrontOrigin: string, redirectPath: string, orderToken: string): string {
  return storefrontOrigin.replace(/\/+$/, '') + redirectPath.replace('{order_token}', encodeURIComponent(orderToken));
}
