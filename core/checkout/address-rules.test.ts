import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { StaticNetwork } from '../../adapters/node/static-network';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import { SequentialIds, VirtualTime } from '../testing/virtual-time';
import { ModalService } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { addressErrors, billingAddressErrors, InvalidAddressError, type AddressInput } from './address-rules';
import { CheckoutService } from './checkout-service';
import { validateCountry, validateName, validateRequired, validateZipCode } from './form-validation';

const config = DEFAULT_CONFIG;
const VALID: AddressInput = { firstName: 'Anna', lastName: 'de Vries', streetAddress: 'Kalverstraat 1', zipCode: '1012 AB', city: 'Amsterdam', country: 'NL' };

const field = fc.oneof(fc.constant(''), fc.constant('  '), fc.constant('A'), fc.constant('Jo'), fc.constant('12'), fc.constant('Kalverstraat 1'), fc.string({ maxLength: 8 }));
const address = fc.record({
  firstName: field, lastName: field, streetAddress: field, zipCode: field, city: field,
  country: fc.constantFrom('NL', 'BE', 'nl', 'DE', '', 'FR'),
});

function checkout() {
  const time = new VirtualTime(Date.UTC(2026, 10, 1));
  const ids = new SequentialIds();
  const storage = new MemoryStorage();
  const unused = async () => Promise.reject(new Error('unused'));
  const service = new CheckoutService(
    {
      storage, orderApi: { place: unused }, paymentApi: { paymentMethods: async () => [], fetchIssuers: async () => [], createPayment: unused, postOrderComment: unused, paymentStatus: unused },
      cart: { snapshot: () => ({ cartItems: [], cartServerToken: undefined }), clear: async () => undefined },
      session: { currentUserId: () => undefined, register: unused, login: unused }, notifications: new NotificationService(time, ids, config),
      modals: new ModalService(), network: new StaticNetwork(true), clock: time, ids, logger: { debug() {}, info() {}, warn() {}, error() {} },
    },
    config,
  );
  return { service, storage };
}

describe('the address rule (spec transactions §5: names, required fields, zip code, countries BE and NL)', () => {
  it('property: a field is in error exactly when its own §5 check fails', () => {
    fc.assert(fc.property(address, (a) => {
      const errors = addressErrors(a, config);
      expect(errors.firstName ?? null).toEqual(validateName(a.firstName, config));
      expect(errors.lastName ?? null).toEqual(validateName(a.lastName, config));
      expect(errors.streetAddress ?? null).toEqual(validateRequired(a.streetAddress));
      expect(errors.city ?? null).toEqual(validateRequired(a.city));
      expect(errors.zipCode ?? null).toEqual(validateZipCode(a.zipCode, config));
      expect(errors.country ?? null).toEqual(validateCountry(a.country, config));
      // only BE and NL are shipped to
      if (!['NL', 'BE', 'nl'].includes(a.country)) expect(errors.country).toBeDefined();
    }));
  });

  it('a valid address has no errors; apartment and phone are free; a billing tax ID, when given, needs 3 letters', () => {
    expect(addressErrors(VALID, config)).toEqual({});
    expect(addressErrors({ ...VALID, apartmentNumber: '', phoneNumber: 'x' }, config)).toEqual({});
    expect(billingAddressErrors({ ...VALID, taxId: '' }, config)).toEqual({});
    expect(billingAddressErrors({ ...VALID, taxId: 'NL' }, config)).toEqual({ taxId: { key: MESSAGES.taxIdMinLength, params: { min: 3 } } });
  });

  it('an SDK caller passing no text (untyped JavaScript) gets the errors, not a crash', () => {
    const missing = { ...VALID, firstName: undefined, zipCode: 1234 } as unknown as AddressInput;
    expect(addressErrors(missing, config)).toEqual({ firstName: { key: MESSAGES.fieldRequired }, zipCode: { key: MESSAGES.fieldRequired } });
  });
});

describe('CheckoutService keeps the address rule without any form (spec transactions §5)', () => {
  it('saveShippingDetails and savePaymentDetails refuse an invalid address with an InvalidAddressError and store nothing', async () => {
    const { service, storage } = checkout();
    const shipping = { ...VALID, zipCode: '1', country: 'DE', shippingMethod: 'flatrate' };
    const refused = await service.saveShippingDetails(shipping).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidAddressError);
    expect(refused).toMatchObject({ key: MESSAGES.zipCodeMinLength, status: 400, fields: { zipCode: { key: MESSAGES.zipCodeMinLength }, country: { key: MESSAGES.countryNotAllowed } } });
    expect(await storage.get(STORAGE_COLLECTIONS.checkout, 'shipping-details')).toBeUndefined();
    expect(service.snapshot().shippingDetails).toBeUndefined();

    const billing = { ...VALID, lastName: '', paymentMethod: 'cashondelivery' };
    await expect(service.savePaymentDetails(billing)).rejects.toMatchObject({ fields: { lastName: { key: MESSAGES.fieldRequired } } });
    expect(service.snapshot().paymentDetails).toBeUndefined();

    await service.saveShippingDetails({ ...VALID, shippingMethod: 'flatrate' });
    await service.savePaymentDetails({ ...VALID, paymentMethod: 'cashondelivery' });
    expect(service.snapshot().shippingDetails?.zipCode).toBe('1012 AB');
    expect(service.snapshot().paymentDetails?.paymentMethod).toBe('cashondelivery');
  });
});
