import type { KyInstance } from 'ky';
import type { TaskTransport, TransportRequest, TransportResponse } from '../../core/ports/task-transport';
import { deferredKy, toCoreError } from './api-client';

export interface HttpTaskTransportOptions {
  /** the API host; task URLs starting with '/' are resolved against it */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * TaskTransport over HTTP (spec transactions §7 "Queued task call"): never retries, never throws for an HTTP status
 * (the queue checks status, content-type and body); no answer at all is a NetworkError.
 */
export class HttpTaskTransport implements TaskTransport {
  private readonly client: KyInstance;
  private readonly base: string;

  constructor(options: HttpTaskTransportOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    // ky is imported on the first task sent
    this.client = deferredKy(() =>
      import('ky').then(({ default: ky }) => ky.create({ timeout: options.timeoutMs, retry: 0, throwHttpErrors: false, ...(options.fetch ? { fetch: options.fetch } : {}) })),
    );
  }

  async send(request: TransportRequest): Promise<TransportResponse> {
    const url = /^https?:\/\//i.test(request.url) ? request.url : `${this.base}${request.url.startsWith('/') ? '' : '/'}${request.url}`;
    try {
      const res = await this.client(url, {
        method: request.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete',
        headers: request.headers,
        ...(request.body !== undefined && request.method !== 'GET' ? { body: JSON.stringify(request.body) } : {}),
      });
      const contentType = res.headers.get('content-type') ?? '';
      const text = await res.text();
      let body: unknown = text;
      if (/\bjson\b/i.test(contentType) && text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      return { status: res.status, contentType, body };
    } catch (e) {
      throw await toCoreError(e, url);
    }
  }
}
