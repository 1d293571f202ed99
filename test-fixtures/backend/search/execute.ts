import { HttpError } from '../errors';
import { asList, chargeWork, Collection, compile, isObject, limitHit, malformed, num, SEARCH_LIMITS, startRequestBudget, unsupported, type Doc } from './engine';
import { comparable, compare, fieldValues, ownEntry, type Comparable } from './fields';
import { scratchF64, scratchU8 } from './scratch';

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
  if (qs) {
    for (const part of qs.split(',')) {
      const [field, order = 'asc'] = part.split(':').map((s) => s.trim());
      if (!field) continue;
      if (order !== 'asc' && order !== 'desc') throw malformed(`sort order ${order}`);
      keys.push({ field, order, missing: 'last' });
    }
    return keys;
  }
  for (const entry of asList(body)) {
    if (typeof entry === 'string') {
      keys.push({ field: entry, order: entry === '_score' ? 'desc' : 'asc', missing: 'last' });
    } else if (isObject(entry)) {
      for (const [field, spec] of Object.entries(entry)) {
        if (typeof spec === 'string') {
          if (spec !== 'asc' && spec !== 'desc') throw malformed(`sort order ${spec}`);
          keys.push({ field, order: spec, missing: 'last' });
        } else if (isObject(spec)) {
          for (const k of Object.keys(spec)) if (!['order', 'missing', 'mode', 'unmapped_type'].includes(k)) throw unsupported(`sort.${k}`);
          const order = spec.order === undefined ? (field === '_score' ? 'desc' : 'asc') : String(spec.order);
          if (order !== 'asc' && order !== 'desc') throw malformed(`sort order ${order}`);
          keys.push({ field, order, missing: spec.missing === '_first' ? 'first' : 'last' });
        } else throw malformed('sort entry');
      }
    } else throw malformed('sort entry');
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

function rangeKey(n: number | undefined): string {
  if (n === undefined) return '*';
  return Number.isInteger(n) ? `${n}.0` : String(n);
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

/** Aggregation count and nesting, checked before any is computed (an explicit stack: no recursion on client input). */
function checkAggregationLimits(col: Collection, spec: unknown): void {
  let count = 0;
  const stack: Array<[unknown, number]> = [[spec, 1]];
  while (stack.length) {
    const [level, depth] = stack.pop() as [unknown, number];
    if (!isObject(level)) continue;
    if (depth > SEARCH_LIMITS.aggregationDepth) throw limitHit('aggregations nested too deep', SEARCH_LIMITS.aggregationDepth);
    for (const def of Object.values(level)) {
      if (++count > SEARCH_LIMITS.aggregations) throw limitHit('too many aggregations', SEARCH_LIMITS.aggregations);
      if (isObject(def) && (def.aggs !== undefined || def.aggregations !== undefined)) stack.push([def.aggs ?? def.aggregations, depth + 1]);
    }
  }
  chargeWork(col, count);
}

function aggregate(col: Collection, matched: number[], spec: unknown): Record<string, unknown> {
  if (!isObject(spec)) throw malformed('aggregations must be an object');
  // aggregation names are the request's: written to an object without a prototype (a name '__proto__' stays a name)
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, def] of Object.entries(spec)) {
    if (!isObject(def)) throw malformed(`aggregation ${name}`);
    const sub = def.aggs ?? def.aggregations;
    const kinds = Object.keys(def).filter((k) => k !== 'aggs' && k !== 'aggregations' && k !== 'meta');
    if (kinds.length !== 1) throw malformed(`aggregation ${name} needs exactly one type`);
    const kind = kinds[0] as string;
    const body = ownEntry(def, kind);
    if (!isObject(body)) throw malformed(`aggregation ${name}.${kind}`);
    const withSub = (bucket: Record<string, unknown>, docs: number[]) => (sub === undefined ? bucket : { ...bucket, ...aggregate(col, docs, sub) });
    switch (kind) {
      case 'terms': {
        for (const k of Object.keys(body)) if (!['field', 'size', 'order', 'min_doc_count', 'missing', 'shard_size'].includes(k)) throw unsupported(`terms aggregation ${k}`);
        if (typeof body.field !== 'string') throw malformed(`aggregation ${name}.terms.field`);
        const field = body.field;
        const size = body.size === undefined ? 10 : num(body.size, 'terms.size');
        if (size > SEARCH_LIMITS.aggregationSize) throw limitHit('terms aggregation size', SEARCH_LIMITS.aggregationSize);
        const minDocCount = body.min_doc_count === undefined ? 1 : num(body.min_doc_count, 'min_doc_count');
        // counted per dictionary entry of the field's column, each document once per value, in the column's counters (only
        // the entries counted are reset after: a sub-aggregation per bucket costs what its bucket holds, not the whole
        // dictionary); the documents of a bucket are kept only when sub-aggregations need them; buckets in order of first
        // appearance (ties keep that order)
        const column = col.column(field);
        const dict = column.dict;
        const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
        const { counts, stamp } = column.counters();
        const keepDocs = sub !== undefined;
        const docsOf = new Map<number, number[]>();
        const keep = (id: number, i: number) => {
          const list = docsOf.get(id);
          if (list) list.push(i);
          else docsOf.set(id, [i]);
        };
        // the `missing` value: its own group, or the entry of an equal value (same type and text)
        const missing = body.missing;
        const missingId = isScalar(missing) ? dict.findIndex((v) => typeof v === typeof missing && String(v) === String(missing)) : -1;
        const missingGroup = { count: 0, docs: [] as number[] };
        /** dictionary ids (and -1 for the missing group) in the order they first appeared */
        const firstSeen: number[] = [];
        const { offsets, ids } = column;
        for (const i of matched) {
          const from = offsets[i] as number;
          const to = offsets[i + 1] as number;
          let scalar = false;
          for (let k = from; k < to; k++) {
            const id = ids[k] as number;
            if (!isScalar(dict[id])) continue;
            scalar = true;
            if (stamp[id] === i) continue;
            stamp[id] = i;
            if (counts[id]!++ === 0) firstSeen.push(id);
            if (keepDocs) keep(id, i);
          }
          if (!scalar && isScalar(missing)) {
            if (missingId >= 0) {
              if (counts[missingId]!++ === 0) firstSeen.push(missingId);
              if (keepDocs) keep(missingId, i);
            } else {
              if (missingGroup.count++ === 0) firstSeen.push(-1);
              if (keepDocs) missingGroup.docs.push(i);
            }
          }
        }
        type Group = { key: string | number; docs: number[]; count: number; keyAsString?: string };
        const group = (v: unknown, count: number, docs: number[]): Group =>
          typeof v === 'boolean' ? { key: v ? 1 : 0, docs, count, keyAsString: String(v) } : { key: v as string | number, docs, count };
        const groups: Group[] = firstSeen.map((id) => (id === -1 ? group(missing, missingGroup.count, missingGroup.docs) : group(dict[id], counts[id] as number, docsOf.get(id) ?? [])));
        for (const id of firstSeen) {
          if (id === -1) continue;
          counts[id] = 0;
          stamp[id] = -1;
        }
        let buckets = groups.filter((g) => g.count >= minDocCount);
        const order = isObject(body.order) ? Object.entries(body.order)[0] : undefined;
        const byKey = (a: { key: string | number }, b: { key: string | number }) => compare(a.key, b.key);
        if (order && order[0] === '_key') buckets.sort((a, b) => (order[1] === 'desc' ? -byKey(a, b) : byKey(a, b)));
        else if (order && order[0] === '_count' && order[1] === 'asc') buckets.sort((a, b) => a.count - b.count || byKey(a, b));
        else if (order && order[0] !== '_count') throw unsupported(`terms order ${order[0]}`);
        else buckets.sort((a, b) => b.count - a.count || byKey(a, b));
        const total = buckets.reduce((s, b) => s + b.count, 0);
        buckets = buckets.slice(0, size);
        const shown = buckets.reduce((s, b) => s + b.count, 0);
        out[name] = {
          doc_count_error_upper_bound: 0,
          sum_other_doc_count: total - shown,
          buckets: buckets.map((b) => withSub({ key: b.key, ...(b.keyAsString ? { key_as_string: b.keyAsString } : {}), doc_count: b.count }, b.docs)),
        };
        break;
      }
      case 'range': {
        for (const k of Object.keys(body)) if (!['field', 'ranges', 'keyed'].includes(k)) throw unsupported(`range aggregation ${k}`);
        if (typeof body.field !== 'string' || !Array.isArray(body.ranges)) throw malformed(`aggregation ${name}.range needs field and ranges`);
        const field = body.field;
        if (body.ranges.length > SEARCH_LIMITS.ranges) throw limitHit('range aggregation has too many ranges', SEARCH_LIMITS.ranges);
        const buckets = body.ranges.map((r) => {
          if (!isObject(r)) throw malformed('range');
          const from = r.from === undefined || r.from === null ? undefined : num(r.from, 'range.from');
          const to = r.to === undefined || r.to === null ? undefined : num(r.to, 'range.to');
          const column = col.column(field);
          const numbers = column.rangeNumbers();
          const inRange = new Uint8Array(numbers.length);
          numbers.forEach((n, id) => {
            if (!Number.isNaN(n) && (from === undefined || n >= from) && (to === undefined || n < to)) inRange[id] = 1;
          });
          const docs = matched.filter((i) => {
            for (let k = column.offsets[i] as number; k < (column.offsets[i + 1] as number); k++) if (inRange[column.ids[k] as number]) return true;
            return false;
          });
          const key = typeof r.key === 'string' ? r.key : `${rangeKey(from)}-${rangeKey(to)}`;
          return withSub({ key, ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), doc_count: docs.length }, docs);
        });
        out[name] = body.keyed === true ? { buckets: Object.fromEntries(buckets.map((b) => [b.key as string, b])) } : { buckets };
        break;
      }
      case 'filter': {
        const m = compile(body, col, false);
        const docs = matched.filter((i) => m(i) !== undefined);
        out[name] = withSub({ doc_count: docs.length }, docs);
        break;
      }
      case 'min': case 'max': case 'avg': case 'sum': case 'value_count': case 'stats': {
        if (typeof body.field !== 'string') throw malformed(`aggregation ${name}.${kind}.field`);
        const field = body.field;
        const column = col.column(field);
        const numbers = column.metricNumbers();
        const values: number[] = [];
        for (const i of matched) {
          for (let k = column.offsets[i] as number; k < (column.offsets[i + 1] as number); k++) {
            const n = numbers[column.ids[k] as number] as number;
            if (!Number.isNaN(n)) values.push(n);
          }
        }
        const sum = values.reduce((a, b) => a + b, 0);
        const min = values.length ? values.reduce((a, b) => (b < a ? b : a)) : null;
        const max = values.length ? values.reduce((a, b) => (b > a ? b : a)) : null;
        const avg = values.length ? sum / values.length : null;
        if (kind === 'stats') out[name] = { count: values.length, min, max, avg, sum };
        else if (kind === 'value_count') out[name] = { value: values.length };
        else out[name] = { value: kind === 'min' ? min : kind === 'max' ? max : kind === 'avg' ? avg : sum };
        break;
      }
      default:
        throw unsupported(`aggregation ${kind}`);
    }
  }
  return out;
}

export function executeSearch(col: Collection, params: SearchParams): Record<string, unknown> {
  const started = process.hrtime.bigint();
  const body = params.body === undefined || params.body === null ? {} : params.body;
  if (!isObject(body)) throw malformed('the request body must be a JSON object');
  for (const k of Object.keys(body)) if (!TOP_LEVEL.includes(k)) throw unsupported(k);
  const size = intParam(params.size, 'size') ?? (body.size === undefined ? 10 : num(body.size, 'size'));
  const from = intParam(params.from, 'from') ?? (body.from === undefined ? 0 : num(body.from, 'from'));
  if (size < 0 || from < 0 || !Number.isInteger(size) || !Number.isInteger(from)) throw malformed('size and from must be non-negative integers');
  if (size > SEARCH_LIMITS.size) throw limitHit('size', SEARCH_LIMITS.size);
  if (from > SEARCH_LIMITS.from) throw limitHit('from', SEARCH_LIMITS.from);
  if (from + size > MAX_WINDOW) throw new HttpError(400, `Result window is too large, from + size must be less than or equal to: [${MAX_WINDOW}]`);
  startRequestBudget();
  // the fields the request names that no column holds yet are read in one pass over the documents (fields no document
  // holds are never read: the collection knows its fields)
  col.buildColumns(namedFields(col, body, params.sort));
  const query = body.query === undefined ? { match_all: {} } : body.query;
  const matcher = compile(query, col, true);
  const minScore = body.min_score === undefined ? undefined : num(body.min_score, 'min_score');
  const sortKeys = parseSort(body.sort, params.sort);
  if (sortKeys.length > SEARCH_LIMITS.sortKeys) throw limitHit('too many sort keys', SEARCH_LIMITS.sortKeys);
  chargeWork(col, sortKeys.length);
  const source = sourcePatterns(body, params);
  const aggSpec = body.aggs ?? body.aggregations;
  checkAggregationLimits(col, aggSpec);
  const postFilter = body.post_filter === undefined ? undefined : compile(body.post_filter, col, false);

  const n = col.length;
  const scores = scratchF64(n, 0);
  const matched: number[] = [];
  // only the documents the indexes allow are evaluated (all of them when the query has no index to go by)
  const allowed = matcher.mask;
  for (let i = 0; i < n; i++) {
    if (allowed && !allowed[i]) continue;
    const s = matcher(i);
    if (s === undefined) continue;
    if (minScore !== undefined && s < minScore) continue;
    scores[i] = s;
    matched.push(i);
  }
  const aggregations = aggSpec === undefined ? undefined : aggregate(col, matched, aggSpec);
  const hitsAll = postFilter ? matched.filter((i) => postFilter(i) !== undefined) : matched;
  const keys = sortKeys.length ? sortKeys : [{ field: '_score', order: 'desc' as const, missing: 'last' as const }];
  // field sort keys read the collection's precomputed sort order: a hit's rank replaces its value in comparisons
  const ranks = keys.map((k) => (k.field === '_score' ? undefined : col.sortOrder(k.field, k.order, k.missing).rank));
  const want = from + size;
  let sorted: number[];
  const onlyScores = keys.length === 1 && keys[0]?.field === '_score';
  if (keys.length === 1 && ranks[0]) {
    // one field key: walk the documents in that key's order and keep the hits, up to the page's end
    const inHits = scratchU8(n);
    for (const i of hitsAll) inHits[i] = 1;
    const order = col.sortOrder(keys[0]!.field, keys[0]!.order, keys[0]!.missing).order;
    sorted = [];
    for (let r = 0; r < n && sorted.length < want; r++) if (inHits[order[r] as number]) sorted.push(order[r] as number);
  } else if (onlyScores && hitsAll.every((i) => scores[i] === scores[hitsAll[0] as number])) {
    sorted = hitsAll.slice(0, want); // equal scores: index order
  } else {
    const cmp = (a: number, b: number) => {
      for (let k = 0; k < keys.length; k++) {
        const rank = ranks[k];
        const d = rank ? (rank[a] as number) - (rank[b] as number) : (scores[b] as number) - (scores[a] as number);
        if (d !== 0) return keys[k]!.field === '_score' && keys[k]!.order === 'asc' ? -d : d;
      }
      return a - b;
    };
    if (want * 4 < hitsAll.length && hitsAll.every((i) => !Number.isNaN(scores[i]))) {
      // a page of many hits: keep the first `want` in a sorted buffer (the order is total, so this is the full sort's prefix)
      sorted = [];
      for (const i of hitsAll) {
        if (sorted.length === want && (want === 0 || cmp(i, sorted[want - 1] as number) >= 0)) continue;
        let lo = 0;
        let hi = sorted.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (cmp(sorted[mid] as number, i) <= 0) lo = mid + 1;
          else hi = mid;
        }
        sorted.splice(lo, 0, i);
        if (sorted.length > want) sorted.pop();
      }
    } else sorted = [...hitsAll].sort(cmp);
  }
  const page = sorted.slice(from, want);
  const byField = sortKeys.length > 0 && !(sortKeys.length === 1 && sortKeys[0]?.field === '_score');
  let maxScore: number | null = null;
  for (const i of hitsAll) maxScore = Math.max(maxScore ?? -Infinity, scores[i] as number);
  const hits = page.map((i) => {
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
