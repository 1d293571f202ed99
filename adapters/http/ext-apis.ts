/** The vue-storefront-api extensions the shop calls, under /api/ext/ (docs/protocol.md). */
import type { KyInstance } from 'ky';
import type { ContactApi, ContactCategory, ContactForm } from '../../core/ports/contact-api';
import type { FeedbackApi } from '../../core/ports/feedback-api';
import type { MailApi, MailMessage } from '../../core/ports/mail-api';
import type { NewsletterApi } from '../../core/ports/newsletter-api';
import { envelope, jsonOrText, result } from './api-client';

/** /api/ext/contact: POST send { form }, GET getCategoryCollection */
export class HttpContactApi implements ContactApi {
  constructor(private readonly client: KyInstance) {}

  async send(form: ContactForm): Promise<void> {
    await envelope(this.client, 'api/ext/contact/send', { method: 'post', json: { form } });
  }

  async categories(): Promise<ContactCategory[]> {
    const r = await result<Array<Record<string, unknown>>>(this.client, 'api/ext/contact/getCategoryCollection');
    return (Array.isArray(r) ? r : []).map((c) => ({ ...c, id: (c['id'] ?? c['value']) as string | number, name: String(c['name'] ?? c['label'] ?? c['value'] ?? '') }));
  }
}

/** /api/ext/feedback-company/*: `result` is a JSON string, parsed here (an unparsable string is returned as is). */
export class HttpFeedbackApi implements FeedbackApi {
  constructor(private readonly client: KyInstance) {}

  private async get(name: string): Promise<unknown> {
    const r = await result<unknown>(this.client, `api/ext/feedback-company/${name}`);
    return typeof r === 'string' ? jsonOrText(r) : r;
  }

  getFeedbackReview(): Promise<unknown> {
    return this.get('getFeedbackReview');
  }

  getFeedbackCompanyReview(): Promise<unknown> {
    return this.get('getFeedbackCompanyReview');
  }
}

/** /api/ext/mail-service: GET get-token, POST send-email (with a fresh token unless one is given) */
export class HttpMailApi implements MailApi {
  constructor(private readonly client: KyInstance) {}

  async getToken(): Promise<string> {
    return String(await result<string>(this.client, 'api/ext/mail-service/get-token'));
  }

  async send(message: MailMessage, token?: string): Promise<void> {
    const t = token ?? (await this.getToken());
    await envelope(this.client, 'api/ext/mail-service/send-email', { method: 'post', json: { ...message, token: t } });
  }
}

const SUBSCRIBE = 'api/ext/mailchimp-subscribe/subscribe';

/** /api/ext/mailchimp-subscribe/subscribe: GET ?email=, POST { email }, DELETE { email } */
export class HttpNewsletterApi implements NewsletterApi {
  constructor(private readonly client: KyInstance) {}

  async isSubscribed(email: string): Promise<boolean> {
    return (await result<string>(this.client, SUBSCRIBE, { searchParams: { email } })) === 'subscribed';
  }

  async subscribe(email: string): Promise<void> {
    await envelope(this.client, SUBSCRIBE, { method: 'post', json: { email } });
  }

  async unsubscribe(email: string): Promise<void> {
    await envelope(this.client, SUBSCRIBE, { method: 'delete', json: { email } });
  }
}
