/**
 * A logged-in customer's saved addresses at checkout (spec transactions §3 "Address", §5, §7 /api/user/me): which
 * are offered, how they pre-fill and fill the fields (never over what the shopper typed), and which are kept after
 * the order. Pure functions: the UI holds the form, the session the customer.
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
 * spec transactions §5: the saved addresses a step offers, each once, the default for `use` first. `accepted` is the
 * address rule, passed in so this module (loaded later, for a logged-in customer) shares no code with the first load.
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

/** Whether an address field differs from what the step shows before anyone types (`blank`). */
export function addressTyped(values: AddressFormValues, blank: AddressFormValues): boolean {
  return ADDRESS_FORM_FIELDS.some((f) => values[f].trim() !== blank[f].trim());
}

/** The saved address the fields hold unchanged, if any: the choice the step shows (an edited address is a new one). */
export function chosenAddress(values: AddressFormValues, options: readonly SavedAddressOption[]): SavedAddressOption | undefined {
  return options.find((o) => sameAddress(o.address, values));
}

/** The step's fields at its start: the default address when nothing was filled in, else the values as they are. */
export function prefillAddress<V extends AddressFormValues>(values: V, blank: AddressFormValues, options: readonly SavedAddressOption[]): V {
  const preferred = options.find((o) => o.isDefault);
  if (!preferred || addressTyped(values, blank)) return values;
  return { ...values, ...formValuesOf(preferred.address) };
}

/** The fields after choosing a saved address (fills them) or NEW_ADDRESS (empties a saved one, keeps a typed one). */
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
 * spec transactions §5, §7: the order's addresses to keep (`saveInAccount`) with their uses; a billing address equal
 * to the kept shipping one is one address for both (the account takes an address once).
 */
export function addressesToKeep(shipping: ShippingDetails, payment: PaymentDetails): KeptAddress[] {
  const kept: KeptAddress[] = shipping.saveInAccount ? [{ address: shipping, uses: ['shipping'] }] : [];
  if (!payment.saveInAccount) return kept;
  if (shipping.saveInAccount && sameAddress(shipping, payment)) return [{ address: shipping, uses: ['shipping', 'billing'] }];
  return [...kept, { address: payment, uses: ['billing'] }];
}
