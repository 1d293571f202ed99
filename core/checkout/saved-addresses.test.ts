import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import type { Customer, CustomerAddress } from '../ports/user-api';
import type { CheckoutAddress, PaymentDetails, ShippingDetails } from './types';
import { addressErrors } from './address-rules';
import {
  addressesToKeep,
  addressLine,
  addressTyped,
  ADDRESS_FORM_FIELDS,
  chooseAddress,
  chosenAddress,
  NEW_ADDRESS,
  prefillAddress,
  savedAddressOptions,
  type AddressFormValues,
} from './saved-addresses';

const config = DEFAULT_CONFIG;
const rule = (a: CheckoutAddress) => Object.keys(addressErrors(a, config)).length === 0;
const home: CustomerAddress = { firstname: 'Anne', lastname: 'de Vries', street: ['Keizersgracht 12'], city: 'Amsterdam', postcode: '1015 CX', country_id: 'NL', default_shipping: true };
const office: CustomerAddress = { street: ['Meir 1', 'bus 3'], city: 'Antwerpen', postcode: '2000', country_id: 'BE', default_billing: true };
const berlin: CustomerAddress = { street: ['Unter den Linden 5'], city: 'Berlin', postcode: '10117', country_id: 'DE', default_shipping: false };
const anne: Customer = { email: 'anne@example.nl', firstname: 'Anne', lastname: 'de Vries', addresses: [office, berlin, home] };

/** what the shipping step shows before anyone types: the names of the personal details, the default country */
const blank: AddressFormValues = { firstName: 'Anne', lastName: 'de Vries', streetAddress: '', apartmentNumber: '', zipCode: '', city: '', country: 'NL', phoneNumber: '' };

describe('the saved addresses a step offers (spec transactions §3 "Address", §5 address rule)', () => {
  it('the default for the step first; an address the rule refuses (abroad) is not offered', () => {
    const shipping = savedAddressOptions(anne, 'shipping', rule);
    expect(shipping.map((o) => [o.key, o.isDefault])).toEqual([['2', true], ['0', false]]);
    const billing = savedAddressOptions(anne, 'billing', rule);
    expect(billing.map((o) => [o.key, o.isDefault])).toEqual([['0', true], ['2', false]]);
    // a saved address without names is the customer's own
    expect(billing[0]?.address).toMatchObject({ firstName: 'Anne', lastName: 'de Vries', streetAddress: 'Meir 1', apartmentNumber: 'bus 3', country: 'BE' });
  });

  it('nothing for a guest or an account without addresses; an address saved twice is offered once', () => {
    expect(savedAddressOptions(undefined, 'shipping', rule)).toEqual([]);
    expect(savedAddressOptions({ ...anne, addresses: [] }, 'shipping', rule)).toEqual([]);
    expect(savedAddressOptions({ ...anne, addresses: [home, { ...home, postcode: '1015cx', default_shipping: false }] }, 'shipping', rule)).toHaveLength(1);
  });

  it('an address on one line: street, addition, zip code and city', () => {
    expect(savedAddressOptions(anne, 'billing', rule).map((o) => addressLine(o.address))).toEqual(['Meir 1 bus 3, 2000 Antwerpen', 'Keizersgracht 12, 1015 CX Amsterdam']);
  });
});

describe('pre-filling the step from the default address (spec transactions §3 checkout shippingDetails, paymentDetails)', () => {
  const options = savedAddressOptions(anne, 'shipping', rule);

  it("fields nobody filled in take the default shipping address; the billing address takes the default billing one", () => {
    expect(prefillAddress(blank, blank, options)).toEqual({ ...blank, streetAddress: 'Keizersgracht 12', zipCode: '1015 CX', city: 'Amsterdam' });
    const billing = prefillAddress({ ...blank, firstName: '', lastName: '' }, { ...blank, firstName: '', lastName: '' }, savedAddressOptions(anne, 'billing', rule));
    expect(billing).toMatchObject({ firstName: 'Anne', streetAddress: 'Meir 1', apartmentNumber: 'bus 3', zipCode: '2000', city: 'Antwerpen', country: 'BE' });
  });

  it('with no default the addresses are offered, not filled in', () => {
    const noDefault = savedAddressOptions({ ...anne, addresses: [{ ...home, default_shipping: false }] }, 'shipping', rule);
    expect(noDefault).toHaveLength(1);
    expect(prefillAddress(blank, blank, noDefault)).toBe(blank);
  });

  it('details kept from before (a returning tab) are not replaced', () => {
    const restored = { ...blank, streetAddress: 'Damrak 1', zipCode: '1012 LG', city: 'Amsterdam' };
    expect(prefillAddress(restored, blank, options)).toBe(restored);
  });

  // the form values a shopper may have: any field typed or left as the step showed it
  const typedValues = fc
    .record(Object.fromEntries(ADDRESS_FORM_FIELDS.map((f) => [f, fc.option(fc.string({ maxLength: 12 }), { nil: undefined })])) as Record<keyof AddressFormValues, fc.Arbitrary<string | undefined>>)
    .map((typed) => Object.fromEntries(ADDRESS_FORM_FIELDS.map((f) => [f, typed[f] ?? blank[f]])) as unknown as AddressFormValues);
  // saved addresses as an account may hold them: most usable, some not (short, blank, abroad)
  const text = (...usable: string[]) => fc.oneof(fc.constantFrom(...usable), fc.string({ maxLength: 10 }));
  const savedAddress = fc.record({
    firstname: fc.option(text('Anne', ' Jo ', 'Émile'), { nil: undefined }),
    lastname: fc.option(text('de Vries', 'Peeters'), { nil: undefined }),
    street: fc.array(text('Keizersgracht 12', 'Meir 1', '2 hoog', '  '), { maxLength: 3 }),
    city: text('Amsterdam', 'Antwerpen '),
    postcode: text('1015 CX', '2000', '1015cx'),
    country_id: fc.constantFrom('NL', 'BE', 'nl', 'DE', ''),
    default_shipping: fc.boolean(),
    default_billing: fc.boolean(),
  });
  const customer = fc.array(savedAddress, { maxLength: 4 }).map((addresses): Customer => ({ ...anne, addresses }));

  it('property: the pre-fill never overwrites a value the shopper typed', () => {
    fc.assert(
      fc.property(typedValues, customer, fc.constantFrom('shipping' as const, 'billing' as const), (values, c, use) => {
        const out = prefillAddress(values, blank, savedAddressOptions(c, use, rule));
        for (const f of ADDRESS_FORM_FIELDS) if (values[f].trim() !== blank[f].trim()) expect(out[f]).toBe(values[f]);
        // and fills a form nobody typed in only with an address the rule accepts
        if (out !== values) expect(addressErrors(out, config)).toEqual({});
      }),
    );
  });

  it('property: a chosen saved address gives details that pass the address rule (spec transactions §5)', () => {
    fc.assert(
      fc.property(typedValues, customer, fc.constantFrom('shipping' as const, 'billing' as const), (values, c, use) => {
        for (const option of savedAddressOptions(c, use, rule)) {
          const chosen = chooseAddress(values, option.key, blank, savedAddressOptions(c, use, rule));
          expect(addressErrors(chosen, config)).toEqual({});
          expect(chosenAddress(chosen, savedAddressOptions(c, use, rule))?.address).toEqual(option.address);
        }
      }),
    );
  });
});

describe('choosing between the saved addresses and a new one', () => {
  const options = savedAddressOptions(anne, 'shipping', rule);
  const filled = prefillAddress(blank, blank, options);

  it('a saved address fills every field; the fields stay editable and an edited address is a new one', () => {
    const chosen = chooseAddress(filled, '0', blank, options);
    expect(chosen).toMatchObject({ streetAddress: 'Meir 1', apartmentNumber: 'bus 3', zipCode: '2000', city: 'Antwerpen', country: 'BE' });
    expect(chosenAddress(chosen, options)?.key).toBe('0');
    expect(chosenAddress({ ...chosen, streetAddress: 'Meir 2' }, options)).toBeUndefined();
  });

  it('a new address empties fields that hold a saved one, and keeps an address the shopper typed', () => {
    expect(chooseAddress(filled, NEW_ADDRESS, blank, options)).toEqual(blank);
    const typed = { ...filled, streetAddress: 'Keizersgracht 14' };
    expect(chooseAddress(typed, NEW_ADDRESS, blank, options)).toBe(typed);
    expect(addressTyped(typed, blank)).toBe(true);
    expect(addressTyped(blank, blank)).toBe(false);
  });

  it('other fields of the form are left as they are', () => {
    const form = { ...blank, shippingMethod: 'flatrate_flatrate', saveInAccount: true };
    expect(chooseAddress(form, '2', blank, options)).toMatchObject({ shippingMethod: 'flatrate_flatrate', saveInAccount: true });
    expect(prefillAddress(form, blank, options)).toMatchObject({ shippingMethod: 'flatrate_flatrate', streetAddress: 'Keizersgracht 12' });
  });
});

describe('the addresses an order keeps in the account (spec transactions §5 checkout details, §7 POST /api/user/me)', () => {
  const shipping: ShippingDetails = { firstName: 'Anne', lastName: 'de Vries', streetAddress: 'Oudegracht 1', zipCode: '3511 AA', city: 'Utrecht', country: 'NL', shippingMethod: 'flatrate' };
  const payment: PaymentDetails = { firstName: 'Anne', lastName: 'de Vries', streetAddress: 'Meir 1', zipCode: '2000', city: 'Antwerpen', country: 'BE', paymentMethod: 'cashondelivery' };

  it('the shipping address for shipping, the billing address for billing, each only when the shopper asked', () => {
    expect(addressesToKeep(shipping, payment)).toEqual([]);
    expect(addressesToKeep({ ...shipping, saveInAccount: true }, payment)).toEqual([{ address: { ...shipping, saveInAccount: true }, uses: ['shipping'] }]);
    expect(addressesToKeep(shipping, { ...payment, saveInAccount: true })).toEqual([{ address: { ...payment, saveInAccount: true }, uses: ['billing'] }]);
    const both = addressesToKeep({ ...shipping, saveInAccount: true }, { ...payment, saveInAccount: true });
    expect(both.map((k) => [k.address.streetAddress, k.uses])).toEqual([
      ['Oudegracht 1', ['shipping']],
      ['Meir 1', ['billing']],
    ]);
  });

  it('a kept billing address that is the kept shipping address (case and spacing aside) is one address for both uses', () => {
    const same = { ...payment, ...shipping, streetAddress: 'oudegracht  1', zipCode: '3511aa', paymentMethod: 'cashondelivery', saveInAccount: true };
    expect(addressesToKeep({ ...shipping, saveInAccount: true }, same).map((k) => [k.address.streetAddress, k.uses])).toEqual([['Oudegracht 1', ['shipping', 'billing']]]);
    // the shipping address not kept: the billing address alone, for billing
    expect(addressesToKeep(shipping, same).map((k) => k.uses)).toEqual([['billing']]);
  });
});
