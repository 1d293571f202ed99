import { Column, type ColumnData } from './column';
import { FieldPaths, fieldValues } from './fields';
import { TextIndex, type TextIndexData } from './fulltext';

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
  fields: string[];
}

type Ranked = { order: Int32Array; rank: Int32Array };

/** A document order with each document's rank in it. */
function ranked(order: Int32Array): Ranked {
  const rank = new Int32Array(order.length);
  order.forEach((doc, r) => (rank[doc] = r));
  return { order, rank };
}

const arraySource = (docs: Doc[]): DocSource => ({ get length() { return docs.length; }, get: (i) => docs[i] as Doc });

/**
 * One document type as the search engine sees it. Per field, built on first use (or read from the catalogue cache
 * file, or all at start: prebuildAll) and kept: a column (column.ts), its sort orders and a full-text index
 * (fulltext.ts). Documents are read only for the page of hits; a stock change (patchDocs) rebuilds what it touched.
 */
export class Collection {
  readonly source: DocSource;
  private readonly columns = new Map<string, Column>();
  /** per field, its sort orders by key ('asc:last'): built on first use or read from the cache file */
  private readonly sortOrders = new Map<string, Map<string, Ranked>>();
  private readonly textIndexes = new Map<string, TextIndex>();
  private readonly textField = new Map<string, boolean>();
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
      for (const [field, { dict, offsets, ids }] of Object.entries(prebuilt.columns)) {
        this.columns.set(field, new Column(dict, offsets, ids));
      }
      for (const [field, orders] of Object.entries(prebuilt.sortOrders)) {
        this.sortOrders.set(field, new Map(orders.map(([key, order]) => [key, ranked(order)])));
      }
      for (const [field, data] of Object.entries(prebuilt.texts)) this.textIndexes.set(field, new TextIndex(data));
      this.ids = prebuilt.ids;
      for (const [field, text] of Object.entries(prebuilt.textFields)) this.textField.set(field, text);
      this.knownFields = new Set(prebuilt.fields);
    }
  }

  /** The field paths some document holds a value at (gathered in one pass over the documents, once). */
  fieldPaths(): Set<string> {
    if (!this.knownFields) this.prepare([]);
    return this.knownFields as Set<string>;
  }

  hasField(field: string): boolean {
    return this.fieldPaths().has(field);
  }

  get length(): number {
    return this.source.length;
  }

  doc(i: number): Doc {
    return this.source.get(i);
  }

  /** idOf of document i (the ids are gathered with the field paths, or kept in the cache file). */
  idAt(i: number): string {
    if (!this.ids) this.prepare([]);
    return (this.ids as string[])[i] as string;
  }

  /** The indexes built so far, for the catalogue cache file (without the columns of `skipColumns`: long texts). */
  exportIndexes(skipColumns: readonly string[] = []): CollectionIndexes {
    const kept = [...this.columns].filter(([field]) => !skipColumns.includes(field));
    const columns = Object.fromEntries(kept.map(([field, column]) => [field, column.data()]));
    const sortOrders = Object.fromEntries([...this.sortOrders].map(([field, orders]) => {
      return [field, [...orders].map(([key, o]): [string, Int32Array] => [key, o.order])];
    }));
    const texts = Object.fromEntries([...this.textIndexes].map(([field, idx]) => [field, idx.data]));
    const fields = [...this.fieldPaths()];
    const textFields = Object.fromEntries(this.textField);
    return { columns, sortOrders, texts, ids: this.ids as string[], textFields, fields };
  }

  private static matches(field: string, prefix: string): boolean {
    return field === prefix || field.startsWith(`${prefix}.`) || field.includes(`.${prefix}.`) || field.endsWith(`.${prefix}`);
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
    for (const derived of [this.textIndexes, this.textField, this.sortOrders] as Array<Map<string, unknown>>) {
      for (const field of [...derived.keys()]) if (Collection.matches(field, prefix)) derived.delete(field);
    }
    for (const [field, column] of [...this.columns]) {
      if (!Collection.matches(field, prefix)) continue;
      this.columns.set(field, column.patched(new Map([...docs].map(([i, d]) => [i, fieldValues(d, field)] as const))));
    }
  }

  /** The compact column of `field` (built by reading every document once, then kept; one shared empty column for a field no document holds). */
  column(field: string): Column {
    if (!this.hasField(field)) return (this.emptyColumn ??= Column.build(this.length, () => []));
    if (!this.columns.has(field)) this.prepare([field]);
    return this.columns.get(field) as Column;
  }

  /** Builds the columns and text indexes of `fields` (and the field paths and ids when not known) in one pass. */
  prepare(fields: readonly string[], textFields: readonly string[] = []): void {
    const wanted = [...new Set([...fields, ...textFields])].filter((f) => !this.columns.has(f));
    const known = this.knownFields ? undefined : new FieldPaths();
    const ids = this.ids ? undefined : ([] as string[]);
    if (wanted.length || known || ids) {
      const values = wanted.map((): Array<readonly unknown[]> => []);
      for (let i = 0; i < this.length; i++) {
        const d = this.source.get(i);
        known?.add(d);
        ids?.push(this.idOf(d));
        wanted.forEach((f, k) => values[k]?.push(fieldValues(d, f)));
      }
      if (known) this.knownFields = known.spell();
      if (ids) this.ids = ids;
      wanted.forEach((f, k) => this.columns.set(f, Column.build(this.length, (i) => values[k]?.[i] ?? [])));
    }
    for (const f of textFields) this.textIndex(f);
  }

  /** Builds every field's column and all that requests derive from it: a request then reads no document. */
  prebuildAll(): void {
    const fields = [...this.fieldPaths()];
    this.prepare(fields);
    for (const field of fields) {
      const column = this.column(field);
      column.termMask([]);
      if (column.dict.length) column.markDocs(0, new Uint8Array(this.length));
      column.entriesByToken();
      for (const [order, missing] of SORT_KEYS) this.sortOrder(field, order, missing);
      if (this.isTextField(field)) this.textIndex(field);
    }
  }

  /** Builds the missing columns of held `fields` without a full-text index in one pass (not one per field). */
  buildColumns(fields: Iterable<string>): void {
    const wanted = [...fields].filter((f) => !this.columns.has(f) && !this.textIndexes.has(f) && this.hasField(f));
    if (wanted.length) this.prepare(wanted);
  }

  /** All documents in the order of one sort key (ties in index order), and each document's rank in it. */
  sortOrder(field: string, order: 'asc' | 'desc', missing: 'first' | 'last'): Ranked {
    // the fields no document holds share one order (index order: every document is missing)
    const name = this.hasField(field) ? field : '\u0000';
    let orders = this.sortOrders.get(name);
    if (!orders) this.sortOrders.set(name, (orders = new Map()));
    const key = `${order}:${missing}`;
    let found = orders.get(key);
    if (!found) orders.set(key, (found = ranked(this.column(field).sortOrder(order, missing))));
    return found;
  }

  /** Document index by id. */
  indexOfId(id: string): number | undefined {
    if (!this.idIndex) {
      this.idIndex = new Map();
      for (let i = 0; i < this.length; i++) this.idIndex.set(this.idAt(i), i);
    }
    return this.idIndex.get(id);
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
      const { dict, ids } = this.column(field);
      const v = ids.length ? dict[ids[0] as number] : undefined;
      known = typeof v === 'string' && (v.trim() === '' || Number.isNaN(Number(v)));
      this.textField.set(field, known);
    }
    return known;
  }
}

const SORT_KEYS = [['asc', 'last'], ['desc', 'last'], ['asc', 'first'], ['desc', 'first']] as const;
