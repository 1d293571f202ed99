/**
 * Offline answers from the products kept on this device (spec catalogue §1: "catalogue data is cached locally";
 * §8: a client search that fails offline answers a result flagged offline). Where the exact request was answered
 * before, the cache holds that answer; where it was not (a search text never typed online, a product page whose
 * document came with a category list, a page rendered by the server), the request is evaluated here over the
 * cached products: the same Elasticsearch body the core builds (search-query.ts), read as a filter over documents.
 *
 * - filters: `terms`, `range`, `bool` (filter / must / must_not / should + minimum_should_match), `match_all`,
 *   `exists`; a document field matches when any of its values does (arrays and arrays of objects flatten, as in
 *   Elasticsearch: `configurable_children.sku`, `category.name`).
 * - text (spec catalogue §9): the multi_match of textQueryClauses over the boosted fields (name 4, description 3,
 *   short_description 3, sku 2, category.name 1), fuzziness 2 with prefix length 1, at least 75% of the terms
 *   matching in one field (best_fields: per field), or the sku phrase. Tokens are lowercase, without diacritics,
 *   split on punctuation; a term also matches a token it begins or ends (Dutch compounds: 'kerst' in 'kerstkaart').
 *   Scores are local (boost x match quality, summed over fields with tie_breaker 1), never the engine's.
 * - order: the request's sort field, else the text score, else the order the products were cached in; paging by
 *   from / size; `total` counts the local matches.
 * - aggregations (the filter panel's options, spec catalogue §3.4, §9): `aggs` of `terms` and `range` (with
 *   sub-aggregations) over all the local matches, in the shape and bucket order the backend answers
 *   (`localAggregations`); a body asking for another kind answers its products with no aggregations.
 * A body holding anything else is not guessed at: `localSearch` answers undefined.
 */
import type { ShopConfig } from '../config';
import type { SearchRequest } from '../ports/catalogue-search';
import type { Aggregations, Product, SearchResult } from './types';

type Clause = Record<string, unknown>;

class Unsupported extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every value at a dotted path, arrays flattened (Elasticsearch's view of an object field). */
export function fieldValues(doc: unknown, path: string): unknown[] {
  let current: unknown[] = [doc];
  for (const part of path.split('.')) {
    const next: unknown[] = [];
    for (const c of current) {
      if (Array.isArray(c)) {
        for (const item of c) if (isRecord(item) && part in item) next.push(item[part]);
      } else if (isRecord(c) && part in c) next.push(c[part]);
    }
    current = next;
  }
  return current.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== undefined && v !== null);
}

function sameTerm(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string')) return String(a) === String(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a) === String(b);
  return false;
}

function rangeMatch(value: unknown, bounds: Record<string, unknown>): boolean {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return false;
  for (const [op, raw] of Object.entries(bounds)) {
    const b = Number(raw);
    if (!Number.isFinite(b)) throw new Unsupported(`range ${op}`);
    if (op === 'gt' && !(n > b)) return false;
    if (op === 'gte' && !(n >= b)) return false;
    if (op === 'lt' && !(n < b)) return false;
    if (op === 'lte' && !(n <= b)) return false;
    if (!['gt', 'gte', 'lt', 'lte'].includes(op)) throw new Unsupported(`range ${op}`);
  }
  return true;
}

const asClauses = (v: unknown): Clause[] => (Array.isArray(v) ? v.filter(isRecord) : isRecord(v) ? [v] : []);

/** Whether a document passes a filter clause (scores are not computed here). */
export function matchesFilter(doc: unknown, clause: Clause, text: TextMatcher): boolean {
  const [kind, arg] = Object.entries(clause)[0] ?? [];
  if (kind === undefined) return true;
  switch (kind) {
    case 'match_all':
      return true;
    case 'terms': {
      if (!isRecord(arg)) throw new Unsupported('terms');
      const [field, wanted] = Object.entries(arg)[0] ?? [];
      if (field === undefined || !Array.isArray(wanted)) throw new Unsupported('terms');
      const values = fieldValues(doc, field);
      return values.some((v) => wanted.some((w) => sameTerm(v, w)));
    }
    case 'term': {
      if (!isRecord(arg)) throw new Unsupported('term');
      const [field, raw] = Object.entries(arg)[0] ?? [];
      if (field === undefined) throw new Unsupported('term');
      const wanted = isRecord(raw) ? raw.value : raw;
      return fieldValues(doc, field).some((v) => sameTerm(v, wanted));
    }
    case 'range': {
      if (!isRecord(arg)) throw new Unsupported('range');
      const [field, bounds] = Object.entries(arg)[0] ?? [];
      if (field === undefined || !isRecord(bounds)) throw new Unsupported('range');
      return fieldValues(doc, field).some((v) => rangeMatch(v, bounds));
    }
    case 'exists': {
      if (!isRecord(arg) || typeof arg.field !== 'string') throw new Unsupported('exists');
      return fieldValues(doc, arg.field).length > 0;
    }
    case 'bool': {
      if (!isRecord(arg)) throw new Unsupported('bool');
      for (const key of Object.keys(arg)) if (!['must', 'filter', 'must_not', 'should', 'minimum_should_match'].includes(key)) throw new Unsupported(`bool.${key}`);
      for (const c of [...asClauses(arg.must), ...asClauses(arg.filter)]) if (!matchesFilter(doc, c, text)) return false;
      for (const c of asClauses(arg.must_not)) if (matchesFilter(doc, c, text)) return false;
      const should = asClauses(arg.should);
      if (should.length) {
        const min = typeof arg.minimum_should_match === 'number' ? arg.minimum_should_match : arg.must || arg.filter ? 0 : 1;
        if (should.filter((c) => matchesFilter(doc, c, text)).length < min) return false;
      }
      return true;
    }
    case 'function_score': {
      if (!isRecord(arg)) throw new Unsupported('function_score');
      return isRecord(arg.query) ? matchesFilter(doc, arg.query, text) : true;
    }
    case 'multi_match':
    case 'match_phrase':
      return text.score(doc as Product) > 0;
    default:
      throw new Unsupported(kind);
  }
}

// ---------------------------------------------------------------------------------------------------- text

/** Lowercase, no diacritics, split on white space, punctuation and symbols (an Elasticsearch standard analyser's view). */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[\s\p{P}\p{S}]+/u)
    .filter(Boolean);
}

/** Optimal string alignment distance (Elasticsearch's fuzzy query counts a transposition as one edit), capped at max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      row.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * How well one query term matches one token (0 = not at all, 1 = exactly): spec catalogue §9 fuzziness 2 with the
 * query builder's prefix length 1 (the first letter must be the same), also against the token's beginning or end
 * of the term's length (a part of a compound word: 'kerst' in 'kerstkaart'; terms of at least 3 letters).
 */
export function termMatch(term: string, token: string, config: ShopConfig): number {
  if (term === token) return 1;
  const { fuzziness, minQueryLength } = config.search;
  const prefix = config.search.queryBuilder.prefixLength;
  const fuzzy = (word: string) => (term.slice(0, prefix) === word.slice(0, prefix) ? editDistance(term, word, fuzziness) : fuzziness + 1);
  const d = fuzzy(token);
  if (d <= fuzziness) return 1 / (1 + d);
  // a part of a compound word: the token's beginning or end of the term's length, fuzzily too
  if (term.length < minQueryLength || token.length <= term.length) return 0;
  const part = Math.min(fuzzy(token.slice(0, term.length)), fuzzy(token.slice(-term.length)));
  return part <= fuzziness ? 0.8 / (1 + part) : 0;
}

/** '75%' of n terms (Elasticsearch rounds a positive percentage down), at least 1. */
export function minimumShouldMatch(spec: string, terms: number): number {
  const pct = /^(\d+(?:\.\d+)?)%$/.exec(spec.trim());
  const n = pct ? Math.floor((terms * Number(pct[1])) / 100) : Number.parseInt(spec, 10);
  return Math.min(terms, Math.max(1, Number.isFinite(n) ? (n < 0 ? terms + n : n) : terms));
}

const stripHtml = (s: string) => s.replace(/<[^>]*>/g, ' ').replace(/&[a-z]+;/gi, ' ');

export interface TextMatcher {
  /** 0 = no match */
  score(doc: Product): number;
}

/** spec catalogue §9: the header search's text rule as a local match (see the file comment). */
export function textMatcher(text: string | undefined, config: ShopConfig): TextMatcher {
  if (text === undefined) return { score: () => 1 };
  const terms = [...new Set(tokenize(text))];
  const needed = minimumShouldMatch(config.search.minimumShouldMatch, terms.length);
  const boosts = Object.entries(config.search.boosts) as Array<[string, number | undefined]>;
  const phrase = text.trim().toLowerCase();
  return {
    score(doc: Product): number {
      if (!terms.length) return 0;
      let total = 0;
      for (const [field, boost] of boosts) {
        const tokens = fieldValues(doc, field).flatMap((v) => (typeof v === 'string' || typeof v === 'number' ? tokenize(stripHtml(String(v))) : []));
        if (!tokens.length) continue;
        let matched = 0;
        let quality = 0;
        for (const term of terms) {
          const best = tokens.reduce((m, token) => Math.max(m, termMatch(term, token, config)), 0);
          if (best > 0) {
            matched++;
            quality += best;
          }
        }
        if (matched >= needed) total += (boost ?? config.search.queryBuilder.defaultFieldBoost) * quality;
      }
      if (typeof doc.sku === 'string' && doc.sku.toLowerCase().includes(phrase)) total += config.search.queryBuilder.skuPhraseBoost;
      return total;
    },
  };
}

/** The search text of a body the core built (the multi_match query), if any. */
export function textOf(body: Record<string, unknown>): string | undefined {
  let found: string | undefined;
  const walk = (v: unknown): void => {
    if (found !== undefined) return;
    if (Array.isArray(v)) return v.forEach(walk);
    if (!isRecord(v)) return;
    const mm = v.multi_match;
    if (isRecord(mm) && typeof mm.query === 'string') {
      found = mm.query;
      return;
    }
    Object.values(v).forEach(walk);
  };
  walk(body);
  return found;
}

const missing = (v: unknown) => v === undefined || v === null;

/** Elasticsearch's sort: numbers by value, other values as text; a document without the field comes last either way. */
function compareValues(a: unknown, b: unknown, direction: string | undefined): number {
  if (missing(a) || missing(b)) return missing(a) === missing(b) ? 0 : missing(a) ? 1 : -1;
  const c = typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  return direction === 'desc' ? -c : c;
}

/**
 * Answer a product search over cached products (in the order they were cached), or undefined when the body holds
 * something this local reading does not know. The answer is flagged offline and cache.
 */
export function localSearch<T extends Product = Product>(docs: readonly T[], request: SearchRequest, config: ShopConfig): SearchResult<T> | undefined {
  const body = request.body;
  const text = textOf(body);
  const matcher = textMatcher(text, config);
  let matches: Array<{ doc: T; score: number; index: number }>;
  try {
    const query = isRecord(body.query) ? body.query : { match_all: {} };
    matches = [];
    docs.forEach((doc, index) => {
      if (!matchesFilter(doc, query, matcher)) return;
      matches.push({ doc, score: text === undefined ? 0 : matcher.score(doc), index });
    });
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
  const [field, direction] = (request.sort ?? '').split(':');
  matches.sort((a, b) => {
    if (field) {
      const c = compareValues(fieldValues(a.doc, field)[0], fieldValues(b.doc, field)[0], direction);
      if (c !== 0) return c;
    }
    if (b.score !== a.score) return b.score - a.score;
    return a.index - b.index;
  });
  const items = matches.slice(request.from, request.from + request.size).map((m) => m.doc);
  const aggs = body.aggs ?? body.aggregations;
  let aggregations: Aggregations = {};
  if (aggs !== undefined) {
    try {
      // over every match in the order the products were cached (as the engine counts them, in document order)
      aggregations = localAggregations(
        [...matches].sort((a, b) => a.index - b.index).map((m) => m.doc),
        aggs,
      );
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
    }
  }
  return { items, total: matches.length, start: request.from, perPage: request.size, aggregations, cache: true, offline: true, ...(matches.length ? {} : { noresults: true }) };
}

// ---------------------------------------------------------------------------------------------------- aggregations

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
/** Elasticsearch's key order: numbers by value, else as text */
const compareKeys = (a: string | number, b: string | number) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
/** a range aggregation reads finite numbers and numeric texts, never booleans or empty texts */
const rangeNumber = (v: unknown): number => (typeof v === 'boolean' || v === '' || !isScalar(v) ? NaN : Number(v));
const rangeKey = (n: number | undefined) => (n === undefined ? '*' : Number.isInteger(n) ? `${n}.0` : String(n));
const optionalNumber = (v: unknown, what: string): number | undefined => {
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new Unsupported(what);
  return n;
};

/**
 * The `aggs` of a search body over the given documents (spec catalogue §3.4, §9: the filter panel's options), as the
 * backend answers them (test-fixtures/backend/search/execute.ts; compared in local-search.test.ts):
 * - `terms` (field, size default 10, order by _count desc or asc / _key, min_doc_count default 1, missing): one bucket
 *   per distinct value of the field (a number and its text apart; a boolean keyed 1/0 with key_as_string), a
 *   document counted once per value; by count, ties by key; `sum_other_doc_count` counts what `size` left out;
 * - `range` (field, ranges of from / to / key, keyed): documents with a number in [from, to).
 * Sub-aggregations are computed per bucket. Anything else throws Unsupported.
 */
export function localAggregations(docs: readonly unknown[], spec: unknown): Aggregations {
  if (!isRecord(spec)) throw new Unsupported('aggs');
  const out: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(spec)) {
    if (!isRecord(def)) throw new Unsupported(`aggregation ${name}`);
    const sub = def.aggs ?? def.aggregations;
    const kinds = Object.keys(def).filter((k) => k !== 'aggs' && k !== 'aggregations' && k !== 'meta');
    const kind = kinds.length === 1 ? kinds[0]! : '';
    const body = def[kind];
    if (!isRecord(body) || typeof body.field !== 'string') throw new Unsupported(`aggregation ${name}`);
    const field = body.field;
    const withSub = (bucket: Record<string, unknown>, of: readonly unknown[]) => (sub === undefined ? bucket : { ...bucket, ...localAggregations(of, sub) });
    if (kind === 'terms') {
      for (const k of Object.keys(body)) if (!['field', 'size', 'order', 'min_doc_count', 'missing', 'shard_size'].includes(k)) throw new Unsupported(`terms ${k}`);
      const size = optionalNumber(body.size, 'terms size') ?? 10;
      const minDocCount = optionalNumber(body.min_doc_count, 'min_doc_count') ?? 1;
      const missing = isScalar(body.missing) ? body.missing : undefined;
      // groups by type and text, in the order they first appear
      const groups = new Map<string, { value: Scalar; docs: unknown[] }>();
      const groupOf = (v: Scalar) => {
        const id = `${typeof v}:${String(v)}`;
        let g = groups.get(id);
        if (!g) groups.set(id, (g = { value: v, docs: [] }));
        return g;
      };
      for (const doc of docs) {
        const values = fieldValues(doc, field).filter(isScalar);
        const seen = new Set<string>();
        for (const v of values) {
          const id = `${typeof v}:${String(v)}`;
          if (seen.has(id)) continue;
          seen.add(id);
          groupOf(v).docs.push(doc);
        }
        if (!values.length && missing !== undefined) groupOf(missing).docs.push(doc);
      }
      const keyed = [...groups.values()].map((g) => ({ key: typeof g.value === 'boolean' ? (g.value ? 1 : 0) : g.value, keyAsString: typeof g.value === 'boolean' ? String(g.value) : undefined, docs: g.docs }));
      let buckets = keyed.filter((b) => b.docs.length >= minDocCount);
      const order = isRecord(body.order) ? Object.entries(body.order)[0] : undefined;
      if (order?.[0] === '_key') buckets.sort((a, b) => (order[1] === 'desc' ? -compareKeys(a.key, b.key) : compareKeys(a.key, b.key)));
      else if (order?.[0] === '_count' && order[1] === 'asc') buckets.sort((a, b) => a.docs.length - b.docs.length || compareKeys(a.key, b.key));
      else if (order && order[0] !== '_count') throw new Unsupported(`terms order ${order[0]}`);
      else buckets.sort((a, b) => b.docs.length - a.docs.length || compareKeys(a.key, b.key));
      const total = buckets.reduce((s, b) => s + b.docs.length, 0);
      buckets = buckets.slice(0, size);
      const shown = buckets.reduce((s, b) => s + b.docs.length, 0);
      out[name] = {
        doc_count_error_upper_bound: 0,
        sum_other_doc_count: total - shown,
        buckets: buckets.map((b) => withSub({ key: b.key, ...(b.keyAsString ? { key_as_string: b.keyAsString } : {}), doc_count: b.docs.length }, b.docs)),
      };
    } else if (kind === 'range') {
      for (const k of Object.keys(body)) if (!['field', 'ranges', 'keyed'].includes(k)) throw new Unsupported(`range ${k}`);
      if (!Array.isArray(body.ranges)) throw new Unsupported('range ranges');
      const buckets = body.ranges.map((r: unknown) => {
        if (!isRecord(r)) throw new Unsupported('range');
        const from = optionalNumber(r.from, 'range from');
        const to = optionalNumber(r.to, 'range to');
        const inRange = docs.filter((doc) =>
          fieldValues(doc, field).some((v) => {
            const n = rangeNumber(v);
            return Number.isFinite(n) && (from === undefined || n >= from) && (to === undefined || n < to);
          }),
        );
        const key = typeof r.key === 'string' ? r.key : `${rangeKey(from)}-${rangeKey(to)}`;
        return withSub({ key, ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), doc_count: inRange.length }, inRange);
      });
      out[name] = body.keyed === true ? { buckets: Object.fromEntries(buckets.map((b) => [b.key as string, b])) } : { buckets };
    } else throw new Unsupported(`aggregation ${kind}`);
  }
  return out as Aggregations;
}
