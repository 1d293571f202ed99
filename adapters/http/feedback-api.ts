import type { KyInstance } from 'ky';
import type { FeedbackApi } from '../../core/ports/feedback-api';
import { result } from './api-client';

/** /api/ext/feedback-company/*: `result` is a JSON string, parsed here (an unparsable string is returned as is). */
export class HttpFeedbackApi implements FeedbackApi {
  constructor(private readonly client: KyInstance) {}

  private async get(name: string): Promise<unknown> {
    const r = await result<unknown>(this.client, `api/ext/feedback-company/${name}`);
    if (typeof r !== 'string') return r;
    try {
      return JSON.parse(r) as unknown;
    } catch {
      return r;
    }
  }

  getFeedbackReview(): Promise<unknown> {
    return this.get('getFeedbackReview');
  }

  getFeedbackCompanyReview(): Promise<unknown> {
    return this.get('getFeedbackCompanyReview');
  }
}
