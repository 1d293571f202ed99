import type { KyInstance } from 'ky';
import type { MailApi, MailMessage } from '../../core/ports/mail-api';
import { envelope, result } from './api-client';

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
