import { HttpError } from '../errors';
import { aggregate, checkAggregationLimits } from './aggregate';
import type { Collection, Doc } from './engine';
import { compile } from './query';
import {
  allowKeys, asList, chargeWork, isObject, limitHit, malformed, numOr, SEARCH_LIMITS, startRequestBudget, unsupported,
} from './request';
import { comparable, compare, fieldValues, type Comparable } from './fields';

export interface SearchParams {
  body: unknown;
  size?: string | null;
  from?: string | null;
  sort?: string | null;
  sourceInclude?: string | null;
  sourceExclude?: string | null;
  index: string;
}

const TOP_LEVEL = ['query', 'aggs', 'aggregations', 'sort', 'from', 'size', '_source', 'min_score', 'track_scores', 'post_filter', 'track_total_hits', 'explain', 'version', 'timeout'];
const MAX_WINDOW = 10_000;

function intParam(value: string | null | undefined, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw new HttpError(400, `Malformed query: ${name} must be a non-negative integer`);
  return Number(value);
}

interface SortKey { field: string; order: 'asc' | 'desc'; missing: 'first' | 'last' }

function parseSort(body: unknown, qs: string | null | undefined): SortKey[] {
  const keys: SortKey[] = [];
  const key = (field: string, spec: unknown) => {
    if (isObject(spec)) allowKeys(spec, ['order', 'missing', 'mode', 'unmapped_type'], 'sort');
    else if (spec !== undefined && typeof spec !== 'string') throw malformed('sort entry');
    const given = isObject(spec) ? spec.order : spec;
    const order = given === undefined ? (field === '_score' ? 'desc' : 'asc') : given;
    if (order !== 'asc' && order !== 'desc') throw malformed(`sort order ${String(order)}`);
    keys.push({ field, order, missing: isObject(spec) && spec.missing === '_first' ? 'first' : 'last' });
  };
  if (qs) {
    for (const part of qs.split(',')) {
      const [field, order = 'asc'] = part.split(':').map((s) => s.trim());
      if (field) key(field, order);
    }
    return keys;
  }
  for (const entry of asList(body)) {
    if (typeof entry === 'string') key(entry, undefined);
    else if (isObject(entry)) for (const [field, spec] of Object.entries(entry)) key(field, spec);
    else throw malformed('sort entry');
  }
  return keys;
}

function sortValue(doc: Doc, key: SortKey): Comparable | undefined {
  const values = fieldValues(doc, key.field).map(comparable).filter((v): v is Comparable => v !== undefined);
  if (!values.length) return undefined;
  return values.reduce((a, b) => (key.order === 'asc' ? (compare(b, a) < 0 ? b : a) : compare(b, a) > 0 ? b : a));
}

/** _source filtering with dotted paths and '*' wildcards (include wins for a parent path, exclude wins for the path itself). */
export function filterSource(source: unknown, includes: string[], excludes: string[]): unknown {
  if (!includes.length && !excludes.length) return source;
  const toRe = (p: string) => new RegExp(`^${p.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  const inc = includes.map(toRe);
  const exc = excludes.map(toRe);
  const incPrefixes = includes.map((p) => p.split('.'));
  const couldIncludeBelow = (path: string): boolean => {
    const parts = path.split('.');
    return incPrefixes.some((p) => p.length > parts.length && parts.every((seg, k) => p[k] === seg || p[k]?.includes('*')));
  };
  const walk = (value: unknown, path: string, included: boolean): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, path, included)).filter((v) => v !== undefined);
    if (!isObject(value)) return value;
    // the document's own keys, written to an object without a prototype (a key '__proto__' stays a key)
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (exc.some((r) => r.test(p))) continue;
      const inHere = included || !inc.length || inc.some((r) => r.test(p));
      if (inHere) out[k] = walk(v, p, true);
      else if (couldIncludeBelow(p) && (isObject(v) || Array.isArray(v))) {
        const sub = walk(v, p, false);
        if (isObject(sub) ? Object.keys(sub).length : Array.isArray(sub) ? sub.length : false) out[k] = sub;
      }
    }
    return out;
  };
  return walk(source, '', false);
}

function sourcePatterns(body: Record<string, unknown>, params: SearchParams): { includes: string[]; excludes: string[]; none: boolean } {
  const split = (s: string | null | undefined) => (s ? s.split(',').map((x) => x.trim()).filter(Boolean) : []);
  let includes: string[] = [];
  let excludes: string[] = [];
  let none = false;
  const src = body._source;
  if (src === false) none = true;
  else if (typeof src === 'string') includes = [src];
  else if (Array.isArray(src)) includes = src.map(String);
  else if (isObject(src)) {
    includes = asList(src.includes ?? src.include).map(String);
    excludes = asList(src.excludes ?? src.exclude).map(String);
  } else if (src !== undefined && src !== true) throw malformed('_source');
  if (params.sourceInclude) includes = split(params.sourceInclude);
  if (params.sourceExclude) excludes = split(params.sourceExclude);
  return { includes, excludes, none };
}

/** The strings of a request (keys and values) that name a field some document holds; 'name^4' names 'name'. */
function namedFields(col: Collection, body: unknown, sort: string | null | undefined): Set<string> {
  const out = new Set<string>();
  const consider = (s: string) => {
    const field = s.split('^')[0] as string;
    if (col.hasField(field)) out.add(field);
  };
  for (const part of sort ? sort.split(',') : []) consider(part.split(':')[0]?.trim() ?? '');
  const stack: unknown[] = [body];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') consider(v);
    else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (isObject(v)) {
      for (const [k, x] of Object.entries(v)) {
        consider(k);
        stack.push(x);
      }
    }
  }
  return out;
}

/** size and from, from the query string or else the body, inside the window. */
function page(params: SearchParams, body: Record<string, unknown>): { size: number; from: number } {
  const size = intParam(params.size, 'size') ?? numOr(body.size, 10, 'size');
  const from = intParam(params.from, 'from') ?? numOr(body.from, 0, 'from');
  if (size < 0 || from < 0 || !Number.isInteger(size) || !Number.isInteger(from)) throw malformed('size and from must be non-negative integers');
  if (size > SEARCH_LIMITS.size) throw limitHit('size', SEARCH_LIMITS.size);
  if (from > SEARCH_LIMITS.from) throw limitHit('from', SEARCH_LIMITS.from);
  if (from + size > MAX_WINDOW) throw new HttpError(400, `Result window is too large, from + size must be less than or equal to: [${MAX_WINDOW}]`);
  return { size, from };
}

/** `hits` in the order of `keys` (ties in index order); with one field key, only the first `want`. */
function sortHits(col: Collection, hits: number[], scores: Float64Array, keys: SortKey[], want: number): number[] {
  // field sort keys read the collection's precomputed sort order: a hit's rank replaces its value in comparisons
  const ranks = keys.map((k) => (k.field === '_score' ? undefined : col.sortOrder(k.field, k.order, k.missing).rank));
  const first = keys[0] as SortKey;
  if (keys.length === 1 && ranks[0]) {
    // one field key: walk the documents in that key's order and keep the hits, up to the page's end
    const inHits = new Uint8Array(col.length);
    for (const i of hits) inHits[i] = 1;
    const order = col.sortOrder(first.field, first.order, first.missing).order;
    const sorted: number[] = [];
    for (let r = 0; r < order.length && sorted.length < want; r++) if (inHits[order[r] as number]) sorted.push(order[r] as number);
    return sorted;
  }
  const cmp = (a: number, b: number) => {
    for (let k = 0; k < keys.length; k++) {
      const rank = ranks[k];
      const d = rank ? (rank[a] as number) - (rank[b] as number) : (scores[b] as number) - (scores[a] as number);
      if (d !== 0) return keys[k]!.field === '_score' && keys[k]!.order === 'asc' ? -d : d;
    }
    return a - b;
  };
  return [...hits].sort(cmp);
}

export function executeSearch(col: Collection, params: SearchParams): Record<string, unknown> {
  const started = process.hrtime.bigint();
  const body = params.body === undefined || params.body === null ? {} : params.body;
  if (!isObject(body)) throw malformed('the request body must be a JSON object');
  for (const k of Object.keys(body)) if (!TOP_LEVEL.includes(k)) throw unsupported(k);
  const { size, from } = page(params, body);
  startRequestBudget();
  // the fields the request names that no column holds yet are read in one pass over the documents (fields no document
  // holds are never read: the collection knows its fields)
  col.buildColumns(namedFields(col, body, params.sort));
  const matcher = compile(body.query === undefined ? { match_all: {} } : body.query, col, true);
  const minScore = numOr(body.min_score, undefined, 'min_score');
  const sortKeys = parseSort(body.sort, params.sort);
  if (sortKeys.length > SEARCH_LIMITS.sortKeys) throw limitHit('too many sort keys', SEARCH_LIMITS.sortKeys);
  chargeWork(col, sortKeys.length);
  const source = sourcePatterns(body, params);
  const aggSpec = body.aggs ?? body.aggregations;
  checkAggregationLimits(col, aggSpec);
  const postFilter = body.post_filter === undefined ? undefined : compile(body.post_filter, col, false);

  const scores = new Float64Array(col.length);
  const matched: number[] = [];
  // only the documents the indexes allow are evaluated (all of them when the query has no index to go by)
  const { mask } = matcher;
  for (let i = 0, n = col.length; i < n; i++) {
    if (mask && !mask[i]) continue;
    const s = matcher(i);
    if (s === undefined || (minScore !== undefined && s < minScore)) continue;
    scores[i] = s;
    matched.push(i);
  }
  const aggregations = aggSpec === undefined ? undefined : aggregate(col, matched, aggSpec);
  const hitsAll = postFilter ? matched.filter((i) => postFilter(i) !== undefined) : matched;
  const keys = sortKeys.length ? sortKeys : [{ field: '_score', order: 'desc' as const, missing: 'last' as const }];
  const pageDocs = sortHits(col, hitsAll, scores, keys, from + size).slice(from, from + size);
  const byField = sortKeys.length > 0 && !(sortKeys.length === 1 && sortKeys[0]?.field === '_score');
  let maxScore: number | null = null;
  for (const i of hitsAll) maxScore = Math.max(maxScore ?? -Infinity, scores[i] as number);
  const hits = pageDocs.map((i) => {
    const doc = col.doc(i);
    const hit: Record<string, unknown> = { _index: params.index, _type: col.type, _id: col.idOf(doc), _score: byField && body.track_scores !== true ? null : scores[i] };
    if (!source.none) hit._source = filterSource(doc, source.includes, source.excludes);
    if (sortKeys.length) hit.sort = keys.map((k) => (k.field === '_score' ? scores[i] : sortValue(doc, k)) ?? null);
    return hit;
  });
  const took = Number((process.hrtime.bigint() - started) / 1_000_000n);
  return {
    took, timed_out: false, _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    hits: { total: hitsAll.length, max_score: byField && body.track_scores !== true ? null : maxScore, hits },
    ...(aggregations ? { aggregations } : {}),
  };
}
