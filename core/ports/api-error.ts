/**
 * A non-2xx answer of the API, as every HTTP adapter reports it. Core recognises failures by `status`
 * (401, 404, 400 ...), never by message text (vue-storefront #3151).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** the envelope's `result` (often a message string) or the raw body */
    readonly result: unknown,
    readonly url: string = '',
  ) {
    super(`API ${status}${url ? ' ' + url : ''}: ${typeof result === 'string' ? result : JSON.stringify(result)}`);
    this.name = 'ApiError';
  }
}

/**
 * The request never got an answer (offline, DNS, timeout): retryable later. `timedOut`: the client gave up waiting
 * (the connection may still be there); otherwise no connection was made at all. Core tells the two apart by this
 * field, never by the message (the platform's wording: 'Failed to fetch', 'Load failed', ...).
 */
export class NetworkError extends Error {
  constructor(
    message = 'network unavailable',
    readonly url: string = '',
    readonly timedOut: boolean = false,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
export function isNetworkError(e: unknown): e is NetworkError {
  return e instanceof NetworkError;
}

/** The `{ code, result, meta }` envelope of vue-storefront-api. */
export interface ApiEnvelope<T> {
  code: number;
  result: T;
  meta?: Record<string, unknown>;
}
