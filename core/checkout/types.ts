/** Checkout entities (spec transactions §3 personal, shipping and payment details, payment methods). */
import type { CartPaymentMethod } from '../cart/types';

export interface PersonalDetails {
  firstName: string;
  lastName: string;
  emailAddress: string;
  password?: string;
  createAccount?: boolean;
}

/** The address both steps ask for (spec transactions §5; address-rules.ts checks it). */
export interface CheckoutAddress {
  firstName: string;
  lastName: string;
  country: string;
  streetAddress: string;
  apartmentNumber?: string;
  city: string;
  state?: string;
  region_id?: number | string;
  zipCode: string;
  phoneNumber?: string;
}

export interface ShippingDetails extends CheckoutAddress {
  /** method_code of the chosen shipping method */
  shippingMethod: string;
  /** carrier_code of the chosen shipping method */
  shippingCarrier?: string;
  /** keep this address in the account after the order (saved-addresses.ts); never sent with the order */
  saveInAccount?: boolean;
}

export interface PaymentDetails extends CheckoutAddress {
  company?: string;
  taxId?: string;
  paymentMethod: string;
  /** e.g. `{ issuer }` for iDEAL */
  paymentMethodAdditional?: Record<string, unknown>;
  /** keep this address in the account after the order (saved-addresses.ts); never sent with the order */
  saveInAccount?: boolean;
}

/** A payment method as checkout offers it: the cart's shape (cost in cost_incl_tax) plus the provider fields of §3. */
export interface CheckoutPaymentMethod extends CartPaymentMethod {
  /** true for methods of the payment provider (redirect flow) */
  pspMethod?: boolean;
  image?: { svg?: string; [size: string]: string | undefined };
}
