import type { HTTPError, KyInstance, Options, ResponsePromise } from 'ky';
import { ApiError, NetworkError, type ApiEnvelope } from '../../core/ports/api-error';

export interface ApiClientOptions {
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** headers every call sends (the server's render: its request's `X-Request-Id`) */
  headers?: Record<string, string>;
}

/** The one ky instance every HTTP adapter shares: no automatic retries (the core's queue and token lock decide). */
export function createApiClient(options: ApiClientOptions): KyInstance {
  return deferredKy(() =>
    import('ky').then(({ default: ky }) =>
      ky.create({
        prefixUrl: options.baseUrl.replace(/\/+$/, ''),
        timeout: options.timeoutMs,
        retry: 0,
        fetch: options.fetch,
        headers: options.headers,
      }),
    ),
  );
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;
const BODY_METHODS = ['json', 'text', 'formData', 'arrayBuffer', 'blob', 'bytes'] as const;

/**
 * A KyInstance whose ky is imported on its first request (a hydrated first page makes none). Each call answers a
 * ResponsePromise at once whose body methods hand over to ky's own once it is there.
 */
export function deferredKy(load: () => Promise<KyInstance>): KyInstance {
  // a query whose values are all undefined is no query: ky would still write a bare '?' after the path
  const clean = (options?: Options): Options | undefined => {
    const q = options?.searchParams;
    const empty = q && typeof q === 'object' && !(q instanceof URLSearchParams) && !Array.isArray(q)
      && Object.values(q).every((v) => v === undefined);
    return empty ? { ...options, searchParams: undefined } : options;
  };
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
  const client = ((input: Parameters<KyInstance>[0], options?: Options) => request((k) => k(input, clean(options)))) as KyInstance;
  for (const m of METHODS) {
    (client as unknown as Record<string, unknown>)[m] = (input: Parameters<KyInstance>[0], options?: Options) => request((k) => k[m](input, clean(options)));
  }
  return client;
}

/**
 * Runs an HTTP call and translates its failures: an HTTP status is an ApiError (with the body's `result`, else the
 * body), no answer at all or none in time a NetworkError. ky's errors are known by name: its classes stay out of the
 * first load (deferredKy); a fetch that timed out through AbortSignal.timeout is a TimeoutError too.
 */
export async function call<T>(run: () => Promise<T>, url: string): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof Error) || e instanceof ApiError || e instanceof NetworkError) throw e;
    if (e.name === 'HTTPError') {
      const { response } = e as HTTPError;
      const text = await response.text().catch(() => response.statusText);
      // a proxy's 20 MB error page is kept as its start, never parsed
      const body = text.length > MAX_ERROR_TEXT ? text.slice(0, MAX_ERROR_TEXT) : jsonOrText(text);
      const own = body && typeof body === 'object' && Object.hasOwn(body, 'result');
      const result = own ? (body as { result: unknown }).result : body;
      throw new ApiError(response.status, result, url);
    }
    // ky's json() of a body that is no JSON (an HTML error page answered 200)
    if (e.name === 'SyntaxError') throw new ApiError(502, 'the API answered no JSON', url);
    if (e.name === 'TimeoutError') throw new NetworkError('timeout', url, true);
    const noAnswer = e instanceof TypeError || /fetch|network|ECONNREFUSED|socket/i.test(e.message);
    throw noAnswer ? new NetworkError(e.message, url) : e;
  }
}

/** the characters of an error body an ApiError keeps */
const MAX_ERROR_TEXT = 64 * 1024;

/**
 * `text` parsed as JSON (past a byte order mark), or the text itself when it is none, or when it is nested too deep
 * for JSON.stringify to write back (it overflows the stack near 5,000 levels, as an ApiError's message would).
 */
export function jsonOrText(text: string): unknown {
  try {
    const value = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
    // throws for a value nested too deep
    JSON.stringify(value);
    return value;
  } catch {
    return text;
  }
}

/** GET/POST an endpoint answering the `{ code, result }` envelope; a code outside 2xx is an ApiError. */
export async function envelope<T>(client: KyInstance, path: string, options: Options = {}): Promise<ApiEnvelope<T>> {
  const body = await call(() => client(path.replace(/^\//, ''), options).json<ApiEnvelope<T>>(), path);
  if (!body || typeof body !== 'object' || !('code' in body)) throw new ApiError(502, body, path);
  if (body.code < 200 || body.code >= 300) throw new ApiError(body.code, body.result, path);
  return body;
}

/** The `result` of an endpoint answering the `{ code, result }` envelope. */
export async function result<T>(client: KyInstance, path: string, options: Options = {}): Promise<T> {
  return (await envelope<T>(client, path, options)).result;
}
