import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createConfig, DEFAULT_CONFIG } from '../config';
import type { SearchRequest } from '../ports/catalogue-search';
import { generateCatalogue } from '../../test-fixtures/catalogue';
import { Collection } from '../../test-fixtures/backend/search/engine';
import { executeSearch } from '../../test-fixtures/backend/search/execute';
import { categoryProductsRequest } from './categories';
import { singleProductRequest, parentOfChildRequest } from './product-service';
import { aggregationsFor, buildSearchQuery } from './search-query';
import { editDistance, fieldValues, localAggregations, localSearch, minimumShouldMatch, termMatch, textMatcher } from './local-search';
import { availableFiltersFromAggregations } from './filters';
import type { Product } from './types';

const config = DEFAULT_CONFIG;
const p = (sku: string, extra: Partial<Product> = {}): Product => ({ id: sku.length, sku, name: sku, type_id: 'simple', visibility: 4, status: 1, ...extra }) as Product;
/** the header search's request (spec catalogue §5: visibility 3/4, status 0/1, 16 a page) */
const headerSearch = (text: string, from = 0): SearchRequest =>
  buildSearchQuery({ text, from, size: config.search.headerSearchPageSize }, config, { fixedFilters: 'header', aggregations: [] });

describe('localSearch: the core\'s search bodies read over cached products', () => {
  it('fields flatten arrays and arrays of objects, as Elasticsearch indexes them', () => {
    const doc = { category: [{ name: 'Kerst' }, { name: 'Linten' }], configurable_children: [{ sku: 'A-1' }, { sku: 'A-2' }], stock: { is_in_stock: true }, category_ids: [3, 4] };
    expect(fieldValues(doc, 'category.name')).toEqual(['Kerst', 'Linten']);
    expect(fieldValues(doc, 'configurable_children.sku')).toEqual(['A-1', 'A-2']);
    expect(fieldValues(doc, 'stock.is_in_stock')).toEqual([true]);
    expect(fieldValues(doc, 'category_ids')).toEqual([3, 4]);
    expect(fieldValues(doc, 'nope.deeper')).toEqual([]);
  });

  it('a product page lookup finds the product by sku, or a configurable by its child sku // spec catalogue §4.1, §5', () => {
    const docs = [p('A'), p('B', { type_id: 'configurable', configurable_children: [{ sku: 'B-red' } as Product] })];
    expect(localSearch(docs, singleProductRequest('sku', 'A', config), config)?.items.map((x) => x.sku)).toEqual(['A']);
    expect(localSearch(docs, parentOfChildRequest('B-red', config), config)?.items.map((x) => x.sku)).toEqual(['B']);
    const none = localSearch(docs, singleProductRequest('sku', 'Z', config), config)!;
    expect(none).toMatchObject({ items: [], total: 0, offline: true, cache: true, noresults: true });
  });

  it('the header search keeps its fixed filters: visibility 3 or 4 and status 0 or 1 // spec catalogue §5', () => {
    const docs = [p('KERST-1', { name: 'Kerstpapier rood' }), p('KERST-2', { name: 'Kerstpapier groen', visibility: 2 }), p('KERST-3', { name: 'Kerstpapier goud', status: 2 })];
    expect(localSearch(docs, headerSearch('kerstpapier'), config)?.items.map((x) => x.sku)).toEqual(['KERST-1']);
  });

  it('text: fuzziness 2 with prefix length 1, compound parts, 75% of the terms in one field // spec catalogue §9', () => {
    expect(termMatch('kerst', 'kerst', config)).toBe(1);
    expect(termMatch('kerts', 'kerst', config)).toBeGreaterThan(0); // a transposition is one edit
    expect(termMatch('kerstt', 'kerst', config)).toBeGreaterThan(0);
    expect(termMatch('xerst', 'kerst', config)).toBe(0); // the first letter must match (prefix length 1)
    expect(termMatch('kerst', 'kerstkaart', config)).toBeGreaterThan(0); // compound: 'kerst' begins 'kerstkaart'
    expect(termMatch('papier', 'inpakpapier', config)).toBeGreaterThan(0);
    expect(termMatch('ke', 'kerstkaart', config)).toBe(0); // parts need the minimum query length (3)
    expect(editDistance('abcd', 'abdc', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3); // capped at max + 1
    expect(minimumShouldMatch('75%', 4)).toBe(3);
    expect(minimumShouldMatch('75%', 1)).toBe(1);
    expect(minimumShouldMatch('75%', 2)).toBe(1);
    const m = textMatcher('rood kerstpapier lint', config); // 3 terms: 2 must match in one field
    expect(m(p('A', { name: 'Kerstpapier rood' }))).toBeGreaterThan(0);
    expect(m(p('B', { name: 'Kerstpapier blauw' }))).toBe(0);
    // the boosted name field ranks above a description match
    const docs = [p('D', { name: 'Envelop', description: '<p>Voor bij het kerstpapier</p>' }), p('N', { name: 'Kerstpapier' })];
    expect(localSearch(docs, headerSearch('kerstpapier'), config)?.items.map((x) => x.sku)).toEqual(['N', 'D']);
  });

  it('a body with a clause it does not know is not guessed at', () => {
    const request: SearchRequest = { type: 'product', body: { query: { bool: { filter: { geo_distance: { distance: '1km' } } } } }, size: 10, from: 0 };
    expect(localSearch([p('A')], request, config)).toBeUndefined();
  });

  it('property: a category list is exactly the products in the subtree, sorted by the chosen field, paged without loss // spec catalogue §4.4, §9', () => {
    const product = fc.record({
      sku: fc.string({ minLength: 1, maxLength: 6 }),
      category_ids: fc.uniqueArray(fc.integer({ min: 3, max: 9 }), { maxLength: 3 }),
      final_price: fc.option(fc.integer({ min: 1, max: 200 }), { nil: undefined }),
      visibility: fc.constantFrom(1, 2, 3, 4),
      status: fc.constantFrom(1, 2),
    });
    fc.assert(
      fc.property(fc.uniqueArray(product, { selector: (x) => x.sku, maxLength: 30 }), fc.integer({ min: 3, max: 9 }), fc.constantFrom('price_asc', 'price_desc', 'bestsold'), fc.integer({ min: 1, max: 7 }), (raw, categoryId, sort, size) => {
        const docs = raw.map((r) => p(r.sku, r as Partial<Product>));
        const category = { id: categoryId, name: 'c', url_path: 'c', slug: 'c', parent_id: 2 } as never;
        const all = localSearch(docs, categoryProductsRequest({ category, categories: [category], filters: { sort: [{ id: sort }] } as never, size: 1000 }, config), config)!;
        const expected = docs.filter((d) => (d.category_ids as number[]).includes(categoryId) && [2, 3, 4].includes(d.visibility!) && d.status === 1);
        expect(new Set(all.items.map((d) => d.sku))).toEqual(new Set(expected.map((d) => d.sku)));
        expect(all.total).toBe(expected.length);
        if (sort !== 'bestsold') {
          const prices = all.items.map((d) => d.final_price).filter((x): x is number => x !== undefined);
          const sorted = [...prices].sort((a, b) => (sort === 'price_asc' ? a - b : b - a));
          expect(prices).toEqual(sorted);
          // products without a price come last either way (Elasticsearch's default 'missing: _last')
          const firstMissing = all.items.findIndex((d) => d.final_price === undefined);
          if (firstMissing >= 0) expect(all.items.slice(firstMissing).every((d) => d.final_price === undefined)).toBe(true);
        }
        const pages: string[] = [];
        for (let from = 0; from < all.total; from += size) {
          const page = localSearch(docs, categoryProductsRequest({ category, categories: [category], filters: { sort: [{ id: sort }] } as never, from, size }, config), config)!;
          expect(page.total).toBe(all.total);
          pages.push(...page.items.map((d) => d.sku));
        }
        expect(pages).toEqual(all.items.map((d) => d.sku));
      }),
    );
  });
});

describe('localSearch against the demo backend\'s search engine over the demo catalogue', () => {
  const catalogue = generateCatalogue();
  const collection = new Collection('product', catalogue.products as unknown as Record<string, unknown>[]);
  const backend = (request: SearchRequest): string[] => {
    const answer = executeSearch(collection, { body: request.body, size: String(request.size), from: String(request.from), sort: request.sort ?? null, index: 'vue_storefront_catalog' }) as { hits: { hits: Array<{ _source: Product }> } };
    return answer.hits.hits.map((h) => h._source.sku);
  };

  it('filters (category lists, product lookups) answer the same products as the engine // spec catalogue §4.1, §4.4', () => {
    const categories = catalogue.categories;
    for (const category of categories.filter((c) => c.level >= 2).slice(0, 12)) {
      const request = categoryProductsRequest({ category, categories, filters: { sort: [{ id: 'price_asc' }] } as never, size: 500 }, config);
      const local = localSearch(catalogue.products, request, config)!.items.map((x) => x.sku);
      expect(new Set(local)).toEqual(new Set(backend(request)));
    }
    for (const product of catalogue.products.slice(0, 40)) {
      const request = singleProductRequest('sku', product.sku, config);
      expect(localSearch(catalogue.products, request, config)!.items.map((x) => x.sku)).toEqual(backend(request));
    }
  });

  it('text: what the engine finds first, the local match finds too (recall over the whole catalogue) // spec catalogue §9', () => {
    const recall: Record<string, number> = {};
    for (const text of ['kerst', 'kerstpapier', 'lint', 'inpakpapier rood', 'cadeauzakje', 'envelop', 'kerts', 'magneetdoos', 'wenskaart']) {
      const request = { ...headerSearch(text), size: 1000 };
      const found = backend(request);
      const engine = found.slice(0, 16);
      const localItems = localSearch(catalogue.products, request, config)!.items.map((x) => x.sku);
      const local = new Set(localItems);
      recall[text] = engine.length ? engine.filter((s) => local.has(s)).length / engine.length : 1;
      // and what it shows first (the header search's page of 16) is mostly what the engine finds
      const top = localItems.slice(0, 16);
      expect(top.filter((s) => found.includes(s)).length, text).toBeGreaterThanOrEqual(Math.min(top.length, found.length) / 2);
    }
    for (const [text, r] of Object.entries(recall)) expect(r, `${text}: ${r}`).toBeGreaterThanOrEqual(0.9);
  });
});

describe('localAggregations: the filter panel offline, counted as the backend counts', () => {
  const engineAggregations = (docs: readonly unknown[], aggs: unknown) =>
    (executeSearch(new Collection('product', docs as Record<string, unknown>[]), { body: { size: 0, aggs }, index: 'vue_storefront_catalog' }) as { aggregations: unknown }).aggregations;
  const filterAggs = aggregationsFor(config.filters.defaultFilters, config);

  it('the default filters of a category: colour, size (and their _options), price ranges // spec catalogue §3.4, §9', () => {
    const docs = [
      p('A', { color: 49, size_options: [167, 168], final_price: 12.5 } as Partial<Product>),
      p('B', { color: 49, final_price: 50 } as Partial<Product>),
      p('C', { color: 50, size_options: [168, 168], final_price: 160, erin_recommends: true } as unknown as Partial<Product>),
    ];
    const aggs = localAggregations(docs, filterAggs);
    expect(aggs.agg_terms_color?.buckets).toEqual([{ key: 49, doc_count: 2 }, { key: 50, doc_count: 1 }]);
    // a document counted once per value
    expect(aggs.agg_terms_size_options?.buckets).toEqual([{ key: 168, doc_count: 2 }, { key: 167, doc_count: 1 }]);
    expect(aggs.agg_terms_erin_recommends?.buckets).toEqual([{ key: 1, key_as_string: 'true', doc_count: 1 }]);
    expect(aggs.agg_range_price?.buckets.map((b) => b.doc_count)).toEqual([1, 1, 0, 1]);
    const panel = availableFiltersFromAggregations(aggs, [], config);
    expect(panel.color?.map((o) => [o.id, o.count])).toEqual([[49, 2], [50, 1]]);
    expect(panel.price?.map((o) => o.count)).toEqual([1, 1, 1]);
  });

  it('a kind it does not know is not guessed at: the products still answer, without aggregations', () => {
    const request: SearchRequest = { type: 'product', body: { query: { match_all: {} }, aggs: { a: { geohash_grid: { field: 'x' } } } }, size: 10, from: 0 };
    const result = localSearch([p('A')], request, config)!;
    expect(result.items.map((x) => x.sku)).toEqual(['A']);
    expect(result.aggregations).toEqual({});
  });

  it('property: any filter panel\'s aggregations equal the backend\'s // spec catalogue §3.4, §9', () => {
    const value = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom('1', '2', 'rood', '', ' 3'), fc.boolean());
    const field = fc.option(fc.oneof(value, fc.array(value, { maxLength: 3 })), { nil: undefined });
    const number = fc.double({ min: -10, max: 300, noNaN: true });
    const price = fc.option(fc.oneof(number, fc.constantFrom('49.99', '150', 'x', '')), { nil: undefined });
    const doc = fc.record({ color: field, size: field, size_options: field, erin_recommends: field, final_price: price });
    const bound = fc.option(fc.integer({ min: 0, max: 300 }), { nil: null });
    const filterConfig = fc.record({
      fields: fc.subarray(['color', 'size', 'erin_recommends', 'price'], { minLength: 1 }),
      aggregationSize: fc.integer({ min: 1, max: 12 }),
      priceRanges: fc.array(fc.record({ from: fc.integer({ min: 0, max: 200 }), to: bound }), { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 25 }), filterConfig, (docs, { fields, ...filters }) => {
        const spec = aggregationsFor(fields, createConfig({ filters }));
        const products = docs.map((d, i) => JSON.parse(JSON.stringify({ sku: `s${i}`, ...d })) as unknown);
        expect(localAggregations(products, spec)).toEqual(engineAggregations(products, spec));
      }),
      { numRuns: 300 },
    );
  });

  it('every category list of the demo catalogue: the same filter aggregations as the backend', () => {
    const catalogue = generateCatalogue();
    const collection = new Collection('product', catalogue.products as unknown as Record<string, unknown>[]);
    for (const category of catalogue.categories.filter((c) => c.level >= 2)) {
      const request = categoryProductsRequest({ category, categories: catalogue.categories, size: 24 }, config);
      expect(request.body.aggs).toBeDefined();
      const engine = executeSearch(collection, { body: request.body, size: String(request.size), from: '0', sort: request.sort ?? null, index: 'vue_storefront_catalog' }) as { aggregations: unknown };
      expect(localSearch(catalogue.products, request, config)!.aggregations, category.name).toEqual(engine.aggregations);
    }
  });
});
