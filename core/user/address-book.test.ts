import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckoutAddress } from '../checkout/types';
import type { Customer } from '../ports/user-api';
import { checkoutAddressOf, customerAddressOf, isDefaultFor, sameAddress, withAddress } from './address-book';

const anne: Customer = { id: 3, email: 'anne@example.nl', firstname: 'Anne', lastname: 'de Vries' };
const home = { firstname: 'Anne', lastname: 'de Vries', street: ['Keizersgracht 12', '2 hoog'], city: 'Amsterdam', postcode: '1015 CX', country_id: 'NL', telephone: '020 123', default_shipping: true };
const office: CheckoutAddress = { firstName: 'Anne', lastName: 'de Vries', streetAddress: 'Meir 1', zipCode: '2000', city: 'Antwerpen', country: 'BE' };

// text fields that a form may hold: with spaces around, mixed case
const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,11}[A-Za-z0-9]$/);
const checkoutAddress: fc.Arbitrary<CheckoutAddress> = fc.record(
  {
    firstName: word, lastName: word, streetAddress: word, apartmentNumber: word, zipCode: word, city: word,
    country: fc.constantFrom('NL', 'BE'), phoneNumber: word,
  },
  { requiredKeys: ['firstName', 'lastName', 'streetAddress', 'zipCode', 'city', 'country'] },
);

describe('the account address as a checkout address and back (spec transactions §3 "Address", checkout shippingDetails)', () => {
  it('maps street lines, postcode, country and telephone to the checkout fields', () => {
    expect(checkoutAddressOf(home)).toEqual({
      firstName: 'Anne', lastName: 'de Vries', streetAddress: 'Keizersgracht 12', apartmentNumber: '2 hoog', zipCode: '1015 CX', city: 'Amsterdam', country: 'NL', phoneNumber: '020 123',
    });
    expect(customerAddressOf(office)).toEqual({ firstname: 'Anne', lastname: 'de Vries', street: ['Meir 1'], city: 'Antwerpen', postcode: '2000', country_id: 'BE' });
  });

  it("a saved address without names carries the customer's; a lower-case country is a country code; junk is empty text", () => {
    const bare = checkoutAddressOf({ street: ['Meir 1'], city: 'Antwerpen', postcode: '2000', country_id: 'be' }, anne);
    expect(bare).toMatchObject({ firstName: 'Anne', lastName: 'de Vries', country: 'BE' });
    const junk = checkoutAddressOf({ street: 'Meir 1' as unknown as string[], city: 7 as unknown as string }, undefined);
    expect(junk).toEqual({ firstName: '', lastName: '', streetAddress: '', city: '', zipCode: '', country: '' });
  });

  it('property: an address kept in the account comes back as the same address', () => {
    fc.assert(fc.property(checkoutAddress, (a) => sameAddress(checkoutAddressOf(customerAddressOf(a)), a)));
  });

  it('the same address whatever the case or spacing; another house number is another address', () => {
    expect(sameAddress({ ...office, zipCode: '1015cx', city: ' antwerpen' }, { ...office, zipCode: '1015 CX', city: 'Antwerpen' })).toBe(true);
    expect(sameAddress({ ...office, streetAddress: 'Meir 2' }, office)).toBe(false);
    expect(sameAddress({ ...office, apartmentNumber: 'B' }, office)).toBe(false);
  });
});

describe('adding an address to the account (spec transactions §7 POST /api/user/me with the customer)', () => {
  it('appends it; it becomes the default only for a use the account has no default for', () => {
    const customer = { ...anne, addresses: [home] };
    const next = withAddress(customer, office, ['shipping'])!;
    expect(next.addresses).toHaveLength(2);
    expect(next.addresses![0]).toBe(home);
    expect(isDefaultFor(next.addresses![1]!, 'shipping')).toBe(false);
    const billing = withAddress(customer, office, ['billing'])!;
    expect(isDefaultFor(billing.addresses![1]!, 'billing')).toBe(true);
    // the first address of an account is its default
    expect(withAddress(anne, office, ['shipping'])!.addresses).toEqual([{ ...customerAddressOf(office), default_shipping: true }]);
  });

  it('an address the account has already is not added twice (nothing to change)', () => {
    const customer = { ...anne, addresses: [home] };
    expect(withAddress(customer, { ...checkoutAddressOf(home), zipCode: '1015cx' }, ['shipping'])).toBeUndefined();
  });

  it('property: the account never loses an address, holds the added one and grows by one at most', () => {
    fc.assert(
      fc.property(fc.array(checkoutAddress, { maxLength: 4 }), checkoutAddress, (saved, added) => {
        const customer = { ...anne, addresses: saved.map(customerAddressOf) };
        const next = withAddress(customer, added, ['shipping']) ?? customer;
        expect(next.addresses!.slice(0, saved.length)).toEqual(customer.addresses);
        expect(next.addresses!.some((a) => sameAddress(checkoutAddressOf(a), added))).toBe(true);
        expect(next.addresses!.length - saved.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
