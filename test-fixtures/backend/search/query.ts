import { HttpError } from '../errors';
import type { Collection } from './engine';
import { comparable, compare, metricNumber, ownEntry, type Comparable } from './fields';
import { requiredMatches } from './fulltext';
import {
  allowKeys, asList, budget, chargeWork, isObject, limitHit, malformed, num, numOr, SEARCH_LIMITS, unsupported,
  type Matcher,
} from './request';
import { matchNone, phraseMatcher, textMatcher } from './text-query';

/** The options of a full-text clause (match; multi_match adds its own). */
const TEXT_OPTIONS = [
  'query', 'operator', 'fuzziness', 'minimum_should_match', 'boost', 'max_expansions', 'prefix_length', 'analyzer',
  'cutoff_frequency', 'fuzzy_transpositions', 'lenient', 'zero_terms_query', 'auto_generate_synonyms_phrase_query',
];
const FUNCTION_KEYS = ['filter', 'weight', 'field_value_factor', 'random_score'];

/** Splits `{ field: value }` or `{ field: { ...options } }` (ignoring `boost`/`_name` keys at the clause level). */
function singleField(clause: string, body: unknown): [string, unknown, number] {
  if (!isObject(body)) throw malformed(`${clause} must be an object`);
  const boost = numOr(body.boost, 1, `${clause}.boost`);
  const entries = Object.entries(body).filter(([k]) => k !== 'boost' && k !== '_name');
  if (entries.length !== 1) throw malformed(`${clause} needs exactly one field`);
  const [field, value] = entries[0] as [string, unknown];
  return [field, value, boost];
}

/** Compiles a query of the Elasticsearch subset vue-storefront 1.12 sends (docs/backend.md lists it) to a matcher. */
export function compile(query: unknown, col: Collection, scoring: boolean): Matcher {
  if (++budget.clauses > SEARCH_LIMITS.clauses) throw limitHit('too many query clauses', SEARCH_LIMITS.clauses);
  chargeWork(col, 1);
  if (budget.depth >= SEARCH_LIMITS.depth) throw limitHit('queries nested too deep', SEARCH_LIMITS.depth);
  if (!isObject(query)) throw malformed('a query must be an object');
  const keys = Object.keys(query);
  if (keys.length !== 1) throw malformed(`a query object needs exactly one clause, got ${keys.length ? keys.join(', ') : 'none'}`);
  const name = keys[0] as string;
  const clause = ownEntry(CLAUSES, name);
  if (!clause) throw unsupported(name);
  budget.depth++;
  try {
    return clause(ownEntry(query, name), col, scoring, name);
  } finally {
    budget.depth--;
  }
}

/** A clause read from the indexes: the documents of its mask, each scoring its boost (0 when not scoring). */
function masked(mask: Uint8Array, boost: number, scoring: boolean): Matcher {
  const score = scoring ? boost : 0;
  return Object.assign((i: number) => (mask[i] ? score : undefined), { mask });
}

/** `{ field: value }` or `{ field: { query, boost, ... } }` of match and the phrases. */
function textOptions(name: string, body: unknown): [string, Record<string, unknown>, number] {
  const [field, raw, boost] = singleField(name, body);
  const opts = isObject(raw) ? raw : { query: raw };
  return [field, opts, numOr(opts.boost, boost, `${name}.boost`)];
}

type ClauseCompiler = (body: unknown, col: Collection, scoring: boolean, name: string) => Matcher;

/** Each clause kind's compiler: small functions of their own, so that V8 compiles and optimises each one alone. */
const CLAUSES: Record<string, ClauseCompiler> = {
  match_all: (body, _col, scoring) => {
    const boost = isObject(body) ? numOr(body.boost, 1, 'match_all.boost') : 1;
    const score = scoring ? boost : 0;
    return () => score;
  },
  match_none: () => matchNone,
  bool: compileBool,
  constant_score: (body, col, scoring) => {
    if (!isObject(body) || !isObject(body.filter)) throw malformed('constant_score needs a filter');
    const inner = compile(body.filter, col, false);
    const boost = numOr(body.boost, 1, 'constant_score.boost');
    const score = scoring ? boost : 0;
    return Object.assign((i: number) => (inner(i) === undefined ? undefined : score), { mask: inner.mask });
  },
  term: (body, col, scoring) => {
    const [field, raw, boost0] = singleField('term', body);
    const value = isObject(raw) ? raw.value : raw;
    const boost = isObject(raw) ? numOr(raw.boost, boost0, 'term.boost') : boost0;
    if (value === undefined || isObject(value) || Array.isArray(value)) throw malformed(`term.${field} needs a single value`);
    return masked(col.column(field).termMask([value]), boost, scoring);
  },
  terms: (body, col, scoring) => {
    const [field, values, boost] = singleField('terms', body);
    if (!Array.isArray(values)) throw malformed(`terms.${field} must be an array`);
    if (values.length > SEARCH_LIMITS.termValues) throw limitHit(`terms.${field} has too many values`, SEARCH_LIMITS.termValues);
    if (values.some((v) => isObject(v) || Array.isArray(v))) throw malformed(`terms.${field} values must be scalars`);
    return masked(col.column(field).termMask(values), boost, scoring);
  },
  ids: (body, col, scoring) => {
    if (!isObject(body) || !Array.isArray(body.values)) throw malformed('ids.values must be an array');
    if (body.values.length > SEARCH_LIMITS.termValues) throw limitHit('ids.values has too many values', SEARCH_LIMITS.termValues);
    const mask = new Uint8Array(col.length);
    for (const v of body.values) {
      const i = col.indexOfId(String(v));
      if (i !== undefined) mask[i] = 1;
    }
    return masked(mask, 1, scoring);
  },
  prefix: (body, col, scoring) => {
    const [field, raw, boost] = singleField('prefix', body);
    const value = String(isObject(raw) ? raw.value : raw);
    return masked(col.column(field).maskWhere((v) => typeof v === 'string' && v.startsWith(value)), boost, scoring);
  },
  exists: (body, col, scoring) => {
    if (!isObject(body) || typeof body.field !== 'string') throw malformed('exists.field must be a string');
    const column = col.column(body.field);
    const score = scoring ? 1 : 0;
    return (i) => (column.hasValue(i) ? score : undefined);
  },
  range: compileRange,
  match: (body, col, scoring) => {
    const [field, opts, boost] = textOptions('match', body);
    allowKeys(opts, TEXT_OPTIONS, 'match');
    return textMatcher(col, [[field, boost]], opts, 'best_fields', 1, scoring);
  },
  match_phrase: compilePhrase,
  match_phrase_prefix: compilePhrase,
  multi_match: compileMultiMatch,
  function_score: compileFunctionScore,
  dis_max: (body, col, scoring) => {
    if (!isObject(body) || !Array.isArray(body.queries)) throw malformed('dis_max.queries must be an array');
    const qs = body.queries.map((q) => compile(q, col, scoring));
    const tie = numOr(body.tie_breaker, 0, 'dis_max.tie_breaker');
    return (i) => {
      const scores = qs.map((q) => q(i)).filter((s): s is number => s !== undefined);
      if (!scores.length) return undefined;
      const max = Math.max(...scores);
      return max + tie * (scores.reduce((a, b) => a + b, 0) - max);
    };
  },
};

function compilePhrase(body: unknown, col: Collection, scoring: boolean, name: string): Matcher {
  const [field, opts, boost] = textOptions(name, body);
  return phraseMatcher(col, [[field, boost]], opts.query, name === 'match_phrase_prefix', 1, scoring);
}

/** The query clause kinds the engine understands. */
export const CLAUSE_KINDS: readonly string[] = Object.keys(CLAUSES);

function compileRange(body: unknown, col: Collection, scoring: boolean): Matcher {
  const [field, raw, boost0] = singleField('range', body);
  if (!isObject(raw)) throw malformed(`range.${field} must be an object`);
  const bounds: Array<[string, Comparable]> = [];
  let boost = boost0;
  // from / to are gte / lte unless include_lower / include_upper is false
  const alias: Record<string, string> = { from: raw.include_lower === false ? 'gt' : 'gte', to: raw.include_upper === false ? 'lt' : 'lte' };
  for (const [op, v] of Object.entries(raw)) {
    if (op === 'boost') boost = num(v, 'range.boost');
    else if (['format', 'time_zone', 'relation', 'include_lower', 'include_upper'].includes(op)) continue;
    else if (['gt', 'gte', 'lt', 'lte', 'from', 'to'].includes(op)) {
      if (v === null) continue;
      const c = comparable(v);
      if (c === undefined) throw malformed(`range.${field}.${op} must be a number or a string`);
      bounds.push([ownEntry(alias, op) ?? op, c]);
    } else throw unsupported(`range.${op}`);
  }
  // evaluated once per distinct value of the field: the query then reads a mask
  const mask = col.column(field).maskWhere((v) => {
    const c = comparable(v);
    if (c === undefined) return false;
    return bounds.every(([op, b]) => {
      if ((typeof c === 'number') !== (typeof b === 'number')) return false;
      const d = compare(c, b);
      return op === 'gt' ? d > 0 : op === 'gte' ? d >= 0 : op === 'lt' ? d < 0 : d <= 0;
    });
  });
  return masked(mask, boost, scoring);
}

function compileMultiMatch(body: unknown, col: Collection, scoring: boolean): Matcher {
  if (!isObject(body)) throw malformed('multi_match must be an object');
  allowKeys(body, [...TEXT_OPTIONS, 'fields', 'type', 'tie_breaker', '_name'], 'multi_match');
  if (body.fields === undefined) throw malformed('multi_match needs fields');
  const fieldSpecs = asList(body.fields);
  if (fieldSpecs.length > SEARCH_LIMITS.fields) throw limitHit('multi_match has too many fields', SEARCH_LIMITS.fields);
  const fields: Array<[string, number]> = fieldSpecs.map((f) => {
    if (typeof f !== 'string') throw malformed('multi_match.fields must be strings');
    const [fname, b] = f.split('^');
    if (!fname || fname.includes('*')) throw unsupported(`multi_match.fields wildcard "${f}"`);
    return [fname, b === undefined ? 1 : num(b, 'field boost')];
  });
  const type = body.type === undefined ? 'best_fields' : String(body.type);
  const tie = numOr(body.tie_breaker, 0, 'multi_match.tie_breaker');
  const boost = numOr(body.boost, 1, 'multi_match.boost');
  if (type === 'phrase' || type === 'phrase_prefix') return phraseMatcher(col, fields, body.query, type === 'phrase_prefix', boost, scoring, tie);
  if (!['best_fields', 'most_fields', 'cross_fields'].includes(type)) throw unsupported(`multi_match.type ${type}`);
  return textMatcher(col, fields, body, type, boost, scoring, tie);
}

function compileBool(body: unknown, col: Collection, scoring: boolean): Matcher {
  if (!isObject(body)) throw malformed('bool must be an object');
  allowKeys(body, ['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost', '_name', 'disable_coord', 'adjust_pure_negative'], 'bool');
  const must = asList(body.must).map((q) => compile(q, col, scoring));
  const filter = asList(body.filter).map((q) => compile(q, col, false));
  const mustNot = asList(body.must_not).map((q) => compile(q, col, false));
  const should = asList(body.should).map((q) => compile(q, col, scoring));
  const boost = numOr(body.boost, 1, 'bool.boost');
  const required = body.minimum_should_match !== undefined
    ? requiredMatches(body.minimum_should_match, should.length)
    : Number(should.length > 0 && must.length === 0 && filter.length === 0);
  const onlyFilters = must.length === 0 && should.length === 0;
  // the documents every must / filter clause with a mask allows
  let mask: Uint8Array | undefined;
  for (const { mask: allowed } of [...must, ...filter]) {
    if (allowed && !mask) mask = allowed.slice();
    else if (allowed && mask) for (let i = 0; i < mask.length; i++) mask[i] = mask[i]! & allowed[i]!;
  }
  const matcher: Matcher = (i) => {
    // cheap filters first: they drop most documents before any text clause runs
    for (const f of filter) if (f(i) === undefined) return undefined;
    for (const n of mustNot) if (n(i) !== undefined) return undefined;
    let score = 0;
    for (const m of must) {
      const s = m(i);
      if (s === undefined) return undefined;
      score += s;
    }
    let matched = 0;
    for (const s of should) {
      const v = s(i);
      if (v !== undefined) {
        matched++;
        score += v;
      }
    }
    if (matched < required) return undefined;
    if (!scoring) return 0;
    // a bool of filters only scores 0 (as in ES); an empty bool behaves as match_all (score 1)
    if (onlyFilters) return filter.length || mustNot.length ? 0 : boost;
    return score * boost;
  };
  return Object.assign(matcher, { mask });
}

function hash01(seed: number, id: string): number {
  let h = 2166136261 ^ seed;
  for (let k = 0; k < id.length; k++) {
    h ^= id.charCodeAt(k);
    h = Math.imul(h, 16777619);
  }
  return ((h >>> 0) % 1_000_000) / 1_000_000;
}

const MODIFIERS: Record<string, (x: number) => number> = {
  none: (x) => x, log: (x) => Math.log10(x), log1p: (x) => Math.log10(x + 1), log2p: (x) => Math.log10(x + 2),
  ln: (x) => Math.log(x), ln1p: (x) => Math.log1p(x), ln2p: (x) => Math.log(x + 2), square: (x) => x * x, sqrt: (x) => Math.sqrt(x), reciprocal: (x) => 1 / x,
};

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
/** How function_score combines its functions' values (weighted), and then that with the query's score. */
const SCORE_MODES: Record<string, (values: number[], weights: number[]) => number> = {
  multiply: (v) => v.reduce((a, b) => a * b, 1), sum, avg: (v, w) => sum(v) / sum(w), first: (v) => v[0] as number,
  max: (v) => Math.max(...v), min: (v) => Math.min(...v),
};
const BOOST_MODES: Record<string, (query: number, functions: number) => number> = {
  multiply: (q, f) => q * f, replace: (_, f) => f, sum: (q, f) => q + f, avg: (q, f) => (q + f) / 2, max: Math.max, min: Math.min,
};

function compileFunctionScore(body: unknown, col: Collection, scoring: boolean): Matcher {
  if (!isObject(body)) throw malformed('function_score must be an object');
  allowKeys(body, ['query', 'functions', 'score_mode', 'boost_mode', 'max_boost', 'min_score', 'boost', ...FUNCTION_KEYS], 'function_score');
  const inner: Matcher = body.query === undefined ? () => 1 : compile(body.query, col, true);
  const fnSpecs: unknown[] = Array.isArray(body.functions) ? [...body.functions] : [];
  if (fnSpecs.length > SEARCH_LIMITS.functions) throw limitHit('function_score has too many functions', SEARCH_LIMITS.functions);
  if (body.functions !== undefined && !Array.isArray(body.functions)) throw malformed('function_score.functions must be an array');
  if (body.weight !== undefined || body.field_value_factor !== undefined || body.random_score !== undefined) {
    fnSpecs.push({ weight: body.weight, field_value_factor: body.field_value_factor, random_score: body.random_score });
  }
  const fns = fnSpecs.map((spec) => {
    if (!isObject(spec)) throw malformed('a function must be an object');
    allowKeys(spec, FUNCTION_KEYS, 'function_score.functions');
    const filter = spec.filter === undefined ? undefined : compile(spec.filter, col, false);
    const weight = numOr(spec.weight, 1, 'function weight');
    let value: (i: number) => number = () => 1;
    if (isObject(spec.field_value_factor)) {
      const fvf = spec.field_value_factor;
      const field = String(fvf.field);
      const factor = numOr(fvf.factor, 1, 'field_value_factor.factor');
      const modifier = ownEntry(MODIFIERS, String(fvf.modifier ?? 'none'));
      if (!modifier) throw unsupported(`field_value_factor.modifier ${String(fvf.modifier)}`);
      const missing = numOr(fvf.missing, undefined, 'field_value_factor.missing');
      const column = col.column(field);
      value = (i) => {
        let v: number | undefined;
        for (let k = column.offsets[i] as number; k < (column.offsets[i + 1] as number); k++) {
          const x = metricNumber(column.dict[column.ids[k] as number]);
          if (!Number.isNaN(x)) {
            v = x;
            break;
          }
        }
        v ??= missing;
        if (v === undefined) throw new HttpError(400, `Missing value for field [${field}] in field_value_factor`);
        const r = modifier(v * factor);
        return Number.isFinite(r) ? r : 0;
      };
    } else if (spec.random_score !== undefined) {
      const seed = isObject(spec.random_score) ? numOr(spec.random_score.seed, 0, 'random_score.seed') : 0;
      value = (i) => hash01(seed, col.idAt(i));
    }
    return { filter, weight, value };
  });
  const scoreMode = String(body.score_mode ?? 'multiply');
  const combineFns = ownEntry(SCORE_MODES, scoreMode);
  if (!combineFns) throw unsupported(`function_score.score_mode ${scoreMode}`);
  const boostMode = ownEntry(BOOST_MODES, String(body.boost_mode ?? 'multiply'));
  if (!boostMode) throw unsupported(`function_score.boost_mode ${String(body.boost_mode)}`);
  const maxBoost = numOr(body.max_boost, Number.MAX_VALUE, 'max_boost');
  const minScore = numOr(body.min_score, undefined, 'function_score.min_score');
  const boost = numOr(body.boost, 1, 'function_score.boost');
  const matcher: Matcher = (i) => {
    const q = inner(i);
    if (q === undefined) return undefined;
    const values: number[] = [];
    const weights: number[] = [];
    for (const f of fns) {
      if (f.filter && f.filter(i) === undefined) continue;
      values.push(f.value(i) * f.weight);
      weights.push(f.weight);
      if (scoreMode === 'first') break;
    }
    const fnScore = Math.min(values.length ? combineFns(values, weights) : 1, maxBoost);
    const score = boostMode(q, fnScore) * boost;
    if (minScore !== undefined && score < minScore) return undefined;
    return scoring ? score : 0;
  };
  return Object.assign(matcher, { mask: inner.mask });
}
