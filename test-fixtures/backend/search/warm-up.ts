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
 * Every clause, aggregation and sort the engine knows, run over a sample of the product documents at backend start so
 * that the first requests meet compiled code: cold, a small but costly request cost up to 70 ms of CPU, warm under 30.
 * The sample is a collection of its own: the real one builds nothing, and the cost does not grow with the catalogue.
 */
const QUERIES: unknown[] = [
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
      functions: [{ random_score: { seed: 1 } }, { field_value_factor: { field: 'price', missing: 1, modifier: 'ln2p' } }],
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
];

/** Runs QUERIES over `sample` (a collection of its own). */
export function warmUpSearch(sample: Doc[]): void {
  const col = new Collection('product', sample);
  for (let round = 0; round < 3; round++) {
    for (const body of QUERIES) executeSearch(col, { body, index: 'warm-up', size: '20' });
  }
}
