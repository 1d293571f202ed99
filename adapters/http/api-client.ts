import ky, { HTTPError, TimeoutError, type KyInstance, type Options } from 'ky';
import { ApiError, NetworkError, type ApiEnvelope } from '../../core/ports/api-error';

/**
 * The one ky instance every HTTP adapter shares: base URL, timeout, no automatic retries (the core's queue
 * and token lock decide about retrying), and errors mapped to the core's ApiError (by HTTP status) and
 * NetworkError (no answer at all).
 */
export interface ApiClientOptions {
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export function createApiClient(options: ApiClientOptions): KyInstance {
  return ky.create({
    prefixUrl: options.baseUrl.replace(/\/+$/, ''),
    timeout: options.timeoutMs,
    retry: 0,
    throwHttpErrors: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** Run a ky call and translate its failures into ApiError / NetworkError. */
export async function call<T>(run: () => Promise<T>, url = ''): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw await toCoreError(e, url);
  }
}

export async function toCoreError(e: unknown, url = ''): Promise<Error> {
  if (e instanceof HTTPError) {
    let result: unknown = e.response.statusText;
    try {
      const text = await e.response.text();
      try {
        const parsed = JSON.parse(text) as Partial<ApiEnvelope<unknown>>;
        result = parsed && typeof parsed === 'object' && 'result' in parsed ? parsed.result : parsed;
      } catch {
        result = text;
      }
    } catch {
      /* body unreadable: keep the status text */
    }
    return new ApiError(e.response.status, result, url || e.request.url);
  }
  if (e instanceof TimeoutError) return new NetworkError('timeout', url);
  if (e instanceof ApiError || e instanceof NetworkError) return e;
  if (e instanceof TypeError || (e instanceof Error && /fetch|network|ECONNREFUSED|socket/i.test(e.message))) {
    return new NetworkError(e.message, url);
  }
  return e instanceof Error ? e : new Error(String(e));
}

/** GET/POST an endpoint answering the `{ code, result }` envelope and return `result`. */
export async function envelope<T>(client: KyInstance, path: string, options: Options = {}): Promise<ApiEnvelope<T>> {
  const body = await call(() => client(path.replace(/^\//, ''), options).json<ApiEnvelope<T>>(), path);
  if (!body || typeof body !== 'object' || !('code' in body)) {
    throw new ApiError(502, body, path);
  }
  if (body.code < 200 || body.code >= 300) throw new ApiError(body.code, body.result, path);
  return body;
}
