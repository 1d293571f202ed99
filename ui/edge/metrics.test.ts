import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { startTestBackend, type TestBackend } from '../../test-fixtures/backend/test-helpers';
import { freePort } from '../../test-fixtures/storefront-process';
import { rawRequest } from '../../test-fixtures/raw-http';
import { categoryCacheCounts, parsePrometheusText, scrape, Scrape } from '../../test-fixtures/prometheus';
import { LruOutputCache } from './lru-output-cache';
import { startStorefront, type RunningStorefront } from '../server';
import { apiEndpointOf, metricsKeyProblem, pageKindOf, ROUTE_KINDS } from './metrics';
import pLimit from 'p-limit';

// GET /metrics of a storefront in this process (no cluster: it answers from its own registry), against the demo
// backend. The registry is the process's, shared by the storefronts of this file: every count is read as the change
// between two scrapes.

const clientDir = mkdtempSync(join(tmpdir(), 'metrics-client-'));
const KEY = 'metrics-key-of-the-tests-0123456789';
const CATEGORY = '/inpakpapier/kerst';

describe('route kinds and API endpoints: a small fixed set of label values, never the URL', () => {
  it('pages by the route table, the dispatcher paths as page until resolved, then as what they resolved to', () => {
    // each label with the paths that get it
    const paths: Record<string, string[]> = {
      home: ['/', '/?utm_source=x'],
      category: ['/c/kerst'],
      product: ['/p/SKU-1/rol', '/p/SKU-1/rol/SKU-1-a'],
      cms: ['/i/over-ons'],
      page: ['/checkout', CATEGORY],
    };
    for (const [kind, each] of Object.entries(paths)) for (const path of each) expect(pageKindOf(path), path).toBe(kind);
    // spec catalogue §2.2: what the dispatcher resolved a path to
    expect(pageKindOf(CATEGORY, { pageResolution: { kind: 'category' } })).toBe('category');
    expect(pageKindOf(CATEGORY, { pageResolution: { kind: 'cms_page' } })).toBe('cms');
    expect(pageKindOf(CATEGORY, { pageResolution: { kind: 'unknown' } })).toBe('page');
  });

  it('API endpoints from the path; anything else is other', () => {
    // each label with the paths that get it
    const paths: Record<string, string[]> = {
      catalog: ['/api/catalog/vue_storefront_catalog/product/_search?q=1', '/api/product/render-list', '/api/catalog/x/img/y'],
      url: ['/api/url/map'],
      cart: ['/api/cart/pull?token=x', '/vsf/api/cart/pull'],
      stock: ['/api/stock/check'],
      user: ['/api/user/me'],
      order: ['/api/order'],
      cms: ['/api/ext/cms-data/cmsPage/1'],
      other: ['/api/ext/mail-service/send-email', '/api/constructor'],
      img: ['/img/600/744/resize/a.jpg', '/img/x.jpg?u=/api/cart'],
      health: ['/'],
    };
    for (const [kind, each] of Object.entries(paths)) for (const path of each) expect(apiEndpointOf(path), path).toBe(kind);
  });

  it('any path gives one of the fixed values', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect(ROUTE_KINDS).toContain(pageKindOf(`/${s}`));
        expect(['catalog', 'url', 'cart', 'stock', 'user', 'order', 'cms', 'img', 'health', 'other']).toContain(apiEndpointOf(`/${s}`));
      }),
    );
  });
});

describe('the strict reader of the text format the tests use (test-fixtures/prometheus.ts)', () => {
  it("reads prom-client's labelled histograms and escaped label values, and refuses what is not the format", async () => {
    const r = new Registry();
    const h = new Histogram({ name: 't_seconds', help: 'a "help"\\ with\nlines', labelNames: ['route'], registers: [r] });
    h.observe({ route: 'a "b"\\c\nd' }, 0.2);
    h.observe({ route: 'x' }, 3);
    h.observe({ route: 'x' }, 30);
    const s = new Scrape(await r.metrics());
    expect(s.value('t_seconds', { route: 'a "b"\\c\nd' })).toBe(1);
    expect(s.value('t_seconds', { route: 'x' })).toBe(2);
    expect(s.value('t_seconds')).toBe(3);
    expect(s.family('t_seconds').help).toBe('a "help"\\ with\nlines');
    for (const bad of [
      'x_total 1',
      '# TYPE x counter\nx{a="1} 1',
      '# TYPE x counter\nx{a=1} 1',
      '# TYPE x counter\nx 1 2 3',
      '# TYPE x counter\nx one',
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1',
      '# TYPE h histogram\nh_bucket{le="1"} 1\nh_count 1',
    ]) {
      expect(() => parsePrometheusText(bad), bad).toThrow();
    }
  });
});

describe('METRICS_KEY', () => {
  it('at least 16 printable characters without spaces', () => {
    fc.assert(fc.property(fc.string({ maxLength: 15 }), (k) => metricsKeyProblem(k)?.includes('at least 16') === true));
    fc.assert(fc.property(fc.stringMatching(/^[\x21-\x7e]{16,80}$/), (k) => metricsKeyProblem(k) === undefined));
    expect(metricsKeyProblem('sixteen chars ok!')).toMatch(/without spaces/);
  });

  it('a storefront refuses to start with a short key', async () => {
    await expect(startStorefront({ port: 0, host: '127.0.0.1', apiUrl: 'http://127.0.0.1:9', clientDir, metricsKey: 'short' })).rejects.toThrow(/at least 16/);
  });
});

describe('GET /metrics', () => {
  let backend: TestBackend;
  let shop: RunningStorefront;
  let keyless: RunningStorefront;
  const gate = pLimit(1);

  beforeAll(async () => {
    backend = await startTestBackend();
    const base = { port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir };
    shop = await startStorefront({ ...base, metricsKey: KEY, outputCache: new LruOutputCache(50, { now: () => Date.now() }), renderGate: gate });
    keyless = await startStorefront(base);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([shop?.close(), keyless?.close()]);
    await backend?.close();
  });

  it('with the key: Prometheus text, never cached, no CSP-bearing HTML, with Node\'s own metrics', async () => {
    const res = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBeNull();
    const s = new Scrape(await res.text());
    for (const name of [
      'storefront_http_requests_total',
      'storefront_http_request_duration_seconds',
      'storefront_render_duration_seconds',
      'storefront_output_cache_total',
      'storefront_api_request_duration_seconds',
      'storefront_api_failures_total',
      'storefront_unavailable_total',
      'storefront_render_queue_length',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(s.family(name).help.length, name).toBeGreaterThan(0);
    }
    expect(s.family('storefront_http_request_duration_seconds').type).toBe('histogram');
    expect(s.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('a page render and then a cache hit of the same page are counted as such', async () => {
    const before = await scrape(shop.url, KEY);
    const first = await fetch(`${shop.url}${CATEGORY}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-output-cache')).toBe('miss');
    await first.arrayBuffer();
    const second = await fetch(`${shop.url}${CATEGORY}`);
    expect(second.headers.get('x-output-cache')).toBe('hit');
    await second.arrayBuffer();
    const after = await scrape(shop.url, KEY);
    const delta = after.since(before);

    // the dispatcher resolved the path to a category: the render and the hit are both counted as one
    expect(categoryCacheCounts(delta)).toEqual({ miss: 1, hit: 1, renders: 1, categoryRenders: 1, categoryAnswers: 2 });
    expect(delta('storefront_output_cache_total', { result: 'stale' })).toBe(0);
    expect(delta('storefront_http_request_duration_seconds', { route: 'category' })).toBe(2);
    // the render read from the API (the catalogue, the URL map), every call answered
    expect(delta('storefront_api_request_duration_seconds', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(delta('storefront_api_failures_total')).toBe(0);
    // the first scrape is counted once it was answered (as a health request), the second not yet
    expect(delta('storefront_http_requests_total', { route: 'health', status: '200' })).toBe(1);
    expect(after.labelValues('storefront_http_requests_total', 'route').every((r) => (ROUTE_KINDS as readonly string[]).includes(r))).toBe(true);
  }, 30_000);

  it('a product page the dispatcher resolved is a product, rendered and from the cache', async () => {
    // the category's first product, by the link the page shows (the dispatcher's URL: its url_path)
    const category = await (await fetch(`${keyless.url}${CATEGORY}`)).text();
    const product = [...category.matchAll(/href="(\/[^"?#]+\.html)"/g)].map((m) => m[1]!).find((p) => p !== '/kadoverpakkingen-groothandel.html');
    expect(product).toBeDefined();
    expect(pageKindOf(product!)).toBe('page');
    const before = await scrape(shop.url, KEY);
    for (const expected of ['miss', 'hit']) {
      const res = await fetch(`${shop.url}${product}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-output-cache')).toBe(expected);
      await res.arrayBuffer();
    }
    const after = await scrape(shop.url, KEY);
    expect(after.value('storefront_http_requests_total', { route: 'product', status: '200' }) - before.value('storefront_http_requests_total', { route: 'product', status: '200' })).toBe(2);
    expect(after.value('storefront_render_duration_seconds', { route: 'product' }) - before.value('storefront_render_duration_seconds', { route: 'product' })).toBe(1);
  }, 30_000);

  it('the /api pass-through and static files are counted by kind, and the API calls by endpoint', async () => {
    const before = await scrape(shop.url, KEY);
    const api = await fetch(`${shop.url}/api/url/map`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: CATEGORY }) });
    await api.arrayBuffer();
    await (await fetch(`${shop.url}/favicon.ico`)).arrayBuffer();
    const after = await scrape(shop.url, KEY);
    expect(after.value('storefront_http_requests_total', { route: 'api' }) - before.value('storefront_http_requests_total', { route: 'api' })).toBe(1);
    expect(after.value('storefront_http_requests_total', { route: 'static', status: '204' }) - before.value('storefront_http_requests_total', { route: 'static', status: '204' })).toBe(1);
    expect(after.value('storefront_api_request_duration_seconds', { endpoint: 'url' }) - before.value('storefront_api_request_duration_seconds', { endpoint: 'url' })).toBe(1);
  });

  it('renders waiting for their turn show as the render queue', async () => {
    // the gate's one place held: the next page render waits in line
    let release!: () => void;
    const held = gate(() => new Promise<void>((r) => (release = r)));
    const page = fetch(`${shop.url}/inpakpapier`).then((r) => r.arrayBuffer());
    try {
      let s = await scrape(shop.url, KEY);
      while (s.value('storefront_render_queue_length') === 0) s = await scrape(shop.url, KEY);
      expect(s.value('storefront_render_queue_length')).toBe(1);
    } finally {
      release();
      await held;
      await page;
    }
    expect((await scrape(shop.url, KEY)).value('storefront_render_queue_length')).toBe(0);
  }, 30_000);

  it('the API down: the 503s answered and the API failures by endpoint are counted', async () => {
    const closed = await freePort();
    const down = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: `http://127.0.0.1:${closed}`, clientDir, metricsKey: KEY });
    try {
      const before = await scrape(down.url, KEY);
      const res = await fetch(`${down.url}${CATEGORY}`);
      expect(res.status).toBe(503);
      await res.arrayBuffer();
      const after = await scrape(down.url, KEY);
      expect(after.value('storefront_unavailable_total') - before.value('storefront_unavailable_total')).toBe(1);
      expect(after.value('storefront_api_failures_total') - before.value('storefront_api_failures_total')).toBeGreaterThan(0);
      expect(after.value('storefront_api_request_duration_seconds', { outcome: 'no_answer' }) - before.value('storefront_api_request_duration_seconds', { outcome: 'no_answer' })).toBeGreaterThan(0);
    } finally {
      await down.close();
    }
  }, 30_000);

  it('without METRICS_KEY: 404 as an unknown path, never rendered as a page', async () => {
    const before = await scrape(shop.url, KEY);
    const res = await fetch(`${keyless.url}/metrics`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('Not found');
    const after = await scrape(shop.url, KEY);
    expect(after.value('storefront_render_duration_seconds') - before.value('storefront_render_duration_seconds')).toBe(0);
    expect(after.value('storefront_api_request_duration_seconds') - before.value('storefront_api_request_duration_seconds')).toBe(0);
  });

  it('a wrong or missing key: 401, and no metric in the answer', async () => {
    for (const authorization of [undefined, `Bearer ${KEY}x`, `Bearer ${KEY.slice(1)}`, `Basic ${Buffer.from(`x:${KEY}`).toString('base64')}`, KEY, 'Bearer']) {
      const res = await fetch(`${shop.url}/metrics`, { headers: authorization === undefined ? {} : { authorization } });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).not.toMatch(/storefront_|nodejs_/);
    }
    // the scheme's name is case-insensitive (RFC 9110 §11.1)
    expect((await fetch(`${shop.url}/metrics`, { headers: { authorization: `bearer ${KEY}` } })).status).toBe(200);
  });

  it('hostile Authorization headers get no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: 'binary', maxLength: 100 }).map((s) => `Bearer ${s}`),
          fc.integer({ min: 1000, max: 12_000 }).map((n) => `Bearer ${'a'.repeat(n)}`),
          fc.integer({ min: 100, max: 5000 }).map((n) => `Bearer ${' '.repeat(n)}${KEY}${' '.repeat(n)}x`),
          fc.constantFrom(`Bearer ${KEY}\u0000`, `Bearer\t${KEY}`, `Bearer ${KEY} ${KEY}`, 'Bearer ' + '\u00ff'.repeat(40)),
        ),
        async (value) => {
          // sent as it is (a header value has no CR or LF: that would be another header)
          const answer = await rawRequest(shop.url, '/metrics', { headers: { authorization: value.replace(/[\r\n]/g, ' ') } });
          expect(answer.status, JSON.stringify(value.slice(0, 80))).toBeLessThan(500);
          expect(answer.status).not.toBe(200);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
