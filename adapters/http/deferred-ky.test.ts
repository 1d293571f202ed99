import { describe, expect, it } from 'vitest';
import ky from 'ky';
import { ApiError, NetworkError } from '../../core/ports/api-error';
import { call, deferredKy, envelope } from './api-client';

// ky is imported on the first request, so a hydrated first page (which makes none) does not load it
describe('deferredKy', () => {
  const fakeFetch = (async (input: Request | string | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/missing')) return new Response(JSON.stringify({ code: 404, result: 'no such thing' }), { status: 404, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/empty')) return new Response(null, { status: 204 });
    return new Response(JSON.stringify({ code: 200, result: { url } }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;

  it('loads ky once, on the first request, and answers as ky does (json, envelope, empty body, HTTP errors)', async () => {
    let loads = 0;
    const client = deferredKy(async () => {
      loads++;
      return ky.create({ prefixUrl: 'http://api.test', retry: 0, fetch: fakeFetch });
    });
    expect(loads).toBe(0);
    expect(await client.get('a').json()).toEqual({ code: 200, result: { url: 'http://api.test/a' } });
    expect((await envelope<{ url: string }>(client, 'b', { method: 'post', json: { x: 1 } })).result.url).toBe('http://api.test/b');
    expect(await client('empty').json()).toBe('');
    expect((await client.get('a')).status).toBe(200);
    await expect(envelope(client, 'missing')).rejects.toSatisfy((e) => e instanceof ApiError && e.status === 404 && e.result === 'no such thing');
    expect(loads).toBe(1);
  });

  it('maps a request that got no answer to NetworkError', async () => {
    const client = deferredKy(async () =>
      ky.create({
        prefixUrl: 'http://api.test',
        retry: 0,
        fetch: (async () => {
          throw new TypeError('fetch failed');
        }) as typeof fetch,
      }),
    );
    await expect(call(() => client.get('a').json(), 'a')).rejects.toBeInstanceOf(NetworkError);
  });
});
