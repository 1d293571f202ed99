import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import { ApiError, NetworkError } from '../ports/api-error';
import type { Logger } from '../ports/logger';
import type { NewsletterApi } from '../ports/newsletter-api';
import { NotificationService } from '../ui-state/notification-service';
import { SequentialIds, VirtualTime } from '../testing/virtual-time';
import { ContactService, EMPTY_CONTACT_FORM } from './contact-service';
import { NewsletterService } from './newsletter-service';
import { ReviewService } from './review-service';

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

describe('NewsletterService (spec transactions §4 Newsletter)', () => {
  it('subscribe does nothing if already subscribed; unsubscribe nothing if not subscribed', async () => {
    // spec transactions §4: subscribe does nothing if already subscribed; unsubscribe does nothing if not subscribed
    const subscribed = new Set<string>(['anna@papier.nl']);
    const calls: string[] = [];
    const api: NewsletterApi = {
      isSubscribed: async (e) => subscribed.has(e),
      subscribe: async (e) => void (calls.push(`sub ${e}`), subscribed.add(e)),
      unsubscribe: async (e) => void (calls.push(`unsub ${e}`), subscribed.delete(e)),
    };
    const n = new NewsletterService(api);
    expect(await n.status('anna@papier.nl')).toBe(true);
    expect(await n.subscribe('anna@papier.nl')).toBe(false);
    expect(await n.unsubscribe('anna@papier.nl')).toBe(true);
    expect(await n.unsubscribe('anna@papier.nl')).toBe(false);
    expect(await n.subscribe('anna@papier.nl')).toBe(true);
    expect(calls).toEqual(['unsub anna@papier.nl', 'sub anna@papier.nl']);
    expect(n.snapshot()).toEqual({ isSubscribed: true, email: 'anna@papier.nl' });
  });
});

describe('ContactService (spec transactions §5, §8 Contact)', () => {
  it("success: 'contact.sent' and the form cleared; failure: 'contact.failed' and the form kept", async () => {
    // spec transactions §8: failure 'Something went wrong...'; success 'Your comment was sent!' and form cleared
    const time = new VirtualTime();
    const notifications = new NotificationService(time, new SequentialIds(), DEFAULT_CONFIG);
    let fail: Error | undefined = new NetworkError();
    const c = new ContactService({ api: { send: async () => { if (fail) throw fail; }, categories: async () => [] }, notifications, logger });
    const form = { name: 'Anna', email: 'anna@papier.nl', message: 'Hebben jullie kraftpapier?' };
    expect(await c.send(form)).toBe(false);
    expect(c.snapshot()).toMatchObject({ form, result: MESSAGES.contactFailed });
    fail = undefined;
    expect(await c.send()).toBe(true);
    expect(c.snapshot()).toMatchObject({ form: EMPTY_CONTACT_FORM, result: MESSAGES.contactSent, sending: false });
    expect(notifications.snapshot().map((n) => n.message)).toEqual([MESSAGES.contactFailed, MESSAGES.contactSent]);
  });
});

describe('ReviewService (spec transactions §7 Review)', () => {
  it('success when the server accepts; a 400 is false', async () => {
    // spec transactions §7: POST /api/review/create; success when code is 200
    const sent: unknown[] = [];
    let status = 200;
    const r = new ReviewService({ api: { create: async (rv) => { if (status !== 200) throw new ApiError(status, 'bad'); sent.push(rv); } }, logger });
    expect(await r.submit({ product_id: 5, title: 'Mooi', detail: 'Prachtig papier', nickname: 'An' })).toBe(true);
    expect(sent[0]).toEqual({ product_id: 5, title: 'Mooi', detail: 'Prachtig papier', nickname: 'An', review_entity: 'product', review_status: 2 });
    status = 400;
    expect(await r.submit({ product_id: 5, title: '', detail: '', nickname: '' })).toBe(false);
  });

  it('a review carries the customer_id only with the shopper\'s token, which goes along; without it a guest review', async () => {
    const sent: Array<[unknown, string | undefined]> = [];
    const r = new ReviewService({ api: { create: async (rv, token) => void sent.push([rv, token]) }, logger });
    const review = { product_id: 5, title: 'Mooi', detail: 'Prachtig', nickname: 'An', customer_id: 7 };
    expect(await r.submit(review, 'tok')).toBe(true);
    expect(await r.submit(review)).toBe(true);
    expect(sent[0]).toEqual([expect.objectContaining({ customer_id: 7 }), 'tok']);
    expect(sent[1]![0]).not.toHaveProperty('customer_id');
    expect(sent[1]![1]).toBeUndefined();
  });

  it('reads the rating widget numbers from the feedback JSON', async () => {
    // spec transactions §2: rating widget shows status, link, percentage, score, score_max, total_reviews
    const r = new ReviewService({
      api: { create: async () => undefined },
      feedback: { getFeedbackCompanyReview: async () => ({}), getFeedbackReview: async () => [{ status: 'ok', link: 'https://fb.example', percentage: '96', score: 9.6, score_max: 10, total_reviews: 1234 }] },
      logger,
    });
    expect(await r.widget()).toEqual({ link: 'https://fb.example/', score: 9.6, scoreMax: 10, totalReviews: 1234 });
  });
});
