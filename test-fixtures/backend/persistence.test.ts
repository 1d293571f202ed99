import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { startTestBackend } from './test-helpers';

const dir = mkdtempSync(join(tmpdir(), 'backend-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const item = generateCatalogue().products.find((p) => p.type_id === 'simple' && p.visibility === 4 && Number(p.stock?.qty) > 5)!;

describe('persistence in SQLite', () => {
  it('keeps carts, users, orders, reviews, subscriptions, contact messages and stock across a restart; --reset wipes them', async () => {
    let be = await startTestBackend({ dataDir: dir, reset: true, secret: 's' });
    await be.call('POST', '/api/user/create', { customer: { email: 'blijf@example.nl', firstname: 'Koen', lastname: 'Smit' }, password: 'Geheim123!' });
    const cartId = (await be.call('POST', '/api/cart/create')).json.result;
    await be.call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: item.sku, qty: 2 } });
    const order = (await be.call('POST', '/api/order', { products: [{ sku: item.sku, qty: 1 }], addressInformation: { billingAddress: { email: 'blijf@example.nl', country_id: 'NL' }, payment_method_code: 'ideal' } })).json.result;
    await be.call('POST', '/api/review/create', { review: { product_id: item.id, title: 'Top', detail: 'Goed', nickname: 'Koen' } });
    await be.call('POST', '/api/ext/mailchimp-subscribe/subscribe', { email: 'blijf@example.nl' });
    await be.call('POST', '/api/ext/contact/send', { form: { name: 'Koen', email: 'blijf@example.nl', message: 'Hoi' } });
    const stock = (await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty;
    await be.close();

    be = await startTestBackend({ dataDir: dir, secret: 's' });
    expect((await be.call('POST', '/api/user/login', { username: 'blijf@example.nl', password: 'Geheim123!' })).status).toBe(200);
    expect((await be.call('GET', `/api/cart/pull?cartId=${cartId}`)).json.result[0]).toMatchObject({ sku: item.sku, qty: 2 });
    expect((await be.call('POST', '/api/ext/vsf-payment-service-api/get-payment-status', { token: order.order_token })).json.result.order.increment_id).toBe(order.increment_id);
    expect((await be.call('GET', '/api/ext/mailchimp-subscribe/subscribe?email=blijf@example.nl')).json.result).toBe('subscribed');
    expect((await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty).toBe(stock);
    await be.close();

    // look at the rows directly for the write-only records
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(join(dir, 'backend.sqlite'), { readonly: true });
    expect((db.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n).toBe(1);
    expect((db.prepare('SELECT COUNT(*) AS n FROM contact_messages').get() as { n: number }).n).toBe(1);
    db.close();

    be = await startTestBackend({ dataDir: dir, reset: true, secret: 's' });
    expect((await be.call('POST', '/api/user/login', { username: 'blijf@example.nl', password: 'Geheim123!' })).status).toBe(401);
    expect((await be.call('GET', `/api/cart/pull?cartId=${cartId}`)).status).toBe(404);
    expect((await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty).toBe(item.stock?.qty);
    await be.close();
  });
});
