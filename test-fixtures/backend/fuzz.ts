/**
 * A fast-check fuzz over every endpoint of the demo backend, shared by the test (test-fixtures/backend/garbage.test.ts,
 * 1,000 requests) and the benchmark (scripts/bench/fuzz.ts, 20,000). Each request is either junk or a valid request of
 * the endpoint with one part replaced by junk; after each one every table is hashed, so a rejected request (4xx) that
 * changed any record is counted (and must never happen), as is any 5xx.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseJson, rawRequest } from '../raw-http';
import { TABLES } from './db';

/** Real values the fuzz mixes in, so requests get past the first checks (a real cart, token, sku, order). */
export interface FuzzFixture {
  cartId: string;
  customerCartId: string;
  token: string;
  refreshToken: string;
  customerId: number;
  sku: string;
  configurableSku: string;
  productId: number;
  orderId: string;
  orderToken: string;
  paymentId: string;
  email: string;
}

type Body = unknown;
interface Endpoint { method: string; path: string; query?: (f: FuzzFixture) => Record<string, string>; body?: (f: FuzzFixture) => Body }

const address = { firstname: 'Fuzz', lastname: 'Test', email: 'fuzz@example.nl', country_id: 'NL', city: 'Utrecht', postcode: '3511AA', street: ['Oudegracht 1'] };
const searchBody = { query: { bool: { filter: { bool: { must: [{ terms: { visibility: [2, 3, 4] } }, { range: { price: { gte: 1, lte: 100 } } }] } } } }, aggs: { c: { terms: { field: 'color' } } }, sort: [{ price: 'asc' }] };

/** GETs of these paths, without a query */
const get = (...paths: string[]): Endpoint[] => paths.map((path) => ({ method: 'GET', path }));

/** Every endpoint, with a valid request for it (junk is then put into one of its parts). */
export const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/catalog/vue_storefront_catalog/product/_search', query: () => ({ request: JSON.stringify(searchBody), size: '5' }) },
  { method: 'POST', path: '/api/catalog/vue_storefront_catalog/product/_search', query: () => ({ size: '5' }), body: () => searchBody },
  { method: 'POST', path: '/api/catalog/vue_storefront_catalog/category/_search', body: () => ({ query: { terms: { level: [2] } }, size: 10 }) },
  { method: 'POST', path: '/api/catalog/vue_storefront_catalog/review/_search', body: () => ({ query: { match: { title: 'mooi' } } }) },
  { method: 'POST', path: '/api/url/map', body: () => ({ url: '/inpakpapier/kerst', includeFields: ['id', 'name'] }) },
  { method: 'GET', path: '/api/product/render-list', query: (f) => ({ skus: f.sku, currencyCode: 'EUR', storeId: '1' }) },
  { method: 'GET', path: '/api/stock/check', query: (f) => ({ sku: f.sku }) },
  { method: 'GET', path: '/api/stock/list', query: (f) => ({ skus: `${f.sku},${f.configurableSku}` }) },
  ...get('/api/ext/cms-data/cmsPage/1', '/api/ext/cms-data/cmsBlock/1',
    '/api/ext/cms-data/cmsPageIdentifier/privacy/storeId/1',
    '/api/ext/cms-data/cmsBlockIdentifier/header-block/storeId/1', '/img/100/100/resize/w/r/wrapping-1-rood.svg'),
  { method: 'POST', path: '/api/cart/create', query: () => ({}) },
  { method: 'GET', path: '/api/cart/pull', query: (f) => ({ cartId: f.cartId }) },
  { method: 'POST', path: '/api/cart/update', query: (f) => ({ cartId: f.cartId }), body: (f) => ({ cartItem: { sku: f.configurableSku, qty: 1, quoteId: f.cartId, product_option: { extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: 49 }] } } } }) },
  { method: 'POST', path: '/api/cart/delete', query: (f) => ({ cartId: f.cartId }), body: (f) => ({ cartItem: { sku: f.sku, item_id: 999999, quoteId: f.cartId } }) },
  { method: 'GET', path: '/api/cart/totals', query: (f) => ({ cartId: f.customerCartId, token: f.token }) },
  { method: 'GET', path: '/api/cart/payment-methods', query: (f) => ({ cartId: f.cartId }) },
  { method: 'POST', path: '/api/cart/shipping-methods', query: (f) => ({ cartId: f.cartId }), body: () => ({ address: { country_id: 'NL' } }) },
  { method: 'POST', path: '/api/cart/shipping-information', query: (f) => ({ cartId: f.cartId }), body: () => ({ addressInformation: { shippingAddress: { country_id: 'XX' }, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate' } }) },
  { method: 'POST', path: '/api/cart/collect-totals', query: (f) => ({ cartId: f.cartId }), body: () => ({ methods: { paymentMethod: { method: 'bitcoin' } } }) },
  { method: 'POST', path: '/api/cart/apply-coupon', query: (f) => ({ cartId: f.cartId, coupon: 'ONGELDIG' }) },
  { method: 'POST', path: '/api/cart/delete-coupon', query: (f) => ({ cartId: f.customerCartId }) },
  { method: 'GET', path: '/api/cart/coupon', query: (f) => ({ cartId: f.cartId }) },
  { method: 'POST', path: '/api/user/create', body: (f) => ({ customer: { email: f.email, firstname: 'Fuzz', lastname: 'Test' }, password: 'Geheim123!' }) },
  { method: 'POST', path: '/api/user/login', body: (f) => ({ username: f.email, password: 'Verkeerd123!' }) },
  { method: 'POST', path: '/api/user/refresh', body: (f) => ({ refreshToken: `${f.refreshToken}x` }) },
  { method: 'GET', path: '/api/user/me', query: (f) => ({ token: f.token }) },
  { method: 'POST', path: '/api/user/me', query: (f) => ({ token: f.token }), body: (f) => ({ customer: { email: f.email, firstname: '', lastname: 'Test' } }) },
  { method: 'GET', path: '/api/user/order-history', query: (f) => ({ token: f.token, pageSize: '2', currentPage: '1' }) },
  { method: 'POST', path: '/api/user/reset-password', body: () => ({ email: 'not-an-email' }) },
  { method: 'POST', path: '/api/user/create-password', body: (f) => ({ email: f.email, newPassword: 'Nieuw123!', resetToken: 'fout' }) },
  { method: 'POST', path: '/api/user/change-password', query: (f) => ({ token: f.token }), body: () => ({ currentPassword: 'Verkeerd123!', newPassword: 'Nieuw123!' }) },
  { method: 'POST', path: '/api/order', query: () => ({}), body: (f) => ({ user_id: String(f.customerId), cart_id: f.customerCartId, products: [{ sku: f.sku, qty: 1 }], addressInformation: { billingAddress: address, shippingAddress: address, payment_method_code: 'ideal' } }) },
  ...get('/api/ext/vsf-payment-service-api/payment-methods', '/api/ext/vsf-payment-service-api/fetch-issuers',
    '/payment-logos/ideal.svg', '/img/payment-logos/ideal.svg'),
  { method: 'POST', path: '/api/ext/vsf-payment-service-api/post-payment', body: (f) => ({ currency: 'EUR', order_id: f.orderId, description: 'x', redirectUrl: 'https://evil.example.com/', method: 'ideal', order_token: f.orderToken }) },
  { method: 'POST', path: '/api/ext/vsf-payment-service-api/order-comments', body: (f) => ({ order_id: f.orderId, status_history: { comment: 'x', status: 'complete' } }) },
  { method: 'POST', path: '/api/ext/vsf-payment-service-api/get-payment-status', body: (f) => ({ token: `${f.orderToken}x` }) },
  { method: 'GET', path: '/payment-simulator/:payment' },
  { method: 'POST', path: '/payment-simulator/:payment', body: () => ({ status: 'stolen' }) },
  { method: 'GET', path: '/api/ext/mailchimp-subscribe/subscribe', query: (f) => ({ email: f.email }) },
  { method: 'POST', path: '/api/ext/mailchimp-subscribe/subscribe', body: () => ({ email: 'geen-mail' }) },
  { method: 'DELETE', path: '/api/ext/mailchimp-subscribe/subscribe', body: () => ({ email: 'geen-mail' }) },
  { method: 'GET', path: '/api/ext/mail-service/get-token' },
  { method: 'POST', path: '/api/ext/mail-service/send-email', body: () => ({ sourceAddress: 'a@example.nl', targetAddress: 'b@example.nl', subject: 'x', emailText: 'x', token: 'fout' }) },
  { method: 'GET', path: '/api/ext/contact/getCategoryCollection' },
  { method: 'POST', path: '/api/ext/contact/send', body: () => ({ form: { name: 'x', email: 'a@example.nl', message: 'x', category: 'onbekend' } }) },
  { method: 'POST', path: '/api/review/create', body: () => ({ review: { product_id: 99999999, title: 'x', detail: 'x', nickname: 'x' } }) },
  ...get('/api/ext/feedback-company/getFeedbackReview', '/api/ext/feedback-company/getFeedbackCompanyReview', '/'),
];

const junkText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', 'null', 'undefined', '-1', '1e309', 'NaN', '../../etc/passwd', '%', '{"a":', '<script>', '0'.repeat(300), 'x'.repeat(30_000), '\u0000', '🎁'),
);
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  junkText,
  fc.constantFrom(null, [null], 'x', [1], {}, [], -1, 0, 1e300, true, { extension_attributes: { configurable_item_options: 'x' } }),
);

type Path = Array<string | number>;

/** A JSON value's nodes, parents before children, down to depth 7: each one's path (keys and indexes) and value. */
function nodes(value: unknown, path: Path = []): Array<[Path, unknown]> {
  const out: Array<[Path, unknown]> = [[path, value]];
  if (path.length > 6 || typeof value !== 'object' || value === null) return out;
  for (const [k, v] of Object.entries(value)) out.push(...nodes(v, [...path, k]));
  return out;
}

type Node = Record<string | number, unknown>;

/** A copy of a JSON value with `change` applied to its node at `path`. */
function changedAt(value: unknown, path: Path, change: (at: Node) => void): unknown {
  const copy = structuredClone(value);
  change(path.reduce((at, k) => at[k] as Node, copy as Node));
  return copy;
}

/** Replace the value at one path of a JSON value (a path into objects and arrays, picked by index). */
function mutate(value: unknown, choice: number, junk: unknown): unknown {
  const paths = nodes(value);
  const [path] = paths[choice % paths.length] as [Path, unknown];
  if (path.length === 0) return junk;
  return changedAt(value, path.slice(0, -1), (at) => (at[path.at(-1) as string | number] = junk));
}

interface FuzzRequest {
  method: string;
  target: string;
  body: string | undefined;
  headers: Record<string, string>;
  endpoint: string;
}

/** Fields a client has no say in (the audit's mass-assignment probe): put into a valid body at any object. */
const SERVER_FIELDS = fc.record(
  { customer_id: fc.constantFrom(1, 2, '1'), group_id: fc.constantFrom(0, 4), id: fc.constantFrom(1, 2), price: fc.constantFrom(0, -1, 0.01), grand_total: fc.constantFrom(0, -10),
    status: fc.constantFrom('complete', 'processing', 'paid'), token_version: fc.constant(99), password_hash: fc.constant('x'), entity_id: fc.constant(1), active: fc.constant(1) },
  { requiredKeys: [] },
);

/** Add `extra`'s keys to the object at one path of a JSON value (or to the top). */
function assign(value: unknown, choice: number, extra: Record<string, unknown>): unknown {
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  const objects = nodes(value).filter(([p, v]) => p.length <= 6 && isObject(v));
  if (!objects.length) return value;
  return changedAt(value, (objects[choice % objects.length] as [Path, unknown])[0], (at) => Object.assign(at, extra));
}

/** Hostile headers (the audit: a Host that is no host answered 500) and content types the body does not match. */
const hostileHeaders = fc.record(
  {
    host: fc.constantFrom('a b', '[', 'a:99999', 'x"><script>', 'evil.example', '', '127.0.0.1:1', 'ü.example', '%00'),
    'content-type': fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/xml', '*/*', ''),
    'idempotency-key': fc.constantFrom('k1', '', ' ', '\u00e9', 'x'.repeat(201)),
    accept: fc.constantFrom('*/*', 'text/html', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', ', , ,', 'x'.repeat(500), '::1, 127.0.0.1'),
  },
  { requiredKeys: [] },
);

/** One generated request (valid-but-mutated, or junk everywhere). */
function requestArbitrary(f: FuzzFixture): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(junkText, fc.constantFrom('1', 'header-block', f.paymentId, f.sku, 'vue_storefront_catalog'));
  // every credential the fixture holds, each where another is expected (the audit's token confusion)
  const credential = fc.constantFrom(f.token, f.refreshToken, f.orderToken, f.cartId, f.customerCartId, f.paymentId, `${f.token.split('.')[0]}.`, `${f.orderToken}.${f.token}`,
    `${Buffer.from('{"alg":"none"}').toString('base64url')}.${f.token.split('.')[0]}.`);
  return fc.record({
    endpoint: fc.integer({ min: 0, max: ENDPOINTS.length - 1 }),
    kind: fc.constantFrom('body', 'query', 'segment', 'junk-body', 'valid', 'headers', 'credential', 'proto', 'duplicate-key', 'mass-assign'),
    hostile: hostileHeaders,
    cred: credential,
    credKey: fc.constantFrom('token', 'cartId', 'refreshToken', 'order_token', 'order_id', 'user_id', 'cart_id', 'resetToken'),
    extra: SERVER_FIELDS,
    choice: fc.nat(),
    junk: junkValue,
    key: fc.constantFrom('token', 'cartId', 'sku', 'skus', 'coupon', 'email', 'request', 'size', 'from', 'sort', 'pageSize', 'currentPage', 'storeId', '_source_include'),
    text: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '-1', '1e309', '%', '{"a":', '0'.repeat(3000), f.cartId, f.token, f.sku, f.email, f.orderToken)),
    segment,
    idem: fc.option(fc.constantFrom('k1', 'k2', 'x'.repeat(300)), { nil: undefined }),
    rawJunk: fc.oneof(junkText, fc.json({ maxDepth: 3 })),
  }).map(({ endpoint, kind, choice, junk, key, text, segment: seg, idem, rawJunk, hostile, cred, credKey, extra }) => {
    const e = ENDPOINTS[endpoint] as Endpoint;
    let path = e.path.replace(':payment', f.paymentId);
    const query = { ...(e.query?.(f) ?? {}) };
    let body: string | undefined = e.body ? JSON.stringify(e.body(f)) : undefined;
    if (kind === 'body' && e.body) body = JSON.stringify(mutate(e.body(f), choice, junk)) ?? 'null';
    else if (kind === 'query') query[key] = text;
    else if (kind === 'segment') {
      const parts = path.split('/');
      const i = 1 + (choice % Math.max(1, parts.length - 1));
      parts[i] = encodeURIComponent(seg) || 'x';
      path = parts.join('/');
    } else if (kind === 'junk-body' && e.method !== 'GET') body = rawJunk;
    else if (kind === 'credential') {
      // a credential of another kind in a query parameter or body field that names one
      if (['token', 'cartId'].includes(credKey) || !e.body) query[credKey === 'cartId' ? 'cartId' : 'token'] = cred;
      else body = JSON.stringify(assign(e.body(f), 0, { [credKey]: cred }));
    } else if (kind === 'proto' && body !== undefined && body.startsWith('{')) {
      // prototype keys at the top (JSON.parse keeps them as own keys; an Object.assign or a merge would not)
      const poison = ['"__proto__":{"isAdmin":true,"customer_id":1,"status":"complete"}', '"constructor":{"prototype":{"price":0}}', '"__proto__":null', '"prototype":1'][choice % 4];
      body = body === '{}' ? `{${poison}}` : `{${poison},${body.slice(1)}`;
    } else if (kind === 'duplicate-key' && body !== undefined && body.startsWith('{') && body !== '{}') {
      // the last of two equal keys wins in JSON.parse: a junk duplicate of the first key
      const firstKey = /^\{"((?:[^"\\]|\\.)*)"/.exec(body)?.[1];
      if (firstKey !== undefined) body = `${body.slice(0, -1)},"${firstKey}":${JSON.stringify(junk) ?? 'null'}}`;
    } else if (kind === 'mass-assign' && e.body) body = JSON.stringify(assign(e.body(f), choice, extra));
    const qs = new URLSearchParams(query).toString();
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(idem ? { 'Idempotency-Key': idem } : {}) };
    if (kind === 'headers') {
      for (const [k, v] of Object.entries(hostile)) {
        if (k === 'content-type' && v === '') delete headers['content-type'];
        else headers[k] = v;
      }
    }
    const target = `${path}${qs ? `?${qs}` : ''}`;
    const sentBody = e.method === 'GET' ? undefined : body;
    return { method: e.method, target, body: sentBody, headers, endpoint: `${e.method} ${e.path}` };
  });
}

/** Sets up the real things the requests refer to: a customer with a cart, a guest cart with an item, an order with a payment. */
export async function makeFixture(base: string, sku: string, configurableSku: string, productId: number): Promise<FuzzFixture> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await res.json()) as { code: number; result: any; meta?: any };
  };
  const email = 'fuzz-klant@example.nl';
  const created = await call('POST', '/api/user/create', { customer: { email, firstname: 'Fuzz', lastname: 'Klant' }, password: 'Geheim123!' });
  const login = await call('POST', '/api/user/login', { username: email, password: 'Geheim123!' });
  const token = login.result as string;
  const customerCartId = (await call('POST', `/api/cart/create?token=${token}`)).result as string;
  const cartId = (await call('POST', '/api/cart/create')).result as string;
  await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku, qty: 1 } });
  await call('POST', `/api/cart/update?cartId=${customerCartId}&token=${token}`, { cartItem: { sku, qty: 1 } });
  const order = (await call('POST', '/api/order', { products: [{ sku, qty: 1 }], addressInformation: { billingAddress: address, payment_method_code: 'ideal' } })).result;
  const payment = (await call('POST', '/api/ext/vsf-payment-service-api/post-payment', { currency: 'EUR', order_id: order.increment_id, redirectUrl: 'http://127.0.0.1:3000/order-status/x', method: 'ideal', order_token: order.order_token })).result;
  return {
    cartId, customerCartId, token, refreshToken: login.meta.refreshToken, customerId: created.result.id, sku, configurableSku, productId,
    orderId: order.increment_id, orderToken: order.order_token, paymentId: String(payment.payment_gateway_url).split('/').pop() as string, email,
  };
}

/**
 * A hash of every table (rows in rowid order). SQLite's `data_version` tells whether another connection committed
 * anything since the last call; only then are the tables read again (a commit that changed nothing keeps the hash).
 */
function tableHasher(dataDir: string): { hash(): string; close(): void } {
  const db = new Database(join(dataDir, 'backend.sqlite'), { readonly: true });
  const statements = TABLES.map((t) => db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).raw());
  const version = db.prepare('PRAGMA data_version').pluck();
  let lastVersion: unknown;
  let lastHash = '';
  return {
    hash() {
      const v = version.get();
      if (v === lastVersion && lastHash) return lastHash;
      const h = createHash('sha256');
      for (const s of statements) h.update(JSON.stringify(s.all()));
      lastVersion = v;
      lastHash = h.digest('hex');
      return lastHash;
    },
    close: () => db.close(),
  };
}

export interface FuzzReport {
  requests: number;
  ok2xx: number;
  other3xx: number;
  client4xx: number;
  server5xx: number;
  /** rejected requests (4xx) after which some record had changed */
  changedByRejected: number;
  /** accepted requests that changed records (allowed: a valid subscription, a new cart, ...) */
  changedByAccepted: number;
  failures: string[];
  /** wall-clock milliseconds spent per endpoint (request + table hashes) */
  msByEndpoint: Record<string, number>;
}

/** Runs `numRuns` generated requests one after the other, hashing every table around each. */
export async function runFuzz(base: string, dataDir: string, fixture: FuzzFixture, numRuns: number, seed: number): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, ok2xx: 0, other3xx: 0, client4xx: 0, server5xx: 0, changedByRejected: 0, changedByAccepted: 0, failures: [], msByEndpoint: {} };
  const hasher = tableHasher(dataDir);
  let before = hasher.hash();
  try {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(fixture), async (r) => {
        const started = performance.now();
        const res = await rawRequest(base, r.target, r);
        const text = res.body;
        report.requests++;
        const after = hasher.hash();
        const changed = after !== before;
        before = after;
        report.msByEndpoint[r.endpoint] = (report.msByEndpoint[r.endpoint] ?? 0) + performance.now() - started;
        const headers = JSON.stringify(r.headers).slice(0, 200);
        const sent = `${r.method} ${r.target.slice(0, 300)} ${headers} ${String(r.body).slice(0, 300)}`;
        const describe = () => `${res.status} ${sent} -> ${text.slice(0, 300)}`;
        if (res.status >= 500) {
          report.server5xx++;
          report.failures.push(describe());
        } else if (res.status >= 400) {
          report.client4xx++;
          if (changed) {
            report.changedByRejected++;
            report.failures.push(`changed records: ${describe()}`);
          }
          const e = parseJson(text) as { code?: unknown; result?: unknown } | undefined;
          if (!e || e.code !== res.status || typeof e.result !== 'string') report.failures.push(`no {code, result} envelope: ${describe()}`);
        } else if (res.status >= 300) report.other3xx++;
        else {
          report.ok2xx++;
          if (changed) report.changedByAccepted++;
        }
      }),
      { numRuns, seed, endOnFailure: true },
    );
  } finally {
    hasher.close();
  }
  return report;
}
