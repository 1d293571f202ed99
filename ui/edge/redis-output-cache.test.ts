import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectedCache, startRedis, type TestRedis } from '../../test-fixtures/redis-server';
import { RedisOutputCache } from './redis-output-cache';

// The shared output cache against a real redis-server.

let redis: TestRedis;
let a: RedisOutputCache;
let b: RedisOutputCache;
const page = (html: string, tags: string[]) => ({ status: 200, br: Buffer.from(html), tags, renderedAt: 1 });

beforeAll(async () => {
  redis = await startRedis();
  [a, b] = await Promise.all([connectedCache(redis.url, { prefix: 'test:' }), connectedCache(redis.url, { prefix: 'test:' })]);
}, 30_000);

afterAll(async () => {
  await a?.quit();
  await b?.quit();
  await redis?.stop();
});

beforeEach(async () => void (await redis.client.flushdb()));

describe('RedisOutputCache', () => {
  it('a page one client stores, another reads (workers and machines share pages)', async () => {
    expect(await b.get('nl-NL /')).toBeUndefined();
    await a.set('nl-NL /', page('<p>home</p>', ['layout', 'P1']), 60);
    expect(await b.get('nl-NL /')).toEqual({ page: page('<p>home</p>', ['layout', 'P1']), stale: false, refresh: false });
  });

  it('pages expire with their TTL (spec catalogue §9)', async () => {
    const started = performance.now();
    await a.set('k', page('x', []), 0.2);
    const read = await b.get('k');
    // read within its TTL it is there (a machine that stalled longer than the TTL may already have lost it)
    if (performance.now() - started < 150) expect(read).toBeDefined();
    // and it goes once the TTL has passed
    await vi.waitFor(async () => expect(await b.get('k')).toBeUndefined(), { timeout: 5000, interval: 50 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('invalidating a tag makes exactly the pages carrying it stale; storing afresh makes them fresh again', async () => {
    await a.set('p1', page('one', ['P1', 'layout']), 60);
    await a.set('c5', page('cat', ['C5', 'P1', 'P2', 'layout']), 60);
    await a.set('p2', page('two', ['P2', 'layout']), 60);
    expect(await b.invalidate('P1')).toBe(2);
    expect((await a.get('p1'))?.stale).toBe(true);
    expect((await a.get('c5'))?.stale).toBe(true);
    expect((await a.get('p2'))?.stale).toBe(false);
    await a.set('p1', page('one again', ['P1', 'layout']), 60);
    expect(await b.get('p1')).toEqual({ page: page('one again', ['P1', 'layout']), stale: false, refresh: false });
    expect(await b.invalidate('unknown-tag')).toBe(0);
    expect(await b.invalidate('layout')).toBe(3);
  });

  it('one renderer per stale page across clients, chosen afresh once the page is stored and invalidated again', async () => {
    await a.set('p', page('x', ['P9']), 60);
    await a.invalidate('P9');
    const reads = await Promise.all([a.get('p'), b.get('p'), a.get('p')]);
    expect(reads.map((r) => r?.stale)).toEqual([true, true, true]);
    expect(reads.filter((r) => r?.refresh)).toHaveLength(1);
    await b.set('p', page('y', ['P9']), 60);
    await b.invalidate('P9');
    expect((await a.get('p'))?.refresh).toBe(true);
  });

  it('a Redis that is gone fails the call (the server then renders without the cache) instead of hanging', async () => {
    const gone = new RedisOutputCache('redis://127.0.0.1:1', { prefix: 'test:' });
    const started = Date.now();
    await expect(gone.get('x')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
    await gone.quit();
  });
});
