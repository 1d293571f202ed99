import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import type { TestBackend } from '../../test-fixtures/backend/test-helpers';
import { startTestShops, type TestShops } from '../../test-fixtures/storefront';
import { LruOutputCache } from './lru-output-cache';
import type { RunningStorefront } from '../server';
import { rawRequest } from '../../test-fixtures/raw-http';

/**
 * The audit of what the output cache keeps. A page that shows one shopper's
 * data is never kept (it was, for a day: the order-status page with the shopper's e-mail and a payment status that
 * then never changed).
 * Reproduce: `npx vitest run ui/edge/cache-audit.test.ts`.
 */
const item = generateCatalogue().products.find((p) => p.type_id === 'simple' && p.visibility === 4 && Number(p.stock?.qty) > 20)!;
let shops: TestShops;
let backend: TestBackend;
let shop: RunningStorefront;

beforeAll(async () => {
  shops = await startTestShops({ backend: { storefrontUrl: 'http://127.0.0.1:3000' } });
  backend = shops.backend;
  shop = await shops.start({ outputCache: new LruOutputCache(20, { now: () => Date.now() }) });
}, 60_000);

afterAll(() => shops?.close());

describe('audit: what the output cache keeps', () => {
  it("the order-status page is the shopper's own: never from the cache, so a paid order shows paid", async () => {
    const order = (await backend.call('POST', '/api/order', {
      products: [{ sku: item.sku, qty: 1 }],
      addressInformation: { billingAddress: { country_id: 'NL', email: 'geheim-adres@example.nl' }, payment_method_code: 'ideal' },
    })).json.result as { increment_id: string; order_token: string };
    const path = `/order-status/${encodeURIComponent(order.order_token)}`;
    const first = await rawRequest(shop.url, path);
    expect(first.status).toBe(200);
    expect(first.body).toContain('geheim-adres@example.nl');
    expect(first.headers['cache-control']).toMatch(/private/);
    expect(first.headers['cache-control']).toMatch(/no-store/);

    const payment = (await backend.call('POST', '/api/ext/vsf-payment-service-api/post-payment', {
      currency: 'EUR', order_id: order.increment_id, redirectUrl: 'http://127.0.0.1:3000/order-status/x', method: 'ideal', order_token: order.order_token,
    })).json.result as { payment_gateway_url: string };
    const simulator = new URL(payment.payment_gateway_url).pathname;
    expect((await backend.call('POST', simulator, 'status=paid', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(303);

    const second = await rawRequest(shop.url, path);
    expect(second.headers['x-output-cache']).toBe('off');
    expect(second.body).toContain('"paymentStatus":"paid"');
  });
});
