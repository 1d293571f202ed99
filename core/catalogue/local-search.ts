/**
 * Offline answers from the products kept on this device (spec catalogue §1, §8): a product search never answered
 * online is read over the cached products. Only the body the core's query builder writes (search-query.ts) is read;
 * anything else is not guessed at (Unsupported). A field matches when any of its values does (arrays flatten, as in
 * Elasticsearch); text scores are local (boost x match quality, summed over fields), never the engine's; the order is
 * the sort field, else the score, else the order the products were cached in.
 */
import type { ShopConfig } from '../config';
import { ownEntry } from '../dictionary';
import type { SearchRequest } from '../ports/catalogue-search';
import type { Aggregations, Product, SearchResult } from './types';

type Scalar = string | number | boolean;

class Unsupported extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
/** a clause's one key and its argument, e.g. `{ terms: { color: [5] } }` → ['terms', { color: [5] }] */
const only = (clause: unknown, what: string): [string, unknown] => {
  const entries = isRecord(clause) ? Object.entries(clause) : [];
  if (entries.length !== 1) throw new Unsupported(what);
  return entries[0]!;
};
const asClauses = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
/** a number as a range reads it: numbers and numeric texts, never booleans or empty texts */
const numberOf = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
/** Elasticsearch's order of keys and sort values: numbers by value, other values as text */
const compare = (a: Scalar, b: Scalar): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
};

/** Every value at a dotted path, arrays flattened (Elasticsearch's view of an object field). */
export function fieldValues(doc: unknown, path: string): unknown[] {
  let current: unknown[] = [doc];
  for (const part of path.split('.')) {
    current = current.flat().map((c) => (isRecord(c) ? ownEntry(c, part) : undefined));
  }
  return current.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== undefined && v !== null);
}

/** Whether a document passes a query clause; `text` scores the multi_match and match_phrase. */
function matches(doc: Product, clause: unknown, text: TextMatcher): boolean {
  const [kind, arg] = only(clause, 'clause');
  switch (kind) {
    case 'match_all':
      return true;
    case 'terms': {
      const [field, wanted] = only(arg, 'terms');
      if (!Array.isArray(wanted)) throw new Unsupported('terms');
      const texts = new Set(wanted.filter(isScalar).map(String));
      return fieldValues(doc, field).some((v) => isScalar(v) && texts.has(String(v)));
    }
    case 'range': {
      const [field, bounds] = only(arg, 'range');
      const checks = Object.entries(isRecord(bounds) ? bounds : {}).map(([op, raw]): ((n: number) => boolean) => {
        const b = numberOf(raw);
        if (op === 'gt') return (n) => n > b;
        if (op === 'gte') return (n) => n >= b;
        if (op === 'lt') return (n) => n < b;
        if (op === 'lte') return (n) => n <= b;
        throw new Unsupported(`range ${op}`);
      });
      return fieldValues(doc, field).map(numberOf).some((n) => Number.isFinite(n) && checks.every((check) => check(n)));
    }
    case 'bool': {
      if (!isRecord(arg)) throw new Unsupported('bool');
      const { must, filter, must_not: mustNot, should, minimum_should_match: min, ...rest } = arg;
      if (Object.keys(rest).length) throw new Unsupported('bool');
      if (![...asClauses(must), ...asClauses(filter)].every((c) => matches(doc, c, text))) return false;
      if (asClauses(mustNot).some((c) => matches(doc, c, text))) return false;
      const shoulds = asClauses(should);
      const needed = typeof min === 'number' ? min : must || filter || !shoulds.length ? 0 : 1;
      return shoulds.filter((c) => matches(doc, c, text)).length >= needed;
    }
    case 'function_score':
      return isRecord(arg) && matches(doc, arg.query, text);
    case 'multi_match':
    case 'match_phrase':
      return text(doc) > 0;
    default:
      throw new Unsupported(kind);
  }
}

/** Lowercase, no diacritics, split on white space, punctuation and symbols (Elasticsearch's standard analyser). */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[\s\p{P}\p{S}]+/u)
    .filter(Boolean);
}

/** Optimal string alignment distance (Elasticsearch's fuzzy query: a transposition is one edit), capped at max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      row.push(v);
    }
    if (Math.min(...row) > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * How well one query term matches one token (0 = not at all, 1 = exactly): spec catalogue §9 fuzziness 2 with prefix
 * length 1, also against the token's start or end (compounds: 'kerst' in 'kerstkaart'; terms of 3 letters or more).
 */
export function termMatch(term: string, token: string, config: ShopConfig): number {
  if (term === token) return 1;
  const { fuzziness, minQueryLength } = config.search;
  const prefix = config.search.queryBuilder.prefixLength;
  const fuzzy = (word: string) =>
    term.slice(0, prefix) === word.slice(0, prefix) ? editDistance(term, word, fuzziness) : fuzziness + 1;
  const d = fuzzy(token);
  if (d <= fuzziness) return 1 / (1 + d);
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

/** A document's text score: 0 = no match. */
export type TextMatcher = (doc: Product) => number;

/** spec catalogue §9: the header search's text rule as a local match (see the file comment). */
export function textMatcher(text: string | undefined, config: ShopConfig): TextMatcher {
  if (text === undefined) return () => 1;
  const terms = [...new Set(tokenize(text))];
  const needed = minimumShouldMatch(config.search.minimumShouldMatch, terms.length);
  const phrase = text.trim().toLowerCase();
  return (doc) => {
    if (!terms.length) return 0;
    let total = 0;
    for (const [field, boost] of Object.entries(config.search.boosts)) {
      const values = fieldValues(doc, field).filter((v) => typeof v === 'string' || typeof v === 'number');
      const tokens = values.flatMap((v) => tokenize(stripHtml(String(v))));
      const best = terms.map((term) => Math.max(0, ...tokens.map((token) => termMatch(term, token, config))));
      const matched = best.filter((m) => m > 0);
      if (matched.length >= needed) total += boost * matched.reduce((a, b) => a + b, 0);
    }
    if (doc.sku?.toLowerCase().includes(phrase)) total += config.search.queryBuilder.skuPhraseBoost;
    return total;
  };
}

/** The search text of a body the core built (its multi_match query), if any. */
export function textOf(body: unknown): string | undefined {
  if (Array.isArray(body)) return body.map(textOf).find((t) => t !== undefined);
  if (!isRecord(body)) return undefined;
  if (isRecord(body.multi_match) && typeof body.multi_match.query === 'string') return body.multi_match.query;
  return textOf(Object.values(body));
}

/**
 * Answer a product search over cached products (in the order they were cached), or undefined when the body holds
 * something this local reading does not know. The answer is flagged offline and cache.
 */
export function localSearch<T extends Product>(
  docs: readonly T[],
  request: SearchRequest,
  config: ShopConfig,
): SearchResult<T> | undefined {
  const text = textOf(request.body);
  const matcher = textMatcher(text, config);
  let found: Array<{ doc: T; score: number }>;
  try {
    found = docs
      .filter((doc) => matches(doc, request.body.query ?? { match_all: {} }, matcher))
      .map((doc) => ({ doc, score: text === undefined ? 0 : matcher(doc) }));
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
  const [field, direction] = (request.sort ?? '').split(':');
  const sortValue = (doc: T) => (field ? fieldValues(doc, field).find(isScalar) : undefined);
  // a product without the sort field comes last either way
  const byField = (x?: Scalar, y?: Scalar) => {
    if (x === undefined || y === undefined) return Number(x === undefined) - Number(y === undefined);
    return direction === 'desc' ? compare(y, x) : compare(x, y);
  };
  // stable: equal products keep the order they were cached in
  const ordered = [...found].sort((a, b) => byField(sortValue(a.doc), sortValue(b.doc)) || b.score - a.score);
  let aggregations: Aggregations = {};
  try {
    // over every match in the order the products were cached (as the engine counts them, in document order)
    if (request.body.aggs !== undefined) aggregations = localAggregations(found.map((m) => m.doc), request.body.aggs);
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
  }
  const { from, size } = request;
  const items = ordered.slice(from, from + size).map((m) => m.doc);
  const total = found.length;
  const noresults = total ? {} : { noresults: true };
  return { items, total, start: from, perPage: size, aggregations, cache: true, offline: true, ...noresults };
}

const rangeKey = (n: number | undefined) => (n === undefined ? '*' : Number.isInteger(n) ? `${n}.0` : String(n));

/**
 * The `aggs` of `aggregationsFor` over the given documents (spec catalogue §3.4, §9: the filter panel's options), as
 * the demo backend answers them (compared in local-search.test.ts): `terms` buckets by count then key (a boolean keyed
 * 1/0 with key_as_string), `range` buckets of [from, to).
 */
export function localAggregations(docs: readonly unknown[], spec: unknown): Aggregations {
  if (!isRecord(spec)) throw new Unsupported('aggs');
  const out = new Map<string, unknown>();
  for (const [name, def] of Object.entries(spec)) {
    const [kind, body] = only(def, `aggregation ${name}`);
    if (!isRecord(body) || typeof body.field !== 'string') throw new Unsupported(`aggregation ${name}`);
    const field = body.field;
    if (kind === 'terms') {
      const size = typeof body.size === 'number' ? body.size : 10;
      const counts = new Map<string, number>();
      for (const doc of docs) {
        for (const id of new Set(fieldValues(doc, field).filter(isScalar).map((v) => JSON.stringify(v)))) {
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
      }
      const buckets = [...counts]
        .map(([id, count]) => {
          const key = JSON.parse(id) as Scalar;
          if (typeof key !== 'boolean') return { key, doc_count: count };
          return { key: Number(key), key_as_string: String(key), doc_count: count };
        })
        .sort((a, b) => b.doc_count - a.doc_count || compare(a.key, b.key));
      const shown = buckets.slice(0, size);
      const left = buckets.slice(size).reduce((sum, b) => sum + b.doc_count, 0);
      out.set(name, { doc_count_error_upper_bound: 0, sum_other_doc_count: left, buckets: shown });
    } else if (kind === 'range' && Array.isArray(body.ranges)) {
      const buckets = body.ranges.map((r: { from?: number; to?: number }) => {
        const inRange = (n: number) => Number.isFinite(n) && n >= (r.from ?? -Infinity) && n < (r.to ?? Infinity);
        const count = docs.filter((doc) => fieldValues(doc, field).map(numberOf).some(inRange)).length;
        return { key: `${rangeKey(r.from)}-${rangeKey(r.to)}`, ...r, doc_count: count };
      });
      out.set(name, { buckets });
    } else throw new Unsupported(`aggregation ${kind}`);
  }
  return Object.fromEntries(out) as Aggregations;
}
