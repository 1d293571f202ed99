/**
 * Reviews (spec transactions §7 "POST /api/review/create with the review; success when code is 200") and the external
 * feedback widget (§2 review rating widget; §7 feedback reviews: result is a JSON string).
 */
import type { Logger } from '../ports/logger';
import type { FeedbackApi } from '../ports/feedback-api';
import type { Review, ReviewApi } from '../ports/review-api';

export interface FeedbackRating {
  status?: unknown;
  link?: string;
  percentage?: number;
  score?: number;
  score_max?: number;
  total_reviews?: number;
}

export class ReviewService {
  constructor(
    private readonly deps: { readonly api: ReviewApi; readonly feedback?: FeedbackApi; readonly logger: Logger },
  ) {}

  /**
   * true when the review was accepted (code 200); false otherwise (the error is logged). A review carries the shopper's
   * `customer_id` only together with their token (the backend signs it with that id only for its own token); without
   * a token it goes as a guest's review.
   */
  async submit(review: Review, userToken?: string): Promise<boolean> {
    const { customer_id, ...rest } = review;
    const signed = userToken && customer_id !== undefined && customer_id !== null ? { customer_id } : {};
    try {
      await this.deps.api.create({ review_entity: 'product', review_status: 2, ...rest, ...signed }, userToken || undefined);
      return true;
    } catch (e) {
      this.deps.logger.warn('review not created', 'review', e);
      return false;
    }
  }

  /** the rating widget's numbers (status, link, percentage, score, score_max, total_reviews), or undefined */
  async rating(): Promise<FeedbackRating | undefined> {
    if (!this.deps.feedback) return undefined;
    try {
      const raw = await this.deps.feedback.getFeedbackReview();
      const data = (Array.isArray(raw) ? raw[0] : raw) as Record<string, unknown> | undefined;
      if (!data || typeof data !== 'object') return undefined;
      const num = (v: unknown) => (v === undefined || v === null || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));
      const out: FeedbackRating = {};
      if ('status' in data) out.status = data['status'];
      if (typeof data['link'] === 'string') out.link = data['link'];
      for (const k of ['percentage', 'score', 'score_max', 'total_reviews'] as const) {
        const n = num(data[k]);
        if (n !== undefined) out[k] = n;
      }
      return out;
    } catch (e) {
      this.deps.logger.warn('feedback rating not loaded', 'review', e);
      return undefined;
    }
  }
}
