/** An own entry of a parsed document or request, never what it inherits (`obj['constructor']` would be Object's). */
export function ownEntry<T>(obj: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Appends `value` to the list of `key` (made on first use). */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Reads a dotted field path out of a document, flattening arrays at every step (as Elasticsearch does for objects). */
export function fieldValues(doc: unknown, path: string): unknown[] {
  if (!path.includes('.') && typeof doc === 'object' && doc !== null && !Array.isArray(doc)) {
    const v = ownEntry(doc as Record<string, unknown>, path);
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) return [v];
    if (v.every((x) => !Array.isArray(x) && x !== null && x !== undefined)) return v;
  }
  const out: unknown[] = [];
  const parts = path.split('.');
  const walk = (value: unknown, i: number): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, i);
      return;
    }
    if (i === parts.length) {
      out.push(value);
      return;
    }
    if (typeof value === 'object') walk(ownEntry(value as Record<string, unknown>, parts[i] as string), i + 1);
  };
  walk(doc, 0);
  return out;
}

/** Term equality with Elasticsearch's coercion: 5 matches '5', true matches 'true'. */
export function termEquals(docValue: unknown, queryValue: unknown): boolean {
  if (docValue === queryValue) return true;
  if (typeof docValue === 'number' || typeof queryValue === 'number') {
    const a = Number(docValue);
    const b = Number(queryValue);
    return !Number.isNaN(a) && !Number.isNaN(b) && String(docValue).trim() !== '' && String(queryValue).trim() !== '' && a === b;
  }
  if (typeof docValue === 'boolean' || typeof queryValue === 'boolean') return String(docValue) === String(queryValue);
  return false;
}

export type Comparable = number | string;

export function comparable(v: unknown): Comparable | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    if (v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
    return v;
  }
  return undefined;
}

/** Number(value) when finite (metric aggregations, field_value_factor), else NaN. */
export function metricNumber(v: unknown): number {
  const n = Number(v);
  return Number.isFinite(n) ? n : NaN;
}

export function compare(a: Comparable, b: Comparable): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

type PathNode = Map<string, PathNode>;

/**
 * The dotted field paths that hold a value in the documents added (arrays walked through, as fieldValues reads them). A
 * path outside them has no value in any of those documents: fieldValues answers [] for it. The keys are gathered in a
 * tree (no string is built per document), the paths spelled out once.
 */
export class FieldPaths {
  private readonly root: PathNode = new Map();

  add(doc: unknown): void {
    const walk = (value: unknown, node: PathNode): void => {
      if (Array.isArray(value)) {
        for (const v of value) walk(v, node);
        return;
      }
      if (typeof value !== 'object' || value === null) return;
      const obj = value as Record<string, unknown>;
      for (const [k, v] of Object.entries(obj)) {
        if (v === undefined || v === null) continue;
        let child = node.get(k);
        if (!child) node.set(k, (child = new Map()));
        if (typeof v === 'object') walk(v, child);
      }
    };
    walk(doc, this.root);
  }

  /** Adds the paths gathered so far to `into`. */
  spell(into: Set<string> = new Set()): Set<string> {
    const stack: Array<[string, PathNode]> = [['', this.root]];
    while (stack.length) {
      const [prefix, node] = stack.pop() as [string, PathNode];
      for (const [k, child] of node) {
        const path = prefix ? `${prefix}.${k}` : k;
        into.add(path);
        stack.push([path, child]);
      }
    }
    return into;
  }
}
