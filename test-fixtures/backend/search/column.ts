import { comparable, compare, pushTo, type Comparable } from './fields';
import { chargeWork } from './request';
import { scratchU8 } from './scratch';

/**
 * The values of one field over every document, compact: a dictionary of the distinct values
 * (distinct by type and text, as the terms aggregation groups them) and, per document, the dictionary ids of its values
 * in document order, duplicates kept (offsets/ids, CSR). Everything a query needs is derived from it once, lazily, per
 * dictionary entry (not per document): the documents of each value (postings), term lookups with Elasticsearch's
 * coercion, comparable and numeric readings, the document order of a sort key.
 */

/** Non-scalar leaves (an object at the end of a path) share one entry: they count for `exists`, never for a term. */
export const OBJECT_VALUE: Readonly<Record<string, never>> = Object.freeze({});

export interface ColumnData { dict: unknown[]; offsets: Int32Array; ids: Int32Array }

const keyOf = (v: unknown): string => {
  switch (typeof v) {
    case 'number': return `n${String(v)}`;
    case 'string': return `s${v}`;
    case 'boolean': return v ? 'b1' : 'b0';
    default: return 'o';
  }
};

/** A document order with each document's rank in it. */
export function ranked(order: Int32Array): { order: Int32Array; rank: Int32Array } {
  const rank = new Int32Array(order.length);
  order.forEach((doc, r) => (rank[doc] = r));
  return { order, rank };
}

export class Column {
  readonly dict: unknown[];
  readonly offsets: Int32Array;
  readonly ids: Int32Array;
  constructor(data: ColumnData) {
    this.dict = data.dict;
    this.offsets = data.offsets;
    this.ids = data.ids;
  }

  get length(): number {
    return this.offsets.length - 1;
  }

  /** Builds the column of `n` documents from each document's values (fieldValues order). */
  static build(n: number, valuesOf: (i: number) => readonly unknown[]): Column {
    const dict: unknown[] = [];
    const index = new Map<string, number>();
    const offsets = new Int32Array(n + 1);
    let ids = new Int32Array(Math.max(16, n));
    let used = 0;
    for (let i = 0; i < n; i++) {
      const values = valuesOf(i);
      for (const v of values) {
        const key = keyOf(v);
        let id = index.get(key);
        if (id === undefined) {
          id = dict.length;
          dict.push(typeof v === 'object' ? OBJECT_VALUE : v);
          index.set(key, id);
        }
        if (used === ids.length) {
          const grown = new Int32Array(ids.length * 2);
          grown.set(ids);
          ids = grown;
        }
        ids[used++] = id;
      }
      offsets[i + 1] = used;
    }
    return new Column({ dict, offsets, ids: ids.slice(0, used) });
  }

  /** The same column with the values of some documents replaced (a live stock change). */
  patched(changes: ReadonlyMap<number, readonly unknown[]>): Column {
    const n = this.length;
    return Column.build(n, (i) => changes.get(i) ?? this.valuesAt(i));
  }

  data(): ColumnData {
    return { dict: this.dict, offsets: this.offsets, ids: this.ids };
  }

  valuesAt(i: number): unknown[] {
    const out: unknown[] = [];
    for (let k = this.offsets[i] as number; k < (this.offsets[i + 1] as number); k++) out.push(this.dict[this.ids[k] as number]);
    return out;
  }

  hasValue(i: number): boolean {
    return (this.offsets[i + 1] as number) > (this.offsets[i] as number);
  }

  // ---- postings: the documents of each dictionary entry, ascending, each document once ----
  private postOffsets?: Int32Array;
  private postDocs?: Int32Array;

  private buildPostings(): void {
    const counts = new Int32Array(this.dict.length + 1);
    const stamp = new Int32Array(this.dict.length).fill(-1);
    const n = this.length;
    for (let i = 0; i < n; i++) {
      for (let k = this.offsets[i] as number; k < (this.offsets[i + 1] as number); k++) {
        const id = this.ids[k] as number;
        if (stamp[id] === i) continue;
        stamp[id] = i;
        counts[id + 1]!++;
      }
    }
    for (let d = 0; d < this.dict.length; d++) counts[d + 1]! += counts[d] as number;
    const fill = counts.slice(0, this.dict.length);
    const docs = new Int32Array(counts[this.dict.length] as number);
    stamp.fill(-1);
    for (let i = 0; i < n; i++) {
      for (let k = this.offsets[i] as number; k < (this.offsets[i + 1] as number); k++) {
        const id = this.ids[k] as number;
        if (stamp[id] === i) continue;
        stamp[id] = i;
        docs[fill[id]!++] = i;
      }
    }
    this.postOffsets = counts;
    this.postDocs = docs;
  }

  /** Marks in `mask` every document holding dictionary entry `id`. */
  markDocs(id: number, mask: Uint8Array): void {
    if (!this.postOffsets) this.buildPostings();
    const offs = this.postOffsets as Int32Array;
    const docs = this.postDocs as Int32Array;
    for (let k = offs[id] as number; k < (offs[id + 1] as number); k++) mask[docs[k] as number] = 1;
  }

  /** A mask of the documents holding any entry for which `pick` is true (evaluated once per entry, charged as such). */
  maskWhere(pick: (value: unknown, id: number) => boolean): Uint8Array {
    chargeWork(this, 0, this.dict.length);
    const mask = scratchU8(this.length);
    for (let id = 0; id < this.dict.length; id++) if (pick(this.dict[id], id)) this.markDocs(id, mask);
    return mask;
  }

  // ---- term lookups with Elasticsearch's coercion (termEquals): 5 matches '5', true matches 'true' and 1 ----
  private lookup?: { numbers: Map<number, number[]>; strings: Map<string, number[]>; numericStrings: Map<number, number[]>; booleans: Map<boolean, number[]> };

  private termLookup() {
    if (!this.lookup) {
      const l = { numbers: new Map<number, number[]>(), strings: new Map<string, number[]>(), numericStrings: new Map<number, number[]>(), booleans: new Map<boolean, number[]>() };
      this.dict.forEach((v, id) => {
        if (typeof v === 'number') pushTo(l.numbers, v, id);
        else if (typeof v === 'boolean') pushTo(l.booleans, v, id);
        else if (typeof v === 'string') {
          pushTo(l.strings, v, id);
          if (v.trim() !== '' && !Number.isNaN(Number(v))) pushTo(l.numericStrings, Number(v), id);
        }
      });
      this.lookup = l;
    }
    return this.lookup;
  }

  /** Marks every document with a value that termEquals one of `wanted`. */
  termMask(wanted: readonly unknown[]): Uint8Array {
    const idx = this.termLookup();
    const mask = scratchU8(this.length);
    const mark = (list: number[] | undefined) => {
      if (list) for (const id of list) this.markDocs(id, mask);
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

  // ---- per-entry counters of the terms aggregation: zero counts, stamps of -1; who uses them resets the entries it used ----
  private counting?: { counts: Int32Array; stamp: Int32Array };
  counters(): { counts: Int32Array; stamp: Int32Array } {
    return (this.counting ??= { counts: new Int32Array(this.dict.length), stamp: new Int32Array(this.dict.length).fill(-1) });
  }

  // ---- per-entry readings ----
  private comparableCache?: Array<Comparable | undefined>;
  /** Numbers, booleans as 0/1, numeric strings as numbers, other strings as strings (ranges and sorts). */
  comparables(): Array<Comparable | undefined> {
    if (!this.comparableCache) this.comparableCache = this.dict.map((v) => (v === OBJECT_VALUE ? undefined : comparable(v)));
    return this.comparableCache;
  }

  private rangeNumberCache?: Float64Array;
  /** Finite numbers, not booleans or empty strings (range aggregations); NaN when the entry is none. */
  rangeNumbers(): Float64Array {
    if (!this.rangeNumberCache) {
      this.rangeNumberCache = Float64Array.from(this.dict, (v) => {
        if (typeof v === 'boolean' || v === '' || v === OBJECT_VALUE) return NaN;
        const n = Number(v);
        return Number.isFinite(n) ? n : NaN;
      });
    }
    return this.rangeNumberCache;
  }

  private metricCache?: Float64Array;
  /** Number(value) when finite (metric aggregations, field_value_factor); NaN otherwise. */
  metricNumbers(): Float64Array {
    if (!this.metricCache) {
      this.metricCache = Float64Array.from(this.dict, (v) => {
        const n = v === OBJECT_VALUE ? NaN : Number(v);
        return Number.isFinite(n) ? n : NaN;
      });
    }
    return this.metricCache;
  }

  // ---- sort orders ----
  private readonly sortOrders = new Map<string, { order: Int32Array; rank: Int32Array }>();

  /** All documents in the order of one sort key (min of a document's values for asc, max for desc; ties in index order). */
  sortOrder(order: 'asc' | 'desc', missing: 'first' | 'last'): { order: Int32Array; rank: Int32Array } {
    const key = `${order}:${missing}`;
    let found = this.sortOrders.get(key);
    if (!found) {
      const comps = this.comparables();
      const n = this.length;
      const values: Array<Comparable | undefined> = new Array(n);
      for (let i = 0; i < n; i++) {
        let best: Comparable | undefined;
        for (let k = this.offsets[i] as number; k < (this.offsets[i + 1] as number); k++) {
          const c = comps[this.ids[k] as number];
          if (c === undefined) continue;
          if (best === undefined) best = c;
          else if (order === 'asc' ? compare(c, best) < 0 : compare(c, best) > 0) best = c;
        }
        values[i] = best;
      }
      const idx = Array.from({ length: n }, (_, i) => i);
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
      found = ranked(Int32Array.from(idx));
      this.sortOrders.set(key, found);
    }
    return found;
  }

  /** The sort orders built so far (kept in the catalogue cache file). */
  builtSortOrders(): Array<[string, Int32Array]> {
    return [...this.sortOrders].map(([k, v]) => [k, v.order]);
  }

  restoreSortOrder(key: string, order: Int32Array): void {
    this.sortOrders.set(key, ranked(order));
  }
}
