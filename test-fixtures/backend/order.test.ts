import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import type { Context } from './context';
import { startTestBackend, type TestBackend } from './test-helpers';
import { orderToken } from './tokens';

let be: TestBackend;
const cat = generateCatalogue();
const item = cat.products.find((p) => p.type_id === 'simple' && p.visibility === 4 && p.stock?.is_in_stock && Number(p.stock.qty) >= 10 && p.special_price === null)!;

beforeAll(async () => {
  be = await startTestBackend({ secret: 'test-secret' });
});
afterAll(async () => be.close());

const orderBody = (extra: Record<string, unknown> = {}) => ({
  user_id: '', cart_id: undefined, products: [{ sku: item.sku, qty: 2 }],
  addressInformation: {
    shippingAddress: { firstname: 'Bram', lastname: 'Bakker', email: 'bram@example.nl', country_id: 'NL', city: 'Gouda', postcode: '2801AA', street: ['Markt 1'] },
    billingAddress: { firstname: 'Bram', lastname: 'Bakker', email: 'bram@example.nl', country_id: 'NL', city: 'Gouda', postcode: '2801AA', street: ['Markt 1'] },
    shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate', payment_method_code: 'ideal', payment_method_additional: {},
  },
  transmited: false, created_at: '2026-11-01T12:00:00Z', updated_at: '2026-11-01T12:00:00Z', ...extra,
});

async function placeOrder(extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const res = await be.call('POST', '/api/order', orderBody(extra), headers);
  expect(res.status).toBe(200);
  return res.json.result as { increment_id: string; order_token: string; backendOrderId: string; magentoOrderId: string };
}

describe('orders and the payment service (spec transactions §4, §7)', () => {
  it('stores an order with its comment, decrements stock and deactivates the cart', async () => {
    const cartId = (await be.call('POST', '/api/cart/create')).json.result;
    await be.call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: item.sku, qty: 2 } });
    const before = (await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty;
    const order = await placeOrder({ cart_id: cartId, comment: 'Graag bij de buren afgeven' });
    expect(order).toMatchObject({ increment_id: expect.stringMatching(/^\d{9}$/), order_token: expect.any(String), backendOrderId: expect.any(String), magentoOrderId: expect.any(String) });
    expect((await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty).toBe(before - 2);
    expect((await be.call('GET', `/api/cart/pull?cartId=${cartId}`)).status).toBe(404);
  });

  it('honours Idempotency-Key on POST /api/order', async () => {
    const a = await placeOrder({}, { 'Idempotency-Key': 'order-1' });
    const b = await placeOrder({}, { 'Idempotency-Key': 'order-1' });
    expect(b).toEqual(a);
    const c = await placeOrder({}, { 'Idempotency-Key': 'order-2' });
    expect(c.increment_id).not.toBe(a.increment_id);
  });

  it('refuses bad orders without writing anything', async () => {
    const before = (await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty;
    expect((await be.call('POST', '/api/order', orderBody({ products: [] }))).status).toBe(400);
    expect((await be.call('POST', '/api/order', orderBody({ products: [{ sku: item.sku, qty: 1 }, { sku: 'NOPE', qty: 1 }] }))).status).toBe(404);
    expect((await be.call('POST', '/api/order', orderBody({ products: [{ sku: item.sku, qty: 1e4 }] }))).status).toBe(400);
    expect((await be.call('POST', '/api/order', '{"broken": ')).status).toBe(400);
    expect((await be.call('POST', '/api/order', orderBody({ user_id: '999999' }))).status).toBe(401);
    expect((await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty).toBe(before);
  });

  it('lists payment methods and issuers', async () => {
    const methods = await be.call('GET', '/api/ext/vsf-payment-service-api/payment-methods');
    expect(methods.json.result.count).toBe(3);
    expect(methods.json.result._embedded.methods.map((m: any) => m.id)).toEqual(['ideal', 'creditcard', 'banktransfer']);
    expect(methods.json.result._embedded.methods[0].image.svg).toMatch(/\.svg$/);
    const issuers = await be.call('GET', '/api/ext/vsf-payment-service-api/fetch-issuers');
    expect(issuers.json.result.length).toBeGreaterThan(3);
    expect(issuers.json.result[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), image: { svg: expect.any(String) } });
  });

  it('creates a payment whose simulator page sends the person to the redirect URL with the chosen outcome', async () => {
    const order = await placeOrder();
    const redirectUrl = `http://127.0.0.1:3000/order-status/${order.order_token}`;
    const created = await be.call('POST', '/api/ext/vsf-payment-service-api/post-payment', { currency: 'EUR', order_id: order.increment_id, description: 'Bestelling', redirectUrl, method: 'ideal', issuer: 'ideal_INGBNL2A', order_token: order.order_token });
    expect(created.status).toBe(200);
    const { payment_gateway_url: gateway, amount } = created.json.result;
    expect(amount).toBe(Math.round((Number(item.price_incl_tax) * 2 + 5) * 100) / 100);
    expect(gateway.startsWith(be.url)).toBe(true);
    const status = () => be.call('POST', '/api/ext/vsf-payment-service-api/get-payment-status', { token: order.order_token });
    expect((await status()).json.result).toMatchObject({ order: { increment_id: order.increment_id, customer_email: 'bram@example.nl' }, payment: { status: 'open' } });
    const page = await fetch(gateway).then((r) => r.text());
    for (const label of ['Betaald (paid)', 'In behandeling (pending)', 'Open (open)', 'Mislukt (failed)', 'Geannuleerd (canceled)', 'Verlopen (expired)']) expect(page).toContain(`>${label}</button>`);
    const comment = await be.call('POST', '/api/ext/vsf-payment-service-api/order-comments', { order_id: order.increment_id, order_token: order.order_token, status_history: { comment: `Payment is created for amount ${amount}`, created_at: '2026-11-01', is_customer_notified: 0, is_visible_on_front: 0, parent_id: order.backendOrderId, status: 'pending_payment' } });
    expect(comment.json.result).toBe(true);
    const chosen = await fetch(gateway, { method: 'POST', body: 'status=paid', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe(redirectUrl);
    expect((await status()).json.result.payment.status).toBe('paid');
    expect((await fetch(gateway, { method: 'POST', body: 'status=stolen', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' })).status).toBe(400);
  });

  it('answers HASH_INCORRECT for a tampered order token and 404 for an unknown order', async () => {
    const order = await placeOrder();
    const [payload, mac] = order.order_token.split('.') as [string, string];
    const otherPayload = Buffer.from('999999').toString('base64url');
    const tampered = await be.call('POST', '/api/ext/vsf-payment-service-api/get-payment-status', { token: `${otherPayload}.${mac}` });
    expect(tampered.status).toBe(403);
    expect(tampered.json).toEqual({ code: 403, result: 'HASH_INCORRECT' });
    expect((await be.call('POST', '/api/ext/vsf-payment-service-api/get-payment-status', { token: `${payload}.x${mac.slice(1)}` })).json.result).toBe('HASH_INCORRECT');
    expect((await be.call('POST', '/api/ext/vsf-payment-service-api/get-payment-status', { token: 'garbage' })).status).toBe(403);
    // a correctly signed token for an order that does not exist
    const signed = orderToken({ secret: 'test-secret' } as Context, 999999);
    const unknown = await be.call('POST', '/api/ext/vsf-payment-service-api/get-payment-status', { token: signed });
    expect(unknown.status).toBe(404);
    expect(unknown.json.result).toBe('Invalid payment token');
  });

  it('refuses bad payment requests', async () => {
    const order = await placeOrder();
    const base = { currency: 'EUR', order_id: order.increment_id, redirectUrl: 'http://127.0.0.1:3000/order-status/x', method: 'ideal', order_token: order.order_token };
    expect((await be.call('POST', '/api/ext/vsf-payment-service-api/post-payment', { ...base, method: 'bitcoin' })).status).toBe(400);
    expect((await be.call('POST', '/api/ext/vsf-payment-service-api/post-payment', { ...base, currency: 'USD' })).status).toBe(400);
    expect((await be.call('POST', '/api/ext/vsf-payment-service-api/post-payment', { ...base, order_id: '123456789' })).status).toBe(403);
    expect((await be.call('POST', '/api/ext/vsf-payment-service-api/post-payment', { ...base, redirectUrl: 'javascript:alert(1)' })).status).toBe(400);
  });
});
