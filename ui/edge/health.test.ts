import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestBackend, type TestBackend } from '../../test-fixtures/backend/test-helpers';
import { rawRequest } from '../../test-fixtures/raw-http';
import { LruOutputCache } from './lru-output-cache';
import { RedisOutputCache } from './redis-output-cache';
import { startRedis } from '../../test-fixtures/redis-server';
import { startStorefront, type RunningStorefront } from '../server';
import { readiness, type ReadinessCheck } from './health';

// /healthz and /readyz of the storefront, against the real demo backend (stopped and started again on its port) and
// an API stand-in that counts what it is asked.

const clientDir = mkdtempSync(join(tmpdir(), 'health-client-'));

/** an API stand-in: answers 200 to everything and counts the requests */
async function countingApi(): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((_req, res) => {
    calls++;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe('/healthz and /readyz', () => {
  let backend: TestBackend;
  let shop: RunningStorefront;
  let cached: RunningStorefront;
  const pageCache = new LruOutputCache(50, { now: () => Date.now() });

  beforeAll(async () => {
    backend = await startTestBackend();
    const base = { port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir };
    shop = await startStorefront(base);
    cached = await startStorefront({ ...base, outputCache: pageCache });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([shop?.close(), cached?.close()]);
    await backend?.close();
  });

  it('/healthz: 200 "ok" in plain text, no-store, no CSP-bearing HTML, and no API call', async () => {
    const api = await countingApi();
    const own = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: api.url, clientDir });
    try {
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`${own.url}/healthz`);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe('ok');
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('content-security-policy')).toBeNull();
      }
      expect(api.calls()).toBe(0);
    } finally {
      await own.close();
      await api.close();
    }
  });

  it('/readyz: at most one API call per second however often it is asked', async () => {
    const api = await countingApi();
    const own = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: api.url, clientDir });
    try {
      const started = Date.now();
      const statuses = await Promise.all(Array.from({ length: 30 }, () => fetch(`${own.url}/readyz`).then((r) => r.status)));
      const seconds = Math.ceil((Date.now() - started) / 1000);
      expect(new Set(statuses)).toEqual(new Set([200]));
      expect(api.calls()).toBeGreaterThanOrEqual(1);
      expect(api.calls()).toBeLessThanOrEqual(seconds + 1);
    } finally {
      await own.close();
      await api.close();
    }
  });

  it('/readyz turns 503 (plain text, Retry-After) when the API is stopped, and 200 when it is back on its port', async () => {
    const ready = await fetch(`${shop.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const port = backend.port;
    await backend.close();
    try {
      await vi.waitFor(async () => expect((await fetch(`${shop.url}/readyz`)).status).toBe(503), { timeout: 15_000, interval: 100 });
      const down = await fetch(`${shop.url}/readyz`);
      expect(down.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(down.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(down.headers.get('cache-control')).toBe('no-store');
      expect(down.headers.get('content-security-policy')).toBeNull();
      expect(await down.text()).toBe('not ready: not answering: api');
      // the process still serves
      expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
    } finally {
      backend = await startTestBackend({ port });
    }
    await vi.waitFor(async () => expect((await fetch(`${shop.url}/readyz`)).status).toBe(200), { timeout: 15_000, interval: 100 });
  }, 40_000);

  it('neither is kept by the output cache', async () => {
    for (const path of ['/healthz', '/readyz', '/healthz?x=1']) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${cached.url}${path}`);
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get('x-output-cache')).toBeNull();
        expect(res.headers.get('etag')).toBeNull();
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
    expect(await pageCache.get('nl-NL /healthz')).toBeUndefined();
  });

  it('hostile variants answer without a 5xx', async () => {
    const targets = ['/healthz?x=<script>alert(1)</script>', '/readyz?x=<script>alert(1)</script>', '/readyz/..', '/healthz/..', '/healthz/../readyz', '/%2e%2e/healthz', '/healthz%00', '/readyz?' + 'a'.repeat(5000)];
    for (const target of targets) {
      const answer = await rawRequest(shop.url, target);
      if (target.startsWith('/healthz?') || target.startsWith('/readyz?')) expect(answer.headers['cache-control'], target).toBe('no-store');
      expect(answer.status, target).toBeGreaterThanOrEqual(200);
      expect(answer.status, target).toBeLessThan(500);
      // a reflected payload would be the script itself (a page's own scripts are fine)
      expect(answer.body.includes('<script>alert(1)'), target).toBe(false);
    }
  });
});

describe('readiness', () => {
  const ok: ReadinessCheck = { name: 'api', run: async () => undefined };

  it('is not ready before its warm-up, whatever the checks say', async () => {
    const r = readiness([ok], 1000);
    expect(await r.problem()).toBe('warming up');
    r.warmedUp();
    expect(await r.problem()).toBeUndefined();
  });

  it('asks each dependency at most once per second; a check past its timeout is a failure named in the reason', async () => {
    let t = 10_000;
    let calls = 0;
    const hanging: ReadinessCheck = { name: 'output cache', run: (signal) => new Promise((_, no) => (signal.onabort = no)) };
    const counted: ReadinessCheck = { name: 'api', run: async () => void calls++ };
    const r = readiness([counted, hanging], 20, () => t);
    r.warmedUp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => r.problem()));
    expect(new Set(answers)).toEqual(new Set(['not answering: output cache']));
    expect(calls).toBe(1);
    t = 10_999;
    await r.problem();
    expect(calls).toBe(1);
    // lru-cache's TTL: stale once more than 1000 ms old
    t = 11_001;
    await r.problem();
    expect(calls).toBe(2);
  });

  it('with Redis as the output cache: ready while Redis answers PING, 503 naming it once Redis is stopped', async () => {
    const api = await countingApi();
    const redis = await startRedis();
    const cache = new RedisOutputCache(redis.url, { prefix: 'health-test:' });
    const own = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: api.url, clientDir, outputCache: cache });
    try {
      await vi.waitFor(async () => expect((await fetch(`${own.url}/readyz`)).status).toBe(200), { timeout: 15_000, interval: 100 });
      await redis.stop();
      await vi.waitFor(async () => expect(await (await fetch(`${own.url}/readyz`)).text()).toBe('not ready: not answering: output cache'), { timeout: 15_000, interval: 100 });
      expect((await fetch(`${own.url}/healthz`)).status).toBe(200);
    } finally {
      await own.close();
      await cache.quit();
      await redis.stop();
      await api.close();
    }
  }, 40_000);

  it('a store whose ping fails makes the storefront not ready', async () => {
    const api = await countingApi();
    const lru = new LruOutputCache(5, { now: () => Date.now() });
    const sick = Object.assign(Object.create(lru) as LruOutputCache, { ping: () => Promise.reject(new Error('ECONNREFUSED')) });
    const own = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: api.url, clientDir, outputCache: sick });
    try {
      const res = await fetch(`${own.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.text()).toBe('not ready: not answering: output cache');
    } finally {
      await own.close();
      await api.close();
    }
  });
});
