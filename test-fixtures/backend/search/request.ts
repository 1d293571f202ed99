import { HttpError } from '../errors';

/** Anything the engine does not understand answers 400 naming it: never a silently wrong answer. */
export const unsupported = (clause: string): HttpError => new HttpError(400, `Unsupported query clause: ${clause}`);
export const malformed = (what: string): HttpError => new HttpError(400, `Malformed query: ${what}`);

/**
 * A compiled query: the score of document i, or undefined when it does not match. `mask`, when present, marks the only
 * documents that can match (read from the indexes): the others are not evaluated.
 */
export type Matcher = ((i: number) => number | undefined) & { mask?: Uint8Array };

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const asList = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
export const num = (v: unknown, what: string): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw malformed(`${what} must be a number`);
  return n;
};
/** An optional number: `fallback` when absent. */
export const numOr = <T extends number | undefined>(v: unknown, fallback: T, what: string): number | T =>
  v === undefined ? fallback : num(v, what);
/** Refuses (400) any key of `body` outside `known`, naming it as `${what}.${key}`. */
export function allowKeys(body: Record<string, unknown>, known: readonly string[], what: string): void {
  for (const k of Object.keys(body)) if (!known.includes(k)) throw unsupported(`${what}.${k}`);
}

/** Bounds of one search request (docs/backend.md "Limits"): a request over one answers 400 naming it. */
export const SEARCH_LIMITS = {
  /** nesting of compound queries (bool, constant_score, dis_max, function_score) */
  depth: 12,
  /**
   * query clauses in one request (query, post_filter, aggregation filters and function filters together): the
   * storefront's largest asks 13; a first request of 100 clauses cost over 50 ms of CPU while V8 optimised the engine
   */
  clauses: 64,
  /** words of one full-text query (match, multi_match, match_phrase) */
  textTerms: 16,
  /** characters of one full-text query */
  textLength: 256,
  /** values of one terms / ids clause */
  termValues: 1024,
  /** fields of one multi_match */
  fields: 20,
  /** functions of one function_score */
  functions: 20,
  size: 5000,
  from: 10_000,
  /** aggregations in one request, and their nesting */
  aggregations: 50,
  aggregationDepth: 3,
  /** buckets a terms aggregation may return, ranges of one range aggregation */
  aggregationSize: 10_000,
  ranges: 100,
  sortKeys: 10,
  /**
   * work of one request, in entries read: each query clause (a multi_match once per field), aggregation and sort key
   * reads every document of the collection once, and a clause that scans a dictionary (prefix, range, a match on a
   * keyword, a fuzzy word's terms of near length, a phrase prefix's tokens) reads each entry it scans; so a small
   * request costs at most about 50 ms of CPU
   */
  work: 5_000_000,
} as const;

export const limitHit = (what: string, max: number): HttpError => new HttpError(400, `Search limit: ${what} (at most ${max})`);

/** The running request's clauses, nesting and work (searches run one at a time, synchronously). */
export const budget = { clauses: 0, depth: 0, passes: 0, entries: 0, work: 0 };
/** Called once per search request: the clause and work budgets are per request. */
export function startRequestBudget(): void {
  Object.assign(budget, { clauses: 0, depth: 0, passes: 0, entries: 0, work: 0 });
}

/** Charges passes over the documents and dictionary entries to scan, before the work: 400 past SEARCH_LIMITS.work. */
export function chargeWork(col: { length: number }, passes: number, entries = 0): void {
  budget.passes += passes;
  budget.entries += entries;
  budget.work += passes * col.length + entries;
  if (budget.work > SEARCH_LIMITS.work) {
    const read = `${col.length} documents x ${budget.passes} clauses, aggregations and sort keys, and ${budget.entries} dictionary entries`;
    throw new HttpError(400, `Search limit: too much work for one request (${read}; at most ${SEARCH_LIMITS.work} in all): ` +
      'ask with fewer clauses, fields, aggregations or sort keys, or with longer prefixes and less fuzziness');
  }
}
