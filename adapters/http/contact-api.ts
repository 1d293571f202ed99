import type { KyInstance } from 'ky';
import type { ContactApi, ContactCategory, ContactForm } from '../../core/ports/contact-api';
import { envelope, result } from './api-client';

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
