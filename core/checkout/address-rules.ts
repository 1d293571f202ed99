/**
 * The address rule of spec transactions §5 for the shipping and billing address; CheckoutService refuses an address
 * that breaks it (InvalidAddressError), the form shows the same errors per field.
 */
import type { ShopConfig } from '../config';
import { ShopError } from '../messages';
import { collectErrors, validateName, validateRequired, type FieldError, type FieldResult, type FormErrors } from './field-rules';
import { validateCountry, validateTaxId, validateZipCode } from './form-validation';
import type { CheckoutAddress } from './types';

/** The address fields of ShippingDetails and PaymentDetails (optional ones need no value). */
export type AddressInput = Readonly<Omit<CheckoutAddress, 'state' | 'region_id'>>;

export type AddressField = 'firstName' | 'lastName' | 'streetAddress' | 'zipCode' | 'city' | 'country';
export type BillingField = AddressField | 'taxId';

export const ADDRESS_FORM_FIELDS = [
  'firstName',
  'lastName',
  'streetAddress',
  'apartmentNumber',
  'zipCode',
  'city',
  'country',
  'phoneNumber',
] as const;

/** The address fields as a form holds them: text, '' for an empty optional field. */
export type AddressFormValues = Record<(typeof ADDRESS_FORM_FIELDS)[number], string>;

/** An address as form values (optional fields ''): a saved address, or the shipping address as the billing one. */
export function formValuesOf(a: CheckoutAddress): AddressFormValues {
  return Object.fromEntries(ADDRESS_FORM_FIELDS.map((f) => [f, a[f] ?? ''])) as AddressFormValues;
}

/** a field as text: an SDK caller without types may pass anything, which then counts as empty */
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** spec transactions §5: each address field's check (null: valid); apartment number and phone are free. */
export function addressFieldChecks(a: AddressInput, config: ShopConfig): Record<AddressField, FieldResult> {
  return {
    firstName: validateName(text(a.firstName), config),
    lastName: validateName(text(a.lastName), config),
    streetAddress: validateRequired(text(a.streetAddress)),
    zipCode: validateZipCode(text(a.zipCode), config),
    city: validateRequired(text(a.city)),
    country: validateCountry(text(a.country), config),
  };
}

/** spec transactions §5: the shipping address's errors by field ({} when valid). */
export function addressErrors(a: AddressInput, config: ShopConfig): FormErrors<AddressField> {
  return collectErrors(addressFieldChecks(a, config));
}

/** spec transactions §5: the billing address's errors by field, its optional tax ID included ({} when valid). */
export function billingAddressErrors(a: AddressInput & { readonly taxId?: string | undefined }, config: ShopConfig): FormErrors<BillingField> {
  return collectErrors({ ...addressFieldChecks(a, config), taxId: validateTaxId(typeof a.taxId === 'string' ? a.taxId : undefined, config) });
}

/**
 * An address refused by the rule of spec transactions §5: a ShopError (status 400) whose key and params are the first
 * failing field's, with every failing field's error in `fields`.
 */
export class InvalidAddressError<F extends string = BillingField> extends ShopError {
  constructor(readonly fields: FormErrors<F>) {
    const first = Object.values<FieldError | undefined>(fields).find((e) => e !== undefined);
    if (!first) throw new Error('InvalidAddressError needs at least one field error');
    super(first.key, first.params ?? {}, 400);
    this.name = 'InvalidAddressError';
  }
}
