import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../../core/config';
import { filtersFromRouteQuery } from '../../core/catalogue/filters';
import { listDepthFromQuery } from '../../core/catalogue/categories';
import { cacheKeyRules, pageCacheKey } from './cache-key';

// The output cache's key: only what a page's render reads.

const config = DEFAULT_CONFIG;
const rules = cacheKeyRules(config);
const key = (target: string) => {
  const k = pageCacheKey(target, rules);
  return k.cacheable ? k.url : `(not cached: ${k.reason})`;
};

/** core's reading of a listing's query, as ui/app/pages-catalogue.tsx does it (routeQueryOf + the two rules) */
function listingReads(target: string) {
  const query = new URL(`http://x${target}`).searchParams;
  const route: Record<string, string | string[]> = {};
  for (const k of new Set(query.keys())) {
    const all = query.getAll(k);
    route[k] = all.length > 1 ? all : (all[0] ?? '');
  }
  return { filters: filtersFromRouteQuery(route, config), depth: listDepthFromQuery(query.get('page') ?? undefined, config), childSku: query.get('childSku') || undefined } as { filters: unknown; depth: number; childSku?: string | undefined };
}

const LISTINGS = ['/inpakpapier/kerst', '/c/kerst', '/kadoverpakkingen-groothandel.html', '/lint/satijn'];
const READ = ['sort', 'page', 'price', 'color', 'size', 'erin_recommends', 'childSku'];
const junkName = fc.stringMatching(/^[a-z_]{1,12}$/).filter((n) => !READ.includes(n));
const value = fc.oneof(
  fc.constantFrom('', '1', '2', '02', '49', '50', 'abc', 'price_asc', 'price_desc', 'latest', 'nope', '0-50', '50-100', '150-', '10.5-20', 'x-y', '999999', '1000000', '-3'),
  fc.string({ maxLength: 6 }),
);
const pair = fc.tuple(fc.constantFrom(...READ), value);
const junk = fc.tuple(junkName, fc.string({ maxLength: 12 }));
const search = (pairs: ReadonlyArray<readonly [string, string]>) => {
  const q = new URLSearchParams();
  for (const [k, v] of pairs) q.append(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
};

describe('pageCacheKey', () => {
  it('a listing rendered from its key reads exactly what the request would have: filters, depth, childSku (fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LISTINGS), fc.array(pair, { maxLength: 8 }), (path, pairs) => {
        const target = `${path}${search(pairs)}`;
        const k = pageCacheKey(target, rules);
        if (!k.cacheable) return;
        const [canonical, asked] = [listingReads(k.url), listingReads(target)];
        // only the URL dispatcher's catch-all reads childSku among these
        if (path === '/c/kerst' || path === '/kadoverpakkingen-groothandel.html') [canonical, asked].forEach((r) => delete r.childSku);
        expect(canonical).toEqual(asked);
      }),
      { numRuns: 2000 },
    );
  });

  it('parameters no page reads, and their order, never change the key (fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LISTINGS, '/', '/about-us', '/i/over-ons', '/p/SKU1/slug', '/p/SKU1/slug/SKU1-a'), fc.array(pair, { maxLength: 6 }), fc.array(junk, { maxLength: 6 }), fc.nat(), (path, pairs, junkPairs, seed) => {
        // junk anywhere among the real ones, keeping the real ones' own order (their order can matter: `color=1&color=2`)
        const shuffled: Array<readonly [string, string]> = [...pairs];
        junkPairs.forEach((j, i) => shuffled.splice((seed + i * 7) % (shuffled.length + 1), 0, j));
        expect(key(`${path}${search(shuffled)}`)).toBe(key(`${path}${search(pairs)}`));
      }),
      { numRuns: 1000 },
    );
  });

  it('the key is its own key (idempotent) and keeps the path', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LISTINGS, '/', '/p/SKU1/slug'), fc.array(fc.oneof(pair, junk), { maxLength: 10 }), (path, pairs) => {
        const k = pageCacheKey(`${path}${search(pairs)}`, rules);
        if (!k.cacheable) return;
        expect(k.path).toBe(path);
        expect(key(k.url)).toBe(k.url);
      }),
    );
  });

  it('what changes a page gets a key of its own: sort, page, filters, childSku', () => {
    const keys = [
      '/inpakpapier/kerst',
      '/inpakpapier/kerst?sort=price_asc',
      '/inpakpapier/kerst?sort=price_desc',
      '/inpakpapier/kerst?page=2',
      '/inpakpapier/kerst?page=3',
      '/inpakpapier/kerst?color=49',
      '/inpakpapier/kerst?color=49&color=50',
      '/inpakpapier/kerst?price=0-50',
      '/inpakpapier/kerst?sort=price_asc&page=2&color=49',
      '/product-path?childSku=SKU-1',
      '/p/SKU1/slug?childSku=SKU1-a',
    ].map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(key('/inpakpapier/kerst?page=2&sort=price_asc&utm_source=x&color=49')).toBe('/inpakpapier/kerst?color=49&sort=price_asc&page=2');
  });

  it('values a page ignores are left out: page 1 or beyond the deepest list, unknown sorts, empty and repeated values', () => {
    expect(key('/inpakpapier?page=1')).toBe('/inpakpapier');
    expect(key('/inpakpapier?page=abc')).toBe('/inpakpapier');
    expect(key('/inpakpapier?page=999')).toBe(`/inpakpapier?page=${config.catalogue.maxListDepth}`);
    expect(key('/inpakpapier?sort=nope&sort=price_asc&sort=latest')).toBe('/inpakpapier?sort=price_asc');
    expect(key('/inpakpapier?color=&color=49&color=49&price=x-y')).toBe('/inpakpapier?color=49');
    expect(key('/?q=kerst&utm_campaign=winter')).toBe('/');
    expect(key('/about-us?color=49&page=2')).toBe('/about-us');
  });

  it('bounded: too many filter values, a long query, two childSkus, or a page reading its own parameters is not cached', () => {
    const many = Array.from({ length: rules.maxFilterValues + 1 }, (_, i) => `color=${i + 1}`).join('&');
    expect(pageCacheKey(`/inpakpapier?${many}`, rules).cacheable).toBe(false);
    expect(pageCacheKey(`/inpakpapier?color=${'x'.repeat(rules.maxQueryLength)}`, rules).cacheable).toBe(false);
    expect(pageCacheKey('/product-path?childSku=A&childSku=B', rules).cacheable).toBe(false);
    expect(pageCacheKey('/create-password?token=abc&email=a%40b.nl', rules).cacheable).toBe(false);
    expect(pageCacheKey('/checkout?step=2', rules).cacheable).toBe(false);
    // without a query they are cached as before
    expect(key('/create-password')).toBe('/create-password');
  });

  it('10,000 distinct junk query strings on one page make one key', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 10_000; i++) keys.add(key(`/inpakpapier/kerst?utm_source=${i}&_=${i * 31}&x${i % 97}=${i}`));
    expect([...keys]).toEqual(['/inpakpapier/kerst']);
  });
});
