/**
 * Demo backend hardening: one test per numbered probe (docs/security.md), each replaying the attack it describes and
 * showing that it now fails (and that the shopper's data stayed as it was).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { storefrontOrigins } from './index';
import { SECRET_FILE } from './secret';
import { sqliteRows, startTestBackend, type TestBackend } from './test-helpers';

let be: TestBackend;
const dataDir = mkdtempSync(join(tmpdir(), 'backend-attacks-'));
const rows = sqliteRows(dataDir);
const item = generateCatalogue().products.find((p) => p.type_id === 'simple' && p.visibility === 4 && p.stock?.is_in_stock && Number(p.stock.qty) >= 50)!;
const PAY = '/api/ext/vsf-payment-service-api';
const STOREFRONT = 'http://127.0.0.1:3000';

beforeAll(async () => {
  // the test's requests come from 127.0.0.1 and name their client in X-Forwarded-For, as a proxy would
  be = await startTestBackend({ storefrontUrl: STOREFRONT, dataDir, reset: true, trustedProxies: '127.0.0.1' });
});
afterAll(async () => {
  await be.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function customer(email: string): Promise<{ id: number; token: string }> {
  const created = await be.call('POST', '/api/user/create', { customer: { email, firstname: 'Iris', lastname: 'Visser' }, password: 'Geheim123!' });
  expect(created.status).toBe(200);
  const login = await be.call('POST', '/api/user/login', { username: email, password: 'Geheim123!' });
  return { id: created.json.result.id, token: login.json.result };
}

const orderBody = (extra: Record<string, unknown> = {}) => ({
  user_id: '', products: [{ sku: item.sku, qty: 1 }],
  addressInformation: { billingAddress: { country_id: 'NL', email: 'x@example.com' }, payment_method_code: 'ideal' }, ...extra,
});

async function guestOrder(): Promise<{ increment_id: string; order_token: string; backendOrderId: string }> {
  const res = await be.call('POST', '/api/order', orderBody());
  expect(res.status).toBe(200);
  return res.json.result;
}

const orderRow = async (token: string) => (await be.call('POST', `${PAY}/get-payment-status`, { token })).json.result;

describe('backend probes: each attack now fails', { timeout: 120_000 }, () => {
  it('probe 1: an order on someone else\'s account without their token is refused, and cart ids are random 128-bit', async () => {
    const victim = await customer('slachtoffer@example.nl');
    const attacker = await customer('aanvaller@example.nl');
    const cart = (await be.call('POST', `/api/cart/create?token=${victim.token}`)).json.result as string;
    const cart2 = (await be.call('POST', `/api/cart/create?token=${attacker.token}`)).json.result as string;
    const guestCart = (await be.call('POST', '/api/cart/create')).json.result as string;
    for (const id of [cart, cart2, guestCart]) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set([cart, cart2, guestCart]).size).toBe(3);
    await be.call('POST', `/api/cart/update?cartId=${cart}&token=${victim.token}`, { cartItem: { sku: item.sku, qty: 1 } });
    const stock = async () => (await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty;
    const before = await stock();

    // the issue's curl: user_id + cart_id, no token
    const noToken = await be.call('POST', '/api/order', orderBody({ user_id: String(victim.id), cart_id: cart }));
    expect(noToken.status).toBe(401);
    expect(noToken.json).toEqual({ code: 401, result: 'No User token, user unauthorized' });
    // someone else's token, on the victim's id or on the victim's cart
    expect((await be.call('POST', `/api/order?token=${attacker.token}`, orderBody({ user_id: String(victim.id) }))).status).toBe(401);
    expect((await be.call('POST', `/api/order?token=${attacker.token}`, orderBody({ user_id: String(attacker.id), cart_id: cart }))).status).toBe(401);
    // a guest order on the customer's cart
    expect((await be.call('POST', '/api/order', orderBody({ cart_id: cart }))).status).toBe(401);
    // a forged token
    expect((await be.call('POST', `/api/order?token=${attacker.token.slice(0, -3)}abc`, orderBody({ user_id: String(attacker.id) }))).status).toBe(401);

    expect(await stock()).toBe(before);
    const pulled = await be.call('GET', `/api/cart/pull?cartId=${cart}&token=${victim.token}`);
    expect(pulled.status).toBe(200);
    expect(pulled.json.result).toHaveLength(1);
    expect((await be.call('GET', `/api/user/order-history?token=${victim.token}`)).json.result.total_count).toBe(0);

    // the owner, with the token, orders fine
    const own = await be.call('POST', `/api/order?token=${victim.token}`, orderBody({ user_id: String(victim.id), cart_id: cart }));
    expect(own.status).toBe(200);
    expect((await be.call('GET', `/api/user/order-history?token=${victim.token}`)).json.result.total_count).toBe(1);
  });

  it('probe 2: order status changes need the order\'s token, and the simulator only moves a payment forward', async () => {
    const order = await guestOrder();
    const other = await guestOrder();
    const comment = (extra: Record<string, unknown>, status = 'pending_payment', qs = '') =>
      be.call('POST', `${PAY}/order-comments${qs}`, { order_id: order.increment_id, status_history: { comment: 'x', status }, ...extra });

    // the issue's request: no token, status complete
    const anon = await be.call('POST', `${PAY}/order-comments`, { order_id: order.increment_id, status_history: { comment: 'x', status: 'complete' } });
    expect(anon.status).toBeGreaterThanOrEqual(400);
    expect(anon.status).toBeLessThan(500);
    expect((await comment({})).status).toBe(401);
    expect((await comment({ order_token: other.order_token })).status).toBe(403);
    expect((await comment({ order_token: order.order_token }, 'complete')).status).toBe(400);
    const stranger = await customer('vreemde@example.nl');
    expect((await comment({}, 'pending_payment', `?token=${stranger.token}`)).status).toBe(401);

    // post-payment needs the token too
    const pay = { currency: 'EUR', order_id: order.increment_id, redirectUrl: `${STOREFRONT}/order-status/${order.order_token}`, method: 'ideal' };
    expect((await be.call('POST', `${PAY}/post-payment`, pay)).status).toBe(401);
    expect((await be.call('POST', `${PAY}/post-payment`, { ...pay, order_token: other.order_token })).status).toBe(403);
    const created = await be.call('POST', `${PAY}/post-payment`, { ...pay, order_token: order.order_token });
    expect(created.status).toBe(200);
    expect((await comment({ order_token: order.order_token })).status).toBe(200);
    const gateway = created.json.result.payment_gateway_url as string;
    expect(gateway).toMatch(/\/payment-simulator\/[0-9a-f]{32}$/);

    const choose = (status: string) => fetch(gateway, { method: 'POST', body: `status=${status}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    const comments = () => rows('SELECT comment, status FROM order_comments WHERE order_id = ? ORDER BY id', Number(order.backendOrderId));
    expect(await comments()).toEqual([{ comment: 'x', status: 'pending_payment' }]);
    const paid = await choose('paid');
    expect(paid.status).toBe(303);
    expect((await orderRow(order.order_token)).payment.status).toBe('paid');
    const afterPaid = await comments();
    expect(afterPaid).toHaveLength(2);

    // a replay answers the same and adds nothing; a later "failed" is refused and changes nothing
    const replay = await choose('paid');
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toBe(paid.headers.get('location'));
    const failed = await choose('failed');
    expect(failed.status).toBe(409);
    expect(await failed.json()).toMatchObject({ code: 409, result: expect.stringContaining('paid') });
    expect((await orderRow(order.order_token)).payment.status).toBe('paid');
    // a paid order is not set back by a comment, nor paid twice
    expect((await comment({ order_token: order.order_token }, 'canceled')).status).toBe(409);
    expect((await be.call('POST', `${PAY}/post-payment`, { ...pay, order_token: order.order_token })).status).toBe(409);
    expect(await comments()).toEqual(afterPaid);
    expect(rows('SELECT status FROM orders WHERE id = ?', Number(order.backendOrderId))).toEqual([{ status: 'processing' }]);
    expect(rows('SELECT status FROM payments WHERE order_id = ?', Number(order.backendOrderId))).toEqual([{ status: 'paid' }]);
  });

  it('probe 2 (state machine): open -> pending -> one final outcome, each once; a final outcome never changes', async () => {
    const { paymentMayMove } = await import('./routes/order');
    const all = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'];
    const allowed = new Set(['open>pending', 'open>paid', 'open>failed', 'open>canceled', 'open>expired', 'pending>paid', 'pending>failed', 'pending>canceled', 'pending>expired']);
    for (const from of all) for (const to of all) expect(paymentMayMove(from, to), `${from} -> ${to}`).toBe(allowed.has(`${from}>${to}`));
  });

  it('probe 3: post-payment refuses a redirectUrl off the storefront (no open redirect)', async () => {
    const order = await guestOrder();
    const pay = { currency: 'EUR', order_id: order.increment_id, method: 'ideal', order_token: order.order_token };
    for (const redirectUrl of ['https://evil.example.com/phish', 'http://127.0.0.1:3001/order-status/x', 'http://127.0.0.1:3000@evil.example.com/', 'https://127.0.0.1:3000/x', 'javascript:alert(1)', '//evil.example.com/x']) {
      const res = await be.call('POST', `${PAY}/post-payment`, { ...pay, redirectUrl });
      expect(res.status, redirectUrl).toBe(400);
      expect(res.json.code).toBe(400);
    }
    expect((await orderRow(order.order_token)).payment.status).toBe('open');
    const good = await be.call('POST', `${PAY}/post-payment`, { ...pay, redirectUrl: 'http://localhost:3000/order-status/x' });
    expect(good.status).toBe(200);
    const chosen = await fetch(good.json.result.payment_gateway_url, { method: 'POST', body: 'status=paid', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(new URL(chosen.headers.get('location') as string).origin).toBe('http://localhost:3000');
    expect(storefrontOrigins('https://shop.example.nl/, https://www.shop.example.nl').origins).toEqual(['https://shop.example.nl', 'https://www.shop.example.nl']);
  });

  it('probe 4: without BACKEND_SECRET the secret is random, kept in DATA_DIR with mode 0600, and a token signed with the old constant is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backend-secret-'));
    const saved = process.env.BACKEND_SECRET;
    delete process.env.BACKEND_SECRET;
    try {
      let b = await startTestBackend({ dataDir: dir, reset: true, dev: false });
      const file = join(dir, SECRET_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const secret = readFileSync(file, 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(40);
      await b.call('POST', '/api/user/create', { customer: { email: 'geheim@example.nl', firstname: 'G', lastname: 'H' }, password: 'Geheim123!' });
      const token = (await b.call('POST', '/api/user/login', { username: 'geheim@example.nl', password: 'Geheim123!' })).json.result as string;
      // the issue's forgery: a token signed with the constant that used to be in the source
      const payload = Buffer.from(JSON.stringify({ sub: 1, exp: 4102444800, v: 0, t: 'a', n: 'x' })).toString('base64url');
      for (const key of ['papierwinkel-demo-backend-development-secret', '', 'undefined']) {
        const forged = `${payload}.${createHmac('sha256', `user-token:${key}`).update(payload).digest('base64url')}`;
        expect((await b.call('GET', `/api/user/me?token=${forged}`)).status).toBe(401);
      }
      // development routes are off unless asked for
      expect((await b.call('GET', '/__dev/outbox')).status).toBe(404);
      await b.close();
      // a restart reads the same secret: the token still works
      b = await startTestBackend({ dataDir: dir, dev: false });
      expect(readFileSync(file, 'utf8').trim()).toBe(secret);
      expect((await b.call('GET', `/api/user/me?token=${token}`)).status).toBe(200);
      await b.close();
      // another data folder, another secret
      const dir2 = mkdtempSync(join(tmpdir(), 'backend-secret-'));
      b = await startTestBackend({ dataDir: dir2, reset: true });
      expect(readFileSync(join(dir2, SECRET_FILE), 'utf8').trim()).not.toBe(secret);
      await b.close();
      rmSync(dir2, { recursive: true, force: true });
    } finally {
      if (saved !== undefined) process.env.BACKEND_SECRET = saved;
      rmSync(dir, { recursive: true, force: true });
    }
    // no HMAC key is written in the backend's source
    const src = readdirSync(__dirname, { recursive: true }).map(String).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const f of src) expect(readFileSync(join(__dirname, f), 'utf8'), f).not.toMatch(/development-secret|SECRET\s*=\s*['"]/);
  });

  it('probe 5: a 1,000-word (or 20,000-word) fuzzy search is refused at once, naming the limit; the stock check next to it answers', async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `kado${i}`).join(' ');
    const fuzzy = (text: string) => ({ query: { multi_match: { query: text, fields: ['name^4', 'description^3', 'sku^2'], fuzziness: 2, max_expansions: 50 } } });
    const [big, huge, stock] = await Promise.all([
      be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search', fuzzy(words(1000))),
      be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search', fuzzy(words(20_000))),
      be.call('GET', `/api/stock/check?sku=${item.sku}`),
    ]);
    expect(big.status).toBe(400);
    expect(big.json).toEqual({ code: 400, result: 'Search limit: full-text query too long (at most 256)' });
    expect(huge.status).toBe(400);
    expect(stock.status).toBe(200);
    const manyWords = await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search', fuzzy('a b c d e f g h i j k l m n o p q'));
    expect(manyWords.json).toEqual({ code: 400, result: 'Search limit: too many words in a full-text query (at most 16)' });
    // the largest allowed query still answers
    const allowed = await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search', fuzzy('kadopapier kerst goud rood satijn lint doos kaart envelop notitieboek blauw groen zilver wit zwart roze'));
    expect(allowed.status).toBe(200);
    expect(allowed.json.hits.total).toBeGreaterThan(0);
  });

  it('probe 6: bad input that used to answer 500 (configurable_item_options "x" / [null], 5,000-deep bool, 2,000-deep aggregations) is a 400', async () => {
    const cartId = (await be.call('POST', '/api/cart/create')).json.result as string;
    const configurable = generateCatalogue().products.find((p) => p.type_id === 'configurable')!;
    for (const opts of ['x', [null], [1], { a: 1 }, [{ option_id: {} }]]) {
      const productOption = { extension_attributes: { configurable_item_options: opts } };
      const update = await be.call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: configurable.sku, qty: 1, product_option: productOption } });
      expect(update.status, JSON.stringify(opts)).toBe(400);
      expect(update.json).toMatchObject({ code: 400, result: expect.stringMatching(/^Invalid request: body\.cartItem\.product_option/) });
      const order = await be.call('POST', '/api/order', orderBody({ products: [{ sku: configurable.sku, qty: 1, product_option: productOption }] }));
      expect(order.status).toBe(400);
      expect(order.json.code).toBe(400);
    }
    // (written as text: JSON.stringify itself would overflow the stack on these)
    const deepBool = `{"query":${'{"bool":{"must":'.repeat(5000)}{"match_all":{}}${'}}'.repeat(5000)}}`;
    const deepAggs = `{"aggs":${'{"a":{"terms":{"field":"color"},"aggs":'.repeat(2000)}{}${'}}'.repeat(2000)}}`;
    for (const body of [deepBool, deepAggs]) {
      const deep = await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search', body, { 'content-type': 'application/json' });
      expect(deep.json).toEqual({ code: 400, result: 'Invalid request: JSON is nested deeper than 32 levels' });
      const viaGet = await be.call('GET', `/api/catalog/vue_storefront_catalog/product/_search?request=${encodeURIComponent(body.slice(0, 6000))}`);
      expect(viaGet.status).toBe(400);
    }
    // under the JSON limit, the search DSL's own limits answer
    let bool: unknown = { match_all: {} };
    for (let i = 0; i < 13; i++) bool = { bool: { must: bool } };
    expect((await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search', { query: bool })).json).toEqual({ code: 400, result: 'Search limit: queries nested too deep (at most 12)' });
    let aggs: Record<string, unknown> = { a: { terms: { field: 'color' } } };
    for (let i = 0; i < 3; i++) aggs = { a: { terms: { field: 'color' }, aggs } };
    expect((await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search', { aggs })).json).toEqual({ code: 400, result: 'Search limit: aggregations nested too deep (at most 3)' });
    const should = Array.from({ length: 65 }, (_, i) => ({ term: { sku: `s${i}` } }));
    expect((await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search', { query: { bool: { should } } })).json.result).toBe('Search limit: too many query clauses (at most 64)');
    expect((await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search?size=6000', {})).json.result).toBe('Search limit: size (at most 5000)');
    expect((await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search', { from: 20000, size: 1 })).json.result).toBe('Search limit: from (at most 10000)');
    expect((await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search', { query: { terms: { sku: Array.from({ length: 1025 }, (_, i) => `s${i}`) } } })).json.result)
      .toBe('Search limit: terms.sku has too many values (at most 1024)');
    // the cart and the stock are as they were
    expect((await be.call('GET', `/api/cart/pull?cartId=${cartId}`)).json.result).toEqual([]);
  });

  it('probe 8: the same Idempotency-Key with a different body answers 422 and places nothing', async () => {
    const countOrders = () => (rows('SELECT COUNT(*) AS n FROM orders') as Array<{ n: number }>)[0]!.n;
    const key = { 'Idempotency-Key': 'order-probe-8' };
    const first = await be.call('POST', '/api/order', orderBody(), key);
    expect(first.status).toBe(200);
    const n = countOrders();
    const stock = (await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty;
    const other = await be.call('POST', '/api/order', orderBody({ products: [{ sku: item.sku, qty: 5 }] }), key);
    expect(other.status).toBe(422);
    expect(other.json).toEqual({ code: 422, result: 'Idempotency-Key was already used for a different request' });
    expect(countOrders()).toBe(n);
    expect((await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty).toBe(stock);
    // the same request again is the same answer
    const again = await be.call('POST', '/api/order', orderBody(), key);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(countOrders()).toBe(n);
  });

  it('probe 7: login is throttled per account and client and per client (429 + Retry-After, doubling, reset on success); reset-password tells nothing; a new password signs out old tokens', async () => {
    await customer('doelwit@example.nl');
    const login = (username: string, password: string, from = '198.51.100.7') => be.call('POST', '/api/user/login', { username, password }, { 'x-forwarded-for': from });
    // the issue's attack: 100 wrong passwords, then the right one
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) answers.push((await login('doelwit@example.nl', `Fout${i}!abc`)).status);
    expect(answers.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(answers.slice(6).every((s) => s === 429)).toBe(true);
    const locked = await login('doelwit@example.nl', 'Geheim123!');
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ code: 429, result: expect.stringContaining('Too many failed sign-in attempts') });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // the account itself is not locked: its owner, from an address that has not failed, signs in
    expect((await login('doelwit@example.nl', 'Geheim123!', '198.51.100.8')).status).toBe(200);
    // the lock doubles with every failure after the free ones
    await customer('dubbel@example.nl');
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) expect((await login('dubbel@example.nl', 'Fout123!x', '203.0.113.1')).status).toBe(401);
    for (let i = 0; i < 4; i++) {
      expect((await login('dubbel@example.nl', 'Fout123!x', '203.0.113.1')).status).toBe(401);
      const r = await login('dubbel@example.nl', 'Geheim123!', '203.0.113.1');
      expect(r.status).toBe(429);
      waits.push(Number(r.headers.get('retry-after')));
      be.clock.advance(waits[i]!);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // after the wait, the right password works and clears the record
    expect((await login('dubbel@example.nl', 'Geheim123!', '203.0.113.99')).status).toBe(200);
    expect((await login('dubbel@example.nl', 'Fout123!x', '203.0.113.99')).status).toBe(401);
    expect((await login('dubbel@example.nl', 'Geheim123!', '203.0.113.99')).status).toBe(200);
    // per address: many e-mails from one address lock that address, not others
    for (let i = 0; i < 21; i++) await login(`gok${i}@example.nl`, 'Fout123!x', '192.0.2.50');
    expect((await login('dubbel@example.nl', 'Geheim123!', '192.0.2.50')).status).toBe(429);
    expect((await login('dubbel@example.nl', 'Geheim123!', '192.0.2.51')).status).toBe(200);

    // reset-password: the same answer for a known and an unknown e-mail (only the known one gets a mail)
    const known = await be.call('POST', '/api/user/reset-password', { email: 'dubbel@example.nl' });
    const unknown = await be.call('POST', '/api/user/reset-password', { email: 'niemand-hier@example.nl' });
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
    expect(known.json).toEqual({ code: 200, result: true });
    expect(rows('SELECT to_address FROM mails WHERE to_address = ?', 'niemand-hier@example.nl')).toEqual([]);
    // registration of an existing e-mail keeps the spec's text (and hashes the password all the same: user.ts)
    const dup = await be.call('POST', '/api/user/create', { customer: { email: 'dubbel@example.nl', firstname: 'A', lastname: 'B' }, password: 'Anders123!' });
    expect(dup.json).toEqual({ code: 400, result: 'A customer with the same email address already exists in an associated website.' });

    // a password change signs out every older access and refresh token
    const a = await login('dubbel@example.nl', 'Geheim123!', '203.0.113.99');
    const b = await login('dubbel@example.nl', 'Geheim123!', '203.0.113.99');
    const changed = await be.call('POST', `/api/user/change-password?token=${a.json.result}`, { currentPassword: 'Geheim123!', newPassword: 'Nieuw456!' });
    expect(changed.status).toBe(200);
    for (const old of [a, b]) {
      expect((await be.call('GET', `/api/user/me?token=${old.json.result}`)).status).toBe(401);
      expect((await be.call('POST', '/api/user/refresh', { refreshToken: old.json.meta.refreshToken })).status).toBe(401);
    }
    const fresh = await login('dubbel@example.nl', 'Nieuw456!', '203.0.113.99');
    expect((await be.call('GET', `/api/user/me?token=${fresh.json.result}`)).status).toBe(200);
  });
});
