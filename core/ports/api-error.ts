/** A non-2xx answer of the API: core recognises failures by `status`, never by message text. */
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

/** No answer (offline, DNS, timeout): retryable. `timedOut`: the client gave up waiting, else no connection. */
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
