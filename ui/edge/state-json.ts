/**
 * JSON of a page's boot data, with the JSON of what cannot change written once (issue 8, fourth pass: the hydration
 * state's JSON was ~5 % of an uncached category answer's CPU; 46 KB of it are the listed products, the same objects
 * on every render of the page within the catalogue read cache's TTL).
 *
 * `stateJson(v)` is exactly `JSON.stringify(v)`. The server's catalogue answers are deep-frozen and shared by every
 * render of the process (adapters/cache/catalogue-read-cache.ts), and so are the listing copies dehydrate makes of
 * them: the JSON of a deep-frozen object is kept beside it (WeakMap, gone with the object) and written as it is next
 * time. An object counts as deep-frozen when it and everything in it is frozen and plain (no toJSON, no class); any
 * other value is written afresh every time.
 */
const written = new WeakMap<object, string>();

/** everything written since the innermost object began is deep-frozen plain data */
let deep = true;

function plain(o: object): boolean {
  if (Array.isArray(o)) return true;
  const proto = Object.getPrototypeOf(o) as unknown;
  return proto === Object.prototype || proto === null;
}

/** JSON.stringify's SerializeJSONProperty for a value found under `key` (undefined: left out) */
function write(value: unknown, key: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'bigint':
      return JSON.stringify(value); // throws as JSON.stringify does
    default:
      break;
  }
  if (value === null) return 'null';
  const o = value as Record<string, unknown>;
  const kept = written.get(o);
  if (kept !== undefined) return kept;
  if (typeof o['toJSON'] === 'function') {
    deep = false;
    return write((o['toJSON'] as (k: string) => unknown)(key), key);
  }
  if (!plain(o)) {
    deep = false;
    return JSON.stringify(o);
  }
  const outer = deep;
  deep = true;
  let out: string;
  if (Array.isArray(o)) {
    out = '[';
    for (let i = 0; i < o.length; i++) out += (i ? ',' : '') + (write(o[i], String(i)) ?? 'null');
    out += ']';
  } else {
    out = '{';
    let first = true;
    for (const k of Object.keys(o)) {
      const v = write(o[k], k);
      if (v === undefined) continue;
      out += (first ? '' : ',') + JSON.stringify(k) + ':' + v;
      first = false;
    }
    out += '}';
  }
  const frozen = deep && Object.isFrozen(o);
  if (frozen) written.set(o, out);
  deep = outer && frozen;
  return out;
}

/** JSON.stringify(value), with the JSON of deep-frozen plain objects kept for their next time */
export function stateJson(value: unknown): string | undefined {
  deep = true;
  return write(value, '');
}

/** `value` is deep-frozen plain data whose JSON stateJson has kept (it cannot change) */
export function jsonKept(value: object): boolean {
  return written.has(value);
}
