import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import type { Logger } from '../ports/logger';
import type { PaymentApi } from '../ports/payment-api';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { StaticNetwork } from '../../adapters/node/static-network';
import { ModalService } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { SequentialIds, VirtualTime } from '../testing/virtual-time';
import { CheckoutService, type CartForCheckout } from './checkout-service';
import { CHECKOUT_KEYS } from './checkout-state';
import { cashOnDeliveryMethod, paymentMethods, providerPaymentMethod } from './checkout-rules';
import {
  billingIsShipping, keptPaymentChoice, paymentMethodsOffer, resolvePaymentChoice,
} from './payment-choice';
import type { CheckoutAddress, PaymentDetails } from './types';

const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const PROVIDER = [
  { id: 'ideal', description: 'iDEAL' },
  { id: 'creditcard', description: 'Creditcard' },
  { id: 'banktransfer', description: 'Bankoverschrijving' },
];
const ITEMS = [{ type_id: 'simple' as const }];
const OFFERED = paymentMethods(PROVIDER, ITEMS, DEFAULT_CONFIG).methods;

describe('resolvePaymentChoice', () => {
  // spec transactions §3 "paymentDetails", §5: the picked method stands while it is offered
  it('keeps the picked method and bank while they are offered, and while the methods are still on their way', () => {
    const kept = { method: 'ideal', issuer: 'ideal_INGBNL2A' };
    expect(resolvePaymentChoice(kept, OFFERED)).toEqual({ method: 'ideal', issuer: 'ideal_INGBNL2A' });
    expect(resolvePaymentChoice(kept, [])).toEqual({ method: 'ideal', issuer: 'ideal_INGBNL2A' });
    expect(resolvePaymentChoice(undefined, [])).toEqual({ method: '', issuer: '' });
  });

  // spec transactions §3 "Cash on delivery method" (default): nothing picked → the default method
  it('without a kept choice shows the default method, with nothing to say', () => {
    expect(resolvePaymentChoice(undefined, OFFERED)).toEqual({ method: 'cashondelivery', issuer: '' });
  });

  it('a kept method no longer offered falls back to the default and names the one it replaced', () => {
    const withoutCreditcard = OFFERED.filter((m) => m.code !== 'creditcard');
    expect(resolvePaymentChoice({ method: 'creditcard' }, withoutCreditcard)).toEqual({ method: 'cashondelivery', issuer: '', replaced: 'creditcard' });
    // a virtual-only cart has no cash on delivery (spec §5): the first method offered is the default then
    const virtualOnly = paymentMethods(PROVIDER, [{ type_id: 'virtual' as const }], DEFAULT_CONFIG).methods.filter((m) => m.code !== 'creditcard');
    expect(resolvePaymentChoice({ method: 'creditcard' }, virtualOnly)).toEqual({ method: 'ideal', issuer: '', replaced: 'creditcard' });
  });

  it('offline, a provider method missing from the offer is not "no longer offered": no notice', () => {
    const offline = paymentMethodsOffer(undefined, false, ITEMS, DEFAULT_CONFIG).methods;
    expect(resolvePaymentChoice({ method: 'ideal', issuer: 'ideal_INGBNL2A' }, offline, true)).toEqual({ method: 'cashondelivery', issuer: '' });
  });

  it('property: the method shown is always offered once methods are; `replaced` only when the kept one is not', () => {
    const code = fc.constantFrom('ideal', 'creditcard', 'banktransfer', 'cashondelivery', 'paypal');
    fc.assert(
      fc.property(fc.option(code, { nil: undefined }), fc.uniqueArray(code, { minLength: 1 }), fc.boolean(), (picked, offeredCodes, offline) => {
        const methods = offeredCodes.map((c) => (c === 'cashondelivery' ? cashOnDeliveryMethod(DEFAULT_CONFIG) : providerPaymentMethod({ id: c, description: c })));
        const r = resolvePaymentChoice(picked === undefined ? undefined : { method: picked }, methods, offline);
        expect(offeredCodes).toContain(r.method);
        const keptOffered = picked !== undefined && offeredCodes.includes(picked);
        expect(r.replaced).toBe(picked !== undefined && !keptOffered && !offline ? picked : undefined);
        if (keptOffered) expect(r.method).toBe(picked);
      }),
    );
  });
});

describe('keptPaymentChoice', () => {
  const details: Pick<PaymentDetails, 'paymentMethod' | 'paymentMethodAdditional'> = { paymentMethod: 'ideal', paymentMethodAdditional: { issuer: 'ideal_RABONL2U' } };
  it('the unconfirmed pick wins over the confirmed details; without a pick the details give method and bank', () => {
    expect(keptPaymentChoice({ method: 'creditcard' }, details)).toEqual({ method: 'creditcard' });
    expect(keptPaymentChoice(undefined, details)).toEqual({ method: 'ideal', issuer: 'ideal_RABONL2U' });
    expect(keptPaymentChoice(undefined, { paymentMethod: 'cashondelivery' })).toEqual({ method: 'cashondelivery' });
    expect(keptPaymentChoice(undefined, undefined)).toBeUndefined();
  });
});

describe('paymentMethodsOffer', () => {
  // spec transactions §5, §8: 'No payment methods configured' is for a provider that offers none of the mapped methods
  it('online: the provider answer, or its failure, is a configuration matter (payment.noMethods)', () => {
    expect(paymentMethodsOffer(PROVIDER, true, ITEMS, DEFAULT_CONFIG).error).toBeUndefined();
    expect(paymentMethodsOffer([], true, ITEMS, DEFAULT_CONFIG)).toMatchObject({ error: MESSAGES.noPaymentMethods });
    expect(paymentMethodsOffer(undefined, true, ITEMS, DEFAULT_CONFIG)).toMatchObject({ error: MESSAGES.noPaymentMethods });
  });

  // spec transactions §3 (cash on delivery: offline true), §4 "Task queue" (an order made offline is kept and sent later)
  it('offline and not answered: the methods that work offline, and the shopper is told they are offline', () => {
    const offer = paymentMethodsOffer(undefined, false, ITEMS, DEFAULT_CONFIG);
    expect(offer).toEqual({ methods: [cashOnDeliveryMethod(DEFAULT_CONFIG)], error: MESSAGES.paymentMethodsOffline });
    // a virtual-only cart has no cash on delivery (spec §5): nothing can be chosen offline
    expect(paymentMethodsOffer(undefined, false, [{ type_id: 'virtual' as const }], DEFAULT_CONFIG)).toEqual({ methods: [], error: MESSAGES.paymentMethodsOffline });
    // a provider answer that still came (a cached one) is used as it is
    expect(paymentMethodsOffer(PROVIDER, false, ITEMS, DEFAULT_CONFIG).methods.map((m) => m.code)).toEqual(['ideal', 'creditcard', 'banktransfer', 'cashondelivery']);
  });
});

function service(storage: MemoryStorage, network = new StaticNetwork(true), paymentApi?: Partial<PaymentApi>) {
  const time = new VirtualTime(1_767_000_000_000);
  const ids = new SequentialIds();
  const cart: CartForCheckout = { snapshot: () => ({ cartItems: [{ sku: 'WP-ROSE-50', qty: 1, type_id: 'simple' }], cartServerToken: undefined }), clear: async () => undefined };
  const api: PaymentApi = {
    paymentMethods: async () => PROVIDER,
    fetchIssuers: async () => [],
    createPayment: async () => Promise.reject(new Error('unused')),
    postOrderComment: async () => undefined,
    paymentStatus: async () => Promise.reject(new Error('unused')),
    ...paymentApi,
  };
  const session = { currentUserId: () => undefined, register: async () => Promise.reject(new Error('unused')), login: async () => undefined };
  const orderApi = { place: async () => Promise.reject(new Error('unused')) };
  return new CheckoutService(
    { storage, orderApi, paymentApi: api, cart, session, notifications: new NotificationService(time, ids, DEFAULT_CONFIG), modals: new ModalService(), network, clock: time, ids, logger: silentLogger },
    DEFAULT_CONFIG,
  );
}

describe('CheckoutService: the picked payment method', () => {
  // spec transactions §3 "paymentDetails" kept in the browser's storage with the other checkout details (§7)
  it('survives a reload until the step is confirmed; confirming moves it into the payment details', async () => {
    const storage = new MemoryStorage();
    await service(storage).choosePaymentMethod({ method: 'ideal', issuer: 'ideal_INGBNL2A' });
    const reloaded = service(storage);
    await reloaded.load();
    expect(reloaded.snapshot().paymentChoice).toEqual({ method: 'ideal', issuer: 'ideal_INGBNL2A' });
    await reloaded.savePaymentDetails({
      firstName: 'Anna',
      lastName: 'de Vries',
      country: 'NL',
      streetAddress: 'Kalverstraat 1',
      city: 'Amsterdam',
      zipCode: '1012 AB',
      paymentMethod: 'ideal',
      paymentMethodAdditional: { issuer: 'ideal_INGBNL2A' },
    });
    const again = service(storage);
    await again.load();
    expect(again.snapshot().paymentChoice).toBeUndefined();
    expect(keptPaymentChoice(again.snapshot().paymentChoice, again.snapshot().paymentDetails)).toEqual({ method: 'ideal', issuer: 'ideal_INGBNL2A' });
  });

  // picks made quickly one after another (a bank chosen by arrow keys): the state follows them in order at once,
  // so a form that shows the state never sees an older pick come back after a newer one
  it('shows each pick as it is made, the last one last, while the writes are still on their way', async () => {
    const storage = new MemoryStorage();
    const checkout = service(storage);
    const seen: (string | undefined)[] = [];
    checkout.state$.subscribe((s) => seen.push(s.paymentChoice?.issuer));
    const picks = ['ideal_ABNANL2A', 'ideal_ASNBNL21', 'ideal_INGBNL2A'];
    const writes = picks.map((issuer) => checkout.choosePaymentMethod({ method: 'ideal', issuer }));
    expect(checkout.snapshot().paymentChoice).toEqual({ method: 'ideal', issuer: 'ideal_INGBNL2A' });
    await Promise.all(writes);
    expect(checkout.snapshot().paymentChoice).toEqual({ method: 'ideal', issuer: 'ideal_INGBNL2A' });
    const shown = seen.filter((issuer, i) => issuer !== seen[i - 1] && issuer !== undefined);
    expect(shown).toEqual(picks);
    const reloaded = service(storage);
    await reloaded.load();
    expect(reloaded.snapshot().paymentChoice).toEqual({ method: 'ideal', issuer: 'ideal_INGBNL2A' });
  });

  // spec transactions §4 Logout: saved checkout payment details are cleared, the unconfirmed pick with them
  it('is cleared with the details', async () => {
    const storage = new MemoryStorage();
    const checkout = service(storage);
    await checkout.choosePaymentMethod({ method: 'creditcard' });
    await checkout.clearDetails();
    const reloaded = service(storage);
    await reloaded.load();
    expect(reloaded.snapshot().paymentChoice).toBeUndefined();
  });

  it('offline, the methods failing to load say so (payment.offline), not "No payment methods configured"', async () => {
    const network = new StaticNetwork(false);
    const checkout = service(new MemoryStorage(), network, { paymentMethods: async () => Promise.reject(new TypeError('Failed to fetch')) });
    expect((await checkout.loadPaymentMethods()).map((m) => m.code)).toEqual(['cashondelivery']);
    expect(checkout.snapshot().paymentMethodsError).toBe(MESSAGES.paymentMethodsOffline);
    network.set(true);
    expect((await checkout.loadPaymentMethods()).map((m) => m.code)).toEqual(['cashondelivery']);
    expect(checkout.snapshot().paymentMethodsError).toBe(MESSAGES.noPaymentMethods);
  });
});

/*
 * The unconfirmed payment choice is kept in the browser's storage (spec transactions §3 "paymentDetails", §7): anything
 * can be written there (another script on the device, an old build, a hand in the developer tools). The checkout reads
 * back a method and a bank as strings or nothing, never throws, and never keeps a bank for a method without banks.
 */
async function loadWith(stored: unknown) {
  const storage = new MemoryStorage();
  await storage.set(STORAGE_COLLECTIONS.checkout, CHECKOUT_KEYS.paymentChoice, stored);
  const checkout = service(storage);
  await checkout.load();
  return checkout.snapshot().paymentChoice;
}

const isChoice = (c: unknown) => {
  if (c === undefined) return true;
  const o = c as Record<string, unknown>;
  return typeof o['method'] === 'string' && (o['issuer'] === undefined || typeof o['issuer'] === 'string');
};

describe('a tampered payment choice in storage', () => {
  it('any value read back is a choice of strings or none; what the step shows is offered, and strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ method: fc.anything(), issuer: fc.anything() }, { requiredKeys: [] })), async (stored) => {
        const choice = await loadWith(stored);
        expect(isChoice(choice)).toBe(true);
        const shown = resolvePaymentChoice(keptPaymentChoice(choice, undefined), OFFERED);
        expect(OFFERED.map((m) => m.code)).toContain(shown.method);
        expect(typeof shown.issuer).toBe('string');
        expect(shown.replaced === undefined || typeof shown.replaced === 'string').toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('a method that does not exist, HTML or 100 KB in it: dropped, no notice naming it', async () => {
    for (const method of ['no-such-method', '<img src=x onerror=alert(1)>', 'x'.repeat(100_000), '__proto__', 'constructor', '']) {
      const choice = await loadWith({ method });
      const shown = resolvePaymentChoice(keptPaymentChoice(choice, undefined), OFFERED);
      expect(shown.method).toBe('cashondelivery');
      // a code that was never a payment method code is not "no longer offered"
      if (!/^[a-z0-9_]{1,64}$/.test(method) || method === '__proto__') expect(shown.replaced, method.slice(0, 40)).toBeUndefined();
    }
  });

  it("an issuer kept with a method that has no banks (another method's bank) is dropped", async () => {
    const choice = await loadWith({ method: 'creditcard', issuer: 'ideal_INGBNL2A' });
    expect(choice).toEqual({ method: 'creditcard' });
    expect(await loadWith({ method: 'ideal', issuer: 'ideal_INGBNL2A' })).toEqual({ method: 'ideal', issuer: 'ideal_INGBNL2A' });
    expect(await loadWith({ method: 'ideal', issuer: { toString: 'x' } })).toEqual({ method: 'ideal' });
    expect(await loadWith({ method: 'ideal', issuer: '<b>' + 'x'.repeat(10_000) })).toEqual({ method: 'ideal' });
  });
});

// spec transactions §3 "paymentDetails" (the address fields plus company, taxId): the step opens with 'same as the
// shipping address' only for a billing address that is the shipping address and nothing more
describe('billingIsShipping', () => {
  const shipping: CheckoutAddress = {
    firstName: 'Fenna', lastName: 'de Vries', streetAddress: 'Keizersgracht 12', apartmentNumber: 'A',
    zipCode: '1015 CX', city: 'Amsterdam', country: 'NL',
  };
  const billing = (extra: Partial<PaymentDetails> = {}): PaymentDetails => ({
    ...shipping, paymentMethod: 'ideal', ...extra,
  });

  it('nothing saved yet, or the same address (case and spacing aside): the same', () => {
    expect(billingIsShipping(undefined, shipping)).toBe(true);
    expect(billingIsShipping(billing(), undefined)).toBe(true);
    expect(billingIsShipping(billing(), shipping)).toBe(true);
    expect(billingIsShipping(billing({ city: ' AMSTERDAM ', zipCode: '1015cx', company: '  ' }), shipping)).toBe(true);
  });

  it('a billing address differing in any one field is its own', () => {
    const fields = ['firstName', 'lastName', 'streetAddress', 'apartmentNumber', 'zipCode', 'city', 'country'] as const;
    fc.assert(fc.property(fc.constantFrom(...fields), (f) => !billingIsShipping(billing({ [f]: 'X9' }), shipping)));
  });

  it('the same place with a company, a tax ID or kept in the account is its own (those fields were hidden)', () => {
    expect(billingIsShipping(billing({ company: 'Papier BV' }), shipping)).toBe(false);
    expect(billingIsShipping(billing({ taxId: 'NL123' }), shipping)).toBe(false);
    expect(billingIsShipping(billing({ saveInAccount: true }), shipping)).toBe(false);
  });
});
