import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LruOutputCache } from './lru-output-cache';

const page = (html: string, tags: string[] = []) => ({ status: 200, html, tags, renderedAt: 0 });

describe('LruOutputCache', () => {
  it('answers a page until its TTL runs out (spec catalogue §9 output cache TTL)', async () => {
    let now = 0;
    const cache = new LruOutputCache(10, { now: () => now });
    await cache.set('/', page('a'), 86400);
    now = 86_399_999;
    expect(await cache.get('/')).toEqual({ page: page('a'), stale: false });
    now = 86_400_000;
    expect(await cache.get('/')).toBeUndefined();
  });

  it('never holds more than its capacity and evicts the least recently used', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 9 })), { maxLength: 60 }), async (ops) => {
        const cache = new LruOutputCache(3, { now: () => 0 });
        const model: string[] = [];
        for (const [isSet, k] of ops) {
          const key = String(k);
          if (isSet) {
            await cache.set(key, page(key), 60);
            const i = model.indexOf(key);
            if (i >= 0) model.splice(i, 1);
            model.push(key);
            if (model.length > 3) model.shift();
          } else {
            const hit = await cache.get(key);
            expect(hit !== undefined).toBe(model.includes(key));
            if (hit) {
              model.splice(model.indexOf(key), 1);
              model.push(key);
            }
          }
          expect(cache.size).toBeLessThanOrEqual(3);
        }
      }),
    );
  });

  it('invalidating a tag makes exactly its pages stale until they are stored again; one refresh claim per lease', async () => {
    let now = 0;
    const cache = new LruOutputCache(10, { now: () => now });
    await cache.set('p1', page('one', ['P1', 'layout']), 60);
    await cache.set('c5', page('cat', ['C5', 'P1']), 60);
    await cache.set('p2', page('two', ['P2']), 60);
    expect(await cache.invalidate('P1')).toBe(2);
    expect((await cache.get('p1'))?.stale).toBe(true);
    expect((await cache.get('c5'))?.stale).toBe(true);
    expect((await cache.get('p2'))?.stale).toBe(false);
    expect([await cache.claimRefresh('p1', 30), await cache.claimRefresh('p1', 30)]).toEqual([true, false]);
    now = 30_000;
    expect(await cache.claimRefresh('p1', 30)).toBe(true);
    await cache.set('p1', page('one again', ['P1']), 60);
    expect(await cache.get('p1')).toEqual({ page: page('one again', ['P1']), stale: false });
    expect(await cache.claimRefresh('p1', 30)).toBe(true);
    expect(await cache.invalidate('nothing')).toBe(0);
  });
});
