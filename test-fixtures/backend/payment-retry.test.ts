import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { startTestBackend, type TestBackend } from './test-helpers';

// A failed or cancelled payment is not a dead end: a new payment for the same order, through post-payment
// with the order's signed token. The backend allows it while the order is unpaid and refuses it once paid.
let be: TestBackend;
const cat = generateCatalogue();
const item = cat.products.find((p) => p.type_id === 'simple' && p.visibility === 4 && p.stock?.is_in_stock && Number(p.stock.qty) >= 10)!;
const base = '/api/ext/vsf-payment-service-api';
const address = { firstname: 'Bram', lastname: 'Bakker', email: 'bram@example.nl', country_id: 'NL', city: 'Gouda', postcode: '2801AA', street: ['Markt 1'] };

beforeAll(async () => {
  be = await startTestBackend({ secret: 'test-secret', storefrontUrl: 'http://127.0.0.1:3000' });
});
afterAll(async () => be.close());

async function pay(order: { increment_id: string; order_token: string }, method: string, issuer?: string) {
  return be.call('POST', `${base}/post-payment`, {
    currency: 'EUR', order_id: order.increment_id, description: 'retry', redirectUrl: `http://127.0.0.1:3000/order-status/${order.order_token}`,
    method, ...(issuer ? { issuer } : {}), order_token: order.order_token,
  });
}
const simulate = async (gatewayUrl: string, status: string) => be.call('POST', new URL(gatewayUrl).pathname, `status=${status}`, { 'content-type': 'application/x-www-form-urlencoded' });
const statusOf = async (token: string) => (await be.call('POST', `${base}/get-payment-status`, { token })).json.result.payment.status as string;

describe('a new payment for a failed or cancelled order', () => {
  it.each(['failed', 'canceled', 'expired'])('after %s: another method is accepted, its outcome is the order status, and a paid order takes no third', async (outcome) => {
    const placed = await be.call('POST', '/api/order', {
      user_id: '', products: [{ sku: item.sku, qty: 1 }],
      addressInformation: { shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate', payment_method_code: 'ideal', payment_method_additional: {} },
      transmited: false, created_at: '2026-11-01T12:00:00Z', updated_at: '2026-11-01T12:00:00Z',
    });
    expect(placed.status).toBe(200);
    const order = placed.json.result as { increment_id: string; order_token: string };

    const first = await pay(order, 'ideal', 'ideal_INGBNL2A');
    expect(first.status).toBe(200);
    expect((await simulate(first.json.result.payment_gateway_url, outcome)).status).toBe(303);
    expect(await statusOf(order.order_token)).toBe(outcome);

    const second = await pay(order, 'creditcard');
    expect(second.status).toBe(200);
    expect(second.json.result.payment_gateway_url).not.toBe(first.json.result.payment_gateway_url);
    expect(await statusOf(order.order_token)).toBe('open');
    expect((await simulate(second.json.result.payment_gateway_url, 'paid')).status).toBe(303);
    expect(await statusOf(order.order_token)).toBe('paid');

    const third = await pay(order, 'banktransfer');
    expect(third.status).toBe(409);
    expect(await statusOf(order.order_token)).toBe('paid');
  });

  it('without the order token, or with another order\'s, no new payment is created', async () => {
    const placed = await be.call('POST', '/api/order', {
      user_id: '', products: [{ sku: item.sku, qty: 1 }],
      addressInformation: { shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate', payment_method_code: 'ideal', payment_method_additional: {} },
      transmited: false, created_at: '2026-11-01T12:00:00Z', updated_at: '2026-11-01T12:00:00Z',
    });
    const order = placed.json.result as { increment_id: string; order_token: string };
    const other = await be.call('POST', '/api/order', {
      user_id: '', products: [{ sku: item.sku, qty: 1 }],
      addressInformation: { shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate', payment_method_code: 'ideal', payment_method_additional: {} },
      transmited: false, created_at: '2026-11-01T12:00:00Z', updated_at: '2026-11-01T12:00:00Z',
    });
    const noToken = await be.call('POST', `${base}/post-payment`, { currency: 'EUR', order_id: order.increment_id, redirectUrl: 'http://127.0.0.1:3000/order-status/x', method: 'ideal' });
    expect([401, 403]).toContain(noToken.status);
    const wrong = await pay({ increment_id: order.increment_id, order_token: (other.json.result as { order_token: string }).order_token }, 'ideal');
    expect(wrong.status).toBe(403);
  });
});

describe('the order history after a retry', () => {
  it('names the method that paid, not the first one tried // spec transactions §1 (order history), §3 (provider payment method)', async () => {
    await be.call('POST', '/api/user/create', { customer: { email: 'retry@example.nl', firstname: 'Bram', lastname: 'Bakker' }, password: 'Geheim123!' });
    const token = (await be.call('POST', '/api/user/login', { username: 'retry@example.nl', password: 'Geheim123!' })).json.result as string;
    const me = (await be.call('GET', `/api/user/me?token=${token}`)).json.result as { id: number };
    const placed = await be.call('POST', `/api/order?token=${token}`, {
      user_id: String(me.id), products: [{ sku: item.sku, qty: 1 }],
      addressInformation: { shippingAddress: address, billingAddress: { ...address, email: 'retry@example.nl' }, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate', payment_method_code: 'ideal', payment_method_additional: {} },
    });
    expect(placed.status).toBe(200);
    const order = placed.json.result as { increment_id: string; order_token: string };
    const history = async () => ((await be.call('GET', `/api/user/order-history?token=${token}`)).json.result.items[0] as { payment: { method: string; status: string } }).payment;
    const first = await pay(order, 'ideal', 'ideal_INGBNL2A');
    await simulate(first.json.result.payment_gateway_url, 'failed');
    expect(await history()).toEqual({ method: 'ideal', status: 'failed' });
    const second = await pay(order, 'creditcard');
    await simulate(second.json.result.payment_gateway_url, 'paid');
    expect(await history()).toEqual({ method: 'creditcard', status: 'paid' });
  });
});
