/**
 * The logged-in customer's saved addresses (spec transactions §3 "Address"; §7 /api/user/me carries them in
 * `customer.addresses`, flagged `default_shipping` / `default_billing`) as CheckoutAddress and back.
 */
import type { CheckoutAddress } from '../checkout/types';
import type { Customer, CustomerAddress } from '../ports/user-api';

/** what an address is the account's default for */
export type AddressUse = 'shipping' | 'billing';

/** a value as trimmed text ('' for anything that is not a string: the account's data comes from outside) */
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A saved address as checkout fields: first street line, then the addition; the customer's names when it has none. */
export function checkoutAddressOf(a: CustomerAddress, customer?: Pick<Customer, 'firstname' | 'lastname'>): CheckoutAddress {
  const lines = Array.isArray(a.street) ? a.street.map(text).filter((l) => l !== '') : [];
  const out: CheckoutAddress = {
    firstName: text(a.firstname) || text(customer?.firstname),
    lastName: text(a.lastname) || text(customer?.lastname),
    streetAddress: lines[0] ?? '',
    city: text(a.city),
    zipCode: text(a.postcode),
    country: text(a.country_id).toUpperCase(),
  };
  if (lines.length > 1) out.apartmentNumber = lines.slice(1).join(' ');
  if (text(a.telephone)) out.phoneNumber = text(a.telephone);
  if (a.region_id !== undefined) out.region_id = a.region_id;
  return out;
}

/** A checkout address as an account address (spec transactions §3 "Address"), without default flags. */
export function customerAddressOf(d: CheckoutAddress): CustomerAddress {
  const out: CustomerAddress = {
    firstname: text(d.firstName),
    lastname: text(d.lastName),
    street: [text(d.streetAddress), ...(text(d.apartmentNumber) ? [text(d.apartmentNumber)] : [])],
    city: text(d.city),
    postcode: text(d.zipCode),
    country_id: text(d.country).toUpperCase(),
  };
  if (text(d.phoneNumber)) out.telephone = text(d.phoneNumber);
  return out;
}

/** a zip code compared without spaces and case ('1015 CX' is '1015cx') */
const zip = (v: string) => v.replace(/\s+/g, '').toUpperCase();
const fold = (v: string | undefined) => text(v).replace(/\s+/g, ' ').toLocaleLowerCase('nl-NL');

const SAME_FIELDS = ['firstName', 'lastName', 'streetAddress', 'apartmentNumber', 'city', 'country'] as const;

/** The same place for the same person: names, street, addition, zip code, city and country (case and spacing aside). */
export function sameAddress(a: CheckoutAddress, b: CheckoutAddress): boolean {
  return zip(text(a.zipCode)) === zip(text(b.zipCode)) && SAME_FIELDS.every((f) => fold(a[f]) === fold(b[f]));
}

/** The account's saved addresses ([] for a guest or an account without any). */
export function savedAddresses(customer: Customer | undefined): readonly CustomerAddress[] {
  return Array.isArray(customer?.addresses) ? customer.addresses : [];
}

/** The customer with `address` added (the default for `uses` without one), or undefined when it is saved already. */
export function withAddress(customer: Customer, address: CheckoutAddress, uses: readonly AddressUse[]): Customer | undefined {
  const saved = savedAddresses(customer);
  if (saved.some((a) => sameAddress(checkoutAddressOf(a, customer), address))) return undefined;
  const added: CustomerAddress = customerAddressOf(address);
  const firstOf = (use: AddressUse) => uses.includes(use) && !saved.some((a) => isDefaultFor(a, use));
  if (firstOf('shipping')) added.default_shipping = true;
  if (firstOf('billing')) added.default_billing = true;
  return { ...customer, addresses: [...saved, added] };
}

/** whether a saved address is the account's default for `use` */
export function isDefaultFor(a: CustomerAddress, use: AddressUse): boolean {
  return (use === 'shipping' ? a.default_shipping : a.default_billing) === true;
}
