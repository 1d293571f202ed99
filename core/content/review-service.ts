/**
 * Reviews (spec transactions §7: POST /api/review/create, success when code is 200) and the feedback widget (spec
 * catalogue §3.8, §7: getFeedbackReview, whose result is a JSON string).
 */
import type { Logger } from '../ports/logger';
import type { FeedbackApi } from '../ports/feedback-api';
import type { Review, ReviewApi } from '../ports/review-api';

/** What the shop shows of the rating: a score out of a maximum over a number of reviews, linked to the review page. */
export interface RatingWidget {
  readonly score: number;
  readonly scoreMax: number;
  readonly totalReviews: number;
  /** the review service's page of the shop (http or https only) */
  readonly link?: string;
}

/**
 * spec catalogue §3.8: the feedback answer (an object, or a list holding it) shows a rating only when its status is ok
 * and its numbers make sense (0 <= score <= score_max, at least one review); a link that is not http(s), or too long,
 * is dropped.
 */
export function ratingWidget(answer: unknown): RatingWidget | undefined {
  const data: unknown = Array.isArray(answer) ? answer[0] : answer;
  if (!data || typeof data !== 'object') return undefined;
  const rating = data as Record<string, unknown>;
  const status = rating['status'];
  const ok = status === true || (typeof status === 'string' && status.trim().toLowerCase() === 'ok');
  const [score, scoreMax, total] = [rating['score'], rating['score_max'], rating['total_reviews']].map(finiteNumber);
  if (!ok || score === undefined || scoreMax === undefined || total === undefined) return undefined;
  if (!(scoreMax > 0 && score >= 0 && score <= scoreMax && Number.isInteger(total) && total >= 1)) return undefined;
  const link = safeLink(rating['link']);
  return { score, scoreMax, totalReviews: total, ...(link ? { link } : {}) };
}

/** a number, or a numeric string (the feedback company sends both); never an array or object, which coerce too */
function finiteNumber(v: unknown): number | undefined {
  const n = typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
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
    const answer = (this.widgetAnswer ??= this.feedbackAnswer().then(ratingWidget));
    void answer.then((w) => {
      if (!w && this.widgetAnswer === answer) this.widgetAnswer = undefined;
    });
    return answer;
  }

  private feedbackAnswer(): Promise<unknown> {
    return Promise.resolve(this.deps.feedback?.getFeedbackReview()).catch((e: unknown) => {
      this.deps.logger.warn('feedback rating not loaded', 'review', e);
      return undefined;
    });
  }
}
