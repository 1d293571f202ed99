/**
 * The unconfirmed payment choice is kept in the browser's storage (spec transactions §3 "paymentDetails", §7): anything
 * can be written there (another script on the device, an old build, a hand in the developer tools). The checkout reads
 * back a method and a bank as strings or nothing, never throws, and never keeps a bank for a method without banks.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import type { Logger } from '../ports/logger';
import type { PaymentApi } from '../ports/payment-api';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { StaticNetwork } from '../../adapters/node/static-network';
import { ModalService } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { SequentialIds, VirtualTime } from '../testing/virtual-time-combined';
import { CheckoutService, type CartForCheckout } from './checkout-service';
import { CHECKOUT_KEYS } from './checkout-state';
import { paymentMethods } from './checkout-rules';
import { keptPaymentChoice, resolvePaymentChoice } from './payment-choice';

const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const PROVIDER = [
  { id: 'ideal', description: 'iDEAL' },
  { id: 'creditcard', description: 'Creditcard' },
];
const OFFERED = paymentMethods(PROVIDER, [{ type_id: 'simple' as const }], DEFAULT_CONFIG).methods;

function service(storage: MemoryStorage) {
  const time = new VirtualTime(1_767_000_000_000);
  const ids = new SequentialIds();
  const cart: CartForCheckout = { snapshot: () => ({ cartItems: [{ sku: 'WP-ROSE-50', qty: 1, type_id: 'simple' }], cartServerToken: undefined }), clear: async () => undefined };
  const api: PaymentApi = {
    paymentMethods: async () => PROVIDER,
    fetchIssuers: async () => [],
    createPayment: async () => Promise.reject(new Error('unused')),
    postOrderComment: async () => undefined,
    paymentStatus: async () => Promise.reject(new Error('unused')),
  };
  const session = { currentUserId: () => undefined, register: async () => Promise.reject(new Error('unused')), login: async () => undefined };
  return new CheckoutService(
    { storage, orderApi: { place: async () => Promise.reject(new Error('unused')) }, paymentApi: api, cart, session, notifications: new NotificationService(time, ids, DEFAULT_CONFIG), modals: new ModalService(), network: new StaticNetwork(true), clock: time, ids, logger: silentLogger },
    DEFAULT_CONFIG,
  );
}

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
