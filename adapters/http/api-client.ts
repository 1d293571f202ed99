import type { HTTPError, KyInstance, Options, ResponsePromise } from 'ky';
import { ApiError, NetworkError, type ApiEnvelope } from '../../core/ports/api-error';

/**
 * The one ky instance every HTTP adapter shares: no automatic retries (the core's queue and token lock decide), errors
 * mapped to the core's ApiError (by HTTP status) and NetworkError (no answer at all).
 */
export interface ApiClientOptions {
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** headers every call sends (the server's render: its request's `X-Request-Id`) */
  headers?: Record<string, string>;
}

export function createApiClient(options: ApiClientOptions): KyInstance {
  return deferredKy(() =>
    import('ky').then(({ default: ky }) =>
      ky.create({
        prefixUrl: options.baseUrl.replace(/\/+$/, ''),
        timeout: options.timeoutMs,
        retry: 0,
        throwHttpErrors: true,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      }),
    ),
  );
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';
const BODY_METHODS = ['json', 'text', 'formData', 'arrayBuffer', 'blob', 'bytes'] as const;

/**
 * A KyInstance whose ky is imported on its first request (a hydrated first page makes none). Each call answers a
 * ResponsePromise at once whose body methods hand over to ky's own once it is there.
 */
export function deferredKy(load: () => Promise<KyInstance>): KyInstance {
  let instance: Promise<KyInstance> | undefined;
  const request = (run: (k: KyInstance) => ResponsePromise): ResponsePromise => {
    // boxed: awaiting ky's ResponsePromise itself would leave only its Response
    const real = (instance ??= load()).then((k) => ({ promise: run(k) }));
    const response = real.then((r) => r.promise) as ResponsePromise;
    for (const m of BODY_METHODS) (response as unknown as Record<string, unknown>)[m] = () => real.then((r) => (r.promise[m] as () => Promise<unknown>)());
    // a caller that only reads a body method must not leave this promise's rejection unhandled
    response.catch(() => undefined);
    return response;
  };
  const client = ((input: Parameters<KyInstance>[0], options?: Options) => request((k) => k(input, options))) as KyInstance;
  for (const m of ['get', 'post', 'put', 'patch', 'delete', 'head'] as Method[]) {
    (client as unknown as Record<string, unknown>)[m] = (input: Parameters<KyInstance>[0], options?: Options) => request((k) => k[m](input, options));
  }
  return client;
}

/** ky's errors by name (its classes stay out of the first load; see deferredKy) */
function isKyError(e: unknown, name: 'HTTPError' | 'TimeoutError'): boolean {
  return e instanceof Error && e.name === name;
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
  if (isKyError(e, 'HTTPError')) {
    const { response, request } = e as HTTPError;
    let result: unknown = response.statusText;
    try {
      const text = await response.text();
      try {
        const parsed = JSON.parse(text) as Partial<ApiEnvelope<unknown>>;
        result = parsed && typeof parsed === 'object' && 'result' in parsed ? parsed.result : parsed;
      } catch {
        result = text;
      }
    } catch {
      /* body unreadable: keep the status text */
    }
    return new ApiError(response.status, result, url || request.url);
  }
  if (isKyError(e, 'TimeoutError')) return new NetworkError('timeout', url, true);
  if (e instanceof ApiError || e instanceof NetworkError) return e;
  if (e instanceof TypeError || (e instanceof Error && /fetch|network|ECONNREFUSED|socket/i.test(e.message))) {
    return new NetworkError(e.message, url);
  }
  return e instanceof Error ? e : new Error(String(e));
}

/** GET/POST an endpoint answering the `{ code, result }` envelope; a code outside 2xx is an ApiError. */
export async function envelope<T>(client: KyInstance, path: string, options: Options = {}): Promise<ApiEnvelope<T>> {
  const body = await call(() => client(path.replace(/^\//, ''), options).json<ApiEnvelope<T>>(), path);
  if (!body || typeof body !== 'object' || !('code' in body)) {
    throw new ApiError(502, body, path);
  }
  if (body.code < 200 || body.code >= 300) throw new ApiError(body.code, body.result, path);
  return body;
}

/** The `result` of an endpoint answering the `{ code, result }` envelope. */
export async function result<T>(client: KyInstance, path: string, options: Options = {}): Promise<T> {
  return (await envelope<T>(client, path, options)).result;
}
