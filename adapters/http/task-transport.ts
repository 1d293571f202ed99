import type { TaskTransport, TransportRequest, TransportResponse } from '../../core/ports/task-transport';
import { call, jsonOrText } from './api-client';

export interface HttpTaskTransportOptions {
  /** the API host; task URLs starting with '/' are resolved against it */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * TaskTransport over fetch (spec transactions §7 "Queued task call"): never retries, never throws for an HTTP status
 * (the queue checks status, content-type and body); no answer at all, or none within timeoutMs, is a NetworkError.
 */
export class HttpTaskTransport implements TaskTransport {
  private readonly base: string;

  constructor(private readonly options: HttpTaskTransportOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  send(request: TransportRequest): Promise<TransportResponse> {
    const url = /^https?:\/\//i.test(request.url) ? request.url : `${this.base}${request.url.startsWith('/') ? '' : '/'}${request.url}`;
    return call(async () => {
      const res = await (this.options.fetch ?? fetch)(url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined && request.method !== 'GET' ? { body: JSON.stringify(request.body) } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const contentType = res.headers.get('content-type') ?? '';
      const text = await res.text();
      const body = /\bjson\b/i.test(contentType) && text !== '' ? jsonOrText(text) : text;
      return { status: res.status, contentType, body };
    }, url);
  }
}
