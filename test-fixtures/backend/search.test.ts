import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { searchPath, startTestBackend, storefrontTextQuery, type TestBackend } from './test-helpers';

let be: TestBackend;
const cat = generateCatalogue();
const listed = cat.products.filter((p) => [2, 3, 4].includes(Number(p.visibility)) && [0, 1].includes(Number(p.status)));
const listingFilter = [{ terms: { visibility: [2, 3, 4] } }, { terms: { status: [0, 1] } }];

beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => be.close());

const search = async (body: unknown, qs = '', type = 'product') => {
  const res = await be.call('GET', searchPath(type, body, qs));
  return res;
};

describe('catalogue search (spec catalogue §7, §9)', () => {
  it('answers the raw search-engine response with a numeric hits.total', async () => {
    const res = await search({ query: { bool: { filter: { bool: { must: listingFilter } } } } }, 'size=5');
    expect(res.status).toBe(200);
    expect(res.json.hits.total).toBe(listed.length);
    expect(res.json.hits.hits).toHaveLength(5);
    expect(res.json.hits.hits[0]).toMatchObject({ _type: 'product', _source: expect.objectContaining({ sku: expect.any(String) }) });
  });

  it("finds wrapping paper for the typo 'kadopapir' with the storefront's fuzzy query", async () => {
    const res = await search(storefrontTextQuery('kadopapir'), 'size=20');
    expect(res.status).toBe(200);
    expect(res.json.hits.total).toBeGreaterThan(20);
    const names: string[] = res.json.hits.hits.map((h: any) => h._source.name.toLowerCase());
    expect(names.filter((n) => /kadopapier|cadeaupapier|inpakpapier/.test(n)).length).toBeGreaterThanOrEqual(15);
    // nothing unrelated: every hit mentions paper somewhere
    for (const h of res.json.hits.hits) expect(`${h._source.name} ${h._source.description}`.toLowerCase()).toMatch(/papier/);
  });

  it('a nonsense text finds nothing, and min_score filters weak hits', async () => {
    const res = await search(storefrontTextQuery('xqzwvbnm'));
    expect(res.json.hits.total).toBe(0);
    const high = await search({ ...storefrontTextQuery('kadopapier'), min_score: 1e9 });
    expect(high.json.hits.total).toBe(0);
  });

  it('an sku phrase finds the product', async () => {
    const sku = listed[10]?.sku as string;
    const res = await search(storefrontTextQuery(sku), 'size=3');
    expect(res.json.hits.hits[0]._source.sku).toBe(sku);
  });

  it('filters by category, attribute should-terms and price range like the storefront does', async () => {
    const body = {
      query: {
        bool: {
          filter: {
            bool: {
              must: [
                ...listingFilter,
                { terms: { category_ids: [3] } },
                { bool: { should: [{ terms: { color: [49] } }, { terms: { color_options: [49] } }] } },
                { range: { final_price: { gte: 0, lte: 10 } } },
              ],
            },
          },
        },
      },
    };
    const expected = listed.filter((p) => p.category_ids?.includes(3) && (p.color === 49 || p.color_options?.includes(49)) && Number(p.final_price) >= 0 && Number(p.final_price) <= 10);
    const res = await search(body, 'size=500');
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json.hits.total).toBe(expected.length);
    expect(res.json.hits.hits.map((h: any) => h._source.sku).sort()).toEqual(expected.map((p) => p.sku).sort());
  });

  it('computes terms and range aggregations over the matched documents', async () => {
    const body = {
      query: { bool: { filter: { bool: { must: [...listingFilter, { terms: { category_ids: [3] } }] } } } },
      aggs: {
        agg_terms_color: { terms: { field: 'color', size: 50 } },
        agg_terms_color_options: { terms: { field: 'color_options', size: 50 } },
        agg_range_price: { range: { field: 'price', ranges: [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] } },
      },
    };
    const docs = listed.filter((p) => p.category_ids?.includes(3));
    const res = await search(body, 'size=0');
    expect(res.json.hits.hits).toHaveLength(0);
    const colours = new Map<number, number>();
    for (const p of docs) if (typeof p.color === 'number') colours.set(p.color, (colours.get(p.color) ?? 0) + 1);
    for (const b of res.json.aggregations.agg_terms_color.buckets) expect(b.doc_count).toBe(colours.get(b.key));
    expect(res.json.aggregations.agg_terms_color.buckets.length).toBe(colours.size);
    const counts = res.json.aggregations.agg_range_price.buckets.map((b: any) => b.doc_count);
    const inRange = (lo: number, hi: number) => docs.filter((p) => Number(p.price) >= lo && Number(p.price) < hi).length;
    expect(counts).toEqual([inRange(0, 50), inRange(50, 100), inRange(100, 150), inRange(150, Infinity)]);
    expect(res.json.aggregations.agg_range_price.buckets[0].key).toBe('0.0-50.0');
    // terms size limits buckets, ordered by count
    const small = await search({ ...body, aggs: { c: { terms: { field: 'color', size: 2 } } } }, 'size=0');
    const b = small.json.aggregations.c.buckets;
    expect(b).toHaveLength(2);
    expect(b[0].doc_count).toBeGreaterThanOrEqual(b[1].doc_count);
  });

  it('sorts by query-string and body sort, and pages with from/size', async () => {
    const base = { query: { bool: { filter: { bool: { must: listingFilter } } } } };
    const asc = await search(base, 'size=30&sort=final_price:asc');
    const prices: number[] = asc.json.hits.hits.map((h: any) => h._source.final_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await search({ ...base, sort: [{ updated_at: { order: 'desc' } }] }, 'size=30');
    const dates: string[] = desc.json.hits.hits.map((h: any) => h._source.updated_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const page1 = await search(base, 'size=10&from=0&sort=id:asc');
    const page2 = await search(base, 'size=10&from=10&sort=id:asc');
    const all = await search(base, 'size=20&from=0&sort=id:asc');
    expect([...page1.json.hits.hits, ...page2.json.hits.hits].map((h: any) => h._id)).toEqual(all.json.hits.hits.map((h: any) => h._id));
  });

  it('applies _source include and exclude lists', async () => {
    const res = await search({ query: { terms: { sku: [listed[0]?.sku] } } }, '_source_include=sku,name,configurable_children.sku');
    const src = res.json.hits.hits[0]._source;
    expect(Object.keys(src).sort()).toEqual(expect.arrayContaining(['name', 'sku']));
    expect(src.description).toBeUndefined();
    const ex = await search({ query: { terms: { sku: [listed[0]?.sku] } } }, '_source_exclude=description,configurable_children');
    expect(ex.json.hits.hits[0]._source.description).toBeUndefined();
    expect(ex.json.hits.hits[0]._source.configurable_children).toBeUndefined();
    expect(ex.json.hits.hits[0]._source.name).toBeDefined();
  });

  it('supports must_not, exists, term, minimum_should_match and POST bodies', async () => {
    const withSpecial = listed.filter((p) => p.special_price !== null && p.special_price !== undefined).length;
    const ex = await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search?size=0', { query: { bool: { filter: [...listingFilter, { exists: { field: 'special_price' } }] } } });
    expect(ex.json.hits.total).toBe(withSpecial);
    const not = await be.call('POST', '/api/catalog/vue_storefront_catalog/product/_search?size=0', { query: { bool: { filter: listingFilter, must_not: { exists: { field: 'special_price' } } } } });
    expect(not.json.hits.total).toBe(listed.length - withSpecial);
    const msm = await search({ query: { bool: { should: [{ term: { type_id: 'configurable' } }, { term: { erin_recommends: 1 } }], minimum_should_match: 2 } } }, 'size=0');
    expect(msm.json.hits.total).toBe(cat.products.filter((p) => p.type_id === 'configurable' && p.erin_recommends === 1).length);
  });

  it('function_score multiplies by the weight of matching filter functions, capped by max_boost', async () => {
    const withFn = storefrontTextQuery('inpakpapier');
    const plain = JSON.parse(JSON.stringify(withFn));
    plain.query.function_score.functions = [];
    const a = await search(withFn, 'size=500');
    const b = await search(plain, 'size=500');
    const scoreOf = (res: any) => new Map<string, number>(res.json.hits.hits.map((h: any) => [h._id, h._score]));
    const sa = scoreOf(a);
    const sb = scoreOf(b);
    const recommended = a.json.hits.hits.filter((h: any) => h._source.erin_recommends === 1);
    const other = a.json.hits.hits.filter((h: any) => h._source.erin_recommends !== 1);
    expect(recommended.length).toBeGreaterThan(0);
    for (const h of recommended) expect(sa.get(h._id)).toBeCloseTo((sb.get(h._id) as number) * 2, 6);
    for (const h of other) expect(sa.get(h._id)).toBeCloseTo(sb.get(h._id) as number, 6);
    const capped = JSON.parse(JSON.stringify(withFn));
    capped.query.function_score.max_boost = 1.5;
    const c = scoreOf(await search(capped, 'size=500'));
    for (const h of recommended) expect(c.get(h._id)).toBeCloseTo((sb.get(h._id) as number) * 1.5, 6);
  });

  it('answers 400 naming an unsupported clause or malformed request, never 500', async () => {
    const res = await search({ query: { wildcard: { name: 'kado*' } } });
    expect(res.status).toBe(400);
    expect(res.json.result).toContain('wildcard');
    expect((await search({ query: { bool: { must: { geo_shape: {} } } } })).json.result).toContain('geo_shape');
    expect((await search({ aggs: { x: { histogram: { field: 'price' } } } })).json.result).toContain('histogram');
    expect((await search({ query: {} })).status).toBe(400);
    expect((await search({}, 'size=abc')).status).toBe(400);
    expect((await be.call('GET', '/api/catalog/vue_storefront_catalog/product/_search?request=%7Bnope')).status).toBe(400);
    expect((await be.call('GET', '/api/catalog/other_index/product/_search')).status).toBe(404);
    expect((await be.call('GET', '/api/catalog/vue_storefront_catalog/spaceship/_search')).status).toBe(400);
    expect((await search({}, 'request_format=search-query')).json.result).toContain('request_format');
  });

  it('searches categories, attributes, cms, reviews and tax rules', async () => {
    const cats = await search({ query: { bool: { filter: { terms: { parent_id: [2] } } } }, sort: [{ position: 'asc' }] }, 'size=4000', 'category');
    expect(cats.json.hits.hits.map((h: any) => h._source.name)[0]).toBe('Inpakpapier');
    const attrs = await search({ query: { bool: { filter: { terms: { attribute_code: ['color', 'size'] } } } } }, 'size=150', 'attribute');
    expect(attrs.json.hits.total).toBe(2);
    const blocks = await search({ query: { bool: { filter: { terms: { identifier: ['header-block'] } } } } }, '', 'cms_block');
    expect(blocks.json.hits.hits[0]._source.content).toContain('besteld');
    const reviews = await search({ query: { bool: { filter: { terms: { product_id: [cat.reviews[0]?.product_id] } } } } }, '', 'review');
    expect(reviews.json.hits.total).toBe(cat.reviews.filter((r) => r.product_id === cat.reviews[0]?.product_id).length);
    const tax = await search({}, '', 'taxrule');
    expect(tax.json.hits.hits[0]._source.rates[0].rate).toBe(21);
  });
});
