import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { SHOP_MAILBOX } from '../test-fixtures/backend/index';
import { startTestBackend, type TestBackend } from '../test-fixtures/backend/test-helpers';
import { generateCatalogue } from '../test-fixtures/catalogue/index';
import { startStorefront, type RunningStorefront } from './server';
import { createConfig } from '../core/config';
import { LruOutputCache } from './edge/lru-output-cache';
import { rawRequest } from '../test-fixtures/raw-http';
import { BOOT_LOADER } from './entry-server';
import { bootData, bootModules } from '../test-fixtures/boot-document';
import { createHash } from 'node:crypto';
import { COOKIE_NOTICE_HEAD_SCRIPT } from './head/cookie-notice-mirror';

// The storefront's HTTP edge against the real demo backend on loopback.

const catalogue = generateCatalogue();
const configurable = catalogue.products.find((p) => p.type_id === 'configurable' && p.visibility === 4)!;
const PRODUCT_PATH = `/${configurable.url_path}`;
const CATEGORY_PATH = '/inpakpapier/kerst';

let backend: TestBackend;
let shop: RunningStorefront;
let cached: RunningStorefront;
let https: RunningStorefront;
let clientDir: string;
const ASSET = 'entry-client-ABCD1234.js';
const assetBody = `/* the entry */ ${'export const x = "papier en lint";\n'.repeat(200)}`;

beforeAll(async () => {
  backend = await startTestBackend();
  clientDir = mkdtempSync(join(tmpdir(), 'edge-client-'));
  mkdirSync(join(clientDir, 'chunks'));
  writeFileSync(join(clientDir, ASSET), assetBody);
  writeFileSync(join(clientDir, `${ASSET}.br`), brotliCompressSync(assetBody));
  writeFileSync(join(clientDir, `${ASSET}.gz`), gzipSync(assetBody));
  writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(clientDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Papier & Lint', display: 'standalone' }));
  writeFileSync(join(clientDir, 'manifest.json'), JSON.stringify({ entry: ASSET, css: [], preload: ['chunks/chunk-EFGH5678.js'] }));
  const base = { port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir };
  shop = await startStorefront(base);
  cached = await startStorefront({ ...base, outputCache: new LruOutputCache(50, { now: () => Date.now() }), invalidationKey: 'test-key-from-the-test' });
  https = await startStorefront({ ...base, hsts: true });
}, 60_000);

afterAll(async () => {
  await Promise.all([shop?.close(), cached?.close(), https?.close()]);
  await backend?.close();
});

async function sendMail(to: string): Promise<void> {
  const token = (await backend.call('GET', '/api/ext/mail-service/get-token')).json.result;
  const mail = { sourceAddress: to, targetAddress: SHOP_MAILBOX, subject: 'Wachtwoord herstellen', emailText: 'geheime-link-123', confirmation: false, token };
  expect((await backend.call('POST', '/api/ext/mail-service/send-email', mail)).json.result).toBe('OK');
}

describe('the /api and /img pass-through never reaches the backend outside its two prefixes', () => {
  const probes = [
    '/api/../__dev/outbox',
    '/api/%2e%2e/__dev/outbox',
    '/api/%2E%2E/__dev/outbox',
    '/api/.%2e/__dev/outbox',
    '/api/..%2f__dev/outbox',
    '/api/..%2F..%2F__dev/outbox',
    '/api/%252e%252e/__dev/outbox',
    '/api/..%5c__dev/outbox',
    '/api/..\\__dev/outbox',
    '/api/./../__dev/outbox',
    '/api//../__dev/outbox',
    '/img/../__dev/outbox',
    '/img/%2e%2e/__dev/outbox',
    '/img/300/300/resize/../../../../__dev/outbox',
    '/api/catalog/../../__dev/outbox?to=lek@example.nl',
  ];

  it('the demo backend does answer its dev outbox directly (so the probes below would see it if it leaked)', async () => {
    await sendMail('lek@example.nl');
    const direct = await rawRequest(backend.url, '/__dev/outbox');
    expect(direct.status).toBe(200);
    expect(direct.body).toContain('geheime-link-123');
  });

  it.each(probes)('%s answers 400 and never the outbox', async (probe) => {
    for (const method of ['GET', 'POST']) {
      const answer = await rawRequest(shop.url, probe, { method, ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}) });
      expect(answer.status, `${method} ${probe}`).toBe(400);
      expect(answer.body).not.toContain('geheime-link');
    }
  });

  it('paths outside the prefixes are pages, never proxied: /__dev/outbox and look-alikes render the storefront', async () => {
    for (const path of ['/__dev/outbox', '/%61pi/../__dev/outbox', '/API/../__dev/outbox', '/apix/../__dev/outbox']) {
      const answer = await rawRequest(shop.url, path);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.body, path).not.toContain('geheime-link');
    }
  });

  it('passes real API calls through: a search (GET with query) and a cart create (POST with a body)', async () => {
    const search = await rawRequest(shop.url, `/api/catalog/vue_storefront_catalog/product/_search?size=1&request=${encodeURIComponent('{"query":{"match_all":{}}}')}`);
    expect(search.status).toBe(200);
    expect(JSON.parse(search.body).hits.hits).toHaveLength(1);
    const cart = await rawRequest(shop.url, '/api/cart/create', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(cart.status).toBe(200);
    expect(JSON.parse(cart.body).result).toEqual(expect.any(String));
  });
});

describe('nothing a client sends answers 5xx', () => {
  it('a malformed locale cookie is ignored (it answered 500)', async () => {
    for (const cookie of ['locale=%', 'locale=%E0%A4%A', 'locale', '=; ;; locale="en-US', 'locale=en-US%']) {
      const answer = await rawRequest(shop.url, '/', { headers: { cookie } });
      expect(answer.status, cookie).toBe(200);
      expect(answer.body).toContain('<html lang="nl">');
    }
    expect((await rawRequest(shop.url, '/', { headers: { cookie: 'a=1; locale=en-US' } })).body).toContain('<html lang="en">');
  });

  it('bad percent-encoding and an 8,000-character path answer 400 (they answered 503)', async () => {
    for (const path of ['/c/%', '/c/%E0%A4%A', `/${'a'.repeat(8000)}`, `/c/${'%41'.repeat(2000)}`]) {
      expect((await rawRequest(shop.url, path)).status, path.slice(0, 40)).toBe(400);
    }
  });

  it('an API that is down answers 503 with Retry-After and the security headers (never 404), and is not cached', async () => {
    const down = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: 'http://127.0.0.1:9', clientDir, outputCache: new LruOutputCache(10, { now: () => Date.now() }) });
    try {
      for (const path of ['/', CATEGORY_PATH, PRODUCT_PATH]) {
        for (let i = 0; i < 2; i++) {
          const answer = await rawRequest(down.url, path);
          expect(answer.status, path).toBe(503);
          expect(answer.headers['retry-after'], path).toMatch(/^\d+$/);
          expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
          expect(answer.headers['x-output-cache'], path).toBe('miss');
        }
      }
    } finally {
      await down.close();
    }
  });

  it('paths the fast-check property below found answering 500 (a path starting // parsed as a URL with no host)', async () => {
    for (const target of ['//', '//x', '///', '//%20%7D?a=1', '//?key=1']) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await rawRequest(shop.url, target, { method });
        expect(answer.status, `${method} ${target}`).toBeLessThan(500);
      }
    }
  });

  it('random paths, cookies, headers and query strings never answer >= 500 (fast-check)', async () => {
    const segment = fc.oneof(
      fc.constantFrom('c', 'p', 'inpakpapier', 'kerst', 'api', 'img', 'dist', '..', '.', '%', '%2e', '%E0%A4%A', '%00', 'sitemap.xml', 'invalidate', 'order-status', 'my-account', 'checkout', 'i', 'ü', '😀', '<script>'),
      fc.string({ maxLength: 12 }),
      fc.stringMatching(/^[A-Za-z0-9._~%-]{0,16}$/),
    );
    const path = fc.array(segment, { maxLength: 6 }).map((s) => `/${s.map((x) => encodeURI(x).replace(/%25/g, '%')).join('/')}`);
    const query = fc.option(fc.array(fc.tuple(fc.oneof(fc.constantFrom('q', 'page', 'sort', 'color', 'size', 'childSku', 'tag', 'key'), fc.string({ maxLength: 8 })), fc.string({ maxLength: 20 })), { maxLength: 4 }), { nil: undefined });
    const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
    const headers = fc.record(
      {
        cookie: fc.oneof(headerValue, headerValue.map((v) => `locale=${v}`)),
        'accept-encoding': fc.oneof(headerValue, fc.constantFrom('br', 'gzip;q=0, br;q=0', '*', 'identity', 'br;q=abc')),
        'if-none-match': fc.oneof(headerValue, fc.constantFrom('*', 'W/"', '"', 'W/"x", *', ',,,')),
        'if-modified-since': headerValue,
        range: fc.oneof(headerValue, fc.constant('bytes=5-1')),
        'accept-language': headerValue,
        'x-forwarded-for': headerValue,
      },
      { requiredKeys: [] },
    );
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH');
    await fc.assert(
      fc.asyncProperty(path, query, headers, method, async (p, q, h, m) => {
        const target = q ? `${p}?${q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : p;
        const answer = await rawRequest(shop.url, target, { method: m, headers: h as Record<string, string> });
        expect(answer.status, `${m} ${target} ${JSON.stringify(h)}`).toBeGreaterThanOrEqual(200);
        expect(answer.status, `${m} ${target} ${JSON.stringify(h)}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  }, 180_000);
});

describe('security headers on every HTML answer', () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  /** the page's executable scripts (not its JSON and JSON-LD data blocks): their attributes and text */
  const scriptsOf = (html: string) => [...html.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attrs: m[1]!, text: m[2]! }));

  it.each([
    ['home', '/'],
    ['category', CATEGORY_PATH],
    ['product', PRODUCT_PATH],
    ['not found', '/geen-pagina-hier'],
  ])('%s: a CSP that allows exactly the page\'s inline scripts by their hashes (with strict-dynamic), and the other headers', async (_name, path) => {
    const [a, b] = [await rawRequest(shop.url, path), await rawRequest(shop.url, path)];
    const csp = a.headers['content-security-policy']!;
    // the page holds nothing per answer: the same bytes every time
    expect(b.body).toBe(a.body);
    expect(b.headers['content-security-policy']).toBe(csp);
    expect(csp).not.toContain('nonce');
    const scripts = scriptsOf(a.body);
    // the head's cookie notice and the loader at the end, each allowed by its SHA-256; nothing else runs
    expect(scripts.map((x) => x.text)).toEqual([COOKIE_NOTICE_HEAD_SCRIPT, BOOT_LOADER]);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(scriptSrc.sort()).toEqual([...scripts.map((x) => sha256(x.text)), "'strict-dynamic'"].sort());
    // the JavaScript is named once, by the loader at the end (asked for after the first paint), never by the head
    expect(bootModules(a.body)).toEqual([`/dist/${ASSET}`, '/dist/chunks/chunk-EFGH5678.js']);
    expect(bootData(a.body)?.locale).toBe('nl-NL');
    const head = a.body.slice(0, a.body.indexOf('<div id="app">'));
    expect(head).not.toMatch(/modulepreload|<script[^>]* src=/);
    // the rendered app carries no script of its own (React's out-of-order reveal scripts would not be allowed)
    const appStart = a.body.indexOf('<div id="app">');
    const app = a.body.slice(appStart, a.body.indexOf('<script type="application/json" id="shop-boot">', appStart));
    expect(app.length).toBeGreaterThan(1000);
    expect(app).not.toMatch(/<script|<template/);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) expect(csp).toContain(d);
    // the page links the web app manifest and may register the root-scoped worker
    for (const d of ["worker-src 'self'", "manifest-src 'self'"]) expect(csp).toContain(d);
    expect(a.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(a.body).toContain('<meta name="theme-color" content="#a8323e">');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(a.headers['permissions-policy']).toContain('camera=()');
    expect(a.headers['strict-transport-security']).toBeUndefined();
  });

  it('a configured tag manager container: its id reaches the browser in the boot data, its origins the CSP; unset, neither // spec catalogue §2.4', async () => {
    const tagged = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir, config: createConfig({ api: { url: backend.url }, analytics: { tagManagerContainerId: 'GTM-TEST123' } }) });
    try {
      const [withTags, without] = [await rawRequest(tagged.url, '/'), await rawRequest(shop.url, '/')];
      expect(bootData(withTags.body)?.config.analytics).toEqual({ tagManagerContainerId: 'GTM-TEST123' });
      expect(bootData(without.body)?.config.analytics).toBeUndefined();
      for (const d of ['connect-src', 'img-src']) {
        const directive = (csp: string) => new RegExp(`${d} ([^;]+)`).exec(csp)![1]!;
        expect(directive(withTags.headers['content-security-policy']!)).toContain('https://*.googletagmanager.com');
        expect(directive(without.headers['content-security-policy']!)).not.toContain('google');
      }
      // the page itself names no third-party script: the browser adds it only after the shopper's consent
      expect(withTags.body).not.toContain('googletagmanager');
    } finally {
      await tagged.close();
    }
  });

  it('HSTS only when configured as served over https', async () => {
    const answer = await rawRequest(https.url, '/');
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });

  it('an output-cache hit is the miss, byte for byte, with its headers; each encoding sent as stored', async () => {
    const miss = await rawRequest(cached.url, CATEGORY_PATH);
    const hit = await rawRequest(cached.url, CATEGORY_PATH);
    expect([miss.headers['x-output-cache'], hit.headers['x-output-cache']]).toEqual(['miss', 'hit']);
    for (const h of ['content-type', 'content-security-policy', 'cache-control', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'vary', 'etag']) expect(hit.headers[h], h).toBe(miss.headers[h]);
    expect(hit.body).toBe(miss.body);
    for (const coding of ['br', 'gzip']) {
      const [one, two] = [await rawRequest(cached.url, CATEGORY_PATH, { headers: { 'accept-encoding': coding } }), await rawRequest(cached.url, CATEGORY_PATH, { headers: { 'accept-encoding': coding } })];
      expect(one.headers['content-encoding']).toBe(coding);
      expect(two.raw.equals(one.raw)).toBe(true);
      expect(one.body).toBe(miss.body);
    }
  });
});

describe('HTML answers carry a weak ETag and answer 304 to If-None-Match', () => {
  const page = (base: string, path: string, headers: Record<string, string> = {}) => rawRequest(base, path, { headers: { 'accept-encoding': 'br', ...headers } });

  it('the same page has the same weak ETag in every answer', async () => {
    const [a, b] = [await page(shop.url, CATEGORY_PATH), await page(shop.url, CATEGORY_PATH)];
    expect(a.status).toBe(200);
    expect(a.headers['etag']).toMatch(/^W\/"[A-Za-z0-9_-]{20,}"$/);
    expect(b.headers['etag']).toBe(a.headers['etag']);
    // a browser may keep the page, and asks again each time
    expect(a.headers['cache-control']).toBe('no-cache');
    // other pages, other query strings, the other locale: other names
    const others = await Promise.all([
      page(shop.url, PRODUCT_PATH),
      page(shop.url, `${CATEGORY_PATH}?sort=price%3Aasc`),
      page(shop.url, CATEGORY_PATH, { cookie: 'locale=en-US' }),
      page(shop.url, '/'),
    ]);
    const tags = others.map((o) => o.headers['etag']);
    expect(new Set([a.headers['etag'], ...tags]).size).toBe(5);
  });

  it('If-None-Match naming the page: 304 without a body or a CSP; any other: the page', async () => {
    const first = await page(shop.url, PRODUCT_PATH);
    const etag = first.headers['etag']!;
    for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `W/"older", ${etag}`, '*']) {
      const again = await page(shop.url, PRODUCT_PATH, { 'if-none-match': ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.raw.length).toBe(0);
      expect(again.headers['etag']).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');
      expect(again.headers['vary']).toBe(first.headers['vary']);
      expect(again.headers['content-security-policy']).toBeUndefined();
    }
    for (const ifNoneMatch of ['W/"older"', '"', 'W/', etag.slice(0, -2) + '"']) {
      const full = await page(shop.url, PRODUCT_PATH, { 'if-none-match': ifNoneMatch });
      expect(full.status, ifNoneMatch).toBe(200);
      expect(full.body).toContain('<div id="app">');
    }
    // another page with this page's ETag is sent in full
    expect((await page(shop.url, CATEGORY_PATH, { 'if-none-match': etag })).status).toBe(200);
  });

  it('rendered or from the output cache (plain, brotli or gzip), a page has one ETag, and a hit answers 304', async () => {
    const path = `${CATEGORY_PATH}?page=2`;
    const miss = await page(cached.url, path);
    const hit = await page(cached.url, path, { 'accept-encoding': 'gzip' });
    const plain = await page(cached.url, path, { 'accept-encoding': 'identity' });
    expect([miss.headers['x-output-cache'], hit.headers['x-output-cache'], plain.headers['x-output-cache']]).toEqual(['miss', 'hit', 'hit']);
    expect(hit.headers['etag']).toBe(miss.headers['etag']);
    expect(plain.headers['etag']).toBe(miss.headers['etag']);
    // (the server without a cache names it otherwise: it answers on another origin, which the page's SEO tags carry)
    const notModified = await page(cached.url, path, { 'if-none-match': miss.headers['etag']! });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
  });

  it('pages that are not a 200 carry no ETag (a 404 or a 503 is never kept as the page)', async () => {
    const missing = await page(shop.url, '/geen-pagina-zo');
    expect(missing.status).toBe(404);
    expect(missing.headers['etag']).toBeUndefined();
    expect((await page(shop.url, '/geen-pagina-zo', { 'if-none-match': '*' })).status).toBe(404);
  });
});

describe('compression, static files and caching', () => {
  it('an answer is encoded as its Content-Encoding says, for any Accept-Encoding (`*;q=0, gzip` said gzip and sent plain HTML)', async () => {
    for (const accept of ['*;q=0, gzip', '*;q=0, br', 'gzip;q=0, *', 'br;q=0, gzip;q=0.5', '*', 'identity, *;q=0']) {
      for (const base of [shop.url, cached.url, cached.url]) {
        // rawRequest decodes the body as the answer's Content-Encoding says: a plain body under `gzip` throws
        const answer = await rawRequest(base, CATEGORY_PATH, { headers: { 'accept-encoding': accept } });
        expect(answer.status, accept).toBe(200);
        expect(answer.body, accept).toMatch(/^<!doctype html>[\s\S]*<\/html>$/);
        const allowed = accept.startsWith('*;q=0, ') ? accept.slice(7) : accept.startsWith('identity') ? undefined : answer.headers['content-encoding'];
        expect(answer.headers['content-encoding'], accept).toBe(allowed);
      }
    }
  });

  it('pages are sent brotli- or gzip-compressed as asked, the same document either way', async () => {
    const [br, gz, plain] = await Promise.all(
      ['br', 'gzip', 'identity'].map((e) => rawRequest(shop.url, CATEGORY_PATH, { headers: { 'accept-encoding': e } })),
    );
    expect([br!.headers['content-encoding'], gz!.headers['content-encoding'], plain!.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    expect(br!.raw.length).toBeLessThan(plain!.raw.length / 3);
    expect(br!.body).toBe(plain!.body);
    expect(gz!.body).toBe(plain!.body);
    // after the title only the page's SEO tags (ui/head): meta, link and JSON-LD data blocks
    expect(plain!.body).toMatch(/^<!doctype html>[\s\S]*<title>[^<]+<\/title>\s*(?:<(?:meta|link) [^>]*>\s*|<script type="application\/ld\+json">[^<]*<\/script>\s*)*<\/head>[\s\S]*<\/html>$/);
  });

  it('hashed assets: the precompressed file for the encoding asked, immutable for a year, ETag answered 304', async () => {
    const br = await rawRequest(shop.url, `/dist/${ASSET}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.raw.equals(brotliCompressSync(assetBody))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    const gz = await rawRequest(shop.url, `/dist/${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await rawRequest(shop.url, `/dist/${ASSET}`);
    expect(plain.body).toBe(assetBody);
    const etag = plain.headers['etag'];
    expect(etag).toBeTruthy();
    const again = await rawRequest(shop.url, `/dist/${ASSET}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
  });

  it('unhashed files revalidate; /dist/ never serves outside its folder', async () => {
    expect((await rawRequest(shop.url, '/sw.js')).headers['cache-control']).toBe('no-cache');
    // the web app manifest keeps its name from build to build too
    const webManifest = await rawRequest(shop.url, '/manifest.webmanifest');
    expect(webManifest.status).toBe(200);
    expect(webManifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(webManifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(webManifest.body)).toMatchObject({ display: 'standalone' });
    expect((await rawRequest(shop.url, '/dist/manifest.json')).headers['cache-control']).toBe('no-cache');
    for (const p of ['/dist/../package.json', '/dist/%2e%2e/package.json', '/dist/..%2fpackage.json', '/dist/nope.js']) {
      const a = await rawRequest(shop.url, p);
      expect(a.status, p).toBeGreaterThanOrEqual(400);
      expect(a.status, p).toBeLessThan(500);
      expect(a.body).not.toContain('papier-storefront');
    }
  });
});

describe('output cache: tags and /invalidate', () => {
  it('refuses a missing or wrong key with 401', async () => {
    expect((await rawRequest(cached.url, '/invalidate?tag=layout')).status).toBe(401);
    expect((await rawRequest(cached.url, '/invalidate?tag=layout&key=wrong')).status).toBe(401);
    expect((await rawRequest(shop.url, '/invalidate?tag=layout&key=')).status).toBe(401);
  });

  it("invalidating a product's tag makes its page stale: served once more while it renders afresh, then fresh", async () => {
    const first = await rawRequest(cached.url, PRODUCT_PATH);
    expect(first.status).toBe(200);
    expect((await rawRequest(cached.url, PRODUCT_PATH)).headers['x-output-cache']).toBe('hit');
    // another page that does not show the product stays untouched
    await rawRequest(cached.url, '/');
    const other = await rawRequest(cached.url, `/invalidate?tag=P${configurable.id}&key=test-key-from-the-test`);
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body).invalidated[`P${configurable.id}`]).toBeGreaterThanOrEqual(1);
    expect((await rawRequest(cached.url, PRODUCT_PATH)).headers['x-output-cache']).toBe('stale');
    let state = 'stale';
    for (let i = 0; i < 50 && state !== 'hit'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await rawRequest(cached.url, PRODUCT_PATH)).headers['x-output-cache'] ?? '';
    }
    expect(state).toBe('hit');
    expect((await rawRequest(cached.url, '/')).headers['x-output-cache']).toBe('hit');
    // by sku too
    const bySku = await rawRequest(cached.url, `/invalidate?tag=S${configurable.sku}&key=test-key-from-the-test`);
    expect(JSON.parse(bySku.body).invalidated[`S${configurable.sku}`]).toBeGreaterThanOrEqual(1);
  });
});

describe('hostile input at the edge', () => {
  it('a path with a control character (/%0aabc) answers 400 and is never cached', async () => {
    for (const path of ['/%0aabc', '/%0Dabc', '/c/%00', '/%7f', '/inpakpapier%0a']) {
      for (let i = 0; i < 2; i++) {
        const answer = await rawRequest(cached.url, path);
        expect(answer.status, path).toBe(400);
        expect(answer.headers['x-output-cache'], path).toBeUndefined();
        expect(answer.headers['cache-control'], path).toBe('no-store');
      }
    }
  });

  it('/api/* with the API down answers 503 with Retry-After, as pages do', async () => {
    const down = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: 'http://127.0.0.1:9', clientDir });
    try {
      for (const [method, path] of [['GET', '/api/catalog/vue_storefront_catalog/product/_search'], ['POST', '/api/cart/create'], ['GET', '/img/600/744/resize/a.jpg']] as const) {
        const answer = await rawRequest(down.url, path, { method, ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}) });
        expect(answer.status, path).toBe(503);
        expect(answer.headers['retry-after'], path).toMatch(/^\d+$/);
      }
    } finally {
      await down.close();
    }
  });

  it('a route that cannot resolve (an Object.prototype name as its parameter) answers 404 at once, never holding a render', async () => {
    for (const path of ['/i/__proto__', '/i/constructor', '/i/toString', '/i/hasOwnProperty', '/c/__proto__', '/p/__proto__/constructor/x']) {
      const started = Date.now();
      const answer = await rawRequest(shop.url, path);
      expect([404, 301], path).toContain(answer.status);
      expect(Date.now() - started, path).toBeLessThan(2000);
    }
  }, 60_000);

  it('/invalidate: a client that keeps sending wrong keys gets 429 with Retry-After, even with the right key; another client does not', async () => {
    const throttled = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir, invalidationKey: 'right', trustedProxies: ['127.0.0.1'] });
    try {
      const from = (client: string, key: string) => rawRequest(throttled.url, `/invalidate?tag=layout&key=${key}`, { headers: { 'x-forwarded-for': client } });
      const wrong = [];
      for (let i = 0; i < 12; i++) wrong.push((await from('198.51.100.1', `wrong${i}`)).status);
      expect(wrong.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(wrong.slice(10)).toEqual([429, 429]);
      const refused = await from('198.51.100.1', 'right');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect((await from('198.51.100.2', 'right')).status).toBe(200);
    } finally {
      await throttled.close();
    }
  });

  it('X-Forwarded-For to the API: the real client address appended to a trusted proxy\'s chain (TRUSTED_PROXIES), replacing it otherwise', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const echo = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200,"result":"ok"}');
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    const apiUrl = `http://127.0.0.1:${(echo.address() as { port: number }).port}`;
    const direct = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl, clientDir });
    const behindProxy = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl, clientDir, trustedProxies: ['127.0.0.0/8'] });
    try {
      const login = (base: string, headers: Record<string, string> = {}) => rawRequest(base, '/api/user/login', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...headers } });
      // no trusted proxy: what the client claims is dropped, the API sees the address the storefront sees
      await login(direct.url, { 'x-forwarded-for': '203.0.113.7' });
      await login(direct.url);
      // the load balancer (trusted) names the shopper: kept, and the balancer's own address appended
      await login(behindProxy.url, { 'x-forwarded-for': '203.0.113.7' });
      expect(seen.map((h) => h['x-forwarded-for'])).toEqual(['127.0.0.1', '127.0.0.1', '203.0.113.7, 127.0.0.1']);
    } finally {
      await Promise.all([direct.close(), behindProxy.close()]);
      await new Promise<void>((r) => echo.close(() => r()));
    }
  });
});
