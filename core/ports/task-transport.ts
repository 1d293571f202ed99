/**
 * Sends one queued task over HTTP (spec transactions §7 "Queued task call"). The URL is already resolved
 * (token and cartId placeholders replaced) by the queue. The adapter never retries and never throws for an
 * HTTP status: it answers what came back, so the queue applies the spec's response checks itself.
 * It throws NetworkError (core/ports/api-error.ts) when no answer arrived at all.
 */
export interface TransportRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: unknown;
}

export interface TransportResponse {
  status: number;
  contentType: string;
  /** parsed JSON when the content-type is JSON and the body parses; else the raw text (or '' when empty) */
  body: unknown;
}

export interface TaskTransport {
  send(request: TransportRequest): Promise<TransportResponse>;
}
