import { Collection, type Doc } from './engine';
import { executeSearch } from './execute';

/** The text part of the body vue-storefront 1.12's query builder sends (spec catalogue §9 constants). */
export function storefrontTextQuery(text: string, extraFilters: unknown[] = []) {
  const multiMatch = {
    fields: ['name^4', 'description^3', 'short_description^3', 'sku^2', 'category.name^1'], query: text, fuzziness: 2,
    cutoff_frequency: 0.01, max_expansions: 3, minimum_should_match: '75%', prefix_length: 1, tie_breaker: 1, operator: 'or',
  };
  const should = [{ multi_match: multiMatch }, { match_phrase: { sku: { query: text, boost: 1 } } }];
  const filter = { bool: { must: [{ terms: { visibility: [2, 3, 4] } }, { terms: { status: [0, 1] } }, ...extraFilters] } };
  return {
    query: { function_score: {
      query: { bool: { must: { bool: { should, minimum_should_match: 1 } }, filter } },
      functions: [{ filter: { match: { erin_recommends: 1 } }, weight: 2 }],
      score_mode: 'multiply', boost_mode: 'multiply', max_boost: 100,
    } },
    min_score: 1,
  };
}

/**
 * Every clause, aggregation and sort the engine knows, in the shapes the costly-but-small requests take
 * (costly-requests.ts), run over a sample of the product documents at backend start until V8 has optimised the code
 * they run: a request's cost is then its work, not the compiling of the engine (cold, a small but costly request cost
 * up to 80 ms of CPU, most of it TurboFan compiling executeSearch, the clause compilers and TextIndex.search).
 * The sample is a collection of its own: the real one builds nothing, and the cost does not grow with the catalogue.
 */
export const WARM_UP_QUERIES: unknown[] = [
  {
    ...storefrontTextQuery('kadopapir rood', [{ range: { price: { gte: 1, lt: 500 } } }]),
    aggs: {
      colour: { terms: { field: 'color', size: 10 }, aggs: { price: { stats: { field: 'price' } } } },
      price: { range: { field: 'price', ranges: [{ to: 50 }, { from: 50 }] } },
      cheap: { filter: { range: { final_price: { lte: 20 } } } },
    },
  },
  {
    query: { function_score: {
      query: { bool: { must_not: [{ prefix: { sku: 'x' } }], should: [
        { multi_match: { fields: ['name', 'color', 'size'], query: 'lint goud kerst', fuzziness: 2 } },
        { dis_max: { queries: [{ match: { description: { query: 'cadeau', operator: 'and' } } }, { term: { status: 1 } }] } },
      ] } },
      functions: [
        { random_score: { seed: 1 } }, { field_value_factor: { field: 'price', missing: 1, modifier: 'ln2p' } },
        { filter: { exists: { field: 'color' } }, weight: 2 }, { filter: { terms: { size: ['a', 3] } }, random_score: { seed: 2 } },
      ],
      score_mode: 'sum',
    } },
    sort: [{ 'stock.qty': { order: 'desc', missing: '_first' } }, { created_at: 'asc' }, '_score'],
  },
  {
    query: { bool: { should: [
      { match_phrase_prefix: { name: 'ka' } }, { match_phrase_prefix: { 'configurable_children.sku': 'a' } },
      { multi_match: { fields: ['name', 'short_description'], query: 'rood lint', type: 'phrase_prefix' } },
      { ids: { values: ['1', '2'] } }, { constant_score: { filter: { exists: { field: 'size' } } } },
    ] } },
    aggs: { sizes: { terms: { field: 'size', size: 100, order: { _key: 'asc' } } }, most: { max: { field: 'price' } } },
    sort: [{ final_price: 'desc' }],
    _source: { includes: ['name', 'sku', 'configurable_children.*'] },
  },
  {
    query: { bool: {
      filter: [{ terms: { visibility: [4, '2', 'x'] } }, { range: { created_at: { gte: '2025' } } }, { exists: { field: 'stock.qty' } }],
      must_not: [{ prefix: { 'configurable_children.sku': 'k' } }, { exists: { field: 'constructor' } }],
      should: [
        { match: { name: { query: 'kerst papier e', fuzziness: 'AUTO' } } },
        { multi_match: { fields: ['name^2', 'description', 'sku', 'stock.toString'], query: 'rood lint a', type: 'most_fields', operator: 'and', fuzziness: 1 } },
        { multi_match: { fields: ['short_description', 'color'], query: 'cadeau 00001', type: 'cross_fields', max_expansions: 1000 } },
        { multi_match: { fields: ['name', 'hasOwnProperty'], query: 'lint kado', type: 'phrase' } },
        { dis_max: { queries: [{ match: { name: { query: 'papier kadopapir', fuzziness: 2 } } }, { match: { unknown_field: { query: 'x', fuzziness: 2 } } }] } },
      ],
    } },
    aggs: {
      a: { terms: { field: 'color', size: 10_000 }, aggs: { s: { stats: { field: 'price' } }, t: { terms: { field: 'size', size: 10_000 } } } },
      b: { terms: { field: 'toString' } },
    },
    sort: [{ name: { order: 'asc', missing: '_first' } }, { price: { order: 'desc', missing: '_first' } }, { valueOf: 'asc' }, { id: 'desc' }],
  },
  { query: { bool: { should: [{ match_all: {} }, { match_none: {} }] } }, post_filter: { term: { status: 1 } }, sort: ['_score'] },
];

/** Runs WARM_UP_QUERIES over `sample` (a collection of its own), with pages from the start and deep, enough times for V8 to optimise. */
export function warmUpSearch(sample: Doc[]): void {
  const col = new Collection('product', sample);
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (const body of WARM_UP_QUERIES) executeSearch(col, { body, index: 'warm-up', size: '20', from: round % 2 ? '150' : '0' });
  }
}
const WARM_UP_ROUNDS = 20;
