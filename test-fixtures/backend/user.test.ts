import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './test-helpers';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ tokenTtlSeconds: 1 });
});
afterAll(async () => be.close());

const create = (email: string, password = 'Geheim123!') => be.call('POST', '/api/user/create', { customer: { email, firstname: 'Anouk', lastname: 'Jansen' }, password });
const login = (username: string, password = 'Geheim123!') => be.call('POST', '/api/user/login', { username, password });

describe('users (spec transactions §5, §7)', () => {
  it('creates a customer and refuses a duplicate e-mail with the spec text', async () => {
    const res = await create('anouk@example.nl');
    expect(res.status).toBe(200);
    expect(res.json.result).toMatchObject({ email: 'anouk@example.nl', firstname: 'Anouk', id: expect.any(Number) });
    expect(res.json.result.password_hash).toBeUndefined();
    const dup = await create('ANOUK@example.nl');
    expect(dup.status).toBe(400);
    expect(dup.json.result).toBe('A customer with the same email address already exists in an associated website.');
  });

  it('applies the password rule: at least 8 characters and 3 of 4 classes', async () => {
    for (const weak of ['Kort1!', 'alleenkleineletters', 'kleinEnGroot', '12345678abc']) {
      const res = await create(`weak-${weak.length}-${weak[0]}@example.nl`, weak);
      expect(res.status).toBe(400);
      expect(res.json.result).toContain('at least 8 characters');
    }
    expect((await create('strong@example.nl', 'abcDEF123')).status).toBe(200);
  });

  it('logs in with a token and refresh token; wrong credentials give 401 with the sign-in text', async () => {
    await create('login@example.nl');
    const res = await login('login@example.nl');
    expect(res.json).toMatchObject({ code: 200, result: expect.any(String), meta: { refreshToken: expect.any(String) } });
    const bad = await login('login@example.nl', 'Verkeerd123!');
    expect(bad.status).toBe(401);
    expect(bad.json.result).toContain('The account sign-in was incorrect');
    expect((await login('niemand@example.nl')).status).toBe(401);
  });

  it('access tokens expire; refresh gives a new one; a bad token is 401', async () => {
    await create('expiry@example.nl');
    const res = await login('expiry@example.nl');
    const token = res.json.result;
    expect((await be.call('GET', `/api/user/me?token=${token}`)).json.result.email).toBe('expiry@example.nl');
    be.clock.advance(2);
    const expired = await be.call('GET', `/api/user/me?token=${token}`);
    expect(expired.status).toBe(401);
    const refreshed = await be.call('POST', '/api/user/refresh', { refreshToken: res.json.meta.refreshToken });
    expect(refreshed.status).toBe(200);
    expect((await be.call('GET', `/api/user/me?token=${refreshed.json.result}`)).status).toBe(200);
    expect((await be.call('POST', '/api/user/refresh', { refreshToken: token })).status).toBe(401);
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await be.call('GET', `/api/user/me?token=${tampered}`)).status).toBe(401);
    expect((await be.call('GET', '/api/user/me')).status).toBe(401);
  });

  it('updates the profile and refuses an e-mail that belongs to someone else', async () => {
    await create('profiel@example.nl');
    await create('ander@example.nl');
    const token = (await login('profiel@example.nl')).json.result;
    const res = await be.call('POST', `/api/user/me?token=${token}`, { customer: { firstname: 'Femke', addresses: [{ firstname: 'Femke', city: 'Utrecht', country_id: 'NL', street: ['Oudegracht 1'], postcode: '3511AA' }] } });
    expect(res.json.result).toMatchObject({ firstname: 'Femke', addresses: [expect.objectContaining({ city: 'Utrecht' })] });
    expect((await be.call('POST', `/api/user/me?token=${token}`, { customer: { email: 'ander@example.nl' } })).status).toBe(400);
    expect((await be.call('POST', `/api/user/me?token=${token}`, { customer: { firstname: 42 } })).status).toBe(400);
  });

  it('changes the password, and resets it through the mailed token', async () => {
    await create('wachtwoord@example.nl');
    const token = (await login('wachtwoord@example.nl')).json.result;
    expect((await be.call('POST', `/api/user/change-password?token=${token}`, { currentPassword: 'Fout123!!', newPassword: 'Nieuw123!' })).status).toBe(400);
    expect((await be.call('POST', `/api/user/change-password?token=${token}`, { currentPassword: 'Geheim123!', newPassword: 'zwak' })).status).toBe(400);
    expect((await be.call('POST', `/api/user/change-password?token=${token}`, { currentPassword: 'Geheim123!', newPassword: 'Nieuw123!' })).json.result).toBe(true);
    expect((await login('wachtwoord@example.nl', 'Nieuw123!')).status).toBe(200);
    expect((await be.call('POST', '/api/user/reset-password', { email: 'wachtwoord@example.nl' })).json.result).toBe(true);
    // an unknown e-mail gets the same answer as a known one (reset-password does not reveal accounts)
    expect((await be.call('POST', '/api/user/reset-password', { email: 'onbekend@example.nl' })).json).toEqual({ code: 200, result: true });
    const mail = (await be.call('GET', '/__dev/outbox?to=wachtwoord@example.nl')).json.result[0];
    const resetToken = /resetToken=([0-9a-f]+)/.exec(mail.body)![1];
    expect((await be.call('POST', '/api/user/create-password', { email: 'wachtwoord@example.nl', newPassword: 'Reset123!', resetToken: 'fout' })).status).toBe(400);
    expect((await be.call('POST', '/api/user/create-password', { email: 'wachtwoord@example.nl', newPassword: 'Reset123!', resetToken })).json.result).toBe(true);
    expect((await be.call('POST', '/api/user/create-password', { email: 'wachtwoord@example.nl', newPassword: 'Reset456!', resetToken })).status).toBe(400);
    expect((await login('wachtwoord@example.nl', 'Reset123!')).status).toBe(200);
    // the reset signs out old sessions
    expect((await be.call('GET', `/api/user/me?token=${token}`)).status).toBe(401);
  });

  it('lists order history with pageSize and currentPage', async () => {
    await create('historie@example.nl');
    const me = await login('historie@example.nl');
    const user = (await be.call('GET', `/api/user/me?token=${me.json.result}`)).json.result;
    const sku = 'KP-00' + ''; // filled below from the catalogue through the search API
    const found = await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search?size=1', { query: { bool: { filter: [{ term: { type_id: 'simple' } }, { term: { 'stock.is_in_stock': true } }, { range: { 'stock.qty': { gte: 10 } } }, { terms: { visibility: [4] } }] } } });
    const productSku = found.json.hits.hits[0]._source.sku ?? sku;
    for (let i = 0; i < 3; i++) {
      const order = await be.call('POST', `/api/order?token=${me.json.result}`, {
        user_id: String(user.id), products: [{ sku: productSku, qty: 1 }],
        addressInformation: { billingAddress: { email: 'historie@example.nl', country_id: 'NL' }, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate', payment_method_code: 'ideal' },
      });
      expect(order.status).toBe(200);
    }
    const token = (await login('historie@example.nl')).json.result;
    const page = await be.call('GET', `/api/user/order-history?token=${token}&pageSize=2&currentPage=1`);
    expect(page.json.result.total_count).toBe(3);
    expect(page.json.result.items).toHaveLength(2);
    expect(page.json.result.items[0]).toMatchObject({ entity_id: expect.any(Number), increment_id: expect.any(String), grand_total: expect.any(Number) });
    const page2 = await be.call('GET', `/api/user/order-history?token=${token}&pageSize=2&currentPage=2`);
    expect(page2.json.result.items).toHaveLength(1);
    expect((await be.call('GET', `/api/user/order-history?token=${token}&pageSize=-1`)).status).toBe(400);
  });
});
