import { HttpError } from '../errors';
import { Column, type ColumnData } from './column';
import { comparable, compare, FieldPaths, fieldValues, ownEntry, termEquals, type Comparable } from './fields';
import { requiredMatches, TextIndex, type TextIndexData, type TextQueryOptions } from './fulltext';
import { releaseScratch, scratchU8 } from './scratch';
import { tokenize } from './text';

/**
 * An interpreter of the Elasticsearch query DSL subset vue-storefront 1.12 sends (see docs/backend.md for the list).
 * Anything it does not understand answers 400 naming the clause: never a silently wrong answer.
 */
export type Doc = Record<string, unknown>;

/** Where a collection's documents come from: an array in memory, or the catalogue cache file (read per document). */
export interface DocSource {
  readonly length: number;
  /** the document (for a file-backed source a fresh copy on every call) */
  get(i: number): Doc;
}

/** The indexes of a collection as they are kept in the catalogue cache file (typed arrays; v8.serialize). */
export interface CollectionIndexes {
  columns: Record<string, ColumnData>;
  sortOrders: Record<string, Array<[string, Int32Array]>>;
  texts: Record<string, TextIndexData>;
  /** idOf of every document */
  ids: string[];
  /** isTextField of the fields asked so far */
  textFields: Record<string, boolean>;
  /** every field path that holds a value in some document (FieldPaths) */
  fields?: string[];
}

const arraySource = (docs: Doc[]): DocSource & { docs: Doc[] } => ({ docs, get length() { return docs.length; }, get: (i) => docs[i] as Doc });

/**
 * One document type as the search engine sees it. Per field, built once on first use (or read
 * from the catalogue cache file) and kept: a compact column (search/column.ts: dictionary + per-document value ids) from
 * which term, range, prefix and exists masks, aggregations and sort orders are read, and a full-text index
 * (search/fulltext.ts). Documents are materialised only for the page of hits. Only a stock change (patchDocs) or
 * `invalidate` rebuilds what was derived from a field.
 */
export class Collection {
  readonly source: DocSource;
  private readonly columns = new Map<string, Column>();
  /** sort orders read from the cache file for fields whose column is not kept (built from the documents only if asked) */
  private readonly presorted = new Map<string, { order: Int32Array; rank: Int32Array }>();
  private readonly textIndexes = new Map<string, TextIndex>();
  private readonly textField = new Map<string, boolean>();
  private readonly phraseTokens = new Map<string, PhraseTokens>();
  private idIndex: Map<string, number> | undefined;
  private ids: string[] | undefined;
  /** the field paths that hold a value in some document: any other field is empty everywhere, answered without work */
  private knownFields: Set<string> | undefined;
  private emptyColumn: Column | undefined;
  constructor(
    readonly type: string,
    docs: Doc[] | DocSource,
    readonly idOf: (doc: Doc) => string = (d) => String(d.id),
    prebuilt?: CollectionIndexes,
  ) {
    this.source = Array.isArray(docs) ? arraySource(docs) : docs;
    if (prebuilt) {
      for (const [field, data] of Object.entries(prebuilt.columns)) this.columns.set(field, new Column(data));
      for (const [field, orders] of Object.entries(prebuilt.sortOrders)) {
        for (const [key, order] of orders) {
          const column = this.columns.get(field);
          if (column) column.restoreSortOrder(key, order);
          else {
            const rank = new Int32Array(order.length);
            order.forEach((doc, r) => (rank[doc] = r));
            this.presorted.set(`${field}\u0000${key}`, { order, rank });
          }
        }
      }
      for (const [field, data] of Object.entries(prebuilt.texts)) this.textIndexes.set(field, new TextIndex(data));
      this.ids = prebuilt.ids;
      for (const [field, text] of Object.entries(prebuilt.textFields)) this.textField.set(field, text);
      if (prebuilt.fields) this.knownFields = new Set(prebuilt.fields);
    }
  }

  /** The field paths some document holds a value at (gathered in one pass over the documents, once). */
  fieldPaths(): Set<string> {
    if (!this.knownFields) {
      const paths = new FieldPaths();
      for (let i = 0; i < this.length; i++) paths.add(this.source.get(i));
      this.knownFields = paths.spell();
    }
    return this.knownFields;
  }

  hasField(field: string): boolean {
    return this.fieldPaths().has(field);
  }

  /** The documents of an in-memory collection (tests mutate them, then call invalidate). */
  get docs(): Doc[] {
    const docs = (this.source as { docs?: Doc[] }).docs;
    if (!docs) throw new Error(`${this.type}: documents are read one by one (doc(i))`);
    return docs;
  }

  get length(): number {
    return this.source.length;
  }

  doc(i: number): Doc {
    return this.source.get(i);
  }

  /** idOf of document i (without materialising it when the ids were kept). */
  idAt(i: number): string {
    return this.ids ? (this.ids[i] as string) : this.idOf(this.source.get(i));
  }

  /** The indexes built so far, for the catalogue cache file (without the columns of `skipColumns`: long texts). */
  exportIndexes(skipColumns: readonly string[] = []): CollectionIndexes {
    const all = [...this.columns];
    const columns = Object.fromEntries(all.filter(([field]) => !skipColumns.includes(field)).map(([field, column]) => [field, column.data()]));
    const sortOrders = Object.fromEntries(all.map(([field, column]) => [field, column.builtSortOrders()]));
    const texts = Object.fromEntries([...this.textIndexes].map(([field, idx]) => [field, idx.data]));
    const ids = this.ids ?? Array.from({ length: this.length }, (_, i) => this.idOf(this.source.get(i)));
    return { columns, sortOrders, texts, ids, textFields: Object.fromEntries(this.textField), fields: [...this.fieldPaths()] };
  }

  private static matches(field: string, prefix: string): boolean {
    return field === prefix || field.startsWith(`${prefix}.`) || field.includes(`.${prefix}.`) || field.endsWith(`.${prefix}`);
  }

  /** Drops what was derived from fields under `prefix` (their values changed in place); rebuilt from the documents on next use. */
  invalidate(prefix: string): void {
    this.knownFields = undefined;
    for (const cache of [this.columns, this.textIndexes, this.textField, this.phraseTokens, this.plainText] as Array<Map<string, unknown>>) {
      for (const k of [...cache.keys()]) if (Collection.matches(k, prefix)) cache.delete(k);
    }
    for (const k of [...this.presorted.keys()]) if (Collection.matches(k.split('\u0000')[0] as string, prefix)) this.presorted.delete(k);
  }

  /** Documents `changed` have new values under `prefix` (live stock): their entries in the built columns are replaced. */
  patchDocs(changed: readonly number[], prefix: string): void {
    if (!changed.length) return;
    const docs = new Map(changed.map((i) => [i, this.source.get(i)] as const));
    if (this.knownFields) {
      const paths = new FieldPaths();
      for (const d of docs.values()) paths.add(d);
      paths.spell(this.knownFields);
    }
    for (const k of [...this.presorted.keys()]) if (Collection.matches(k.split('\u0000')[0] as string, prefix)) this.presorted.delete(k);
    for (const [field, column] of [...this.columns]) {
      if (!Collection.matches(field, prefix)) continue;
      const values = new Map([...docs].map(([i, d]) => [i, fieldValues(d, field)] as const));
      this.columns.set(field, column.patched(values));
      this.textIndexes.delete(field);
      this.textField.delete(field);
      this.phraseTokens.delete(field);
      this.plainText.delete(field);
    }
  }

  /** The compact column of `field` (built by reading every document once, then kept; one shared empty column for a field no document holds). */
  column(field: string): Column {
    let col = this.columns.get(field);
    if (!col && !this.hasField(field)) return (this.emptyColumn ??= Column.build(this.length, () => []));
    if (!col) {
      col = Column.build(this.length, (i) => fieldValues(this.source.get(i), field));
      this.columns.set(field, col);
    }
    return col;
  }

  /** Builds the columns and text indexes of `fields`, and gathers the field paths, in one pass over the documents (start-up, cache file). */
  prepare(fields: readonly string[], textFields: readonly string[] = []): void {
    const wanted = [...new Set([...fields, ...textFields])].filter((f) => !this.columns.has(f));
    const known = this.knownFields ? undefined : new FieldPaths();
    if (wanted.length || known) {
      const values: Array<Array<readonly unknown[]>> = wanted.map(() => []);
      for (let i = 0; i < this.length; i++) {
        const d = this.source.get(i);
        known?.add(d);
        wanted.forEach((f, k) => (values[k] as Array<readonly unknown[]>).push(fieldValues(d, f)));
      }
      if (known) this.knownFields = known.spell();
      wanted.forEach((f, k) => this.columns.set(f, Column.build(this.length, (i) => (values[k] as Array<readonly unknown[]>)[i] as readonly unknown[])));
    }
    for (const f of textFields) this.textIndex(f);
    if (!this.ids) this.ids = Array.from({ length: this.length }, (_, i) => this.idOf(this.source.get(i)));
  }

  /**
   * Builds every field's column and what requests derive from it (postings, term lookups, comparable values, phrase
   * tokens, full-text index): a request then reads no document and tokenises no value to answer.
   */
  prebuildAll(): void {
    const fields = [...this.fieldPaths()];
    this.prepare(fields);
    for (const field of fields) {
      const column = this.column(field);
      column.termMask([]);
      column.comparables();
      if (column.dict.length) column.markDocs(0, new Uint8Array(this.length));
      this.phraseTokensOf(field);
      if (this.isTextField(field)) this.textIndex(field);
    }
  }

  /**
   * Builds the missing columns of `fields` in one pass over the documents (a request naming several fields not asked
   * before reads each document once, not once per field). Fields no document holds are skipped, and so are fields with a
   * full-text index (their long texts are not kept as columns).
   */
  buildColumns(fields: Iterable<string>): void {
    const wanted = [...fields].filter((f) => !this.columns.has(f) && !this.textIndexes.has(f) && this.hasField(f));
    if (wanted.length) this.prepare(wanted);
  }

  /** Marks every document with a value of `field` that termEquals one of `wanted`. */
  termMask(field: string, wanted: readonly unknown[]): Uint8Array {
    return this.column(field).termMask(wanted);
  }

  /** All documents in the order of one sort key (ties in index order), and each document's rank in it. */
  sortOrder(field: string, order: 'asc' | 'desc', missing: 'first' | 'last'): { order: Int32Array; rank: Int32Array } {
    if (!this.columns.has(field)) {
      const kept = this.presorted.get(`${field}\u0000${order}:${missing}`);
      if (kept) return kept;
    }
    return this.column(field).sortOrder(order, missing);
  }

  /** Document index by id. */
  indexOfId(id: string): number | undefined {
    if (!this.idIndex) {
      this.idIndex = new Map();
      for (let i = 0; i < this.length; i++) this.idIndex.set(this.idAt(i), i);
    }
    return this.idIndex.get(id);
  }

  /** Per dictionary entry of `field`, its tokens (string and number values; for phrase matching), and the entries of each token, computed once. */
  phraseTokensOf(field: string): PhraseTokens {
    const column = this.column(field);
    if (!this.hasField(field)) return { column, tokens: [], entries: new Map() };
    let cached = this.phraseTokens.get(field);
    if (!cached || cached.column !== column) {
      const tokens = column.dict.map((v) => (typeof v === 'string' || typeof v === 'number' ? tokenize(String(v)) : undefined));
      const entries = new Map<string, number[]>();
      tokens.forEach((toks, id) => {
        for (const t of new Set(toks)) {
          const list = entries.get(t);
          if (list) list.push(id);
          else entries.set(t, [id]);
        }
      });
      cached = { column, tokens, entries };
      this.phraseTokens.set(field, cached);
    }
    return cached;
  }

  private readonly plainText = new Map<string, { column: Column; plain: boolean; tokens: Map<number, string[] | undefined> }>();

  /**
   * For a phrase on a field with a built full-text index whose values hold no HTML ('<', '&': the index strips it), the
   * documents that can hold the phrase (every word in the index; the last one as a prefix for phrase_prefix), and the
   * tokens of a value. Undefined when the phrase must be checked over every distinct value instead.
   */
  phraseCandidates(field: string, phrase: readonly string[], prefix: boolean): { column: Column; candidates: Int32Array; tokensOf: (id: number) => string[] | undefined } | undefined {
    const index = this.textIndexes.get(field);
    if (!index) return undefined;
    const column = this.column(field);
    let info = this.plainText.get(field);
    if (!info || info.column !== column) {
      const plain = column.dict.every((v) => typeof v !== 'string' || (!v.includes('<') && !v.includes('&')));
      info = { column, plain, tokens: new Map() };
      this.plainText.set(field, info);
    }
    if (!info.plain) return undefined;
    const tokens = info.tokens;
    const tokensOf = (id: number) => {
      if (!tokens.has(id)) {
        const v = column.dict[id];
        tokens.set(id, typeof v === 'string' || typeof v === 'number' ? tokenize(String(v)) : undefined);
      }
      return tokens.get(id);
    };
    return { column, candidates: index.docsWithAll(phrase, prefix), tokensOf };
  }

  /** The full-text index of `field`. */
  textIndex(field: string): TextIndex {
    let idx = this.textIndexes.get(field);
    if (!idx) {
      idx = TextIndex.fromColumn(this.column(field));
      this.textIndexes.set(field, idx);
    }
    return idx;
  }

  /** A field is full text when its values are strings that are not numbers (its first value decides). */
  isTextField(field: string): boolean {
    if (!this.hasField(field)) return false;
    let known = this.textField.get(field);
    if (known === undefined) {
      known = false;
      const column = this.column(field);
      if (column.ids.length > 0) {
        const v = column.dict[column.ids[0] as number];
        known = typeof v === 'string' && (v.trim() === '' || Number.isNaN(Number(v)));
      }
      this.textField.set(field, known);
    }
    return known;
  }
}

export const unsupported = (clause: string): HttpError => new HttpError(400, `Unsupported query clause: ${clause}`);
const malformed = (what: string): HttpError => new HttpError(400, `Malformed query: ${what}`);

/** A compiled query: the score of a document, or undefined when it does not match. */
/**
 * A compiled query: the score of a document, or undefined when it does not match. `mask`, when present, marks the only
 * documents that can match (from the indexes): the executor evaluates the query for those alone.
 */
type Matcher = ((i: number) => number | undefined) & { mask?: Uint8Array };

const withMask = (fn: (i: number) => number | undefined, mask: Uint8Array | undefined): Matcher => {
  const m = fn as Matcher;
  if (mask) m.mask = mask;
  return m;
};
const intersect = (masks: Uint8Array[]): Uint8Array | undefined => {
  if (!masks.length) return undefined;
  const out = scratchU8((masks[0] as Uint8Array).length);
  out.set(masks[0] as Uint8Array);
  for (let k = 1; k < masks.length; k++) {
    const m = masks[k] as Uint8Array;
    for (let i = 0; i < out.length; i++) out[i] = out[i]! & m[i]!;
  }
  return out;
};
const union = (masks: Array<Uint8Array | undefined>): Uint8Array | undefined => {
  if (!masks.length || masks.some((m) => m === undefined)) return undefined;
  const out = scratchU8((masks[0] as Uint8Array).length);
  out.set(masks[0] as Uint8Array);
  for (let k = 1; k < masks.length; k++) {
    const m = masks[k] as Uint8Array;
    for (let i = 0; i < out.length; i++) out[i] = out[i]! | m[i]!;
  }
  return out;
};

interface PhraseTokens { column: Column; tokens: Array<string[] | undefined>; entries: Map<string, number[]> }

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
  /**
   * documents x clauses of one request: each query clause (a multi_match once per field), aggregation and sort key
   * reads every document of the collection once, so this bounds what a small request can cost (about 50 ms of CPU)
   */
  work: 5_000_000,
} as const;

export const limitHit = (what: string, max: number): HttpError => new HttpError(400, `Search limit: ${what} (at most ${max})`);

let clausesUsed = 0;
let depthNow = 0;
let workUsed = 0;
/** Called once per search request: the clause and work budgets are per request. */
export function startRequestBudget(): void {
  clausesUsed = 0;
  depthNow = 0;
  workUsed = 0;
  releaseScratch();
}

/** Charges `clauses` passes over the collection's documents to the request's work budget: 400 past SEARCH_LIMITS.work. */
export function chargeWork(col: Collection, clauses: number): void {
  workUsed += clauses * col.length;
  if (workUsed > SEARCH_LIMITS.work) {
    throw new HttpError(400, `Search limit: too much work for one request (${col.length} documents x ${Math.ceil(workUsed / col.length)} clauses, aggregations and sort keys; at most ${SEARCH_LIMITS.work} documents x clauses): ask with fewer clauses, fields, aggregations or sort keys`);
  }
}

export function compile(query: unknown, col: Collection, scoring: boolean): Matcher {
  if (++clausesUsed > SEARCH_LIMITS.clauses) throw limitHit('too many query clauses', SEARCH_LIMITS.clauses);
  chargeWork(col, 1);
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
  const body = ownEntry(query, name);
  const constant = (boost: number): number => (scoring ? boost : 0);

  switch (name) {
    case 'match_all': {
      const boost = isObject(body) && body.boost !== undefined ? num(body.boost, 'match_all.boost') : 1;
      return () => constant(boost);
    }
    case 'match_none':
      return withMask(() => undefined, scratchU8(col.length));
    case 'bool':
      return compileBool(body, col, scoring);
    case 'constant_score': {
      if (!isObject(body) || !isObject(body.filter)) throw malformed('constant_score needs a filter');
      const inner = compile(body.filter, col, false);
      const boost = body.boost !== undefined ? num(body.boost, 'constant_score.boost') : 1;
      return withMask((i) => (inner(i) === undefined ? undefined : constant(boost)), inner.mask);
    }
    case 'term': {
      const [field, raw, boost0] = singleField('term', body);
      const value = isObject(raw) ? raw.value : raw;
      const boost = isObject(raw) && raw.boost !== undefined ? num(raw.boost, 'term.boost') : boost0;
      if (value === undefined || isObject(value) || Array.isArray(value)) throw malformed(`term.${field} needs a single value`);
      const mask = col.termMask(field, [value]);
      return withMask((i) => (mask[i] ? constant(boost) : undefined), mask);
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
      return withMask((i) => (mask[i] ? constant(boost) : undefined), mask);
    }
    case 'ids': {
      if (!isObject(body) || !Array.isArray(body.values)) throw malformed('ids.values must be an array');
      if (body.values.length > SEARCH_LIMITS.termValues) throw limitHit('ids.values has too many values', SEARCH_LIMITS.termValues);
      const mask = scratchU8(col.length);
      for (const v of body.values) {
        const i = col.indexOfId(String(v));
        if (i !== undefined) mask[i] = 1;
      }
      return withMask((i) => (mask[i] ? constant(1) : undefined), mask);
    }
    case 'prefix': {
      const [field, raw, boost] = singleField('prefix', body);
      const value = String(isObject(raw) ? raw.value : raw);
      const mask = col.column(field).maskWhere((v) => typeof v === 'string' && v.startsWith(value));
      return withMask((i) => (mask[i] ? constant(boost) : undefined), mask);
    }
    case 'exists': {
      if (!isObject(body) || typeof body.field !== 'string') throw malformed('exists.field must be a string');
      const column = col.column(body.field);
      const mask = scratchU8(col.length);
      for (let i = 0; i < mask.length; i++) if (column.hasValue(i)) mask[i] = 1;
      return withMask((i) => (mask[i] ? constant(1) : undefined), mask);
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
      // evaluated once per distinct value of the field: the query then reads a mask
      const column = col.column(field);
      const comps = column.comparables();
      const mask = column.maskWhere((_, id) => {
        const c = comps[id];
        if (c === undefined) return false;
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
      return withMask((i) => (mask[i] ? constant(boost) : undefined), mask);
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
      return withMask((i) => {
        const scores = qs.map((q) => q(i)).filter((s): s is number => s !== undefined);
        if (!scores.length) return undefined;
        const max = Math.max(...scores);
        return max + tie * (scores.reduce((a, b) => a + b, 0) - max);
      }, union(qs.map((q) => q.mask)));
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
  return ownEntry(byType, col.type) ?? ['name'];
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
  // a field no document holds adds nothing: it is left out before any work (a request naming only such fields matches
  // nothing); each other field is one more pass over the documents
  fields = fields.filter(([field]) => col.hasField(field));
  if (!fields.length) return withMask(() => undefined, scratchU8(col.length));
  chargeWork(col, fields.length - 1);
  const perField: Array<[Float64Array, number]> = [];
  const exact: Array<[Uint8Array, number]> = [];
  const masks: Uint8Array[] = [];
  // numbers / keywords: a match is an equality on any of the query's tokens (e.g. match { erin_recommends: 1 })
  const tokens = tokenize(text);
  for (const [field, fieldBoost] of fields) {
    if (col.isTextField(field)) {
      const { scores, docs } = col.textIndex(field).search(text, options);
      perField.push([scores, fieldBoost]);
      const mask = scratchU8(col.length);
      for (const d of docs) mask[d] = 1;
      masks.push(mask);
    } else {
      const mask = col.column(field).maskWhere((v) => termEquals(v, text) || tokens.some((t) => termEquals(v, t)) || String(v).toLowerCase() === text.toLowerCase());
      exact.push([mask, fieldBoost]);
      masks.push(mask);
    }
  }
  const fieldScores = perField.map(([byDoc]) => byDoc);
  const fieldBoosts = perField.map(([, b]) => b);
  const exactMasks = exact.map(([m]) => m);
  const exactBoosts = exact.map(([, b]) => b);
  return withMask((i) => {
    // the field scores in field order, as a list would hold them: their max and their sum (from 0, in that order)
    let count = 0;
    let max = -Infinity;
    let sum = 0;
    for (let f = 0; f < fieldScores.length; f++) {
      const s = (fieldScores[f] as Float64Array)[i] as number;
      if (Number.isNaN(s)) continue;
      const v = s * (fieldBoosts[f] as number);
      max = count++ === 0 ? v : Math.max(max, v);
      sum += v;
    }
    for (let f = 0; f < exactMasks.length; f++) {
      if (!(exactMasks[f] as Uint8Array)[i]) continue;
      const v = exactBoosts[f] as number;
      max = count++ === 0 ? v : Math.max(max, v);
      sum += v;
    }
    if (!count) return undefined;
    if (!scoring) return 0;
    const combined = type === 'best_fields' ? max + tie * (sum - max) : sum;
    return combined * boost;
  }, union(masks));
}

function phraseMatcher(col: Collection, fields: Array<[string, number]>, query: unknown, prefix: boolean, boost: number, scoring: boolean, tie = 0): Matcher {
  if (typeof query !== 'string' && typeof query !== 'number') throw malformed('phrase query must be a string');
  const phrase = tokenize(boundedText(query));
  fields = fields.filter(([field]) => col.hasField(field));
  if (!fields.length) return withMask(() => undefined, scratchU8(col.length));
  chargeWork(col, fields.length - 1);
  // a document matches when one of its values holds the phrase: decided once per distinct value, then read as a mask
  const masks = phrase.length === 0 ? [] : fields.map(([field]) => {
    const holds = (toks: string[] | undefined): boolean => {
      if (!toks) return false;
      for (let s = 0; s + phrase.length <= toks.length; s++) {
        if (phrase.every((p, k) => (prefix && k === phrase.length - 1 ? (toks[s + k] as string).startsWith(p) : toks[s + k] === p))) return true;
      }
      return false;
    };
    const mask = scratchU8(col.length);
    const indexed = col.phraseCandidates(field, phrase, prefix);
    if (indexed) {
      // the full-text index names the documents holding every word (the last as a prefix): only their values are tokenised
      const { column, candidates, tokensOf } = indexed;
      for (const i of candidates) {
        for (let k = column.offsets[i] as number; k < (column.offsets[i + 1] as number); k++) {
          if (holds(tokensOf(column.ids[k] as number))) {
            mask[i] = 1;
            break;
          }
        }
      }
      return mask;
    }
    const { column, tokens, entries } = col.phraseTokensOf(field);
    // only the entries holding the phrase's first token (or, for a one-word prefix, a token starting with it) are checked
    const first = phrase[0] as string;
    let candidates: Iterable<number>;
    if (prefix && phrase.length === 1) {
      const ids = new Set<number>();
      for (const [t, list] of entries) if (t.startsWith(first)) for (const id of list) ids.add(id);
      candidates = ids;
    } else candidates = entries.get(first) ?? [];
    for (const id of candidates) if (holds(tokens[id])) column.markDocs(id, mask);
    return mask;
  });
  return withMask((i) => {
    if (!phrase.length) return undefined;
    const scores: number[] = [];
    for (let f = 0; f < fields.length; f++) {
      const b = (fields[f] as [string, number])[1];
      if ((masks[f] as Uint8Array)[i]) scores.push(b * (1 + phrase.length));
    }
    if (!scores.length) return undefined;
    if (!scoring) return 0;
    const max = Math.max(...scores);
    return (max + tie * (scores.reduce((a, c) => a + c, 0) - max)) * boost;
  }, phrase.length ? union(masks) : scratchU8(col.length));
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
  // the documents that can match: those every must / filter clause allows, else (should clauses required) those one allows
  const allowed = [...must, ...filter].map((m) => m.mask).filter((m): m is Uint8Array => m !== undefined);
  const anyShould = required >= 1 ? union(should.map((q) => q.mask)) : undefined;
  if (anyShould) allowed.push(anyShould);
  const mask = intersect(allowed);
  return withMask((i) => {
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
  }, mask);
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
      const modifier = ownEntry(MODIFIERS, String(fvf.modifier ?? 'none'));
      if (!modifier) throw unsupported(`field_value_factor.modifier ${String(fvf.modifier)}`);
      const missing = fvf.missing === undefined ? undefined : num(fvf.missing, 'field_value_factor.missing');
      const column = col.column(field);
      const numbers = column.metricNumbers();
      value = (i) => {
        let v: number | undefined;
        for (let k = column.offsets[i] as number; k < (column.offsets[i + 1] as number); k++) {
          const x = numbers[column.ids[k] as number] as number;
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
      const seed = isObject(spec.random_score) && spec.random_score.seed !== undefined ? num(spec.random_score.seed, 'random_score.seed') : 0;
      value = (i) => hash01(seed, col.idAt(i));
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
  return withMask((i) => {
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
  }, (inner as Matcher).mask);
}

export { isObject, asList, num, malformed };
