/**
 * The demo backend's search answers the storefront's real queries as recorded in search/recorded-answers.json: the
 * same hits in the same order (id, score, sort values, a hash of the returned _source), the same totals and max_score,
 * the same aggregations, the same 400s. The requests were recorded from the SDK itself (createHeadlessShop with a fetch
 * that notes every `_search`): home lists, category listings with filters, sort, paging and a deep first page,
 * aggregations, products by sku and url_key, configurable children and their parent, grouped and bundle links,
 * attributes, categories, CMS, searches with typos; plus bodies shaped as vue-storefront-api's query builder
 * (storefront-query-builder) writes them: or-filters, not-filters, catalog filters with `_options`, the text query with
 * `configurable_children.sku`, random sort, min/max aggregations, sort arrays.
 *
 * Record again (only when an answer is meant to change): RECORD_SEARCH_ANSWERS=1 npx vitest run test-fixtures/backend/search-answers.test.ts
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeadlessShop } from '../../adapters/index';
import { DEFAULT_CONFIG } from '../../core/config';
import { filtersFromRouteQuery } from '../../core/catalogue/filters';
import { generateCatalogue } from '../catalogue/index';
import { startTestBackend, type TestBackend } from './test-helpers';

const FIXTURE = new URL('./search/recorded-answers.json', import.meta.url);
const RECORD = process.env.RECORD_SEARCH_ANSWERS === '1';

interface Recorded {
  name: string;
  /** `/api/catalog/{index}/{type}/_search` and its query string without `request` */
  path: string;
  body: unknown;
  answer: Digest;
}
type Digest = { status: number; error?: string; total?: unknown; max_score?: unknown; hits?: unknown[]; aggregations?: unknown };

/** What is compared of an answer: everything but `took` and the documents themselves (a hash of each stands for it). */
function digest(status: number, json: any): Digest {
  if (status !== 200) return { status, error: json?.result };
  const hash = (v: unknown) => createHash('sha1').update(JSON.stringify(v)).digest('hex').slice(0, 12);
  return {
    status,
    total: json.hits.total,
    max_score: json.hits.max_score,
    hits: json.hits.hits.map((h: any) => [h._id, h._score, ...(h.sort ? [h.sort] : []), h._source === undefined ? null : hash(h._source)]),
    ...(json.aggregations ? { aggregations: json.aggregations } : {}),
  };
}

const pathAndBody = (url: string): { path: string; body: unknown } => {
  const u = new URL(url);
  const body = u.searchParams.get('request');
  u.searchParams.delete('request');
  return { path: `${u.pathname}${u.search}`, body: body === null ? undefined : JSON.parse(body) };
};

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => be?.close());

const ask = async (path: string, body: unknown): Promise<Digest> => {
  const sep = path.includes('?') ? '&' : '?';
  const res = await be.call('GET', body === undefined ? path : `${path}${sep}request=${encodeURIComponent(JSON.stringify(body))}`);
  return digest(res.status, res.json);
};

/** The SDK's own requests, noted from its fetch while it does what the shop's pages do. */
async function recordStorefront(): Promise<Array<{ name: string; path: string; body: unknown }>> {
  const seen: Array<{ name: string; path: string; body: unknown }> = [];
  let step = '';
  const noting: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/_search')) seen.push({ name: `${step} #${seen.filter((s) => s.name.startsWith(`${step} #`)).length + 1}`, ...pathAndBody(url) });
    return fetch(input, init);
  };
  const shop = await createHeadlessShop({ apiUrl: be.url, fetch: noting });
  const as = async (name: string, run: () => Promise<unknown>) => {
    step = name;
    await run();
  };
  const cat = generateCatalogue();
  const byType = (type: string) => cat.products.find((p) => p.type_id === type && Number(p.visibility) !== 1) as (typeof cat.products)[number];
  const configurable = byType('configurable');
  const child = cat.products.find((p) => Number(p.visibility) === 1 && p.type_id === 'simple') as (typeof cat.products)[number];
  try {
    await as('home lists', () => shop.home.load());
    await as('categories', () => shop.category.loadCategories());
    const categories = shop.category.snapshot().categories;
    const leaf = categories.find((c) => c.level === 3 && (c.product_count ?? 1) > 0) ?? (categories[3] as (typeof categories)[number]);
    const top = categories.find((c) => c.level === 2) as (typeof categories)[number];
    await as('category listing', async () => {
      await shop.category.setCurrentByPath(top.url_path as string);
      await shop.category.applyFilters({});
      await shop.category.loadMore();
    });
    const available = shop.category.snapshot().available;
    const colour = available.color?.[0];
    const size = available.size?.[0];
    await as('category sorted by price', () => shop.category.applyFilters(filtersFromRouteQuery({ sort: 'price_asc' }, DEFAULT_CONFIG, available)));
    await as('category colour, latest', () => shop.category.applyFilters(filtersFromRouteQuery({ color: String(colour?.id), sort: 'latest' }, DEFAULT_CONFIG, available)));
    await as('category colour + price range', () => shop.category.applyFilters(filtersFromRouteQuery({ color: String(colour?.id), price: '0-50' }, DEFAULT_CONFIG, available)));
    await as('category size, price desc, three pages at once', () => shop.category.applyFilters(filtersFromRouteQuery({ size: String(size?.id), sort: 'price_desc' }, DEFAULT_CONFIG, available), 3));
    await as('leaf category', async () => {
      await shop.category.setCurrentByPath(leaf.url_path as string);
      await shop.category.applyFilters({});
    });
    for (const text of ['kadopapir', 'kadopapier', 'satijnlint rood', 'cadeaudoos', 'kerstpapir goud', 'enveloppen', 'notitieboekje', configurable.sku, 'xqzwvbnm', 'ab']) {
      await as(`search '${text}'`, () => shop.search.setText(text));
    }
    await as("search 'papier' and more", async () => {
      await shop.search.setText('papier');
      await shop.search.loadMore();
    });
    await as('configurable product by sku', () => shop.product.load(configurable.sku));
    await as('product by url_key', () => shop.product.fetchOne(String(configurable.url_key), 'url_key'));
    await as('child sku to its configurable', () => shop.product.load(child.sku));
    await as('grouped product', () => shop.product.load(byType('grouped').sku));
    await as('bundle product', () => shop.product.load(byType('bundle').sku));
    await as('related products', () => shop.product.loadRelatedOf(configurable as never));
    await as('attributes', () => shop.attributes.load(['color', 'size', 'erin_recommends', 'material']));
    await as('cms', async () => {
      await shop.cms.loadBlocks();
      await shop.cms.loadPage('about-us').catch(() => undefined);
    });
  } finally {
    shop.dispose();
  }
  return seen;
}

const PRODUCT = '/api/catalog/vue_storefront_catalog/product/_search';
const LISTING = [{ terms: { visibility: [2, 3, 4] } }, { terms: { status: [0, 1] } }];
/** Bodies in the shape vue-storefront-api's query builder (storefront-query-builder, bodybuilder) produces. */
function upstreamExamples(): Array<{ name: string; path: string; body: unknown }> {
  const cat = generateCatalogue();
  const configurable = cat.products.find((p) => p.type_id === 'configurable') as (typeof cat.products)[number];
  const childSku = String((configurable.configurable_children as Array<{ sku: string }>)[0]?.sku);
  const catalogFilter = (attribute: string, values: unknown[]) => ({
    bool: { should: [{ terms: { [attribute]: values } }, { bool: { filter: [{ terms: { [`${attribute}_options`]: values } }, { match: { type_id: 'configurable' } }] } }] },
  });
  const aggs = {
    agg_terms_color: { terms: { field: 'color', size: 10 } },
    agg_terms_color_options: { terms: { field: 'color_options', size: 10 } },
    agg_terms_price: { terms: { field: 'price' } },
    agg_range_price: { range: { field: 'price', ranges: [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] } },
    agg_max_price: { max: { field: 'price' } },
    agg_min_price: { min: { field: 'price' } },
  };
  const text = (q: string) => ({
    query: {
      function_score: {
        functions: [{ filter: { match: { erin_recommends: '1' } }, weight: 2 }],
        score_mode: 'multiply', boost_mode: 'multiply', max_boost: 100,
        query: {
          bool: {
            filter: { bool: { must: LISTING } },
            should: [
              { multi_match: { fields: ['name^3', 'sku^1', 'category.name^1'], query: q, fuzziness: 2, cutoff_frequency: 0.01, max_expansions: 3, minimum_should_match: '75%', prefix_length: 2, tie_breaker: 1, operator: 'or' } },
              { bool: { should: [{ terms: { 'configurable_children.sku': q.split('-') } }, { match_phrase: { sku: { query: q, boost: 1 } } }, { match_phrase: { 'configurable_children.sku': { query: q, boost: 1 } } }] } },
            ],
            minimum_should_match: 1,
          },
        },
      },
    },
    min_score: 0.02,
  });
  return [
    { name: 'upstream: or-filters and not-filters', path: `${PRODUCT}?size=20&from=0`, body: { query: { bool: { filter: { bool: { must: LISTING, should: [{ terms: { color: [49, 50] } }, { bool: { must_not: [{ exists: { field: 'size' } }] } }], must_not: [{ terms: { type_id: ['bundle'] } }], minimum_should_match: 1 } } } } } },
    { name: 'upstream: catalog filters with _options, aggregations', path: `${PRODUCT}?size=12&from=0&sort=final_price:asc`, body: { query: { bool: { filter: { bool: { must: [...LISTING, { terms: { category_ids: [3, 4, 5, 6] } }, catalogFilter('color', [49, 52]), { range: { final_price: { gte: 0, lte: 100 } } }] } } } }, aggs } },
    { name: 'upstream: orRange on price', path: `${PRODUCT}?size=10`, body: { query: { bool: { filter: { bool: { must: LISTING, should: [{ range: { price: { lt: 10 } } }, { range: { price: { gte: 100 } } }], minimum_should_match: 1 } } } } } },
    { name: 'upstream: text with configurable_children.sku', path: `${PRODUCT}?size=16&from=0`, body: text('kadopapier') },
    { name: 'upstream: child sku as text', path: `${PRODUCT}?size=4&from=0`, body: text(childSku) },
    { name: 'upstream: typo text, page 2', path: `${PRODUCT}?size=8&from=8`, body: text('inpakpapir') },
    { name: 'upstream: random sort', path: `${PRODUCT}?size=6`, body: { query: { function_score: { functions: [{ weight: 2, random_score: { seed: 42 }, filter: { bool: { must: LISTING } } }], min_score: 1.1 } } } },
    { name: 'upstream: sort array in the body', path: `${PRODUCT}?size=10`, body: { query: { bool: { filter: { bool: { must: LISTING } } } }, sort: [{ updated_at: { order: 'desc' } }, { final_price: { order: 'asc' } }, '_score'] } },
    { name: 'upstream: category by url_path', path: '/api/catalog/vue_storefront_catalog/category/_search?size=1', body: { query: { bool: { filter: { terms: { url_path: [String((cat.categories[2] as { url_path?: string }).url_path)] } } } } } },
    { name: 'upstream: attribute by codes', path: '/api/catalog/vue_storefront_catalog/attribute/_search?size=50', body: { query: { bool: { filter: { terms: { attribute_code: ['color', 'size'] } } } } } },
    { name: 'upstream: unsupported clause answers 400', path: `${PRODUCT}?size=1`, body: { query: { wildcard: { sku: 'IP*' } } } },
  ];
}

describe('search answers the recorded queries as before (search/recorded-answers.json)', () => {
  it.runIf(RECORD)('records the storefront queries and their answers', async () => {
    const requests = [...(await recordStorefront()), ...upstreamExamples()];
    const recorded: Recorded[] = [];
    for (const r of requests) recorded.push({ ...r, answer: await ask(r.path, r.body) });
    writeFileSync(FIXTURE, `${JSON.stringify(recorded, null, 1)}\n`);
    expect(recorded.length).toBeGreaterThan(40);
  }, 120_000);

  it.skipIf(RECORD)('every recorded query gets the recorded answer: hits, order, scores, totals, aggregations', async () => {
    const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Recorded[];
    expect(recorded.length).toBeGreaterThan(40);
    // the fixture is what the test says it is: the storefront's kinds of request, answered with hits and aggregations
    const names = recorded.map((r) => r.name).join('\n');
    for (const kind of ['home lists', 'category listing', 'category colour, latest', 'category colour + price range', "search 'kadopapir'", 'configurable product by sku', 'product by url_key', 'child sku to its configurable', 'upstream: ']) expect(names).toContain(kind);
    expect(recorded.filter((r) => (r.answer.hits?.length ?? 0) > 0).length).toBeGreaterThan(30);
    expect(recorded.filter((r) => r.answer.aggregations).length).toBeGreaterThan(5);
    for (const r of recorded) expect({ name: r.name, answer: await ask(r.path, r.body) }).toEqual({ name: r.name, answer: r.answer });
  }, 120_000);
});
