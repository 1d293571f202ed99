import { HttpError } from './errors';

/** Bounds on every request, checked before a handler sees it (docs/backend.md "Limits"). */
export const LIMITS = {
  /** request body, bytes */
  bodyBytes: 512 * 1024,
  /** nesting of objects and arrays in a JSON body (or the search `request` parameter) */
  jsonDepth: 32,
  /** characters of one JSON string (e-mail text is the longest field, 20,000) */
  stringLength: 20_000,
  /** entries of one JSON array */
  arrayLength: 2000,
  /** keys of one JSON object */
  objectKeys: 1000,
  /** query-string parameters */
  queryParams: 50,
} as const;

const tooBig = (what: string): HttpError => new HttpError(400, `Invalid request: ${what}`);

/** Nesting depth of JSON text, counted without parsing (a 5,000-deep body never reaches JSON.parse or a recursive walk). */
function checkJsonDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > LIMITS.jsonDepth) throw tooBig(`JSON is nested deeper than ${LIMITS.jsonDepth} levels`);
    } else if (c === 125 || c === 93) depth--;
  }
}

/** String, array and object sizes of parsed JSON (an explicit stack: no recursion). */
function checkJsonSizes(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.length > LIMITS.stringLength) throw tooBig(`a string is longer than ${LIMITS.stringLength} characters`);
    } else if (Array.isArray(v)) {
      if (v.length > LIMITS.arrayLength) throw tooBig(`an array has more than ${LIMITS.arrayLength} entries`);
      for (const x of v) stack.push(x);
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v);
      if (keys.length > LIMITS.objectKeys) throw tooBig(`an object has more than ${LIMITS.objectKeys} keys`);
      for (const k of keys) {
        if (k.length > 200) throw tooBig('an object key is longer than 200 characters');
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
}

/** JSON text under every limit, parsed (400 naming the limit or the syntax error otherwise). */
export function parseBoundedJson(text: string, what: string): unknown {
  checkJsonDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, `Malformed JSON ${what}`);
  }
  checkJsonSizes(value);
  return value;
}
