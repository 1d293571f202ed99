/**
 * The previous search engine (before issue 9's indexes), kept unchanged as the ORACLE of search-engine.test.ts and as the
 * comparison in scripts/bench/search-latency.ts --compare: every clause evaluated per document, MiniSearch for full text.
 * Not used by the backend.
 */
import { HttpError } from '../../errors';
import { comparable, compare, fieldValues, termEquals, type Comparable } from '../fields';
import { FieldIndex, requiredMatches, type TextQueryOptions } from './fulltext';
import { tokenize } from '../text';

/**
 * An interpreter of the Elasticsearch query DSL subset vue-storefront 1.12 sends (see docs/backend.md for the list).
 * Anything it does not understand answers 400 naming the clause: never a silently wrong answer.
 */
export type Doc = Record<string, unknown>;

const NONE: readonly unknown[] = Object.freeze([]);

/** Documents by kind of scalar value, for term lookups with Elasticsearch's coercion (see termEquals). */
interface TermIndex {
  numbers: Map<number, number[]>;
  strings: Map<string, number[]>;
  /** string values that read as numbers (matched by a numeric query value) */
  numericStrings: Map<number, number[]>;
  booleans: Map<boolean, number[]>;
}

/**
 * One document type as the search engine sees it. Per field, built once on first use and kept (issue 9 "Fast at 40k"):
 * the values of every document (a column), a term index (value -> documents), comparable values for ranges and sorts,
 * numbers for range aggregations and metrics, and the document order of each sort. Only `invalidate` (live stock) drops them.
 */
export class Collection {
  private readonly fieldIndexes = new Map<string, FieldIndex>();
  private readonly textField = new Map<string, boolean>();
  private readonly columns = new Map<string, ReadonlyArray<readonly unknown[]>>();
  private readonly termIndexes = new Map<string, TermIndex>();
  private readonly comparableColumns = new Map<string, ReadonlyArray<readonly Comparable[]>>();
  private readonly numberColumns = new Map<string, ReadonlyArray<readonly number[]>>();
  private readonly sortOrders = new Map<string, { order: Int32Array; rank: Int32Array }>();
  private idIndex: Map<string, number> | undefined;
  constructor(
    readonly type: string,
    readonly docs: Doc[],
    readonly idOf: (doc: Doc) => string = (d) => String(d.id),
    /** where built full-text indexes are kept between starts (the backend's SQLite) */
    private readonly indexStore?: { get(type: string, field: string): string | undefined; put(type: string, field: string, json: string): void },
  ) {}

  /** Drops what was derived from fields under `prefix` (their values changed in place). */
  invalidate(prefix: string): void {
    const hit = (field: string) => field === prefix || field.startsWith(`${prefix}.`) || field.includes(`.${prefix}.`) || field.endsWith(`.${prefix}`);
    for (const cache of [this.columns, this.termIndexes, this.comparableColumns, this.numberColumns] as Array<Map<string, unknown>>) {
      for (const k of [...cache.keys()]) if (hit(k)) cache.delete(k);
    }
    for (const k of [...this.sortOrders.keys()]) if (hit(k.split('\u0000')[0] as string)) this.sortOrders.delete(k);
  }

  /** The values of `field` in every document (arrays flattened, as Elasticsearch indexes them). */
  values(field: string): ReadonlyArray<readonly unknown[]> {
    let col = this.columns.get(field);
    if (!col) {
      col = this.docs.map((d) => {
        const v = fieldValues(d, field);
        return v.length ? v : NONE;
      });
      this.columns.set(field, col);
    }
    return col;
  }

  termIndex(field: string): TermIndex {
    let idx = this.termIndexes.get(field);
    if (!idx) {
      const built: TermIndex = { numbers: new Map(), strings: new Map(), numericStrings: new Map(), booleans: new Map() };
      const add = <K>(map: Map<K, number[]>, key: K, i: number) => {
        const list = map.get(key);
        if (!list) map.set(key, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      };
      this.values(field).forEach((vals, i) => {
        for (const v of vals) {
          if (typeof v === 'number') add(built.numbers, v, i);
          else if (typeof v === 'boolean') add(built.booleans, v, i);
          else if (typeof v === 'string') {
            add(built.strings, v, i);
            if (v.trim() !== '' && !Number.isNaN(Number(v))) add(built.numericStrings, Number(v), i);
          }
        }
      });
      idx = built;
      this.termIndexes.set(field, idx);
    }
    return idx;
  }

  /** Marks every document with a value of `field` that termEquals one of `wanted`. */
  termMask(field: string, wanted: readonly unknown[]): Uint8Array {
    const idx = this.termIndex(field);
    const mask = new Uint8Array(this.docs.length);
    const mark = (list: number[] | undefined) => {
      if (list) for (const i of list) mask[i] = 1;
    };
    for (const q of wanted) {
      if (typeof q === 'number') {
        mark(idx.numbers.get(q));
        mark(idx.numericStrings.get(q));
        if (q === 1 || q === 0) mark(idx.booleans.get(q === 1));
      } else if (typeof q === 'string') {
        mark(idx.strings.get(q));
        if (q.trim() !== '' && !Number.isNaN(Number(q))) mark(idx.numbers.get(Number(q)));
        if (q === 'true' || q === 'false') mark(idx.booleans.get(q === 'true'));
      } else if (typeof q === 'boolean') {
        mark(idx.booleans.get(q));
        mark(idx.strings.get(String(q)));
        mark(idx.numbers.get(q ? 1 : 0));
      }
    }
    return mask;
  }

  /** Per document: its values of `field` that compare (numbers, booleans as 0/1, numeric strings as numbers, strings). */
  comparables(field: string): ReadonlyArray<readonly Comparable[]> {
    let col = this.comparableColumns.get(field);
    if (!col) {
      col = this.values(field).map((vals) => {
        if (!vals.length) return NONE as readonly Comparable[];
        const out = vals.map(comparable).filter((v): v is Comparable => v !== undefined);
        return out.length ? out : (NONE as readonly Comparable[]);
      });
      this.comparableColumns.set(field, col);
    }
    return col;
  }

  /** Per document: its values of `field` read as finite numbers (not booleans or empty strings), for range aggregations and metrics. */
  numbers(field: string): ReadonlyArray<readonly number[]> {
    let col = this.numberColumns.get(field);
    if (!col) {
      col = this.values(field).map((vals) => {
        if (!vals.length) return NONE as readonly number[];
        const out: number[] = [];
        for (const v of vals) {
          if (typeof v === 'boolean' || v === '') continue;
          const n = Number(v);
          if (Number.isFinite(n)) out.push(n);
        }
        return out.length ? out : (NONE as readonly number[]);
      });
      this.numberColumns.set(field, col);
    }
    return col;
  }

  /** The sort value of every document (min of its values for asc, max for desc), undefined when it has none. */
  sortValues(field: string, order: 'asc' | 'desc'): Array<Comparable | undefined> {
    return this.comparables(field).map((vals) => {
      if (!vals.length) return undefined;
      return vals.reduce((a, b) => (order === 'asc' ? (compare(b, a) < 0 ? b : a) : compare(b, a) > 0 ? b : a));
    });
  }

  /** All documents in the order of one sort key (ties in index order), and each document's rank in it. */
  sortOrder(field: string, order: 'asc' | 'desc', missing: 'first' | 'last'): { order: Int32Array; rank: Int32Array } {
    const key = `${field}\u0000${order}\u0000${missing}`;
    let found = this.sortOrders.get(key);
    if (!found) {
      const values = this.sortValues(field, order);
      const idx = Array.from({ length: this.docs.length }, (_, i) => i);
      idx.sort((a, b) => {
        const x = values[a];
        const y = values[b];
        if (x === undefined && y === undefined) return a - b;
        if (x === undefined) return missing === 'first' ? -1 : 1;
        if (y === undefined) return missing === 'first' ? 1 : -1;
        const d = compare(x, y);
        if (d !== 0) return order === 'asc' ? d : -d;
        return a - b;
      });
      const rank = new Int32Array(this.docs.length);
      idx.forEach((doc, r) => (rank[doc] = r));
      found = { order: Int32Array.from(idx), rank };
      this.sortOrders.set(key, found);
    }
    return found;
  }

  /** Document index by id. */
  indexOfId(id: string): number | undefined {
    if (!this.idIndex) {
      this.idIndex = new Map();
      this.docs.forEach((d, i) => this.idIndex?.set(this.idOf(d), i));
    }
    return this.idIndex.get(id);
  }

  private readonly tokenCache = new Map<string, string[][][]>();

  /** Tokenised values of a field per document (for phrase matching), computed once. */
  fieldTokens(field: string): string[][][] {
    let cached = this.tokenCache.get(field);
    if (!cached) {
      cached = this.docs.map((d) => fieldValues(d, field).filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => tokenize(String(v))));
      this.tokenCache.set(field, cached);
    }
    return cached;
  }

  /** The full-text index of `field`; `persist` (start-up warm-up only: a request never writes) reads/keeps it in the index store. */
  fieldIndex(field: string, persist = false): FieldIndex {
    let idx = this.fieldIndexes.get(field);
    if (!idx) {
      const stored = persist ? this.indexStore?.get(this.type, field) : undefined;
      idx = new FieldIndex(this.docs, field, stored);
      if (persist && stored === undefined) this.indexStore?.put(this.type, field, idx.serialize());
      this.fieldIndexes.set(field, idx);
    }
    return idx;
  }

  /** A field is full text when its values are strings that are not numbers (sampled over the documents). */
  isTextField(field: string): boolean {
    let known = this.textField.get(field);
    if (known === undefined) {
      known = false;
      for (const d of this.docs) {
        const v = fieldValues(d, field).find((x) => x !== null && x !== undefined);
        if (v === undefined) continue;
        known = typeof v === 'string' && (v.trim() === '' || Number.isNaN(Number(v)));
        break;
      }
      this.textField.set(field, known);
    }
    return known;
  }
}

export const unsupported = (clause: string): HttpError => new HttpError(400, `Unsupported query clause: ${clause}`);
const malformed = (what: string): HttpError => new HttpError(400, `Malformed query: ${what}`);

/** A compiled query: the score of a document, or undefined when it does not match. */
type Matcher = (i: number) => number | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asList = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const num = (v: unknown, what: string): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw malformed(`${what} must be a number`);
  return n;
};

/** Splits `{ field: value }` or `{ field: { ...options } }` (ignoring `boost`/`_name` keys at the clause level). */
function singleField(clause: string, body: unknown): [string, unknown, number] {
  if (!isObject(body)) throw malformed(`${clause} must be an object`);
  let boost = 1;
  const entries = Object.entries(body).filter(([k, v]) => {
    if (k === 'boost') {
      boost = num(v, `${clause}.boost`);
      return false;
    }
    return k !== '_name';
  });
  if (entries.length !== 1) throw malformed(`${clause} needs exactly one field`);
  const [field, value] = entries[0] as [string, unknown];
  return [field, value, boost];
}

/** Bounds of one search request (docs/backend.md "Limits"): a request over one answers 400 naming it. */
export const SEARCH_LIMITS = {
  /** nesting of compound queries (bool, constant_score, dis_max, function_score) */
  depth: 12,
  /** query clauses in one request (query, post_filter, aggregation filters and function filters together) */
  clauses: 200,
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
} as const;

export const limitHit = (what: string, max: number): HttpError => new HttpError(400, `Search limit: ${what} (at most ${max})`);

let clausesUsed = 0;
let depthNow = 0;
/** Called once per search request: the clause budget is per request. */
export function startRequestBudget(): void {
  clausesUsed = 0;
  depthNow = 0;
}

export function compile(query: unknown, col: Collection, scoring: boolean): Matcher {
  if (++clausesUsed > SEARCH_LIMITS.clauses) throw limitHit('too many query clauses', SEARCH_LIMITS.clauses);
  if (depthNow >= SEARCH_LIMITS.depth) throw limitHit('queries nested too deep', SEARCH_LIMITS.depth);
  depthNow++;
  try {
    return compileClause(query, col, scoring);
  } finally {
    depthNow--;
  }
}

function compileClause(query: unknown, col: Collection, scoring: boolean): Matcher {
  if (!isObject(query)) throw malformed('a query must be an object');
  const keys = Object.keys(query);
  if (keys.length !== 1) throw malformed(`a query object needs exactly one clause, got ${keys.length ? keys.join(', ') : 'none'}`);
  const name = keys[0] as string;
  const body = query[name];
  const docs = col.docs;
  const constant = (boost: number): number => (scoring ? boost : 0);

  switch (name) {
    case 'match_all': {
      const boost = isObject(body) && body.boost !== undefined ? num(body.boost, 'match_all.boost') : 1;
      return () => constant(boost);
    }
    case 'match_none':
      return () => undefined;
    case 'bool':
      return compileBool(body, col, scoring);
    case 'constant_score': {
      if (!isObject(body) || !isObject(body.filter)) throw malformed('constant_score needs a filter');
      const inner = compile(body.filter, col, false);
      const boost = body.boost !== undefined ? num(body.boost, 'constant_score.boost') : 1;
      return (i) => (inner(i) === undefined ? undefined : constant(boost));
    }
    case 'term': {
      const [field, raw, boost0] = singleField('term', body);
      const value = isObject(raw) ? raw.value : raw;
      const boost = isObject(raw) && raw.boost !== undefined ? num(raw.boost, 'term.boost') : boost0;
      if (value === undefined || isObject(value) || Array.isArray(value)) throw malformed(`term.${field} needs a single value`);
      const mask = col.termMask(field, [value]);
      return (i) => (mask[i] ? constant(boost) : undefined);
    }
    case 'terms': {
      if (!isObject(body)) throw malformed('terms must be an object');
      let boost = 1;
      const fields = Object.entries(body).filter(([k, v]) => {
        if (k === 'boost') {
          boost = num(v, 'terms.boost');
          return false;
        }
        return k !== '_name';
      });
      if (fields.length !== 1) throw malformed('terms needs exactly one field');
      const [field, values] = fields[0] as [string, unknown];
      if (!Array.isArray(values)) throw malformed(`terms.${field} must be an array`);
      if (values.length > SEARCH_LIMITS.termValues) throw limitHit(`terms.${field} has too many values`, SEARCH_LIMITS.termValues);
      if (values.some((v) => isObject(v) || Array.isArray(v))) throw malformed(`terms.${field} values must be scalars`);
      const mask = col.termMask(field, values);
      return (i) => (mask[i] ? constant(boost) : undefined);
    }
    case 'ids': {
      if (!isObject(body) || !Array.isArray(body.values)) throw malformed('ids.values must be an array');
      if (body.values.length > SEARCH_LIMITS.termValues) throw limitHit('ids.values has too many values', SEARCH_LIMITS.termValues);
      const mask = new Uint8Array(docs.length);
      for (const v of body.values) {
        const i = col.indexOfId(String(v));
        if (i !== undefined) mask[i] = 1;
      }
      return (i) => (mask[i] ? constant(1) : undefined);
    }
    case 'prefix': {
      const [field, raw, boost] = singleField('prefix', body);
      const value = String(isObject(raw) ? raw.value : raw);
      const column = col.values(field);
      return (i) => ((column[i] as readonly unknown[]).some((v) => typeof v === 'string' && v.startsWith(value)) ? constant(boost) : undefined);
    }
    case 'exists': {
      if (!isObject(body) || typeof body.field !== 'string') throw malformed('exists.field must be a string');
      const column = col.values(body.field);
      return (i) => ((column[i] as readonly unknown[]).length > 0 ? constant(1) : undefined);
    }
    case 'range': {
      const [field, raw, boost0] = singleField('range', body);
      if (!isObject(raw)) throw malformed(`range.${field} must be an object`);
      const bounds: Array<[string, Comparable]> = [];
      let boost = boost0;
      for (const [op, v] of Object.entries(raw)) {
        if (op === 'boost') boost = num(v, 'range.boost');
        else if (op === 'format' || op === 'time_zone' || op === 'relation') continue;
        else if (op === 'gt' || op === 'gte' || op === 'lt' || op === 'lte' || op === 'from' || op === 'to') {
          if (v === null) continue;
          const c = comparable(v);
          if (c === undefined) throw malformed(`range.${field}.${op} must be a number or a string`);
          bounds.push([op, c]);
        } else if (op === 'include_lower' || op === 'include_upper') continue;
        else throw unsupported(`range.${op}`);
      }
      const inclLower = raw.include_lower !== false;
      const inclUpper = raw.include_upper !== false;
      // evaluated once over the field's comparable values: the query then reads a mask
      const column = col.comparables(field);
      const mask = new Uint8Array(docs.length);
      for (let i = 0; i < docs.length; i++) {
        const ok = (column[i] as readonly Comparable[]).some((c) => {
          return bounds.every(([op, b]) => {
            if ((typeof c === 'number') !== (typeof b === 'number')) return false;
            const d = compare(c, b);
            switch (op) {
              case 'gt': return d > 0;
              case 'gte': return d >= 0;
              case 'lt': return d < 0;
              case 'lte': return d <= 0;
              case 'from': return inclLower ? d >= 0 : d > 0;
              default: return inclUpper ? d <= 0 : d < 0;
            }
          });
        });
        if (ok) mask[i] = 1;
      }
      return (i) => (mask[i] ? constant(boost) : undefined);
    }
    case 'match': {
      const [field, raw, boost0] = singleField('match', body);
      const opts = isObject(raw) ? raw : { query: raw };
      for (const k of Object.keys(opts)) {
        if (!['query', 'operator', 'fuzziness', 'minimum_should_match', 'boost', 'max_expansions', 'prefix_length', 'analyzer', 'cutoff_frequency', 'fuzzy_transpositions', 'lenient', 'zero_terms_query', 'auto_generate_synonyms_phrase_query'].includes(k)) throw unsupported(`match.${k}`);
      }
      const boost = opts.boost !== undefined ? num(opts.boost, 'match.boost') : boost0;
      return textMatcher(col, [[field, boost]], opts, 'best_fields', 1, scoring);
    }
    case 'match_phrase':
    case 'match_phrase_prefix': {
      const [field, raw, boost0] = singleField(name, body);
      const opts = isObject(raw) ? raw : { query: raw };
      const boost = opts.boost !== undefined ? num(opts.boost, `${name}.boost`) : boost0;
      return phraseMatcher(col, [[field, boost]], opts.query, name === 'match_phrase_prefix', 1, scoring);
    }
    case 'multi_match': {
      if (!isObject(body)) throw malformed('multi_match must be an object');
      for (const k of Object.keys(body)) {
        if (!['query', 'fields', 'type', 'operator', 'fuzziness', 'minimum_should_match', 'boost', 'tie_breaker', 'max_expansions', 'prefix_length', 'analyzer', 'cutoff_frequency', 'fuzzy_transpositions', 'lenient', 'zero_terms_query', 'auto_generate_synonyms_phrase_query', '_name'].includes(k)) throw unsupported(`multi_match.${k}`);
      }
      const fieldSpecs = body.fields === undefined ? defaultTextFields(col) : asList(body.fields);
      if (fieldSpecs.length > SEARCH_LIMITS.fields) throw limitHit('multi_match has too many fields', SEARCH_LIMITS.fields);
      const fields: Array<[string, number]> = fieldSpecs.map((f) => {
        if (typeof f !== 'string') throw malformed('multi_match.fields must be strings');
        const [fname, b] = f.split('^');
        if (!fname || fname.includes('*')) throw unsupported(`multi_match.fields wildcard "${f}"`);
        return [fname, b === undefined ? 1 : num(b, 'field boost')];
      });
      const type = body.type === undefined ? 'best_fields' : String(body.type);
      const tie = body.tie_breaker === undefined ? 0 : num(body.tie_breaker, 'multi_match.tie_breaker');
      const boost = body.boost === undefined ? 1 : num(body.boost, 'multi_match.boost');
      if (type === 'phrase' || type === 'phrase_prefix') return phraseMatcher(col, fields, body.query, type === 'phrase_prefix', boost, scoring, tie);
      if (!['best_fields', 'most_fields', 'cross_fields'].includes(type)) throw unsupported(`multi_match.type ${type}`);
      return textMatcher(col, fields, body, type, boost, scoring, tie);
    }
    case 'function_score':
      return compileFunctionScore(body, col, scoring);
    case 'dis_max': {
      if (!isObject(body) || !Array.isArray(body.queries)) throw malformed('dis_max.queries must be an array');
      const qs = body.queries.map((q) => compile(q, col, scoring));
      const tie = body.tie_breaker === undefined ? 0 : num(body.tie_breaker, 'dis_max.tie_breaker');
      return (i) => {
        const scores = qs.map((q) => q(i)).filter((s): s is number => s !== undefined);
        if (!scores.length) return undefined;
        const max = Math.max(...scores);
        return max + tie * (scores.reduce((a, b) => a + b, 0) - max);
      };
    }
    default:
      throw unsupported(name);
  }
}

/** The text of a full-text clause, within the length and word limits (a 1,000-word fuzzy query is refused, not run). */
function boundedText(query: string | number | boolean): string {
  const text = String(query);
  if (text.length > SEARCH_LIMITS.textLength) throw limitHit('full-text query too long', SEARCH_LIMITS.textLength);
  if (tokenize(text).length > SEARCH_LIMITS.textTerms) throw limitHit('too many words in a full-text query', SEARCH_LIMITS.textTerms);
  return text;
}

function defaultTextFields(col: Collection): string[] {
  const byType: Record<string, string[]> = {
    product: ['name', 'sku', 'description', 'short_description', 'category.name'],
    category: ['name'],
    cms_page: ['title', 'content'],
    cms_block: ['title', 'content'],
    attribute: ['frontend_label', 'attribute_code'],
    review: ['title', 'detail', 'nickname'],
    taxrule: ['code'],
  };
  return byType[col.type] ?? ['name'];
}

function textMatcher(
  col: Collection, fields: Array<[string, number]>, opts: Record<string, unknown>, type: string, boost: number, scoring: boolean, tie = 0,
): Matcher {
  const query = opts.query;
  if (typeof query !== 'string' && typeof query !== 'number' && typeof query !== 'boolean') throw malformed('query text must be a string');
  const text = boundedText(query);
  const operator = opts.operator === undefined ? 'or' : String(opts.operator).toLowerCase();
  if (operator !== 'or' && operator !== 'and') throw malformed(`operator ${operator}`);
  try {
    requiredMatches(opts.minimum_should_match, 1);
  } catch {
    throw malformed(`minimum_should_match ${String(opts.minimum_should_match)}`);
  }
  const options: TextQueryOptions = {
    fuzziness: opts.fuzziness,
    operator: operator as 'or' | 'and',
    minimumShouldMatch: opts.minimum_should_match,
    maxExpansions: opts.max_expansions === undefined ? 50 : num(opts.max_expansions, 'max_expansions'),
    prefixLength: opts.prefix_length === undefined ? 0 : num(opts.prefix_length, 'prefix_length'),
  };
  const perField: Array<[Map<number, number>, number]> = [];
  const exact: Array<[string, number]> = [];
  for (const [field, fieldBoost] of fields) {
    if (col.isTextField(field)) perField.push([col.fieldIndex(field).search(text, options), fieldBoost]);
    else exact.push([field, fieldBoost]);
  }
  // numbers / keywords: a match is an equality on any of the query's tokens (e.g. match { erin_recommends: 1 })
  const tokens = tokenize(text);
  return (i) => {
    const scores: number[] = [];
    for (const [map, b] of perField) {
      const s = map.get(i);
      if (s !== undefined) scores.push(s * b);
    }
    for (const [field, b] of exact) {
      const values = col.values(field)[i] as readonly unknown[];
      if (values.some((v) => termEquals(v, text) || tokens.some((t) => termEquals(v, t)) || String(v).toLowerCase() === text.toLowerCase())) scores.push(b);
    }
    if (!scores.length) return undefined;
    if (!scoring) return 0;
    const max = Math.max(...scores);
    const sum = scores.reduce((a, b) => a + b, 0);
    const combined = type === 'best_fields' ? max + tie * (sum - max) : sum;
    return combined * boost;
  };
}

function phraseMatcher(col: Collection, fields: Array<[string, number]>, query: unknown, prefix: boolean, boost: number, scoring: boolean, tie = 0): Matcher {
  if (typeof query !== 'string' && typeof query !== 'number') throw malformed('phrase query must be a string');
  const phrase = tokenize(boundedText(query));
  const tokenLists = fields.map(([field]) => col.fieldTokens(field));
  return (i) => {
    if (!phrase.length) return undefined;
    const scores: number[] = [];
    for (let f = 0; f < fields.length; f++) {
      const b = (fields[f] as [string, number])[1];
      const matched = ((tokenLists[f] as string[][][])[i] ?? []).some((toks) => {
        for (let s = 0; s + phrase.length <= toks.length; s++) {
          if (phrase.every((p, k) => (prefix && k === phrase.length - 1 ? (toks[s + k] as string).startsWith(p) : toks[s + k] === p))) return true;
        }
        return false;
      });
      if (matched) scores.push(b * (1 + phrase.length));
    }
    if (!scores.length) return undefined;
    if (!scoring) return 0;
    const max = Math.max(...scores);
    return (max + tie * (scores.reduce((a, c) => a + c, 0) - max)) * boost;
  };
}

function compileBool(body: unknown, col: Collection, scoring: boolean): Matcher {
  if (!isObject(body)) throw malformed('bool must be an object');
  for (const k of Object.keys(body)) {
    if (!['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost', '_name', 'disable_coord', 'adjust_pure_negative'].includes(k)) throw unsupported(`bool.${k}`);
  }
  const must = asList(body.must).map((q) => compile(q, col, scoring));
  const filter = asList(body.filter).map((q) => compile(q, col, false));
  const mustNot = asList(body.must_not).map((q) => compile(q, col, false));
  const should = asList(body.should).map((q) => compile(q, col, scoring));
  const boost = body.boost === undefined ? 1 : num(body.boost, 'bool.boost');
  let required: number;
  if (body.minimum_should_match !== undefined) {
    try {
      required = requiredMatches(body.minimum_should_match, should.length);
    } catch {
      throw malformed(`minimum_should_match ${String(body.minimum_should_match)}`);
    }
  } else required = should.length > 0 && must.length === 0 && filter.length === 0 ? 1 : 0;
  const onlyFilters = must.length === 0 && should.length === 0;
  return (i) => {
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

function compileFunctionScore(body: unknown, col: Collection, scoring: boolean): Matcher {
  if (!isObject(body)) throw malformed('function_score must be an object');
  for (const k of Object.keys(body)) {
    if (!['query', 'functions', 'score_mode', 'boost_mode', 'max_boost', 'min_score', 'boost', 'weight', 'field_value_factor', 'random_score', 'filter'].includes(k)) throw unsupported(`function_score.${k}`);
  }
  const inner = body.query === undefined ? (): number => 1 : compile(body.query, col, true);
  const fnSpecs: unknown[] = Array.isArray(body.functions) ? [...body.functions] : [];
  if (fnSpecs.length > SEARCH_LIMITS.functions) throw limitHit('function_score has too many functions', SEARCH_LIMITS.functions);
  if (body.functions !== undefined && !Array.isArray(body.functions)) throw malformed('function_score.functions must be an array');
  if (body.weight !== undefined || body.field_value_factor !== undefined || body.random_score !== undefined) {
    fnSpecs.push({ weight: body.weight, field_value_factor: body.field_value_factor, random_score: body.random_score });
  }
  const fns = fnSpecs.map((spec) => {
    if (!isObject(spec)) throw malformed('a function must be an object');
    for (const k of Object.keys(spec)) {
      if (!['filter', 'weight', 'field_value_factor', 'random_score'].includes(k)) throw unsupported(`function_score.functions.${k}`);
    }
    const filter = spec.filter === undefined ? undefined : compile(spec.filter, col, false);
    const weight = spec.weight === undefined ? undefined : num(spec.weight, 'function weight');
    let value: (i: number) => number = () => 1;
    if (isObject(spec.field_value_factor)) {
      const fvf = spec.field_value_factor;
      const field = String(fvf.field);
      const factor = fvf.factor === undefined ? 1 : num(fvf.factor, 'field_value_factor.factor');
      const modifier = MODIFIERS[String(fvf.modifier ?? 'none')];
      if (!modifier) throw unsupported(`field_value_factor.modifier ${String(fvf.modifier)}`);
      const missing = fvf.missing === undefined ? undefined : num(fvf.missing, 'field_value_factor.missing');
      value = (i) => {
        const v = (col.values(field)[i] as readonly unknown[]).map(Number).find((x) => Number.isFinite(x)) ?? missing;
        if (v === undefined) throw new HttpError(400, `Missing value for field [${field}] in field_value_factor`);
        const r = modifier(v * factor);
        return Number.isFinite(r) ? r : 0;
      };
    } else if (spec.random_score !== undefined) {
      const seed = isObject(spec.random_score) && spec.random_score.seed !== undefined ? num(spec.random_score.seed, 'random_score.seed') : 0;
      value = (i) => hash01(seed, col.idOf(col.docs[i] as Doc));
    }
    return { filter, weight, value };
  });
  const scoreMode = String(body.score_mode ?? 'multiply');
  const boostMode = String(body.boost_mode ?? 'multiply');
  if (!['multiply', 'sum', 'avg', 'first', 'max', 'min'].includes(scoreMode)) throw unsupported(`function_score.score_mode ${scoreMode}`);
  if (!['multiply', 'replace', 'sum', 'avg', 'max', 'min'].includes(boostMode)) throw unsupported(`function_score.boost_mode ${boostMode}`);
  const maxBoost = body.max_boost === undefined ? Number.MAX_VALUE : num(body.max_boost, 'max_boost');
  const minScore = body.min_score === undefined ? undefined : num(body.min_score, 'function_score.min_score');
  const boost = body.boost === undefined ? 1 : num(body.boost, 'function_score.boost');
  return (i) => {
    const q = inner(i);
    if (q === undefined) return undefined;
    const values: number[] = [];
    const weights: number[] = [];
    for (const f of fns) {
      if (f.filter && f.filter(i) === undefined) continue;
      values.push(f.value(i) * (f.weight ?? 1));
      weights.push(f.weight ?? 1);
      if (scoreMode === 'first') break;
    }
    let fnScore = 1;
    if (values.length) {
      switch (scoreMode) {
        case 'multiply': fnScore = values.reduce((a, b) => a * b, 1); break;
        case 'sum': fnScore = values.reduce((a, b) => a + b, 0); break;
        case 'avg': fnScore = values.reduce((a, b) => a + b, 0) / weights.reduce((a, b) => a + b, 0); break;
        case 'first': fnScore = values[0] as number; break;
        case 'max': fnScore = Math.max(...values); break;
        case 'min': fnScore = Math.min(...values); break;
      }
    }
    fnScore = Math.min(fnScore, maxBoost);
    let score: number;
    switch (boostMode) {
      case 'multiply': score = q * fnScore; break;
      case 'replace': score = fnScore; break;
      case 'sum': score = q + fnScore; break;
      case 'avg': score = (q + fnScore) / 2; break;
      case 'max': score = Math.max(q, fnScore); break;
      default: score = Math.min(q, fnScore);
    }
    score *= boost;
    if (minScore !== undefined && score < minScore) return undefined;
    return scoring ? score : 0;
  };
}

export { isObject, asList, num, malformed };
