/**
 * The payment step's choices (spec transactions §3 "paymentDetails", §5, §9): whether the billing address is the
 * shipping address; the method, kept before the step is confirmed; one no longer offered falls back to the default;
 * offline, the methods that work offline with 'payment.offline'.
 */
import type { CartItem } from '../cart/types';
import type { ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import type { ProviderPaymentMethodWire } from '../ports/payment-api';
import { sameAddress } from '../user/address-book';
import { defaultMethod, paymentMethods, type PaymentMethodsResult } from './checkout-rules';
import type { CheckoutAddress, CheckoutPaymentMethod, PaymentDetails } from './types';

/**
 * spec transactions §3 "paymentDetails": whether the step shows 'billing address is the same as the shipping
 * address': nothing saved yet, or the saved billing address is the shipping address (every field of sameAddress) and
 * holds nothing only a billing address of its own has: a company, a tax ID, 'keep in my account'.
 */
export function billingIsShipping(saved: PaymentDetails | undefined, shipping: CheckoutAddress | undefined): boolean {
  if (!saved || !shipping) return true;
  return sameAddress(saved, shipping) && !saved.company?.trim() && !saved.taxId?.trim() && !saved.saveInAccount;
}

/** A payment method picked on the payment step and not yet confirmed ("Verder naar overzicht"). */
export interface PaymentChoice {
  readonly method: string;
  /** the iDEAL bank, when one was picked */
  readonly issuer?: string;
}

export interface ResolvedPaymentChoice {
  /** the method to show as chosen ('' while nothing is offered yet) */
  readonly method: string;
  readonly issuer: string;
  /** the kept method that is not offered any more (the step shows the default instead and says so) */
  readonly replaced?: string;
}

/** what a payment method code (and a bank id) looks like: Magento's codes are short, lower case and underscores */
const CODE = /^[a-z0-9_]{1,64}$/i;
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The choice read back from storage (anything may be there): a code-like method, a bank only for the issuer method. */
export function storedPaymentChoice(value: unknown, config: Pick<ShopConfig, 'payment'>): PaymentChoice | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { method, issuer } = value as { method?: unknown; issuer?: unknown };
  if (typeof method !== 'string' || !CODE.test(method) || INHERITED.has(method)) return undefined;
  const bank = method === config.payment.issuerMethod && typeof issuer === 'string' && CODE.test(issuer) ? issuer : undefined;
  return bank ? { method, issuer: bank } : { method };
}

/** The kept choice, else the confirmed payment details' method and bank. */
export function keptPaymentChoice(choice: PaymentChoice | undefined, details: Pick<PaymentDetails, 'paymentMethod' | 'paymentMethodAdditional'> | undefined): PaymentChoice | undefined {
  if (choice) return choice;
  if (!details?.paymentMethod) return undefined;
  const issuer = details.paymentMethodAdditional?.['issuer'];
  return typeof issuer === 'string' && issuer ? { method: details.paymentMethod, issuer } : { method: details.paymentMethod };
}

/**
 * What the step shows as chosen: the kept choice while nothing is offered yet or it is offered, else the default with
 * `replaced` naming the kept one (not `offline`: the method returns with the connection).
 */
export function resolvePaymentChoice(kept: PaymentChoice | undefined, methods: readonly CheckoutPaymentMethod[], offline = false): ResolvedPaymentChoice {
  if (methods.length === 0 || (kept && methods.some((m) => m.code === kept.method))) return { method: kept?.method ?? '', issuer: kept?.issuer ?? '' };
  const fallback = defaultMethod(methods)?.code ?? '';
  return kept && !offline ? { method: fallback, issuer: '', replaced: kept.method } : { method: fallback, issuer: '' };
}

/** spec §4, §5, §8: the offer; offline without the provider's answer: the offline methods, 'payment.offline'. */
export function paymentMethodsOffer(
  provider: readonly ProviderPaymentMethodWire[] | undefined,
  online: boolean,
  items: readonly Pick<CartItem, 'type_id'>[],
  config: Pick<ShopConfig, 'payment'>,
): PaymentMethodsResult {
  const offer = paymentMethods(provider ?? [], items, config);
  if (provider === undefined && !online) return { methods: offer.methods.filter((m) => m.offline === true), error: MESSAGES.paymentMethodsOffline };
  return offer;
}
