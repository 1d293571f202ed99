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
/** the same, escaped for a script element (see stateJson's `escaped`) */
const writtenEscaped = new WeakMap<object, string>();

/** everything written since the innermost object began is deep-frozen plain data */
let deep = true;
/** the call under way writes for a script element */
let escaping = false;
let kept = written;

const SCRIPT_UNSAFE = /[<\u2028\u2029]/;
const SCRIPT_UNSAFE_ALL = /[<\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON text (a string's or a whole value's) with `<`, U+2028 and U+2029 written as escapes, when escaping */
function safe(json: string): string {
  return escaping && SCRIPT_UNSAFE.test(json) ? json.replace(SCRIPT_UNSAFE_ALL, (c) => SCRIPT_ESCAPES[c]!) : json;
}

function plain(o: object): boolean {
  if (Array.isArray(o)) return true;
  const proto = Object.getPrototypeOf(o) as unknown;
  return proto === Object.prototype || proto === null;
}

/** JSON.stringify's SerializeJSONProperty for a value found under `key` (undefined: left out) */
function write(value: unknown, key: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return safe(JSON.stringify(value));
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
  const before = kept.get(o);
  if (before !== undefined) return before;
  if (typeof o['toJSON'] === 'function') {
    deep = false;
    return write((o['toJSON'] as (k: string) => unknown)(key), key);
  }
  if (!plain(o)) {
    deep = false;
    return safe(JSON.stringify(o));
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
      out += (first ? '' : ',') + safe(JSON.stringify(k)) + ':' + v;
      first = false;
    }
    out += '}';
  }
  const frozen = deep && Object.isFrozen(o);
  if (frozen) kept.set(o, out);
  deep = outer && frozen;
  return out;
}

/**
 * JSON.stringify(value), with the JSON of deep-frozen plain objects kept for their next time. `escaped`: with `<`,
 * U+2028 and U+2029 written as \u escapes (the same JSON value; safe inside a script element), escaped piece by piece
 * and kept escaped (issue 8, sixth pass: escaping the ~70 KB of a category page's state afresh per answer, a scan of
 * the whole text after joining it, was 2.9 % of an uncached answer's CPU in a profile).
 */
export function stateJson(value: unknown, escaped = false): string | undefined {
  deep = true;
  escaping = escaped;
  kept = escaped ? writtenEscaped : written;
  try {
    return write(value, '');
  } finally {
    escaping = false;
    kept = written;
  }
}

/** `value` is deep-frozen plain data whose JSON stateJson has kept (it cannot change) */
export function jsonKept(value: object): boolean {
  return written.has(value);
}
