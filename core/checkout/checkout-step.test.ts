import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { StaticNetwork } from '../../adapters/node/static-network';
import { ModalService } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { SequentialIds, VirtualTime } from '../testing/virtual-time';
import { CheckoutService } from './checkout-service';
import { CHECKOUT_STEPS, furthestStep, resumeStep, type CheckoutStep, type SavedCheckoutDetails } from './checkout-step';
import type { PaymentDetails, PersonalDetails, ShippingDetails } from './types';

const PERSONAL: PersonalDetails = { firstName: 'Anna', lastName: 'de Vries', emailAddress: 'anna@papier.nl' };
const SHIPPING: ShippingDetails = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB', shippingMethod: 'flatrate' };
const PAYMENT: PaymentDetails = { ...SHIPPING, paymentMethod: 'cashondelivery' };
const WINDOW = DEFAULT_CONFIG.checkout.inCheckoutWindowMs;
const NOW = 1_767_000_000_000;

const detailsArb: fc.Arbitrary<SavedCheckoutDetails> = fc.record({
  personalDetails: fc.option(fc.constant(PERSONAL), { nil: undefined }),
  shippingDetails: fc.option(fc.constant(SHIPPING), { nil: undefined }),
  paymentDetails: fc.option(fc.constant(PAYMENT), { nil: undefined }),
});
const savedArb = fc.oneof(fc.constantFrom<unknown>(...CHECKOUT_STEPS), fc.constantFrom<unknown>(undefined, null, 'thank-you', 3, ''));
const idx = (s: CheckoutStep) => CHECKOUT_STEPS.indexOf(s);

describe('resumeStep (spec transactions §3, §4 in checkout within 30 minutes, §7 browser storage)', () => {
  it('never resumes past the saved details; inside the window it keeps any reachable saved step', () => {
    fc.assert(
      fc.property(savedArb, detailsArb, fc.integer({ min: 0, max: 2 * WINDOW }), (saved, details, age) => {
        const step = resumeStep(saved, details, NOW - age, NOW, DEFAULT_CONFIG);
        expect(idx(step)).toBeLessThanOrEqual(idx(furthestStep(details)));
        const inWindow = age <= WINDOW;
        const valid = (CHECKOUT_STEPS as readonly unknown[]).includes(saved);
        if (!inWindow || !valid) expect(step).toBe('personal');
        else if (idx(saved as CheckoutStep) <= idx(furthestStep(details))) expect(step).toBe(saved);
        else expect(step).toBe(furthestStep(details));
      }),
    );
  });

  it('a step opens only when every step before it has its details', () => {
    expect(furthestStep({ personalDetails: undefined, shippingDetails: SHIPPING, paymentDetails: PAYMENT })).toBe('personal');
    expect(furthestStep({ personalDetails: PERSONAL, shippingDetails: undefined, paymentDetails: PAYMENT })).toBe('shipping');
    expect(furthestStep({ personalDetails: PERSONAL, shippingDetails: SHIPPING, paymentDetails: undefined })).toBe('payment');
    expect(furthestStep({ personalDetails: PERSONAL, shippingDetails: SHIPPING, paymentDetails: PAYMENT })).toBe('review');
  });

  it('never modified → the first step', () => {
    expect(resumeStep('review', { personalDetails: PERSONAL, shippingDetails: SHIPPING, paymentDetails: PAYMENT }, undefined, NOW, DEFAULT_CONFIG)).toBe('personal');
  });
});

function service(storage: MemoryStorage, time: VirtualTime) {
  const ids = new SequentialIds();
  const notifications = new NotificationService(time, ids, DEFAULT_CONFIG);
  const unused = async () => Promise.reject(new Error('unused'));
  return new CheckoutService(
    {
      storage,
      orderApi: { place: unused },
      paymentApi: { paymentMethods: async () => [], fetchIssuers: async () => [], createPayment: unused, postOrderComment: unused, paymentStatus: unused },
      cart: { snapshot: () => ({ cartItems: [], cartServerToken: undefined }), clear: async () => undefined },
      session: { currentUserId: () => undefined, register: unused, login: unused },
      notifications,
      modals: new ModalService(),
      network: new StaticNetwork(true),
      clock: time,
      ids,
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    },
    DEFAULT_CONFIG,
  );
}

describe('CheckoutService step (a reload mid-checkout keeps the step)', () => {
  it('the step is stored with the details and resumed by a new service over the same storage', async () => {
    const storage = new MemoryStorage();
    const time = new VirtualTime(NOW);
    const first = service(storage, time);
    await first.load();
    expect(first.snapshot().step).toBe('personal');
    await first.savePersonalDetails(PERSONAL);
    await first.setStep('shipping');
    await first.saveShippingDetails(SHIPPING);
    await first.setStep('payment');

    // the reload: a new container, the same browser storage
    await time.advance(60_000);
    const again = service(storage, time);
    await again.load();
    expect(again.snapshot().step).toBe('payment');

    // back to edit the shipping step, reload: still there
    await again.setStep('shipping');
    const third = service(storage, time);
    await third.load();
    expect(third.snapshot().step).toBe('shipping');

    // after the in-checkout window: the first step, details still filled in
    await time.advance(WINDOW + 1);
    const late = service(storage, time);
    await late.load();
    expect(late.snapshot()).toMatchObject({ step: 'personal', personalDetails: PERSONAL, shippingDetails: SHIPPING });
  });

  it('logout (clearDetails) forgets the step', async () => {
    const storage = new MemoryStorage();
    const time = new VirtualTime(NOW);
    const s = service(storage, time);
    await s.savePersonalDetails(PERSONAL);
    await s.setStep('shipping');
    await s.clearDetails();
    expect(s.snapshot().step).toBe('personal');
    const again = service(storage, time);
    await again.load();
    expect(again.snapshot().step).toBe('personal');
  });
});
