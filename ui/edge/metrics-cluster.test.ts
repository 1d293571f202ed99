import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../test-fixtures/backend/test-helpers';
import { startShopProcess, type ShopProcess } from '../../test-fixtures/storefront-process';
import { startRedis, type TestRedis } from '../../test-fixtures/redis-server';
import { rawRequest } from '../../test-fixtures/raw-http';
import { categoryCacheCounts, scrape } from '../../test-fixtures/prometheus';

// GET /metrics of the built server (dist/server.mjs) with two cluster workers sharing a Redis output cache: whichever
// worker is asked, the answer is the sum over both (the primary's AggregatorRegistry). Needs `node scripts/build.mjs`.

const KEY = 'cluster-metrics-key-0123456789abcdef';
const CATEGORY = '/inpakpapier/kerst';

describe('/metrics across the workers of the cluster', () => {
  let backend: TestBackend;
  let redis: TestRedis;
  let shop: ShopProcess;

  beforeAll(async () => {
    [backend, redis] = await Promise.all([startTestBackend(), startRedis()]);
    // each worker renders the home page once before it listens (its warm-up), through its own request handling
    shop = await startShopProcess({ API_URL: backend.url, WEB_CONCURRENCY: '2', METRICS_KEY: KEY, REDIS_URL: redis.url, STOREFRONT_WARMUP_RENDERS: '1', STOREFRONT_WARMUP_MS: '600000' });
  }, 90_000);

  afterAll(async () => {
    if (shop) expect(await shop.stop()).toBe(0);
    await Promise.all([backend?.close(), redis?.stop()]);
  });

  it("sums both workers' counts: each worker's warm-up request is in every answer, whichever worker gives it", async () => {
    const out = shop.output.join('');
    expect(out).toMatch(/2 workers/);
    expect(out.match(/storefront worker \d+ warmed up: 1 renders of \//g)).toHaveLength(2);
    // several scrapes, on connections of their own (spread over the workers by the OS): the same sums every time
    for (let i = 0; i < 4; i++) {
      const s = await scrape(shop.url, KEY);
      expect(s.value('storefront_http_requests_total', { route: 'home', status: '200' })).toBe(2);
      // the first worker's warm-up rendered and stored the page; the other's found it, or rendered it too at the same time
      const misses = s.value('storefront_output_cache_total', { result: 'miss' });
      expect(misses + s.value('storefront_output_cache_total', { result: 'hit' })).toBe(2);
      expect(s.value('storefront_render_duration_seconds', { route: 'home' })).toBe(misses);
      expect(s.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      expect(s.family('nodejs_eventloop_lag_seconds').samples).toHaveLength(1);
    }
  }, 60_000);

  it('a page render and then cache hits of the same page, answered by either worker, are counted once each', async () => {
    const before = await scrape(shop.url, KEY);
    const first = await rawRequest(shop.url, CATEGORY);
    expect(first.status).toBe(200);
    expect(first.headers['x-output-cache']).toBe('miss');
    const again = await Promise.all(Array.from({ length: 6 }, () => rawRequest(shop.url, CATEGORY)));
    expect(again.map((a) => a.headers['x-output-cache'])).toEqual(Array(6).fill('hit'));
    const after = await scrape(shop.url, KEY);
    const delta = after.since(before);
    expect(categoryCacheCounts(delta)).toEqual({ miss: 1, hit: 6, renders: 1, categoryRenders: 1, categoryAnswers: 7 });
    expect(delta('storefront_api_request_duration_seconds', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(delta('storefront_unavailable_total')).toBe(0);
  }, 60_000);

  it('a wrong or missing key: 401 from any worker; hostile Authorization headers get no 5xx', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${KEY.slice(0, -1)}` }, { authorization: `Bearer ${'x'.repeat(9000)}` }, { authorization: 'Bearer \u00ff\u00fe' }]) {
      const answer = await rawRequest(shop.url, '/metrics', { headers });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).not.toMatch(/storefront_/);
    }
  }, 30_000);
});

describe('METRICS_KEY at start', () => {
  it('a key shorter than 16 characters stops the server with a line saying so', async () => {
    await expect(startShopProcess({ API_URL: 'http://127.0.0.1:9', WEB_CONCURRENCY: '2', METRICS_KEY: 'too-short' })).rejects.toThrow(/exited with 1: .*"level":60.*METRICS_KEY must be at least 16 characters/);
  }, 30_000);
});
