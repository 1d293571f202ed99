import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { startTestShops, type TestShops } from '../../test-fixtures/storefront';
import type { RunningStorefront } from '../server';
import fc from 'fast-check';
import { LruOutputCache } from './lru-output-cache';
import { edgeAnswerProblem, edgeRequestArbitrary, sendEdgeRequest } from '../../test-fixtures/edge-fuzz';
import { rawRequest } from '../../test-fixtures/raw-http';

/**
 * The audit of what the storefront's /api pass-through did with requests
 * the probes did not send, against the real demo backend on loopback.
 * Reproduce: `npx vitest run ui/edge/proxy-audit.test.ts`.
 */

let shops: TestShops;
let shop: RunningStorefront;
/** a storefront with a short request deadline, so a test sees a slow client cut off */
let strict: RunningStorefront;
/** an image upstream serving what a shop's media folder may hold: an uploaded SVG with a script, an HTML page */
let hostileUpstream: Server;
let overHostile: RunningStorefront;
/** with the output cache and an invalidation key, as production runs */
let cached: RunningStorefront;

beforeAll(async () => {
  shops = await startTestShops();
  shop = await shops.start();
  strict = await shops.start({ requestTimeoutMs: 1000 });
  cached = await shops.start({ outputCache: new LruOutputCache(50, { now: () => Date.now() }), invalidationKey: 'audit-key' });
  hostileUpstream = createServer((req, res) => {
    if (req.url?.endsWith('.svg')) res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    else res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "script-src 'unsafe-inline'" }).end('<script>alert(1)</script>');
  });
  await new Promise<void>((resolve) => hostileUpstream.listen(0, '127.0.0.1', () => resolve()));
  const address = hostileUpstream.address() as { port: number };
  overHostile = await shops.start({ apiUrl: `http://127.0.0.1:${address.port}` });
}, 60_000);

afterAll(async () => {
  await shops?.close();
  await new Promise((resolve) => hostileUpstream?.close(resolve));
});

/** a socket that has sent a request's head and the first byte of a 100-byte body, and then nothing */
function slowUpload(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write('POST /api/cart/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{', () => resolve(socket));
    });
    socket.on('error', reject);
  });
}

describe('audit: the /api pass-through and what a client sends about its own connection', () => {
  it.each([
    ['Expect: 100-continue (curl sends it with any body over 1 KB; it answered 502)', { expect: '100-continue' }],
    ['Keep-Alive (it answered 502)', { 'keep-alive': 'timeout=5' }],
    ['Upgrade (it answered 502)', { upgrade: 'websocket' }],
    ['HTTP2-Settings', { 'http2-settings': 'AAMAAABkAARAAAAAAAIAAAAA' }],
    ['TE', { te: 'gzip' }],
    ['Proxy-Authorization', { 'proxy-authorization': 'Basic eDp4' }],
    ['a header the Connection header names', { connection: 'close, x-private', 'x-private': '1' }],
  ])('%s: the request reaches the API', async (_name, headers) => {
    const answer = await rawRequest(shop.url, '/api/cart/create', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...headers } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 200, result: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('bodies pass whole and as sent: JSON, form, no content-type, empty, chunked; a GET with a body too', async () => {
    const cart = JSON.parse((await rawRequest(shop.url, '/api/cart/create', { method: 'POST', body: '' })).body).result as string;
    const item = JSON.stringify({ cartItem: { sku: 'IP-00521', qty: 1, note: 'ü'.repeat(3000) } });
    const added = await rawRequest(shop.url, `/api/cart/update?cartId=${cart}`, { method: 'POST', body: item, headers: { 'content-type': 'application/json', expect: '100-continue' } });
    expect(added.status, added.body).toBe(200);
    expect(JSON.parse(added.body).result).toMatchObject({ sku: 'IP-00521', qty: 1 });
    const plain = await rawRequest(shop.url, `/api/cart/update?cartId=${cart}`, { method: 'POST', body: item });
    expect(JSON.parse(plain.body).result).toMatchObject({ qty: 2 });
    const form = await rawRequest(shop.url, `/api/cart/update?cartId=${cart}`, { method: 'POST', body: 'cartItem=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(400);
    const chunked = await new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(shop.url);
      const s = connect(Number(port), hostname);
      let text = '';
      s.on('data', (d: Buffer) => (text += d));
      s.on('close', () => resolve(text));
      s.on('error', reject);
      s.write(`POST /api/cart/update?cartId=${cart} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`);
      s.write(`${Buffer.byteLength(item).toString(16)}\r\n${item}\r\n0\r\n\r\n`);
    });
    expect(chunked).toMatch(/^HTTP\/1\.1 200/);
    expect(chunked).toContain('"qty":3');
    const get = await rawRequest(shop.url, `/api/cart/pull?cartId=${cart}`, { body: '{"x":1}', headers: { 'content-type': 'application/json' } });
    expect(get.status).toBe(200);
    expect(JSON.parse(get.body).result[0]).toMatchObject({ qty: 3 });
  });

  it('clients that trickle a body never hold the connections to the API every shopper shares (70 of them stalled every /api call)', async () => {
    const sockets = await Promise.all(Array.from({ length: 70 }, () => slowUpload(shop.url)));
    try {
      // the normal call answers (before the fix it waited until the slow clients gave up)
      const res = await fetch(`${shop.url}/api/cart/create`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(15_000) });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { code: number }).code).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
    }
  }, 30_000);

  it('a client that sends its request slower than the deadline is answered 408 and let go', async () => {
    const socket = await slowUpload(strict.url);
    let text = '';
    socket.on('data', (d: Buffer) => (text += d));
    // keeps trickling (each byte would reset an idle timeout; the deadline is for the whole request)
    const drip = setInterval(() => socket.write(' '), 200);
    try {
      await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    } finally {
      clearInterval(drip);
    }
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);

  it('what the pass-through relays runs no script on the shop\'s origin: an upstream SVG or HTML page is sandboxed, never sniffed', async () => {
    for (const path of ['/img/600/744/resize/media/upload.svg', '/api/ext/some-extension/page']) {
      const answer = await rawRequest(overHostile.url, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      const csp = answer.headers['content-security-policy'] ?? '';
      // the upstream's own permissive policy is replaced, not added to
      expect(csp, path).not.toContain("script-src 'unsafe-inline'");
      for (const directive of ["default-src 'none'", 'sandbox', "frame-ancestors 'none'"]) expect(csp.split(/;\s*/), path).toContain(directive);
      expect(csp).not.toMatch(/script-src/);
    }
    // and the real API's answers carry the same
    const api = await rawRequest(shop.url, '/api/cart/create', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toContain('sandbox');
  });

  it('hostile methods, targets, query strings and headers (test-fixtures/edge-fuzz.ts): never a 5xx, a stack trace or an injected header', async () => {
    await fc.assert(
      fc.asyncProperty(edgeRequestArbitrary(), fc.boolean(), async (r, withCache) => {
        const answer = await sendEdgeRequest((withCache ? cached : shop).url, r);
        expect(edgeAnswerProblem(r, answer), `${r.method} ${r.target.slice(0, 200)} ${JSON.stringify(r.headers).slice(0, 300)} -> ${answer.head.split('\r\n')[0]}`).toBeUndefined();
      }),
      { numRuns: 120, seed: 20261123 },
    );
  }, 240_000);

  it('a proxied query string that does not decode answers 400, and errors of the pass-through are the edge\'s own (it answered 500 "URI malformed")', async () => {
    for (const target of ['/api/cart/create?a=%', '/api/catalog/vue_storefront_catalog/product/_search?a=%E0%A4%A', '/img/600/744/resize/i/p/inpakpapier-1.svg?x=%zz']) {
      for (const method of ['GET', 'POST', 'HEAD', 'TRACE']) {
        const answer = await rawRequest(shop.url, target, { method, ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}) });
        expect(answer.status, `${method} ${target}`).toBe(400);
        expect(answer.body).not.toMatch(/URI malformed|statusCode/);
      }
    }
    const huge = await rawRequest(shop.url, '/api/cart/create', { method: 'POST', body: `{"x":"${'a'.repeat(1100 * 1024)}"}`, headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect(huge.headers['content-type']).toMatch(/^text\/plain/);
  });
});
