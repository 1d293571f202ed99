/**
 * Hostile input to the operators' paths (/metrics, /healthz, /readyz), /robots.txt and /sitemap.xml under
 * Host headers an attacker chooses, tried from outside against a storefront and the demo backend on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { headerLinesRequest, rawRequest } from '../../test-fixtures/raw-http';
import { Scrape } from '../../test-fixtures/prometheus';
import { startTestShops, type TestShops } from '../../test-fixtures/storefront';
import type { RunningStorefront } from '../server';
import { ROUTE_KINDS } from './metrics';

const KEY = 'operator-paths-metrics-key-0123456789abcdef';
let shops: TestShops;
/** counts the requests the storefront sends the API, by path, and forwards them */
let counter: Server;
const apiCalls = new Map<string, number>();
let shop: RunningStorefront;

beforeAll(async () => {
  shops = await startTestShops({ entry: '' });
  const api = new URL(shops.backend.url);
  counter = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    apiCalls.set(path, (apiCalls.get(path) ?? 0) + 1);
    const up = httpRequest({ host: api.hostname, port: api.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((r) => counter.listen(0, '127.0.0.1', r));
  const apiUrl = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
  shop = await shops.start({ apiUrl, metricsKey: KEY, trustedProxies: ['127.0.0.1'] });
}, 60_000);

afterAll(async () => {
  await shops?.close();
  await new Promise((r) => counter?.close(r));
});

/** one GET with exactly these header lines (no Host of its own) */
const exactly = (path: string, lines: string[]) => headerLinesRequest(shop.url, path, lines);

const scrape = async () => {
  const res = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${KEY}` } });
  expect(res.status).toBe(200);
  return new Scrape(await res.text());
};

describe('/metrics under hostile Authorization headers', () => {
  it('long, unicode, repeated, odd-cased or empty credentials: 401 at once, never a 5xx, never the metrics', async () => {
    const hostile: Record<string, string>[] = [
      { authorization: `Bearer ${'A'.repeat(12_000)}` },
      { authorization: `Bearer ${'a '.repeat(4000)}x` },
      { authorization: 'Bearer ' + Buffer.from(`${KEY.slice(0, -1)}é`, 'utf8').toString('latin1') },
      { authorization: `bearer ${KEY} extra` },
      { authorization: `Basic ${Buffer.from(`x:${KEY}`).toString('base64')}` },
      { authorization: `Bearer\t${KEY}` },
      { authorization: `Bearer ${KEY.toUpperCase()}` },
      { authorization: `Bearer ${KEY}\u0000` .replace('\u0000', '%00') },
      { authorization: 'Bearer' },
      { authorization: '' },
    ];
    for (const [i, headers] of hostile.entries()) {
      const t = performance.now();
      // each from a client of its own: wrong keys from one client are limited (below)
      const res = await rawRequest(shop.url, '/metrics', { headers: { ...headers, 'x-forwarded-for': `192.0.2.${i + 1}` } });
      expect(res.status, JSON.stringify(headers).slice(0, 80)).toBe(401);
      expect(res.body).not.toContain('storefront_http_requests_total');
      expect(performance.now() - t).toBeLessThan(2000);
    }
    // two Authorization lines: Node keeps the first; the right key second does not open it
    const twice = await exactly('/metrics', ['Host: a', 'Authorization: Bearer wrong-wrong-wrong-wrong', `Authorization: Bearer ${KEY}`]);
    expect(twice.status).toBe(401);
  });

  it('the key is compared on hashes: the time of a wrong key does not depend on how much of it is right', async () => {
    // not a timing measurement over the network (loopback noise is larger than a memcmp): the compare is of two
    // SHA-256 digests of equal length with timingSafeEqual, whatever the token's length (request-safety.ts sameSecret)
    const { readFileSync } = await import('node:fs');
    const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
    expect(read('./request-safety.ts')).toMatch(/createHash\('sha256'\)[\s\S]*timingSafeEqual\(digest\(given\), digest\(expected\)\)/);
    expect(read('./request-safety.ts')).toMatch(/if \(sameSecret\(given, expected\)\)/);
    expect(read('./metrics.ts')).toMatch(/keyCheck\(key\)/);
  });
});

describe('/metrics: guessing the key', () => {
  it('a client that keeps sending wrong keys gets 429 with Retry-After, even with the right key; another client does not', async () => {
    // as /invalidate: METRICS_KEY need only be 16 characters, and nothing else limited how fast it could be guessed
    // a storefront of its own (closed with the others), so the block does not reach the other tests' client
    const throttled = await shops.start({ metricsKey: KEY, trustedProxies: ['127.0.0.1'] });
    const from = (client: string, key: string) => rawRequest(throttled.url, '/metrics', { headers: { 'x-forwarded-for': client, authorization: `Bearer ${key}` } });
    for (let i = 1; i <= 10; i++) expect((await from('203.0.113.7', `guess-number-${i}-of-many`)).status).toBe(401);
    const blocked = await from('203.0.113.7', 'guess-number-11-of-many');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.7', KEY)).status).toBe(429);
    expect((await from('198.51.100.2', KEY)).status).toBe(200);
  });
});

describe('/metrics scraped by many at once', () => {
  it('100 parallel scrapes render no page, call no API and keep the label values a fixed set', async () => {
    const before = new Map(apiCalls);
    const renders = (s: Scrape) => s.family('storefront_render_duration_seconds').samples.filter((x) => x.name.endsWith('_count')).reduce((a, x) => a + x.value, 0);
    const r0 = renders(await scrape());
    const answers = await Promise.all(Array.from({ length: 100 }, () => fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${KEY}` } }).then((r) => r.status)));
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(renders(await scrape())).toBe(r0);
    expect(apiCalls).toEqual(before);
  });

  it('a client cannot make new label values by URL, method or status', async () => {
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'FOO', 'OPTIONS'];
    const targets = ['/x%20y', '/api/__proto__', '/img/constructor', '/metrics/../metrics', '/%0aabc', '/dist/..%2f', '/shop-data/x', `/${'z'.repeat(300)}`];
    for (const method of methods) for (const target of targets) await rawRequest(shop.url, target, { method });
    const s = await scrape();
    const routes = new Set(s.family('storefront_http_requests_total').samples.map((x) => x.labels['route']));
    const statuses = new Set(s.family('storefront_http_requests_total').samples.map((x) => x.labels['status']));
    for (const r of routes) expect(ROUTE_KINDS).toContain(r);
    for (const st of statuses) expect(st).toMatch(/^[1-5]\d\d$/);
    expect(statuses.size).toBeLessThan(20);
  });
});

describe('/readyz flooded', () => {
  it('300 probes at once cost at most a couple of API calls, and answer at once', async () => {
    const before = apiCalls.get('/') ?? 0;
    const answers = await Promise.all(Array.from({ length: 300 }, () => fetch(`${shop.url}/readyz`).then(async (r) => [r.status, await r.text()] as const)));
    for (const [status] of answers) expect([200, 503]).toContain(status);
    expect((apiCalls.get('/') ?? 0) - before).toBeLessThanOrEqual(2);
    const health = await Promise.all(Array.from({ length: 300 }, () => fetch(`${shop.url}/healthz`).then((r) => r.status)));
    expect(health.every((s) => s === 200)).toBe(true);
    expect((apiCalls.get('/') ?? 0) - before).toBeLessThanOrEqual(2);
  });
});

describe('/robots.txt and /sitemap.xml under hostile Host headers', () => {

  it('a 10 KB Host name is not written into the answers (no 10 KB per sitemap URL)', async () => {
    const long = `${'a'.repeat(10_000)}.example`;
    const base = await exactly('/sitemap.xml', ['Host: shop.example']);
    expect(base.status).toBe(200);
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const res = await exactly(path, [`Host: ${long}`]);
      expect(res.status).toBeLessThan(500);
      expect(res.body).not.toContain(long.slice(0, 300));
    }
    const amplified = await exactly('/sitemap.xml', [`Host: ${long}`]);
    // 62 KB at scale 1 became 4.8 MB with a 10 KB Host (one origin per URL), every one compressed on the fly
    expect(amplified.body.length).toBeLessThan(base.body.length * 2);
  });

  it('CR/LF, spaces, a second Host, X-Forwarded-Host: never in an answer header, never a 5xx', async () => {
    for (const lines of [
      ['Host: evil.example%0d%0aSet-Cookie:%20a=1'],
      ['Host: evil.example', 'X-Forwarded-Host: attacker.example'],
      ['Host: evil.example', 'Host: other.example'],
      ['X-Forwarded-Host: attacker.example'],
      ['Host: evil.example:99999'],
      ['Host: evil.example/x?y'],
      ['Host: evil.example\u00e9'],
    ]) {
      for (const path of ['/robots.txt', '/sitemap.xml']) {
        const res = await exactly(path, lines);
        expect(res.status, lines.join()).toBeLessThan(500);
        expect(res.head.split('\r\n').slice(1).join('\n'), lines.join()).not.toMatch(/attacker|set-cookie|evil/i);
        expect(res.body).not.toContain('attacker.example');
        expect(res.body).not.toContain('Set-Cookie');
      }
    }
  });
});
