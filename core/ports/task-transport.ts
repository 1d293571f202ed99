/**
 * Sends one queued task over HTTP (spec transactions §7 "Queued task call"), its URL already filled in. It answers
 * whatever came back (the queue checks it) and throws only NetworkError, when no answer arrived.
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
