/**
 * The audit of issues 8/9 (docs/security.md "Audit findings"): attacks the issue's own probes did not try, each
 * replayed against the real demo backend on loopback and shown to fail, with the records it aimed at read straight
 * from the SQLite file. Reproduce one: `npx vitest run test-fixtures/backend/attacks-audit.test.ts -t '<name>'`.
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { SHOP_MAILBOX } from './index';
import { sqliteRows, startTestBackend, trickleUntilClosed, type TestBackend } from './test-helpers';

let be: TestBackend;
const dataDir = mkdtempSync(join(tmpdir(), 'backend-audit-'));
const rows = sqliteRows(dataDir);
const catalogue = generateCatalogue();
const item = catalogue.products.find((p) => p.type_id === 'simple' && p.visibility === 4 && p.stock?.is_in_stock && Number(p.stock.qty) >= 50)!;
const PAY = '/api/ext/vsf-payment-service-api';

beforeAll(async () => {
  be = await startTestBackend({ storefrontUrl: 'http://127.0.0.1:3000', dataDir, reset: true });
});
afterAll(async () => {
  await be.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let customers = 0;
async function customer(): Promise<{ id: number; token: string; refreshToken: string; email: string }> {
  const email = `audit-${++customers}@example.nl`;
  const created = await be.call('POST', '/api/user/create', { customer: { email, firstname: 'Iris', lastname: 'Visser' }, password: 'Geheim123!' });
  expect(created.status).toBe(200);
  const login = await be.call('POST', '/api/user/login', { username: email, password: 'Geheim123!' });
  return { id: created.json.result.id, token: login.json.result, refreshToken: login.json.meta.refreshToken, email };
}

/** one request with any Host header (fetch would not send a hostile one) */
function withHost(path: string, host: string, method = 'GET', body?: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(be.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const orderBody = (extra: Record<string, unknown> = {}) => ({
  products: [{ sku: item.sku, qty: 1 }],
  addressInformation: { billingAddress: { country_id: 'NL', email: 'x@example.com' }, payment_method_code: 'ideal' }, ...extra,
});

describe('audit: what the backend probes did not try', { timeout: 60_000 }, () => {
  it('a hostile Host header is a client problem, never a 500, and never the host of a link the API answers', async () => {
    for (const host of ['a b', '[', 'a:99999', 'x"><script>', 'evil.example/path', '']) {
      for (const path of ['/', '/api/cart/pull?cartId=x', `${PAY}/payment-methods`]) {
        const res = await withHost(path, host);
        expect(res.status, `Host: ${host} ${path}`).toBeLessThan(500);
        expect(JSON.parse(res.body), `Host: ${host} ${path}`).toMatchObject({ code: res.status });
        expect(res.body).not.toContain('<script>');
        expect(res.body).not.toContain('evil.example/path');
      }
    }
    // logo addresses name no host at all: a path under /img/, which the storefront passes through to the API
    const logos = JSON.parse((await withHost(`${PAY}/payment-methods`, 'api.papierwinkel.example:8080')).body);
    expect(logos.result._embedded.methods[0].image.svg).toMatch(/^\/img\/payment-logos\/ideal\.svg$/);
    // an absolute-form or '//' target never names the host either
    expect((await withHost('http://evil.example/__nope', 'x')).status).toBe(404);
    expect((await withHost('//evil.example/', 'x')).status).toBe(404);
  });

  it('send-email is no open relay: only the shop\'s own mailboxes receive, and a confirmation carries none of the sender\'s text', async () => {
    const token = async () => (await be.call('GET', '/api/ext/mail-service/get-token')).json.result as string;
    const phishing = { sourceAddress: 'bank@example.com', subject: 'Uw rekening is geblokkeerd', emailText: '<a href="https://evil.example/">log in</a>' };
    const relay = await be.call('POST', '/api/ext/mail-service/send-email', { ...phishing, targetAddress: 'slachtoffer@example.nl', token: await token() });
    expect(relay.status).toBe(400);
    expect(relay.json).toEqual({ code: 400, result: 'Target email address (slachtoffer@example.nl) is not from the whitelist!' });
    expect(rows('SELECT * FROM mails WHERE to_address = ?', 'slachtoffer@example.nl')).toHaveLength(0);

    // to the shop: delivered; the confirmation to the (unverified) sender is the shop's fixed text
    const sent = await be.call('POST', '/api/ext/mail-service/send-email', { ...phishing, targetAddress: SHOP_MAILBOX.toUpperCase(), confirmation: true, token: await token() });
    expect(sent.json).toEqual({ code: 200, result: 'OK' });
    // as text: the link shows as written, it is no link
    expect(rows('SELECT body FROM mails WHERE to_address = ?', SHOP_MAILBOX.toUpperCase())[0].body).toBe('<p>&lt;a href=&quot;https://evil.example/&quot;&gt;log in&lt;/a&gt;</p>');
    const confirmation = rows('SELECT subject, body FROM mails WHERE to_address = ?', 'bank@example.com');
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0].subject + confirmation[0].body).not.toContain('evil.example');
    expect(confirmation[0].subject).not.toContain(phishing.subject);
  });

  it('a review is signed with a customer_id only by that customer\'s own token (it took anyone\'s id from the body)', async () => {
    const victim = await customer();
    const attacker = await customer();
    const review = (extra: Record<string, unknown>) => ({ review: { product_id: item.id, title: 'Slecht', detail: 'Nooit meer', nickname: 'Iris', ...extra } });
    const author = (title: string) => rows('SELECT customer_id FROM reviews WHERE title = ?', title)[0]?.customer_id;

    expect((await be.call('POST', '/api/review/create', review({ title: 'zonder token', customer_id: victim.id }))).status).toBe(200);
    expect(author('zonder token')).toBeNull();
    expect((await be.call('POST', `/api/review/create?token=${attacker.token}`, review({ title: 'ander token', customer_id: victim.id }))).status).toBe(200);
    expect(author('ander token')).toBeNull();
    expect((await be.call('POST', `/api/review/create?token=${attacker.token.slice(0, -2)}xx`, review({ title: 'vals token', customer_id: victim.id }))).status).toBe(401);
    expect(author('vals token')).toBeUndefined();
    expect((await be.call('POST', `/api/review/create?token=${victim.token}`, review({ title: 'eigen token', customer_id: victim.id }))).status).toBe(200);
    expect(author('eigen token')).toBe(victim.id);
  });

  it('mass assignment: an address\'s id and customer_id, a customer\'s id and group_id, prices and totals are the server\'s', async () => {
    const victim = await customer();
    const me = await customer();
    const foreign = { id: victim.id * 100 + 1, customer_id: victim.id, country_id: 'NL', city: 'Delft', street: ['Markt 1'] };
    const updated = await be.call('POST', `/api/user/me?token=${me.token}`, { customer: { id: victim.id, group_id: 4, email: me.email, addresses: [foreign] } });
    expect(updated.status).toBe(200);
    expect(updated.json.result).toMatchObject({ id: me.id, group_id: 1 });
    expect(updated.json.result.addresses).toEqual([expect.objectContaining({ id: me.id * 100 + 1, customer_id: me.id, city: 'Delft' })]);
    const created = await be.call('POST', '/api/user/create', { customer: { email: 'nieuw-audit@example.nl', firstname: 'N', lastname: 'A', addresses: [foreign] }, password: 'Geheim123!' });
    expect(created.json.result.addresses[0]).toMatchObject({ id: created.json.result.id * 100 + 1, customer_id: created.json.result.id });
    expect((await be.call('GET', `/api/user/me?token=${victim.token}`)).json.result.addresses).toEqual([]);

    // prices, totals and status in cart and order bodies are ignored: the catalogue's price, the server's totals
    const cart = (await be.call('POST', '/api/cart/create')).json.result as string;
    const line = await be.call('POST', `/api/cart/update?cartId=${cart}`, { cartItem: { sku: item.sku, qty: 1, price: 0.01, price_incl_tax: 0.01, row_total: 0, customer_id: victim.id } });
    expect(line.json.result.price).toBe(item.price_incl_tax ?? line.json.result.price);
    expect(line.json.result.price).toBeGreaterThan(1);
    const order = await be.call('POST', '/api/order', orderBody({ cart_id: cart, grand_total: 0.01, status: 'complete', customer_id: victim.id, products: [{ sku: item.sku, qty: 1, price: 0.01 }] }));
    expect(order.status).toBe(200);
    expect(order.json.result.grand_total).toBeGreaterThan(1);
    const [row] = rows('SELECT customer_id, status, totals FROM orders WHERE increment_id = ?', order.json.result.increment_id);
    expect(row).toMatchObject({ customer_id: null, status: 'pending' });
    expect(JSON.parse(row.totals).grand_total).toBe(order.json.result.grand_total);
  });

  it('token confusion: refresh, order and guest-cart credentials never stand in for one another', async () => {
    const a = await customer();
    const b = await customer();
    const order = (await be.call('POST', '/api/order', orderBody())).json.result as { increment_id: string; order_token: string };
    const bCart = (await be.call('POST', `/api/cart/create?token=${b.token}`)).json.result as string;
    const [payload, mac] = a.token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const reSigned = (c: Record<string, unknown>) => `${Buffer.from(JSON.stringify(c)).toString('base64url')}.${mac}`;
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const bad of [
      a.refreshToken, // a refresh token as access token
      order.order_token, // an order token as access token
      reSigned({ ...claims, sub: b.id }), // another customer's id under a's signature
      reSigned({ ...claims, t: 'r' }),
      `${payload}.`, `${payload}`, `${header}.${payload}.`, `${header}.${payload}.${mac}`, // alg "none" and JWT shapes
      `${payload}.${mac.toUpperCase()}`, ` ${a.token}`, `${a.token}.`,
    ]) {
      const me = await be.call('GET', `/api/user/me?token=${encodeURIComponent(bad)}`);
      expect(me.status, bad).toBe(401);
    }
    // an access token as refresh token, a's token on b's cart, no token on b's cart
    expect((await be.call('POST', '/api/user/refresh', { refreshToken: a.token })).status).toBe(401);
    expect((await be.call('GET', `/api/cart/pull?cartId=${bCart}&token=${a.token}`)).status).toBe(401);
    expect((await be.call('GET', `/api/cart/pull?cartId=${bCart}`)).status).toBe(401);
    // an access token or another order's token as order token
    const other = (await be.call('POST', '/api/order', orderBody())).json.result as { increment_id: string; order_token: string };
    for (const token of [a.token, other.order_token, `${order.order_token}x`]) {
      const comment = await be.call('POST', `${PAY}/order-comments`, { order_id: order.increment_id, order_token: token, status_history: { comment: 'x', status: 'canceled' } });
      expect(comment.status, token).toBe(403);
    }
    expect(rows('SELECT status FROM orders WHERE increment_id = ?', order.increment_id)[0].status).toBe('pending');
    // a's access token on an order that is not a's
    const asCustomer = await be.call('POST', `${PAY}/order-comments?token=${a.token}`, { order_id: order.increment_id, status_history: { comment: 'x', status: 'canceled' } });
    expect(asCustomer.status).toBe(401);
  });

  it('concurrency: two orders on one cart at once use its coupon once; coupon applies and removals at once leave one coupon', async () => {
    const cart = (await be.call('POST', '/api/cart/create')).json.result as string;
    await be.call('POST', `/api/cart/update?cartId=${cart}`, { cartItem: { sku: item.sku, qty: 2 } });
    expect((await be.call('POST', `/api/cart/apply-coupon?cartId=${cart}&coupon=VIJFEURO`)).status).toBe(200);
    const placed = await Promise.all([1, 2, 3].map(() => be.call('POST', '/api/order', orderBody({ cart_id: cart }))));
    const discounts = placed.map((p) => {
      const [row] = rows('SELECT totals FROM orders WHERE increment_id = ?', p.json.result.increment_id);
      return JSON.parse(row.totals).discount_amount as number;
    });
    expect(discounts.filter((d) => d !== 0)).toHaveLength(1);

    const cart2 = (await be.call('POST', '/api/cart/create')).json.result as string;
    await be.call('POST', `/api/cart/update?cartId=${cart2}`, { cartItem: { sku: item.sku, qty: 1 } });
    const codes = [' korting10 ', 'KORTING10', 'vijfeuro', 'Korting10\t', 'VIJFEURO'];
    const applied = await Promise.all(codes.map((c) => be.call('POST', `/api/cart/apply-coupon?cartId=${cart2}&coupon=${encodeURIComponent(c)}`)));
    expect(applied.every((r) => r.status === 200)).toBe(true);
    const coupon = (await be.call('GET', `/api/cart/coupon?cartId=${cart2}`)).json.result as string;
    expect(['KORTING10', 'VIJFEURO']).toContain(coupon);
    const totals = (await be.call('GET', `/api/cart/totals?cartId=${cart2}`)).json.result;
    // one rule's discount, never the two stacked
    const subtotal = totals.subtotal_incl_tax as number;
    expect([Math.round(subtotal * 10) / 100, Math.min(5, subtotal)].map((d) => -d)).toContain(totals.discount_amount);
    await Promise.all([be.call('POST', `/api/cart/delete-coupon?cartId=${cart2}`), be.call('POST', `/api/cart/apply-coupon?cartId=${cart2}&coupon=KORTING10`)]);
    expect(['', 'KORTING10']).toContain((await be.call('GET', `/api/cart/coupon?cartId=${cart2}`)).json.result);
  });

  it('a client that sends its request slower than the deadline is answered 408 and let go (it was held 300 s)', async () => {
    const strict = await startTestBackend({ requestTimeoutMs: 1000 });
    try {
      expect(await trickleUntilClosed(strict.url)).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await strict.close();
    }
  });
});
