import type { KyInstance } from 'ky';
import type { NewsletterApi } from '../../core/ports/newsletter-api';
import { envelope, result } from './api-client';

const PATH = 'api/ext/mailchimp-subscribe/subscribe';

/** /api/ext/mailchimp-subscribe/subscribe: GET ?email=, POST { email }, DELETE { email } */
export class HttpNewsletterApi implements NewsletterApi {
  constructor(private readonly client: KyInstance) {}

  async isSubscribed(email: string): Promise<boolean> {
    return await result<string>(this.client, PATH, { method: 'get', searchParams: { email } }) === 'subscribed';
  }

  async subscribe(email: string): Promise<void> {
    await envelope(this.client, PATH, { method: 'post', json: { email } });
  }

  async unsubscribe(email: string): Promise<void> {
    await envelope(this.client, PATH, { method: 'delete', json: { email } });
  }
}
