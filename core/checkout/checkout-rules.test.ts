import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createConfig, DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import type { CartItem } from '../cart/types';
import type { ProductType } from '../catalogue/types';
import {
  buildOrderBody,
  cartIsVirtualOnly,
  defaultMethod,
  isInCheckout,
  orderAccepted,
  paymentMethods,
  shippingMethods,
} from './checkout-rules';
import { paymentRedirectUrl, paymentStatusGroup } from './payment-status';

const cfg = DEFAULT_CONFIG;
const TYPES: ProductType[] = ['simple', 'configurable', 'grouped', 'bundle', 'virtual', 'downloadable'];
const PROVIDER = [
  { id: 'ideal', description: 'iDEAL', image: { svg: 'ideal.svg' } },
  { id: 'creditcard', description: 'Credit card', image: { svg: 'cc.svg' } },
  { id: 'banktransfer', description: 'Bank transfer' },
  { id: 'paypal', description: 'PayPal' },
];

describe('isInCheckout (spec transactions §4, §9: 30 minute window)', () => {
  it('is true exactly within 1,800,000 ms of the last change (property)', () => {
    // spec transactions §4: 'in checkout' if checkout was modified within the last 30 minutes
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 0, max: 10_000_000 }), (modified, elapsed) => {
        expect(isInCheckout(modified, modified + elapsed, cfg)).toBe(elapsed <= 1_800_000);
      }),
    );
    expect(isInCheckout(undefined, 5, cfg)).toBe(false);
    expect(isInCheckout(0, 5, cfg)).toBe(false);
    expect(isInCheckout(1000, 1000 + 61_000, createConfig({ checkout: { inCheckoutWindowMs: 60_000 } }))).toBe(false);
  });
});

describe('paymentStatusGroup (spec transactions §4 Payment status groups)', () => {
  it('maps the six statuses, nothing else', () => {
    // spec transactions §4: success = paid; pending = pending or open; failed = expired, failed or canceled
    expect(paymentStatusGroup('paid')).toBe('success');
    expect(paymentStatusGroup('pending')).toBe('pending');
    expect(paymentStatusGroup('open')).toBe('pending');
    expect(paymentStatusGroup('expired')).toBe('failed');
    expect(paymentStatusGroup('failed')).toBe('failed');
    expect(paymentStatusGroup('canceled')).toBe('failed');
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(!['paid', 'pending', 'open', 'expired', 'failed', 'canceled'].includes(s));
        expect(paymentStatusGroup(s)).toBeUndefined();
      }),
    );
    expect(paymentStatusGroup('toString')).toBeUndefined();
  });

  it('builds the absolute redirect url with the order token', () => {
    // spec transactions §9: redirect after payment is the order-status path
    expect(paymentRedirectUrl('https://shop.example/', cfg.payment.redirectPath, 'abc.def')).toBe('https://shop.example/order-status/abc.def');
  });
});

describe('shipping methods (spec transactions §5, §9)', () => {
  it('offers the DPD flat rate from config, default and offline', () => {
    // spec transactions §9: single DPD Courier flat rate, amount 4, 5 incl. tax, default and offline
    const methods = shippingMethods(cfg);
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({ method_title: 'DPD Courier', amount: 4, price_incl_tax: 5, default: true, offline: true });
    expect(defaultMethod(methods)?.method_code).toBe('flatrate');
  });

  it('drops methods flagged unavailable (property)', () => {
    // spec transactions §5: shipping methods flagged unavailable are dropped
    const method = fc.record({
      method_title: fc.string(),
      method_code: fc.constantFrom('flatrate', 'express', 'pickup'),
      carrier_code: fc.constantFrom('flatrate', 'dpd', 'postnl'),
      amount: fc.nat(20),
      price_incl_tax: fc.nat(25),
      available: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(method, { maxLength: 6 }), (server) => {
        const out = shippingMethods(cfg, server);
        expect(out.every((m) => m.available !== false)).toBe(true);
        const keys = out.map((m) => `${m.carrier_code}_${m.method_code}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const s of server) {
          const last = [...server].reverse().find((x) => x.carrier_code === s.carrier_code && x.method_code === s.method_code)!;
          expect(keys.includes(`${s.carrier_code}_${s.method_code}`)).toBe(last.available !== false);
        }
      }),
    );
  });
});

describe('payment methods (spec transactions §3, §5, §9)', () => {
  it('keeps only mapped provider methods, shaped as §3 says, plus cash on delivery', () => {
    // spec transactions §5: only methods whose id is in the configured mapping are offered
    const { methods, error } = paymentMethods(PROVIDER, [{ type_id: 'simple' }], cfg);
    expect(error).toBeUndefined();
    expect(methods.map((m) => m.code)).toEqual(['ideal', 'creditcard', 'banktransfer', 'cashondelivery']);
    expect(methods[0]).toMatchObject({ title: 'iDEAL', code: 'ideal', image: { svg: 'ideal.svg' }, pspMethod: true, default: false, offline: false, cost_incl_tax: 0 });
    expect(methods[3]).toMatchObject({ title: 'Cash on delivery', code: 'cashondelivery', cost_incl_tax: 0, default: true, offline: true, is_server_method: false });
  });

  it("empty provider list → 'No payment methods configured'", () => {
    // spec transactions §5: empty payment method list gives 'No payment methods configured'
    expect(paymentMethods([], [], cfg).error).toBe(MESSAGES.noPaymentMethods);
    expect(paymentMethods([{ id: 'paypal', description: 'PayPal' }], [], cfg).error).toBe(MESSAGES.noPaymentMethods);
    expect(paymentMethods(PROVIDER, [], { ...cfg, payment: { ...cfg.payment, mapping: {} } }).error).toBe(MESSAGES.noPaymentMethods);
  });

  it('cash on delivery is hidden exactly when the cart holds only virtual or downloadable items (property)', () => {
    // spec transactions §5: cash on delivery is hidden when the cart holds only virtual or downloadable items
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TYPES), { maxLength: 6 }), (types) => {
        const items = types.map((type_id) => ({ type_id }));
        const onlyVirtual = types.length > 0 && types.every((t) => t === 'virtual' || t === 'downloadable');
        expect(cartIsVirtualOnly(items)).toBe(onlyVirtual);
        const codes = paymentMethods(PROVIDER, items, cfg).methods.map((m) => m.code);
        expect(codes.includes('cashondelivery')).toBe(!onlyVirtual);
        expect(codes.filter((c) => c !== 'cashondelivery').every((c) => c in cfg.payment.mapping)).toBe(true);
      }),
    );
  });
});

describe('order body (docs/protocol.md Order; spec transactions §4)', () => {
  const items: CartItem[] = [
    { sku: 'WP-ROSE-50', qty: 2, name: 'Rose paper', price_incl_tax: 4.95, type_id: 'simple', server_item_id: 11 },
    { sku: 'RIB-RED', qty: 1, type_id: 'configurable', product_option: { extension_attributes: { custom_options: [], bundle_options: [], configurable_item_options: [{ option_id: '93', option_value: '50' }] } } },
  ];
  it('maps details into addresses and never carries the password', () => {
    // spec transactions §4: placing an order; §3 checkout details
    const body = buildOrderBody({
      orderId: 'o-1',
      cartId: 'cart-9',
      userId: undefined,
      items,
      personal: { firstName: 'Anna', lastName: 'de Vries', emailAddress: 'anna@papier.nl', password: 'Secret12!', createAccount: true },
      shipping: { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', apartmentNumber: '2a', city: 'Amsterdam', zipCode: '1012 AB', phoneNumber: '0612345678', shippingMethod: 'flatrate' },
      payment: { firstName: 'Anna', lastName: 'de Vries', company: 'Lint BV', taxId: 'NL123', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB', paymentMethod: 'ideal', paymentMethodAdditional: { issuer: 'ideal_INGBNL2A' } },
      shippingMethod: { method_code: 'flatrate', carrier_code: 'flatrate' },
      now: Date.UTC(2026, 0, 2, 3, 4, 5),
    });
    expect(JSON.stringify(body)).not.toContain('Secret12!');
    expect(body).toMatchObject({ user_id: '', cart_id: 'cart-9', order_id: 'o-1', transmited: false, created_at: '2026-01-02T03:04:05.000Z' });
    expect(body.products).toEqual([
      { sku: 'WP-ROSE-50', qty: 2, name: 'Rose paper', price_incl_tax: 4.95, product_type: 'simple', server_item_id: 11 },
      { sku: 'RIB-RED', qty: 1, product_type: 'configurable', product_option: items[1]!.product_option },
    ]);
    expect(body.addressInformation.shippingAddress).toEqual({
      firstname: 'Anna', lastname: 'de Vries', city: 'Amsterdam', postcode: '1012 AB', street: ['Kalverstraat 1', '2a'], country_id: 'NL', email: 'anna@papier.nl', telephone: '0612345678',
    });
    expect(body.addressInformation.billingAddress).toMatchObject({ company: 'Lint BV', vat_id: 'NL123', street: ['Kalverstraat 1'] });
    expect(body.addressInformation).toMatchObject({ shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate', payment_method_code: 'ideal', payment_method_additional: { issuer: 'ideal_INGBNL2A' } });
  });

  it('an order counts as placed on 200 or a missing result code', () => {
    // spec transactions §4: on success or missing result code
    expect(orderAccepted(200)).toBe(true);
    expect(orderAccepted(undefined)).toBe(true);
    expect(orderAccepted(400)).toBe(false);
    expect(orderAccepted(500)).toBe(false);
  });
});
