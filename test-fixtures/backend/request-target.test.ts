import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exchange, headAndBody, parseJson, requestText } from '../raw-http';
import { startTestBackend, type TestBackend } from './test-helpers';

// Hostile request targets against the demo backend (http.ts requestTarget), sent on raw sockets so nothing tidies
// them up on the way: a target answers the route its path names, or a 4xx with a message; never a 500, and never a
// route a dot-segment, a backslash or a fragment would move it to (a proxy in front that checks a prefix such as
// /api/ must see the same path the backend answers).

let backend: TestBackend;

beforeAll(async () => {
  // dev: true, so /__dev/outbox exists and is the place a traversal would reach
  backend = await startTestBackend();
}, 30_000);

afterAll(async () => {
  await backend?.close();
});

/** one request with the target exactly as given (latin1: a character per byte); HTTP/1.0, so no chunked answer */
async function send(target: string, method = 'GET') {
  const request = requestText(backend.url, method, target, []).replace(/ HTTP\/1\.1\r\n/, ' HTTP/1.0\r\n');
  const answer = headAndBody(await exchange(backend.url, request, 'latin1'));
  return { ...answer, json: parseJson(answer.body) as { code?: number; result?: unknown } | undefined };
}

const expectRefused = (answer: Awaited<ReturnType<typeof send>>, target: string) => {
  expect(answer.status, target).toBeGreaterThanOrEqual(400);
  expect(answer.status, target).toBeLessThan(500);
  // the envelope with a message, never the outbox's list
  expect(answer.json?.code, target).toBe(answer.status);
  expect(String(answer.json?.result ?? ''), target).not.toBe('');
};

describe('the request target', () => {
  it('the dev outbox answers its own path (the probes below would reach it)', async () => {
    expect((await send('/__dev/outbox')).status).toBe(200);
  });

  it('a dot-segment, plain or percent-encoded in any case, is refused with 400 (URL parsing removes it)', async () => {
    const targets = [
      '/api/../__dev/outbox', '/api/%2e%2e/__dev/outbox', '/api/%2E%2E/__dev/outbox', '/api/%2e%2E/__dev/outbox',
      '/api/.%2e/__dev/outbox', '/api/%2E./__dev/outbox', '/api/cart/../../__dev/outbox', '/api/./../__dev/outbox',
      '/img/../__dev/outbox', '/..', '/../__dev/outbox', '/api/..', '/api/..?x=1', '/api/./cart/coupon',
      '/./__dev/outbox', '/api/%2e/cart/coupon', '/api/../__dev/outbox?x=1',
    ];
    for (const target of targets) {
      const answer = await send(target);
      expect(answer.status, target).toBe(400);
      expectRefused(answer, target);
      expect(String(answer.json?.result), target).toMatch(/dot-segment/);
    }
  });

  it('a backslash is refused with 400 (URL parsing reads it as a slash, or as the start of a host)', async () => {
    const targets = ['/\\', '/api\\..\\__dev/outbox', '/\\__dev/outbox', '/\\evil/__dev/outbox',
      '/api/..\\__dev/outbox'];
    for (const target of targets) {
      const answer = await send(target);
      expect(answer.status, target).toBe(400);
      expectRefused(answer, target);
    }
  });

  it("a '#' is refused with 400: a request target has no fragment (RFC 9112 §3.2), URL parsing drops it", async () => {
    const targets = ['/api/cart/coupon#', '/__dev/outbox#/api/', '/api/cart/coupon?cartId=x#y', '/#', '/a#/../..'];
    for (const target of targets) {
      const answer = await send(target);
      expect(answer.status, target).toBe(400);
      expectRefused(answer, target);
    }
  });

  it('dots and backslashes in the query string are the query, not the path', async () => {
    const answer = await send('/api/cart/coupon?cartId=..%2F..&x=../..\\');
    // the cart does not exist: the cart route answered, not another one
    expect(answer.status).toBe(404);
    expect(String(answer.json?.result)).not.toMatch(/dot-segment|Not found: \//);
    expect((await send('/?/../__dev/outbox')).json?.result).toMatchObject({ name: 'papierwinkel demo backend' });
  });

  it('absolute-form keeps only its path (RFC 9112 §3.2.2); its host decides nothing', async () => {
    const root = await send('http://evil.example');
    expect(root.status).toBe(200);
    expect(root.json?.result).toMatchObject({ name: 'papierwinkel demo backend' });
    expect((await send('HTTP://EVIL.example/__dev/outbox')).status).toBe(200);
    for (const target of ['http://evil.example/api/../__dev/outbox', 'http://evil/%2e%2e/__dev/outbox',
      'https://user:pw@evil/..', 'http://evil#/__dev/outbox', 'http://evil\\..\\__dev/outbox']) {
      expectRefused(await send(target), target);
    }
  });

  it("'//host' never names a host: it is the path after the slashes", async () => {
    const answer = await send('//evil.example/api/cart/coupon');
    expect(answer.status).toBe(404);
    expect(String(answer.json?.result)).toBe('Not found: /evil.example/api/cart/coupon');
  });

  it('bad percent-encoding, NUL and control bytes, and very long paths: a 4xx with a message', async () => {
    const targets = [
      '/%', '/%zz', '/api/catalog/%E0%A4%A/product/_search', '/api/ext/cms-data/cmsPage/%ff', '/img/%00',
      '/api/ext/cms-data/cmsPage/%00', `/${'a'.repeat(9000)}`, `/api/${'%2e'.repeat(3000)}`, `/${'../'.repeat(3000)}`,
      '/payment-simulator/%2e%2e%2f%2e%2e%2f__dev%2foutbox',
    ];
    for (const target of targets) expectRefused(await send(target), target.slice(0, 60));
    // bytes the HTTP parser refuses before any handler: still the envelope
    for (const target of ['/api\x00/x', '/a\x01b', '/a\tb', '/a\x7fb', `/${'a'.repeat(20_000)}`]) {
      expectRefused(await send(target), JSON.stringify(target.slice(0, 20)));
    }
  });

  it('an 8 KB path answers its 404 with a message of bounded length', async () => {
    const answer = await send(`/${'b'.repeat(9000)}`);
    expect(answer.status).toBe(404);
    expect(String(answer.json?.result).length).toBeLessThan(500);
  });

  it('any target: never a 500, and never the outbox unless the path is exactly its own (fast-check)', async () => {
    const piece = fc.constantFrom('..', '.', '%2e', '%2E', '%2e%2E', '.%2e', '/', '//', '\\', '#', '?', '%', '%00',
      '%2f', '%5c', 'api', '__dev', 'outbox', 'http://evil', 'a', ';', '..;', '%252e');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 10 }), async (pieces) => {
        const target = `/${pieces.join('')}`;
        const answer = await send(target);
        expect(answer.status, target).toBeLessThan(500);
        expect(answer.status, target).toBeGreaterThanOrEqual(200);
        if (answer.status >= 400) expectRefused(answer, target);
        const outbox = Array.isArray(answer.json?.result) && /__dev/.test(target);
        if (outbox) expect(target.replace(/^\/+/, '/').split('?')[0], target).toMatch(/^\/__dev\/outbox\/?$/);
      }),
      { numRuns: 300 },
    );
  }, 20_000);

  it('CONNECT and asterisk-form answer without a 500', async () => {
    for (const [method, target] of [['OPTIONS', '*'], ['GET', '*'], ['CONNECT', 'evil.example:443']] as const) {
      const raw = (await exchange(backend.url, requestText(backend.url, method, target, []), 'latin1'))
        .toString('latin1');
      expect(raw.startsWith('HTTP/1.1 5'), `${method} ${target}`).toBe(false);
    }
  });
});
