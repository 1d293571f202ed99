import fc from 'fast-check';
import { SEARCH_LIMITS } from './request';

/**
 * Search requests that are small (a few KB at most, inside every per-request limit of SEARCH_LIMITS) but ask the
 * engine for as much work as such a request can: multi_match over 20 field names the index has never seen or over 20
 * real ones, 16 fuzzy words, one-letter phrase prefixes, as many clauses as allowed, 50 aggregations over every distinct value, deep
 * pages sorted on 10 keys, 20 score functions, field names of Object.prototype. Used by scripts/bench/fuzz.ts
 * ("costly but small": backend CPU per request) and search-limits.test.ts.
 */
export interface CostlyRequest {
  kind: string;
  body: Record<string, unknown>;
  size: number;
  from: number;
}

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
/** the leaves of the largest bool allowed (the bool is a clause too) */
const MAX_LEAVES = SEARCH_LIMITS.clauses - 1;

/** `fields`: real field paths of the product documents (strings, numbers and objects among them). */
export function costlyRequestArb(fields: readonly string[]): fc.Arbitrary<CostlyRequest> {
  const real = fc.constantFrom(...fields);
  const made = fc.oneof(
    fc.stringMatching(/^[a-z_]{3,24}(\.[a-z_]{3,12}){0,2}$/),
    fc.constantFrom(...PROTOTYPE_NAMES, ...PROTOTYPE_NAMES.map((n) => `stock.${n}`)),
  );
  const word = fc.oneof(fc.stringMatching(/^[a-z]{3,12}$/), fc.constantFrom('papier', 'kadopapir', 'lint', 'rood', 'e', 'a', 'kerst', 'cadeau', 'ip', '00001'));
  const words = fc.array(word, { minLength: 8, maxLength: 16 }).map((w) => w.join(' '));
  const fuzzy = fc.constantFrom(2, 'AUTO', 1);
  const field20 = (f: fc.Arbitrary<string>) => fc.uniqueArray(f, { minLength: 15, maxLength: 20 });
  const multiMatch = (fieldNames: fc.Arbitrary<string[]>) =>
    fc.record({ fields: fieldNames, query: words, fuzziness: fuzzy, type: fc.constantFrom('best_fields', 'most_fields', 'cross_fields', 'phrase', 'phrase_prefix'), max_expansions: fc.constantFrom(50, 1000), operator: fc.constantFrom('or', 'and') })
      .map((m) => ({ multi_match: m }));
  const leaf = fc.oneof(
    fc.tuple(real, fc.constantFrom('a', 'e', '1', 'k')).map(([f, p]) => ({ prefix: { [f]: p } })),
    fc.tuple(real, fc.constantFrom('0', 'a', '2025')).map(([f, lo]) => ({ range: { [f]: { gte: lo } } })),
    fc.tuple(real, fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 40 })).map(([f, v]) => ({ terms: { [f]: v } })),
    real.map((f) => ({ exists: { field: f } })),
    fc.tuple(real, words, fuzzy).map(([f, q, fz]) => ({ match: { [f]: { query: q, fuzziness: fz } } })),
    fc.tuple(fc.oneof(real, made), fc.constantFrom('a', 'e', 'pa', 'k')).map(([f, p]) => ({ match_phrase_prefix: { [f]: p } })),
  );
  const many = (min: number, max: number) => fc.array(leaf, { minLength: min, maxLength: max });
  const kinds: Array<[string, fc.Arbitrary<Record<string, unknown>>]> = [
    ['multi_match over 20 unknown fields', multiMatch(field20(made)).map((q) => ({ query: q }))],
    ['multi_match over 20 real fields', multiMatch(field20(real)).map((q) => ({ query: q }))],
    [`bool of up to ${MAX_LEAVES} clauses`, fc.tuple(many(40, MAX_LEAVES), fc.constantFrom('should', 'must_not', 'filter')).map(([qs, occ]) => ({ query: { bool: { [occ]: qs } } }))],
    ['dis_max of fuzzy matches', fc.array(fc.tuple(fc.oneof(real, made), words), { minLength: 20, maxLength: 60 }).map((ms) => ({ query: { dis_max: { queries: ms.map(([f, q]) => ({ match: { [f]: { query: q, fuzziness: 2 } } })) } } }))],
    ['phrase prefixes', fc.array(fc.tuple(fc.oneof(real, made), fc.constantFrom('e', 'a', 'p', 'k')), { minLength: 10, maxLength: 40 }).map((ps) => ({ query: { bool: { should: ps.map(([f, p]) => ({ match_phrase_prefix: { [f]: p } })) } } }))],
    ['50 aggregations over every value', fc.array(fc.oneof(real, made), { minLength: 30, maxLength: 50 }).map((fs) => ({ aggs: Object.fromEntries(fs.map((f, k) => [`a${k}`, { terms: { field: f, size: 10_000 }, aggs: { s: { stats: { field: 'price' } }, t: { terms: { field: fs[(k + 1) % fs.length], size: 10_000 } } } }])) }))],
    ['deep page sorted on 10 keys', fc.array(fc.oneof(real, made), { minLength: 6, maxLength: 10 }).map((fs) => ({ sort: fs.map((f, k) => ({ [f]: { order: k % 2 ? 'desc' : 'asc', missing: '_first' } })) }))],
    ['20 score functions', fc.array(leaf, { minLength: 15, maxLength: 20 }).map((filters) => ({ query: { function_score: { query: { match_all: {} }, functions: filters.map((filter, k) => (k % 3 === 0 ? { filter, random_score: { seed: k } } : k % 3 === 1 ? { filter, field_value_factor: { field: 'price', missing: 1, modifier: 'ln2p' } } : { filter, weight: 2 })), score_mode: 'sum' } } }))],
    ['prototype field names', fc.array(fc.constantFrom(...PROTOTYPE_NAMES), { minLength: 5, maxLength: 20 }).map((fs) => ({ query: { bool: { should: fs.map((f) => ({ exists: { field: f } })) } }, aggs: { a: { terms: { field: fs[0] } } }, sort: [fs[0]] }))],
  ];
  return fc.oneof(...kinds.map(([kind, body]) => fc.tuple(body, fc.constantFrom(10, 50, 200), fc.constantFrom(0, 9_000)).map(([b, size, from]) => ({ kind, body: b, size, from: Math.min(from, 10_000 - size) }))));
}
