import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { startTestBackend, type TestBackend } from './test-helpers';

/** Every endpoint, with the parts a client controls; junk goes into each of them. */
const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/api/catalog/vue_storefront_catalog/product/_search'],
  ['POST', '/api/catalog/vue_storefront_catalog/product/_search'],
  ['GET', '/api/catalog/vue_storefront_catalog/category/_search'],
  ['POST', '/api/catalog/:x/:x/_search'],
  ['POST', '/api/url/map'],
  ['GET', '/api/product/render-list'],
  ['GET', '/api/stock/check'],
  ['GET', '/api/stock/list'],
  ['GET', '/api/ext/cms-data/cmsPage/:x'],
  ['GET', '/api/ext/cms-data/cmsBlockIdentifier/:x/storeId/:x'],
  ['GET', '/img/:x/:x/resize/:x'],
  ['GET', '/api/cart/pull'],
  ['POST', '/api/cart/update'],
  ['POST', '/api/cart/delete'],
  ['GET', '/api/cart/totals'],
  ['GET', '/api/cart/payment-methods'],
  ['POST', '/api/cart/shipping-methods'],
  ['POST', '/api/cart/shipping-information'],
  ['POST', '/api/cart/collect-totals'],
  ['POST', '/api/cart/apply-coupon'],
  ['POST', '/api/cart/delete-coupon'],
  ['POST', '/api/user/create'],
  ['POST', '/api/user/login'],
  ['POST', '/api/user/refresh'],
  ['GET', '/api/user/me'],
  ['POST', '/api/user/me'],
  ['GET', '/api/user/order-history'],
  ['POST', '/api/user/reset-password'],
  ['POST', '/api/user/create-password'],
  ['POST', '/api/user/change-password'],
  ['POST', '/api/order'],
  ['POST', '/api/ext/vsf-payment-service-api/post-payment'],
  ['POST', '/api/ext/vsf-payment-service-api/order-comments'],
  ['POST', '/api/ext/vsf-payment-service-api/get-payment-status'],
  ['GET', '/payment-simulator/:x'],
  ['POST', '/payment-simulator/:x'],
  ['GET', '/api/ext/mailchimp-subscribe/subscribe'],
  ['POST', '/api/ext/mailchimp-subscribe/subscribe'],
  ['DELETE', '/api/ext/mailchimp-subscribe/subscribe'],
  ['POST', '/api/ext/mail-service/send-email'],
  ['POST', '/api/ext/contact/send'],
  ['POST', '/api/review/create'],
  ['GET', '/api/ext/feedback-company/getFeedbackReview'],
];
const QUERY_KEYS = ['token', 'cartId', 'sku', 'skus', 'coupon', 'email', 'request', 'size', 'from', 'sort', '_source_include', '_source_exclude', 'pageSize', 'currentPage', 'storeId', 'currencyCode'];
const BODY_KEYS = ['cartItem', 'address', 'addressInformation', 'methods', 'customer', 'password', 'username', 'refreshToken', 'email', 'newPassword', 'resetToken', 'currentPassword',
  'products', 'token', 'order_id', 'status_history', 'form', 'review', 'url', 'query', 'aggs', 'sort', 'currency', 'redirectUrl', 'method', 'status'];

const dir = mkdtempSync(join(tmpdir(), 'backend-garbage-'));
let be: TestBackend;
let cartId = '';
let token = '';
const item = generateCatalogue().products.find((p) => p.type_id === 'simple' && p.visibility === 4 && Number(p.stock?.qty) > 5)!;

function stateHash(): string {
  const db = new Database(join(dir, 'backend.sqlite'), { readonly: true });
  const h = createHash('sha256');
  for (const t of ['stock', 'customers', 'reset_tokens', 'carts', 'cart_items', 'orders', 'order_comments', 'payments', 'reviews', 'subscriptions', 'contact_messages', 'mails', 'idempotency']) {
    h.update(JSON.stringify(db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()));
  }
  db.close();
  return h.digest('hex');
}

beforeAll(async () => {
  be = await startTestBackend({ dataDir: dir, reset: true });
  await be.call('POST', '/api/user/create', { customer: { email: 'junk@example.nl', firstname: 'J', lastname: 'Unk' }, password: 'Geheim123!' });
  token = (await be.call('POST', '/api/user/login', { username: 'junk@example.nl', password: 'Geheim123!' })).json.result;
  cartId = (await be.call('POST', '/api/cart/create')).json.result;
  await be.call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: item.sku, qty: 1 } });
});
afterAll(async () => {
  await be.close();
  rmSync(dir, { recursive: true, force: true });
});

const junkText = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', 'null', 'undefined', '-1', '1e309', 'NaN', '../../etc/passwd', '%', '{"a":', '<script>', '0'.repeat(300)));
const realish = () => fc.constantFrom(cartId, token, item.sku, 'junk@example.nl', '1', '2');
const junkValue = fc.oneof(fc.anything({ maxDepth: 3 }), junkText);
const junkBody = fc.oneof(
  fc.constant(undefined),
  junkText,
  fc.json({ maxDepth: 3 }),
  fc.anything({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.dictionary(fc.constantFrom(...BODY_KEYS), junkValue, { maxKeys: 4 }).map((o) => JSON.stringify(o)),
  fc.dictionary(fc.constantFrom(...BODY_KEYS), fc.dictionary(fc.constantFrom(...BODY_KEYS, 'sku', 'qty', 'item_id', 'country_id', 'comment'), junkValue, { maxKeys: 3 }), { maxKeys: 2 }).map((o) => JSON.stringify(o)),
);
const request = fc.record({
  endpoint: fc.constantFrom(...ENDPOINTS),
  segment: fc.oneof(junkText, fc.constantFrom('1', 'header-block', 'vue_storefront_catalog', 'w/r/wrapping-1-rood.svg')),
  query: fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(junkText, realish()), { maxKeys: 4 }),
  body: junkBody,
  idem: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
});

describe('garbage in (fast-check)', () => {
  it('never answers 5xx and never changes a record', async () => {
    const before = stateHash();
    await fc.assert(
      fc.asyncProperty(request, async ({ endpoint: [method, path], segment, query, body, idem }) => {
        const p = path.replace(/:x/g, () => encodeURIComponent(segment) || 'x');
        const qs = new URLSearchParams(query).toString();
        const res = await fetch(`${be.url}${p}${qs ? `?${qs}` : ''}`, {
          method,
          redirect: 'manual',
          headers: { 'content-type': 'application/json', ...(idem ? { 'Idempotency-Key': idem } : {}) },
          body: method === 'GET' || body === undefined ? undefined : body,
        });
        const text = await res.text();
        expect(res.status, `${method} ${p}?${qs} ${String(body)} -> ${text}`).toBeLessThan(500);
        if (res.status >= 400 && res.headers.get('content-type')?.includes('json')) {
          const json = JSON.parse(text);
          expect(json).toMatchObject({ code: res.status, result: expect.any(String) });
        }
      }),
      { numRuns: 600, seed: 20261101 },
    );
    expect(stateHash()).toBe(before);
  });
});
