import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { SHOP_MAILBOX } from './index';
import { startTestBackend, type TestBackend } from './test-helpers';

let be: TestBackend;
const cat = generateCatalogue();
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => be.close());

describe('newsletter, mail, contact, reviews, feedback company (spec transactions §7)', () => {
  it('subscribes and unsubscribes an e-mail address', async () => {
    const path = '/api/ext/mailchimp-subscribe/subscribe';
    expect((await be.call('GET', `${path}?email=lotte@example.nl`)).json.result).toBe('unsubscribed');
    expect((await be.call('POST', path, { email: 'lotte@example.nl' })).json).toEqual({ code: 200, result: true });
    expect((await be.call('GET', `${path}?email=lotte@example.nl`)).json.result).toBe('subscribed');
    expect((await be.call('DELETE', path, { email: 'lotte@example.nl' })).json.result).toBe(true);
    expect((await be.call('GET', `${path}?email=lotte@example.nl`)).json.result).toBe('unsubscribed');
    expect((await be.call('POST', path, { email: 'geen-adres' })).status).toBe(400);
    expect((await be.call('GET', path)).status).toBe(400);
  });

  it('sends mail only with a fresh token and a valid source address', async () => {
    const token = (await be.call('GET', '/api/ext/mail-service/get-token')).json.result;
    const mail = { sourceAddress: 'klant@example.nl', targetAddress: SHOP_MAILBOX, subject: 'Vraag', emailText: 'Hallo', confirmation: false, token };
    const bad = await be.call('POST', '/api/ext/mail-service/send-email', { ...mail, sourceAddress: 'nee' });
    expect(bad.status).toBe(400);
    expect(bad.json.result).toBe('Source email address is invalid!');
    expect((await be.call('POST', '/api/ext/mail-service/send-email', mail)).json.result).toBe('OK');
    expect((await be.call('POST', '/api/ext/mail-service/send-email', mail)).status).toBe(400); // token used
    expect((await be.call('GET', `/__dev/outbox?to=${SHOP_MAILBOX}`)).json.result[0].subject).toBe('Vraag');
  });

  it('stores contact messages and lists categories', async () => {
    expect((await be.call('GET', '/api/ext/contact/getCategoryCollection')).json.result.length).toBeGreaterThan(2);
    expect((await be.call('POST', '/api/ext/contact/send', { form: { name: 'Wouter', email: 'wouter@example.nl', message: 'Leveren jullie in België?', category: 'order' } })).json.result).toBe(true);
    expect((await be.call('POST', '/api/ext/contact/send', { form: { name: 'Wouter', email: 'wouter@example.nl' } })).status).toBe(400);
    expect((await be.call('POST', '/api/ext/contact/send', { form: { name: 'W', email: 'w@example.nl', message: 'x', category: 'spam' } })).status).toBe(400);
  });

  it('creates a review, and a bad review is 400 not 500', async () => {
    const product = cat.products[5]!;
    const ok = await be.call('POST', '/api/review/create', { review: { product_id: product.id, title: 'Mooi', detail: 'Prachtig papier', nickname: 'Eline', review_entity: 'product', review_status: 2, customer_id: null } });
    expect(ok.status).toBe(200);
    expect(ok.json.result).toMatchObject({ product_id: product.id, review_status: 2 });
    expect((await be.call('POST', '/api/review/create', { review: { product_id: product.id, title: '', detail: 'x', nickname: 'y' } })).status).toBe(400);
    expect((await be.call('POST', '/api/review/create', { review: { product_id: 99999999, title: 'a', detail: 'x', nickname: 'y' } })).status).toBe(404);
    expect((await be.call('POST', '/api/review/create', {})).status).toBe(400);
    expect((await be.call('POST', '/api/review/create', 'null')).status).toBe(400);
  });

  it('answers the feedback company widget data as a JSON string', async () => {
    const res = await be.call('GET', '/api/ext/feedback-company/getFeedbackReview');
    const data = JSON.parse(res.json.result);
    expect(data).toMatchObject({ score_max: 10, total_reviews: cat.reviews.length, link: expect.stringContaining('http') });
    expect(data.score).toBeGreaterThan(5);
    const list = JSON.parse((await be.call('GET', '/api/ext/feedback-company/getFeedbackCompanyReview')).json.result);
    expect(list.reviews).toHaveLength(10);
  });

  it('answers 404 for unknown paths and 405 for wrong methods, with CORS for the storefront', async () => {
    expect((await be.call('GET', '/api/bestaat-niet')).status).toBe(404);
    expect((await be.call('GET', '/api/order')).status).toBe(405);
    const pre = await fetch(`${be.url}/api/cart/update`, { method: 'OPTIONS' });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
  });
});
