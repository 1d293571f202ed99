import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../ports/api-error';
import type { FeedbackApi } from '../ports/feedback-api';
import type { Logger } from '../ports/logger';
import { ratingWidget, ReviewService } from './review-service';

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const service = (getFeedbackReview: FeedbackApi['getFeedbackReview']) =>
  new ReviewService({ api: { create: async () => undefined }, feedback: { getFeedbackReview, getFeedbackCompanyReview: async () => ({}) }, logger });
const DEMO = { status: 'ok', link: 'https://www.feedbackcompany.com/nl-nl/reviews/papierwinkel/', percentage: 92, score: 9.2, score_max: 10, total_reviews: 1234 };

describe('the rating widget (spec catalogue §3.8 "Rating widget data: status, link, percentage, score, score_max, total_reviews")', () => {
  it('maps the six fields of the feedback answer (spec catalogue §7: result is a JSON string, parsed by the adapter)', async () => {
    const shown = { score: 9.2, scoreMax: 10, totalReviews: 1234, link: DEMO.link };
    expect(await service(async () => DEMO).widget()).toEqual(shown);
    // numbers as strings, an answer wrapped in a list (the feedback company's own shape)
    const strings = [{ ...DEMO, score: '9.2', score_max: '10', total_reviews: '1234', percentage: '92' }];
    expect(await service(async () => strings).widget()).toEqual(shown);
  });

  it('shows nothing when the status is not ok, a number is missing or out of range, or there are no reviews', () => {
    for (const bad of [
      { ...DEMO, status: 'error' }, { ...DEMO, status: undefined }, { ...DEMO, status: 0 }, { ...DEMO, score: undefined },
      { ...DEMO, score_max: 0 }, { ...DEMO, score: 11 }, { ...DEMO, score: -1 }, { ...DEMO, total_reviews: 0 }, { ...DEMO, total_reviews: 2.5 },
    ]) {
      expect(ratingWidget(bad), JSON.stringify(bad)).toBeUndefined();
    }
    expect(ratingWidget(undefined)).toBeUndefined();
    expect(ratingWidget({ ...DEMO, status: ' OK ' })).toMatchObject({ score: 9.2 });
  });

  it('keeps only an http(s) link: a javascript: or unparsable one is dropped, the score still shown', () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'not a url', '']) {
      expect(ratingWidget({ ...DEMO, link })).toEqual({ score: 9.2, scoreMax: 10, totalReviews: 1234 });
    }
    expect(ratingWidget({ ...DEMO, link: 'http://reviews.example/shop' })?.link).toBe('http://reviews.example/shop');
  });

  it('a failed call, an API error or a garbled answer shows nothing and throws nothing; the next page asks again', async () => {
    let calls = 0;
    let answer: () => Promise<unknown> = () => Promise.reject(new NetworkError('offline'));
    const reviews = service(() => {
      calls++;
      return answer();
    });
    expect(await reviews.widget()).toBeUndefined();
    answer = () => Promise.reject(new ApiError(500, 'boom'));
    expect(await reviews.widget()).toBeUndefined();
    answer = async () => 'not json';
    expect(await reviews.widget()).toBeUndefined();
    answer = async () => DEMO;
    expect(await reviews.widget()).toMatchObject({ score: 9.2 });
    // once shown, the footer and the product page share the one answer
    expect(await Promise.all([reviews.widget(), reviews.widget()])).toHaveLength(2);
    expect(calls).toBe(4);
    expect(await new ReviewService({ api: { create: async () => undefined }, logger }).widget()).toBeUndefined();
  });

  it('any answer: never throws, and what it shows is a score within 0..score_max over at least one review (fast-check)', async () => {
    const junk = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.double(), fc.integer({ min: -5, max: 20000 }), fc.boolean(), fc.constantFrom('ok', 'OK', 'error'));
    const answer = fc.oneof(
      fc.record({ status: junk, link: fc.oneof(junk, fc.webUrl()), percentage: junk, score: junk, score_max: junk, total_reviews: junk }, { requiredKeys: [] }),
      fc.anything({ maxDepth: 2 }),
    );
    await fc.assert(fc.asyncProperty(answer, async (raw) => {
      const shown = await service(async () => raw).widget();
      if (!shown) return;
      expect(shown.scoreMax).toBeGreaterThan(0);
      expect(shown.score).toBeGreaterThanOrEqual(0);
      expect(shown.score).toBeLessThanOrEqual(shown.scoreMax);
      expect(Number.isInteger(shown.totalReviews) && shown.totalReviews >= 1).toBe(true);
      if (shown.link !== undefined) expect(shown.link).toMatch(/^https?:\/\//);
    }), { numRuns: 100, seed: 38 });
  });
});
