import type { KyInstance } from 'ky';
import type { Review, ReviewApi } from '../../core/ports/review-api';
import { envelope } from './api-client';

/** POST /api/review/create { review } (with ?token= for a logged-in shopper) */
export class HttpReviewApi implements ReviewApi {
  constructor(private readonly client: KyInstance) {}

  async create(review: Review, userToken?: string): Promise<void> {
    const json = { review: Object.fromEntries(Object.entries(review).filter(([, v]) => v !== undefined && v !== null)) };
    const searchParams = { token: userToken || undefined };
    await envelope(this.client, 'api/review/create', { method: 'post', json, searchParams });
  }
}
