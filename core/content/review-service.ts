/**
 * Reviews (spec transactions §7: POST /api/review/create, success when code is 200) and the feedback widget (spec
 * catalogue §3.8, §7: getFeedbackReview, whose result is a JSON string).
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

/** What the shop shows of the rating: a score out of a maximum over a number of reviews, linked to the review page. */
export interface RatingWidget {
  readonly score: number;
  readonly scoreMax: number;
  readonly totalReviews: number;
  /** the review service's page of the shop (http or https only) */
  readonly link?: string;
}

/**
 * spec catalogue §3.8: the rating shows only when its status is ok and its numbers make sense (0 <= score <=
 * score_max, at least one review); a link that is not http(s), or too long, is dropped.
 */
export function ratingWidget(rating: FeedbackRating | undefined): RatingWidget | undefined {
  if (!rating) return undefined;
  const ok = rating.status === true || (typeof rating.status === 'string' && rating.status.trim().toLowerCase() === 'ok');
  const { score, score_max: scoreMax, total_reviews: total } = rating;
  // numbers only: a string or an array would pass the comparisons below by coercion ("9.2" <= 10)
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  if (!ok || !finite(score) || !finite(scoreMax) || !finite(total)) return undefined;
  if (!(scoreMax > 0 && score >= 0 && score <= scoreMax && Number.isInteger(total) && total >= 1)) return undefined;
  const link = safeLink(rating.link);
  return { score, scoreMax, totalReviews: total, ...(link ? { link } : {}) };
}

/** longer links are dropped: the link is written into every page that shows the widget */
const MAX_LINK = 2048;

function safeLink(link: unknown): string | undefined {
  if (typeof link !== 'string' || !link || link.length > MAX_LINK) return undefined;
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.href.length <= MAX_LINK ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export class ReviewService {
  /** the widget's answer, asked once per page load (the footer and the product page share it); a failure is asked again */
  private widgetAnswer: Promise<RatingWidget | undefined> | undefined;

  constructor(
    private readonly deps: { readonly api: ReviewApi; readonly feedback?: FeedbackApi; readonly logger: Logger },
  ) {}

  /**
   * true when the review was accepted (code 200), false otherwise (logged). `customer_id` goes only with the shopper's
   * token (the backend accepts that id only for its own token); without one it is a guest's review.
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

  /** The rating widget's data to show, or undefined (no feedback API, a failed call, a status that is not ok). */
  widget(): Promise<RatingWidget | undefined> {
    const answer = (this.widgetAnswer ??= this.rating().then(ratingWidget));
    void answer.then((w) => {
      if (!w && this.widgetAnswer === answer) this.widgetAnswer = undefined;
    });
    return answer;
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
