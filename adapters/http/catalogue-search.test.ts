/** HttpCatalogueSearch, HttpCategoryApi and HttpAttributeApi against the demo backend on loopback (spec catalogue §5, §7, §9). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../test-fixtures/backend';
import { DEFAULT_CONFIG } from '../../core/config';
import { buildSearchQuery } from '../../core/catalogue/search-query';
import { availableFiltersFromAggregations, chosenFiltersToQuery, filtersFromRouteQuery } from '../../core/catalogue/filters';
import { buildCategoryTree } from '../../core/catalogue/categories';
import type { Product } from '../../core/catalogue/types';
import { createApiClient } from './api-client';
import { HttpAttributeApi, HttpCatalogueSearch, HttpCategoryApi } from './catalogue-search';

const config = DEFAULT_CONFIG;
let backend: { url: string; close: () => Promise<void> | void };
let search: HttpCatalogueSearch;
let categories: HttpCategoryApi;
let attributes: HttpAttributeApi;

beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:' });
  const client = createApiClient({ baseUrl: backend.url, timeoutMs: config.search.clientTimeoutMs });
  search = new HttpCatalogueSearch(client, config);
  categories = new HttpCategoryApi(client, config);
  attributes = new HttpAttributeApi(client, config);
});
afterAll(async () => {
  await backend?.close();
});

const run = (input: Parameters<typeof buildSearchQuery>[0], options?: Parameters<typeof buildSearchQuery>[2]) =>
  search.search<Product>(buildSearchQuery(input, config, options));

const isWrappingPaper = (p: Product) => /papier/i.test(`${p.name} ${(p.category ?? []).map((c) => c.name).join(' ')}`);

describe('HttpCatalogueSearch against the demo backend', () => {
  it("a Dutch search with a typo ('kadopapir') finds wrapping paper // spec catalogue §5, §9 (fuzziness 2)", async () => {
    const r = await run({ text: 'kadopapir', size: 10 });
    expect(r.total).toBeGreaterThan(0);
    expect(r.items.length).toBeGreaterThan(0);
    expect(r.items.filter(isWrappingPaper).length).toBeGreaterThanOrEqual(Math.ceil(r.items.length / 2));
    expect(isWrappingPaper(r.items[0]!)).toBe(true);
    // the fuzziness of the query is what finds it: without it the typo finds nothing
    const exact = await search.search<Product>(buildSearchQuery({ text: 'kadopapir', size: 10 }, { ...config, search: { ...config.search, fuzziness: 0 } }));
    expect(exact.total).toBe(0);
  });

  it('GET and POST send the same body and get the same answer // spec catalogue §7', async () => {
    const post = new HttpCatalogueSearch(createApiClient({ baseUrl: backend.url, timeoutMs: 5000 }), { ...config, search: { ...config.search, queryMethod: 'POST' } });
    const req = buildSearchQuery({ text: 'lint', size: 5 }, config);
    const [a, b] = await Promise.all([search.search<Product>(req), post.search<Product>(req)]);
    expect(b.items.map((p) => p.sku)).toEqual(a.items.map((p) => p.sku));
  });

  it('listing filters hold: only visibility 2-4 and status 0-1 come back; size and start are honoured // spec catalogue §5', async () => {
    const r = await run({ size: 7, from: 3 });
    expect(r.items.length).toBe(7);
    expect(r.start).toBe(3);
    for (const p of r.items) {
      expect([2, 3, 4]).toContain(p.visibility);
      expect([0, 1]).toContain(p.status);
    }
  });

  it('color and price range filters narrow the result, and the aggregations count correctly // spec catalogue §3.4, §9', async () => {
    const all = await run({ size: 999 });
    expect(all.items.length).toBe(all.total);
    // aggregation counts equal what the items say
    const colorBuckets = all.aggregations.agg_terms_color?.buckets ?? [];
    expect(colorBuckets.length).toBeGreaterThan(1);
    for (const b of colorBuckets) expect(b.doc_count).toBe(all.items.filter((p) => String(p.color) === String(b.key)).length);
    const optionBuckets = all.aggregations.agg_terms_color_options?.buckets ?? [];
    for (const b of optionBuckets) expect(b.doc_count).toBe(all.items.filter((p) => (p.color_options ?? []).map(String).includes(String(b.key))).length);
    const priceBuckets = all.aggregations.agg_range_price?.buckets ?? [];
    expect(priceBuckets.length).toBe(4);
    for (const r of config.filters.priceRanges) {
      const b = priceBuckets.find((x) => x.from === r.from || (x.from === undefined && r.from === 0));
      expect(b?.doc_count).toBe(all.items.filter((p) => (p.final_price ?? NaN) >= r.from && (r.to == null || (p.final_price ?? NaN) < r.to)).length);
    }

    // the most common colour (simple or configurable) narrows the list
    const key = String([...colorBuckets, ...optionBuckets].sort((a, b) => b.doc_count - a.doc_count)[0]!.key);
    const byColor = await run({ size: 999, filters: chosenFiltersToQuery(filtersFromRouteQuery({ color: key }, config), config) });
    const matchesColor = (p: Product) => String(p.color) === key || (p.type_id === 'configurable' && (p.color_options ?? []).map(String).includes(key));
    expect(byColor.total).toBeGreaterThan(0);
    expect(byColor.total).toBeLessThan(all.total);
    expect(byColor.items.every(matchesColor)).toBe(true);
    expect(byColor.total).toBe(all.items.filter(matchesColor).length);

    const both = await run({ size: 999, filters: chosenFiltersToQuery(filtersFromRouteQuery({ color: key, price: '0-50' }, config), config) });
    expect(both.total).toBeLessThanOrEqual(byColor.total);
    expect(both.items.every((p) => matchesColor(p) && p.final_price! >= 0 && p.final_price! < 50)).toBe(true);
    expect(both.total).toBe(all.items.filter((p) => matchesColor(p) && p.final_price! < 50).length);

    // labelled filter options from the answer
    const attrs = await attributes.list({ codes: ['color'] });
    const offered = availableFiltersFromAggregations(all.aggregations, attrs, config);
    expect(offered.color?.length).toBeGreaterThan(1);
    expect(offered.price?.[0]?.label).toBe('< €50');
  });

  it('the four sort options order the list // spec catalogue §9', async () => {
    const asc = await run({ size: 30, sort: 'price_asc' });
    const prices = asc.items.map((p) => p.final_price!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await run({ size: 30, sort: 'price_desc' });
    const d = desc.items.map((p) => p.final_price!);
    expect(d).toEqual([...d].sort((a, b) => b - a));
  });

  it('the header search answers visibility 3 or 4 only // spec catalogue §5', async () => {
    const r = await run({ text: 'inpakpapier', size: 16 }, { fixedFilters: 'header', aggregations: [] });
    expect(r.items.length).toBeGreaterThan(0);
    for (const p of r.items) expect([3, 4]).toContain(p.visibility);
  });
});

describe('HttpCategoryApi and HttpAttributeApi against the demo backend', () => {
  it('loads the categories (size 4000, position ascending) into a tree rooted at id 2, at least 3 levels deep // spec catalogue §3.2, §7, §9', async () => {
    const flat = await categories.list({});
    expect(flat.length).toBeGreaterThan(5);
    const tree = buildCategoryTree(flat, config);
    expect(tree.length).toBeGreaterThan(2);
    const depth = (cs: typeof tree): number => (cs.length ? 1 + Math.max(...cs.map((c) => depth(c.children_data ?? []))) : 0);
    expect(depth(tree)).toBeGreaterThanOrEqual(3);
    const one = await categories.list({ filters: { url_path: tree[0]!.url_path } });
    expect(one.map((c) => c.id)).toEqual([tree[0]!.id]);
  });

  it('loads attributes by code and by id (size 150) // spec catalogue §7', async () => {
    const byCode = await attributes.list({ codes: ['color', 'size'] });
    expect(byCode.map((a) => a.attribute_code).sort()).toEqual(['color', 'size']);
    const byId = await attributes.list({ ids: [byCode[0]!.attribute_id] });
    expect(byId[0]?.attribute_code).toBe(byCode[0]!.attribute_code);
  });
});
