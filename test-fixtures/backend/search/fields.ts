/** Reads a dotted field path out of a document, flattening arrays at every step (as Elasticsearch does for objects). */
export function fieldValues(doc: unknown, path: string): unknown[] {
  if (!path.includes('.') && typeof doc === 'object' && doc !== null && !Array.isArray(doc)) {
    const v = (doc as Record<string, unknown>)[path];
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
    if (typeof value !== 'object') return;
    const obj = value as Record<string, unknown>;
    // a literal dotted key wins (e.g. 'category.name' stored flat)
    const rest = parts.slice(i).join('.');
    if (i < parts.length - 1 && rest in obj) {
      walk(obj[rest], parts.length);
      return;
    }
    walk(obj[parts[i] as string], i + 1);
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

export function compare(a: Comparable, b: Comparable): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * Adds to `into` every dotted path of `doc` that holds a value (arrays walked through, as fieldValues reads them). A path
 * not in this set has no value in the document: fieldValues answers [] for it.
 */
export function addFieldPaths(doc: unknown, into: Set<string>, prefix = ''): void {
  if (Array.isArray(doc)) {
    for (const v of doc) addFieldPaths(v, into, prefix);
    return;
  }
  if (typeof doc !== 'object' || doc === null) return;
  for (const [k, v] of Object.entries(doc)) {
    if (v === undefined || v === null) continue;
    const path = prefix ? `${prefix}.${k}` : k;
    into.add(path);
    if (typeof v === 'object') addFieldPaths(v, into, path);
  }
}
