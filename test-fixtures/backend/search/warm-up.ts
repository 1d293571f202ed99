import { Collection, type Doc } from './engine';
import { executeSearch } from './execute';

/**
 * Every clause, aggregation and sort the engine knows, run over a sample of the product documents at backend start so
 * that the first requests meet compiled code: cold, a small but costly request cost up to 70 ms of CPU, warm under 30.
 * The sample is a collection of its own: the real one builds nothing, and the cost does not grow with the catalogue.
 */
const QUERIES: unknown[] = [
  {
    query: { function_score: {
      query: { bool: {
        must: { bool: { should: [
          { multi_match: {
            fields: ['name^4', 'description^3', 'sku^2', 'category.name'], query: 'kadopapir rood', fuzziness: 2,
            max_expansions: 3, minimum_should_match: '75%', prefix_length: 1, tie_breaker: 1,
          } },
          { match_phrase: { sku: 'papier' } },
        ], minimum_should_match: 1 } },
        filter: { bool: { must: [{ terms: { visibility: [2, 3, 4] } }, { range: { price: { gte: 1, lt: 500 } } }] } },
        must_not: [{ prefix: { sku: 'x' } }],
      } },
      functions: [
        { filter: { match: { erin_recommends: 1 } }, weight: 2 },
        { filter: { exists: { field: 'color' } }, random_score: { seed: 1 } },
        { field_value_factor: { field: 'price', missing: 1, modifier: 'ln2p' } },
      ],
      score_mode: 'sum', boost_mode: 'multiply', max_boost: 100,
    } },
    min_score: 0.1,
    aggs: {
      colour: { terms: { field: 'color', size: 10 }, aggs: { price: { stats: { field: 'price' } } } },
      price: { range: { field: 'price', ranges: [{ to: 50 }, { from: 50 }] } },
      cheap: { filter: { range: { final_price: { lte: 20 } } } },
    },
  },
  {
    query: { dis_max: { queries: [
      { multi_match: { fields: ['name', 'color', 'size'], query: 'lint goud kerst', fuzziness: 2 } },
      { match: { description: { query: 'cadeau', operator: 'and' } } },
    ] } },
    sort: [{ 'stock.qty': { order: 'desc', missing: '_first' } }, { created_at: 'asc' }, '_score'],
  },
  {
    query: { bool: { should: [
      { match_phrase_prefix: { name: 'ka' } }, { match_phrase_prefix: { 'configurable_children.sku': 'a' } },
      { multi_match: { fields: ['name', 'short_description'], query: 'rood lint', type: 'phrase_prefix' } },
      { ids: { values: ['1', '2'] } }, { term: { status: 1 } },
      { constant_score: { filter: { exists: { field: 'size' } } } },
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

