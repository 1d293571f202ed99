import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { startTestShops, type TestShops } from '../../test-fixtures/storefront';
import { LruOutputCache } from './lru-output-cache';
import type { RunningStorefront } from '../server';

/**
 * The audit of output-cache flooding (docs/security.md): the output cache keys a page by the query parameters it
 * reads only (ui/edge/cache-key.ts), so junk query strings land on the real page's entry, and the variants a page
 * really has (filter values) are bounded per page and never evict pages without a query.
 * Reproduce on the code before: `npx vitest run ui/edge/cache-flood.test.ts` (every junk URL was a render and an entry).
 */
const catalogue = generateCatalogue();
const product = catalogue.products.find((p) => p.type_id === 'simple' && p.visibility === 4)!;
const PRODUCT = `/${product.url_path}`;
const CATEGORY = '/inpakpapier/kerst';
const LIMITS = { maxEntries: 40, maxBytes: 64 * 1024 * 1024, maxVariants: 12, maxVariantsPerPage: 4 };

let shops: TestShops;
let shop: RunningStorefront;
const cache = new LruOutputCache(LIMITS, { now: () => Date.now() });

beforeAll(async () => {
  shops = await startTestShops();
  shop = await shops.start({ outputCache: cache });
}, 60_000);

afterAll(() => shops?.close());

async function get(path: string): Promise<{ status: number; state: string; body: string }> {
  const res = await fetch(`${shop.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  return { status: res.status, state: res.headers.get('x-output-cache') ?? '', body: await res.text() };
}

/** the page without its per-answer nonce */
const document = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/'nonce-[^']*'/g, '');

/** `paths` fetched `concurrency` at a time; answers counted by status and cache state */
async function flood(paths: string[], concurrency = 8): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const { status, state } = await get(paths[next++]!);
        counts.set(`${status} ${state}`, (counts.get(`${status} ${state}`) ?? 0) + 1);
      }
    }),
  );
  return counts;
}

describe('the output cache cannot be flooded by query strings', () => {
  it('10,000 distinct junk query strings are answered from the real pages\u2019 entries, which stay cached', async () => {
    expect((await get(CATEGORY)).status).toBe(200);
    expect((await get(PRODUCT)).status).toBe(200);
    const real = await get(CATEGORY);
    expect(real.state).toBe('hit');
    const entries = cache.stats().entries;

    const junk = Array.from({ length: 10_000 }, (_, i) => (i % 10 === 9 ? `${PRODUCT}?utm_source=mail${i}` : `${CATEGORY}?utm_source=${i}&_=${i * 31}&x${i % 97}=${i}`));
    const counts = await flood(junk);
    // every one a hit of the real page's entry: no render, no entry of its own
    expect(Object.fromEntries(counts)).toEqual({ '200 hit': 10_000 });
    expect(cache.stats().entries).toBe(entries);

    const after = await get(CATEGORY);
    expect(after.state).toBe('hit');
    const junkAnswer = await get(`${CATEGORY}?utm_source=after&gclid=1`);
    expect(document(junkAnswer.body)).toBe(document(after.body));
    expect((await get(PRODUCT)).state).toBe('hit');
  }, 240_000);

  it('sort, page and filters keep entries of their own; a flood of filter values keeps at most maxVariantsPerPage of a page', async () => {
    const variants = [`${CATEGORY}?sort=price_desc`, `${CATEGORY}?page=2`, `${CATEGORY}?price=0-50`];
    const bodies = new Set<string>([document((await get(CATEGORY)).body)]);
    for (const v of variants) {
      const first = await get(v);
      expect(first).toMatchObject({ status: 200, state: 'miss' });
      expect((await get(v)).state).toBe('hit');
      bodies.add(document(first.body));
    }
    // each is another page
    expect(bodies.size).toBe(1 + variants.length);
    // the same parameters in another order, or with junk, are the same entry
    expect((await get(`${CATEGORY}?utm_medium=x&sort=price_desc`)).state).toBe('hit');

    // 30 filter values a page really renders (an unknown colour: an empty list): each a render, at most 4 kept
    const counts = await flood(Array.from({ length: 30 }, (_, i) => `${CATEGORY}?color=${9000 + i}`), 4);
    expect(Object.fromEntries(counts)).toEqual({ '200 miss': 30 });
    const s = cache.stats();
    expect(s.variants).toBeLessThanOrEqual(LIMITS.maxVariantsPerPage);
    expect(s.entries).toBeLessThanOrEqual(LIMITS.maxEntries);
    // the pages without a query were never evicted by them
    expect((await get(CATEGORY)).state).toBe('hit');
    expect((await get(PRODUCT)).state).toBe('hit');
  }, 240_000);

  it('a page that reads its own parameters (tokens, e-mail) is rendered without the cache when it has a query', async () => {
    const reset = await get('/create-password?token=abc123&email=klant%40example.nl');
    expect(reset.status).toBe(200);
    expect(reset.state).toBe('off');
    expect((await get('/create-password?token=other')).state).toBe('off');
  }, 60_000);
});
