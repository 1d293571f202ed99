import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LruOutputCache, pageBytes, REFRESH_LEASE_MS } from './lru-output-cache';

const page = (html: string, tags: string[] = []) => ({ status: 200, br: Buffer.from(html), tags, renderedAt: 0 });

describe('LruOutputCache', () => {
  it('answers a page until its TTL runs out (spec catalogue §9 output cache TTL)', async () => {
    let now = 1;
    const cache = new LruOutputCache(10, { now: () => now });
    await cache.set('/', page('a'), 86400);
    now = 86_400_000;
    expect(await cache.get('/')).toEqual({ page: page('a'), stale: false, refresh: false });
    now = 86_400_002;
    expect(await cache.get('/')).toBeUndefined();
  });

  it('never holds more than its capacity and evicts the least recently used', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 9 })), { maxLength: 60 }), async (ops) => {
        const cache = new LruOutputCache({ maxEntries: 4, maxVariants: 1 }, { now: () => 0 });
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
          expect(cache.stats().entries).toBeLessThanOrEqual(3);
        }
      }),
    );
  });

  it('invalidating a tag makes exactly its pages stale until they are stored again; one renderer per lease', async () => {
    let now = 0;
    const cache = new LruOutputCache(10, { now: () => now });
    await cache.set('p1', page('one', ['P1', 'layout']), 60);
    await cache.set('c5', page('cat', ['C5', 'P1']), 60);
    await cache.set('p2', page('two', ['P2']), 60);
    expect(await cache.invalidate('P1')).toBe(2);
    // the first reader of a stale page renders it afresh; the others within the lease are served it as it is
    expect(await cache.get('p1')).toMatchObject({ stale: true, refresh: true });
    expect(await cache.get('p1')).toMatchObject({ stale: true, refresh: false });
    expect((await cache.get('c5'))?.stale).toBe(true);
    expect(await cache.get('p2')).toMatchObject({ stale: false, refresh: false });
    now = REFRESH_LEASE_MS;
    expect((await cache.get('p1'))?.refresh).toBe(true);
    await cache.set('p1', page('one again', ['P1']), 60);
    expect(await cache.get('p1')).toEqual({ page: page('one again', ['P1']), stale: false, refresh: false });
    expect(await cache.invalidate('nothing')).toBe(0);
  });

  it('stays within its entries, bytes and variant bounds whatever is stored (fast-check)', async () => {
    const limits = { maxEntries: 8, maxBytes: 4000, maxVariants: 4, maxVariantsPerPage: 2 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }), fc.integer({ min: 0, max: 900 }), fc.boolean()), { maxLength: 80 }),
        async (ops) => {
          const cache = new LruOutputCache(limits, { now: () => 0 });
          for (const [path, variant, size, read] of ops) {
            const base = `nl-NL /p${path}`;
            const key = variant === undefined ? base : `${base}?v=${variant}`;
            if (read) await cache.get(key);
            else await cache.set(key, page('x'.repeat(size), [`T${path}`]), 60, variant === undefined ? undefined : base);
            const s = cache.stats();
            expect(s.entries).toBeLessThanOrEqual(limits.maxEntries);
            expect(s.bytes).toBeLessThanOrEqual(limits.maxBytes);
            expect(s.variants).toBeLessThanOrEqual(limits.maxVariants);
          }
        },
      ),
    );
  });

  it('a flood of 10,000 variants leaves every page without a query cached, and at most maxVariantsPerPage of one page', async () => {
    const cache = new LruOutputCache({ maxEntries: 50, maxBytes: 1_000_000, maxVariants: 20, maxVariantsPerPage: 5 }, { now: () => 0 });
    for (let i = 0; i < 30; i++) await cache.set(`nl-NL /c${i}`, page(`category ${i}`, [`C${i}`]), 60);
    for (let i = 0; i < 10_000; i++) await cache.set(`nl-NL /c${i % 30}?color=${i}`, page(`variant ${i}`, [`C${i % 30}`]), 60, `nl-NL /c${i % 30}`);
    for (let i = 0; i < 30; i++) expect((await cache.get(`nl-NL /c${i}`))?.page.br.toString()).toBe(`category ${i}`);
    const s = cache.stats();
    expect(s).toMatchObject({ entries: 50, variants: 20 });
    // the newest variants are the ones kept
    expect(await cache.get('nl-NL /c9?color=9999')).toBeDefined();
    expect(await cache.get('nl-NL /c0?color=0')).toBeUndefined();
    const one = new LruOutputCache({ maxEntries: 50, maxVariantsPerPage: 5 }, { now: () => 0 });
    for (let i = 0; i < 1000; i++) await one.set(`nl-NL /c?color=${i}`, page('v'), 60, 'nl-NL /c');
    expect(one.stats().variants).toBe(5);
  });

  it('bytes: a page counts its compressed bytes; the least recently used go first, a page larger than the cache is not kept', async () => {
    const p = page('x'.repeat(1000));
    // pages without a query get the bytes of the places they get: half
    const cache = new LruOutputCache({ maxEntries: 100, maxBytes: pageBytes(p) * 6 }, { now: () => 0 });
    for (const k of ['a', 'b', 'c']) await cache.set(k, p, 60);
    await cache.get('a');
    await cache.set('d', p, 60);
    expect([!!(await cache.get('a')), !!(await cache.get('b')), !!(await cache.get('c')), !!(await cache.get('d'))]).toEqual([true, false, true, true]);
    await cache.set('huge', page('x'.repeat(10_000)), 60);
    expect(await cache.get('huge')).toBeUndefined();
    expect(cache.stats().entries).toBe(3);
    expect(pageBytes(p)).toBeGreaterThanOrEqual(1000);
  });
});
