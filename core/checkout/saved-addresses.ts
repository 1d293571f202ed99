/**
 * A logged-in customer's saved addresses at checkout (spec transactions §3 "Address", §5 the address rule, §7 the
 * account's addresses come with GET /api/user/me). Pure functions: the UI holds the form, the session the customer.
 * - offered: the account's addresses that keep the address rule, the step's default first;
 * - pre-filled: a step whose fields the shopper has not filled in takes the default address; what the shopper typed,
 *   or details kept from before, is never overwritten;
 * - chosen: a saved address fills the fields; "a new address" empties fields that hold a saved one;
 * - kept: an address the shopper asks to keep (`saveInAccount`) is added to the account after the order.
 */
import type { Customer } from '../ports/user-api';
import { checkoutAddressOf, isDefaultFor, sameAddress, savedAddresses, type AddressUse } from '../user/address-book';
import { ADDRESS_FORM_FIELDS, formValuesOf, type AddressFormValues } from './address-rules';
import type { CheckoutAddress, PaymentDetails, ShippingDetails } from './types';

export { ADDRESS_FORM_FIELDS, formValuesOf, type AddressFormValues } from './address-rules';

/** the choice that is none of the saved addresses */
export const NEW_ADDRESS = 'new';

export interface SavedAddressOption {
  /** the address's place in the account's list (stable while the list is) */
  readonly key: string;
  readonly address: CheckoutAddress;
  /** the account's default for the step */
  readonly isDefault: boolean;
}

/**
 * spec transactions §5: the saved addresses a step offers, the account's default for `use` first: those that keep the
 * address rule, each once. [] for a guest or an account without addresses. `accepted` is that rule (no field in
 * address-rules.ts addressErrors), passed in: the browser loads this module for a logged-in customer after the
 * checkout, and a module it shared with the checkout's first load would split that load into more, larger files.
 */
export function savedAddressOptions(customer: Customer | undefined, use: AddressUse, accepted: (a: CheckoutAddress) => boolean): SavedAddressOption[] {
  const options: SavedAddressOption[] = [];
  savedAddresses(customer).forEach((saved, i) => {
    const address = checkoutAddressOf(saved, customer);
    if (!accepted(address)) return;
    if (options.some((o) => sameAddress(o.address, address))) return;
    options.push({ key: String(i), address, isDefault: isDefaultFor(saved, use) });
  });
  return [...options.filter((o) => o.isDefault), ...options.filter((o) => !o.isDefault)];
}

/**
 * Whether the fields hold anything the shopper put there: an address field that differs from what the step shows
 * before anyone types (`blank`: empty fields, the default country, the names of the personal details).
 */
export function addressTyped(values: AddressFormValues, blank: AddressFormValues): boolean {
  return ADDRESS_FORM_FIELDS.some((f) => values[f].trim() !== blank[f].trim());
}

/** The saved address the fields hold unchanged, if any: the choice the step shows (an edited address is a new one). */
export function chosenAddress(values: AddressFormValues, options: readonly SavedAddressOption[]): SavedAddressOption | undefined {
  return options.find((o) => sameAddress(o.address, values));
}

/**
 * The step's fields when it starts (or when the customer's addresses arrive): the default address when the shopper has
 * filled in nothing (`blank`), otherwise the values as they are: typed or restored details are never overwritten.
 */
export function prefillAddress<V extends AddressFormValues>(values: V, blank: AddressFormValues, options: readonly SavedAddressOption[]): V {
  const preferred = options.find((o) => o.isDefault);
  if (!preferred || addressTyped(values, blank)) return values;
  return { ...values, ...formValuesOf(preferred.address) };
}

/**
 * The fields once the shopper chose a saved address (its key) or NEW_ADDRESS: a saved address fills them all; a new
 * address empties fields that hold a saved one (back to `blank`) and keeps an address the shopper typed.
 */
export function chooseAddress<V extends AddressFormValues>(values: V, choice: string, blank: AddressFormValues, options: readonly SavedAddressOption[]): V {
  const option = options.find((o) => o.key === choice);
  if (option) return { ...values, ...formValuesOf(option.address) };
  // formValuesOf copies the address fields alone (a caller's blank may be a whole form's values)
  return chosenAddress(values, options) ? { ...values, ...formValuesOf(blank) } : values;
}

/** An address on one line: "Keizersgracht 12, 1015 CX Amsterdam" (the addition after the street). */
export function addressLine(a: CheckoutAddress): string {
  const street = [a.streetAddress, a.apartmentNumber].filter((p) => p && p.trim() !== '').join(' ');
  return `${street}, ${a.zipCode} ${a.city}`;
}

/** An address to add to the account and the uses it is kept for. */
export interface KeptAddress {
  readonly address: CheckoutAddress;
  readonly uses: readonly AddressUse[];
}

/**
 * spec transactions §5, §7: the addresses of an order the shopper asked to keep (`saveInAccount`), in the order they are
 * added: the shipping address for 'shipping', the billing address for 'billing'; a billing address that is the kept
 * shipping address is one address for both uses (the account takes an address once, so a second add would drop its use).
 */
export function addressesToKeep(shipping: ShippingDetails, payment: PaymentDetails): KeptAddress[] {
  const kept: KeptAddress[] = shipping.saveInAccount ? [{ address: shipping, uses: ['shipping'] }] : [];
  if (!payment.saveInAccount) return kept;
  if (shipping.saveInAccount && sameAddress(shipping, payment)) return [{ address: shipping, uses: ['shipping', 'billing'] }];
  return [...kept, { address: payment, uses: ['billing'] }];
}
