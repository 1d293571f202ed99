import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_MAILBOX, startBackend } from '../../test-fixtures/backend';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { DEFAULT_CONFIG } from '../../core/config';
import { ApiError, NetworkError } from '../../core/ports/api-error';
import type { OrderBody } from '../../core/ports/order-api';
import { createApiClient } from './api-client';
import { HttpUserApi } from './user-api';
import { HttpOrderApi } from './order-api';
import { HttpPaymentApi } from './payment-api';
import { HttpReviewApi } from './review-api';
import { HttpContactApi, HttpFeedbackApi, HttpMailApi, HttpNewsletterApi } from './ext-apis';

const cat = generateCatalogue();
const product = cat.products.find((p) => p.type_id === 'simple' && p.visibility !== 1 && p.status === 1 && p.stock?.is_in_stock && Number(p.stock.qty) >= 5)!;

let backend: { url: string; close(): Promise<void> };
let client: ReturnType<typeof createApiClient>;
beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  client = createApiClient({ baseUrl: backend.url, timeoutMs: 5000 });
});
afterAll(async () => backend.close());

const address = { firstname: 'Anna', lastname: 'de Vries', city: 'Amsterdam', postcode: '1012 AB', street: ['Kalverstraat 1'], country_id: 'NL', email: 'anna@papier.nl' };
const orderBody = (orderId: string, over: Partial<OrderBody> = {}): OrderBody => ({
  user_id: '',
  order_id: orderId,
  products: [{ sku: product.sku, qty: 1 }],
  addressInformation: { shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate', payment_method_code: 'ideal', payment_method_additional: {} },
  transmited: false,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
  ...over,
});

describe('HttpUserApi against the demo backend (docs/protocol.md User; spec transactions §7 Users)', () => {
  it('register, login, me, update, order history, refresh, change password; 4xx as ApiError by status', async () => {
    const api = new HttpUserApi(client);
    const created = await api.register({ email: 'adapter@papier.nl', firstname: 'Ada', lastname: 'Pter' }, 'Secret12!');
    expect(created).toMatchObject({ email: 'adapter@papier.nl', firstname: 'Ada' });
    await expect(api.register({ email: 'adapter@papier.nl', firstname: 'Ada', lastname: 'Pter' }, 'Secret12!')).rejects.toMatchObject({ name: 'ApiError', status: 400 });
    await expect(api.login('adapter@papier.nl', 'wrong')).rejects.toMatchObject({ status: 401 });
    const tokens = await api.login('adapter@papier.nl', 'Secret12!');
    expect(tokens.token).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect((await api.me(tokens.token)).email).toBe('adapter@papier.nl');
    expect((await api.updateMe(tokens.token, { ...created, firstname: 'Adaline' })).firstname).toBe('Adaline');
    expect(await api.orderHistory(tokens.token, 20, 1)).toMatchObject({ items: [], total_count: 0 });
    const refreshed = await api.refresh(tokens.refreshToken!);
    expect((await api.me(refreshed.token)).firstname).toBe('Adaline');
    await expect(api.refresh('garbage')).rejects.toBeInstanceOf(ApiError);
    await expect(api.me('garbage')).rejects.toMatchObject({ status: 401 });
    await api.changePassword(refreshed.token, 'Secret12!', 'Nieuw123!');
    await expect(api.login('adapter@papier.nl', 'Nieuw123!')).resolves.toMatchObject({ token: expect.any(String) });
    await api.resetPassword('adapter@papier.nl');
  });
});

describe('the query string the adapters send', () => {
  it('a query of undefined values is none: a guest order and review go to their bare paths (ky wrote a "?")', async () => {
    const urls: string[] = [];
    const spy: typeof fetch = (input, init) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
    const spied = createApiClient({ baseUrl: backend.url, timeoutMs: 5000, fetch: spy });
    await new HttpOrderApi(spied).place(orderBody('adapter-query'), 'order-adapter-query');
    await new HttpReviewApi(spied).create({ product_id: product.id as number, title: 'Mooi', detail: 'Mooi papier', nickname: 'Ada', review_entity: 'product', review_status: 2 });
    expect(urls).toHaveLength(2);
    expect(urls.map((u) => new URL(u).pathname + (u.includes('?') ? '?' : ''))).toEqual(['/api/order', '/api/review/create']);
  });
});

describe('HttpOrderApi + HttpPaymentApi (docs/protocol.md Order, Payment service; spec transactions §4, §7)', () => {
  it('places an order once per Idempotency-Key and runs the payment calls', async () => {
    const orders = new HttpOrderApi(client);
    const first = await orders.place(orderBody('adapter-1'), 'order-adapter-1');
    expect(first).toMatchObject({ code: 200, result: { increment_id: expect.any(String), order_token: expect.any(String) } });
    const again = await orders.place(orderBody('adapter-1'), 'order-adapter-1');
    expect(again.result?.increment_id).toBe(first.result?.increment_id);
    await expect(orders.place(orderBody('adapter-2', { addressInformation: { ...orderBody('x').addressInformation, shippingAddress: { ...address, country_id: 'DE' } } }), 'order-adapter-2')).rejects.toMatchObject({ status: 400 });

    const pay = new HttpPaymentApi(client, DEFAULT_CONFIG);
    expect((await pay.paymentMethods()).map((m) => m.id)).toEqual(['ideal', 'creditcard', 'banktransfer']);
    expect((await pay.fetchIssuers()).map((i) => i.id)).toContain('ideal_INGBNL2A');
    const orderId = String(first.result!.backendOrderId);
    const created = await pay.createPayment({ currency: 'EUR', order_id: orderId, description: 'test', redirectUrl: 'http://127.0.0.1:3000/order-status/x', method: 'ideal', issuer: 'ideal_INGBNL2A', order_token: first.result!.order_token! });
    expect(created.payment_gateway_url).toMatch(/^http/);
    await pay.postOrderComment({ order_id: orderId, order_token: first.result!.order_token!, status_history: { comment: 'Payment is created for amount 5', created_at: '2026-11-01T12:00:00Z', is_customer_notified: 0, is_visible_on_front: 0, parent_id: orderId, status: 'pending_payment' } });
    const status = await pay.paymentStatus(first.result!.order_token!);
    expect(status).toMatchObject({ order: { increment_id: first.result!.increment_id, customer_email: 'anna@papier.nl' }, payment: { status: 'open' } });
    const tampered = first.result!.order_token!.slice(0, -2) + (first.result!.order_token!.endsWith('aa') ? 'bb' : 'aa');
    await expect(pay.paymentStatus(tampered)).rejects.toMatchObject({ status: 403, result: 'HASH_INCORRECT' });
  });
});

describe('smaller services against the demo backend (spec transactions §7)', () => {
  it('newsletter, contact, review, mail and feedback', async () => {
    const news = new HttpNewsletterApi(client);
    expect(await news.isSubscribed('news@papier.nl')).toBe(false);
    await news.subscribe('news@papier.nl');
    expect(await news.isSubscribed('news@papier.nl')).toBe(true);
    await news.unsubscribe('news@papier.nl');
    expect(await news.isSubscribed('news@papier.nl')).toBe(false);

    const contact = new HttpContactApi(client);
    expect((await contact.categories()).length).toBeGreaterThan(0);
    await contact.send({ name: 'Anna', email: 'anna@papier.nl', message: 'Hallo' });
    await expect(contact.send({ name: '', email: 'nope', message: '' })).rejects.toMatchObject({ status: 400 });

    const review = new HttpReviewApi(client);
    await review.create({ product_id: product.id as number, title: 'Mooi', detail: 'Prachtig papier', nickname: 'An', review_entity: 'product', review_status: 2 });
    await expect(review.create({ product_id: product.id as number, title: '', detail: '', nickname: '' })).rejects.toMatchObject({ status: 400 });
    // a logged-in shopper's review goes with their token (the backend signs customer_id only for its own token): a
    // good token is accepted, a damaged one refused, so the token reaches the backend
    const users = new HttpUserApi(client);
    const author = await users.register({ email: 'review-author@papier.nl', firstname: 'Roos', lastname: 'Reviewer' }, 'Secret12!');
    const { token } = await users.login('review-author@papier.nl', 'Secret12!');
    const signed = { product_id: product.id as number, title: 'Ondertekend', detail: 'Met token', nickname: 'Roos', customer_id: author.id };
    await expect(review.create(signed, token)).resolves.toBeUndefined();
    await expect(review.create(signed, `${token.slice(0, -2)}xx`)).rejects.toMatchObject({ status: 401 });

    const mail = new HttpMailApi(client);
    await mail.send({ sourceAddress: 'anna@papier.nl', targetAddress: SHOP_MAILBOX, subject: 'Vraag', emailText: 'Tekst' });
    await expect(mail.send({ sourceAddress: 'not-an-address', targetAddress: SHOP_MAILBOX, subject: 'Vraag', emailText: 'Tekst' })).rejects.toMatchObject({ status: 400 });

    const feedback = new HttpFeedbackApi(client);
    expect(await feedback.getFeedbackReview()).toMatchObject({ status: 'ok', score_max: 10 });
    expect(await feedback.getFeedbackCompanyReview()).toMatchObject({ success: true });
  });

  it('no answer at all is a NetworkError', async () => {
    const dead = createApiClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(new HttpNewsletterApi(dead).isSubscribed('a@b.nl')).rejects.toBeInstanceOf(NetworkError);
    await expect(new HttpOrderApi(dead).place(orderBody('z'), 'k')).rejects.toBeInstanceOf(NetworkError);
  });
});
