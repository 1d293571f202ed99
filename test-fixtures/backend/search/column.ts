import { comparable, compare, pushTo, type Comparable } from './fields';
import { chargeWork } from './request';
import { tokenize } from './text';

/**
 * The values of one field over every document: a dictionary of the distinct values (by type and text, as the terms
 * aggregation groups them) and per document the dictionary ids of its values, in order (CSR). What queries read is
 * derived from it per dictionary entry on first use: its documents, term lookups, tokens.
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

const isNumeric = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v));

/** The lookup keys (keyOf, or 'm' for a numeric string's number) of the entries a term's value matches (termEquals). */
function queryKeys(q: unknown): string[] {
  if (typeof q === 'number') return [keyOf(q), `m${q}`, ...(q === 1 || q === 0 ? [keyOf(q === 1)] : [])];
  if (typeof q === 'boolean') return [keyOf(q), keyOf(String(q)), keyOf(Number(q))];
  if (typeof q !== 'string') return [];
  const keys = [keyOf(q)];
  if (isNumeric(q)) keys.push(keyOf(Number(q)));
  if (q === 'true' || q === 'false') keys.push(keyOf(q === 'true'));
  return keys;
}

export class Column {
  constructor(readonly dict: unknown[], readonly offsets: Int32Array, readonly ids: Int32Array) {}

  get length(): number {
    return this.offsets.length - 1;
  }

  /** Builds the column of `n` documents from each document's values (fieldValues order). */
  static build(n: number, valuesOf: (i: number) => readonly unknown[]): Column {
    const dict: unknown[] = [];
    const index = new Map<string, number>();
    const offsets = new Int32Array(n + 1);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      for (const v of valuesOf(i)) {
        const key = keyOf(v);
        let id = index.get(key);
        if (id === undefined) {
          id = dict.push(typeof v === 'object' ? OBJECT_VALUE : v) - 1;
          index.set(key, id);
        }
        ids.push(id);
      }
      offsets[i + 1] = ids.length;
    }
    return new Column(dict, offsets, Int32Array.from(ids));
  }

  /** The same column with the values of some documents replaced (a live stock change). */
  patched(changes: ReadonlyMap<number, readonly unknown[]>): Column {
    return Column.build(this.length, (i) => changes.get(i) ?? this.valuesAt(i));
  }

  data(): ColumnData {
    return { dict: this.dict, offsets: this.offsets, ids: this.ids };
  }

  valuesAt(i: number): unknown[] {
    return Array.from(this.ids.subarray(this.offsets[i], this.offsets[i + 1]), (id) => this.dict[id]);
  }

  hasValue(i: number): boolean {
    return (this.offsets[i + 1] as number) > (this.offsets[i] as number);
  }

  /** per dictionary entry, its documents (ascending, each once) */
  private postings?: number[][];

  /** Marks in `mask` every document holding dictionary entry `id`. */
  markDocs(id: number, mask: Uint8Array): void {
    if (!this.postings) {
      const postings = this.dict.map((): number[] => []);
      for (let i = 0; i < this.length; i++) {
        for (let k = this.offsets[i] as number; k < (this.offsets[i + 1] as number); k++) {
          const docs = postings[this.ids[k] as number] as number[];
          if (docs[docs.length - 1] !== i) docs.push(i);
        }
      }
      this.postings = postings;
    }
    for (const i of this.postings[id] as number[]) mask[i] = 1;
  }

  /** A mask of the documents holding any entry for which `pick` is true (evaluated once per entry, charged as such). */
  maskWhere(pick: (value: unknown, id: number) => boolean): Uint8Array {
    chargeWork(this, 0, this.dict.length);
    const mask = new Uint8Array(this.length);
    for (let id = 0; id < this.dict.length; id++) if (pick(this.dict[id], id)) this.markDocs(id, mask);
    return mask;
  }

  /** the entries by keyOf, a numeric string also by its number ('m') */
  private lookup?: Map<string, number[]>;

  /** Marks every document with a value that termEquals one of `wanted`: 5 matches '5', true matches 'true' and 1. */
  termMask(wanted: readonly unknown[]): Uint8Array {
    if (!this.lookup) {
      const lookup = new Map<string, number[]>();
      this.dict.forEach((v, id) => {
        if (v !== OBJECT_VALUE) pushTo(lookup, keyOf(v), id);
        if (isNumeric(v)) pushTo(lookup, `m${Number(v)}`, id);
      });
      this.lookup = lookup;
    }
    const mask = new Uint8Array(this.length);
    for (const key of wanted.flatMap(queryKeys)) for (const id of this.lookup.get(key) ?? []) this.markDocs(id, mask);
    return mask;
  }

  private tokenCache?: Array<string[] | null>;
  private tokenIndex?: Map<string, number[]>;

  /** The tokens of entry `id` (null for an entry that is no string or number), each entry tokenised once. */
  tokens(id: number): string[] | null {
    const cache = (this.tokenCache ??= new Array<string[] | null>(this.dict.length));
    const v = this.dict[id];
    return (cache[id] ??= typeof v === 'string' || typeof v === 'number' ? tokenize(String(v)) : null);
  }

  /** The entries holding each token (every entry tokenised, once). */
  entriesByToken(): Map<string, number[]> {
    if (!this.tokenIndex) {
      const index = (this.tokenIndex = new Map());
      for (let id = 0; id < this.dict.length; id++) for (const t of new Set(this.tokens(id))) pushTo(index, t, id);
    }
    return this.tokenIndex;
  }

  /** All documents in the order of one sort key (min of a document's values for asc, max for desc; ties in index order). */
  sortOrder(order: 'asc' | 'desc', missing: 'first' | 'last'): Int32Array {
    const comps = this.dict.map(comparable);
    const values = Array.from({ length: this.length }, (_, i) => {
      let best: Comparable | undefined;
      for (let k = this.offsets[i] as number; k < (this.offsets[i + 1] as number); k++) {
        const c = comps[this.ids[k] as number];
        if (c === undefined) continue;
        if (best === undefined || (order === 'asc' ? compare(c, best) < 0 : compare(c, best) > 0)) best = c;
      }
      return best;
    });
    const idx = Array.from({ length: this.length }, (_, i) => i);
    idx.sort((a, b) => {
      const x = values[a];
      const y = values[b];
      if (x === undefined || y === undefined) {
        if (x === y) return a - b;
        return (x === undefined) === (missing === 'first') ? -1 : 1;
      }
      return (order === 'asc' ? compare(x, y) : compare(y, x)) || a - b;
    });
    return Int32Array.from(idx);
  }
}
