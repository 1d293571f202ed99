import { HttpError } from './errors';

/** Bounds on every request, checked before a handler sees it (docs/backend.md "Limits"). */
export const LIMITS = {
  bodyBytes: 512 * 1024,
  /** nesting of objects and arrays in a JSON body (or the search `request` parameter) */
  jsonDepth: 32,
  /** characters of one JSON string (e-mail text is the longest field, 20,000) */
  stringLength: 20_000,
  arrayLength: 2000,
  objectKeys: 1000,
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

/** The size limits of a parsed value and its key (JSON.parse's reviver: every value once, children first). */
function checkSize(key: string, v: unknown): unknown {
  if (key.length > 200) throw tooBig('an object key is longer than 200 characters');
  if (typeof v === 'string' && v.length > LIMITS.stringLength) {
    throw tooBig(`a string is longer than ${LIMITS.stringLength} characters`);
  }
  if (Array.isArray(v)) {
    if (v.length > LIMITS.arrayLength) throw tooBig(`an array has more than ${LIMITS.arrayLength} entries`);
  } else if (typeof v === 'object' && v !== null && Object.keys(v).length > LIMITS.objectKeys) {
    throw tooBig(`an object has more than ${LIMITS.objectKeys} keys`);
  }
  return v;
}

/** JSON text under every limit, parsed (400 naming the limit or the syntax error otherwise). */
export function parseBoundedJson(text: string, what: string): unknown {
  checkJsonDepth(text);
  try {
    return JSON.parse(text, checkSize);
  } catch (e) {
    throw e instanceof HttpError ? e : new HttpError(400, `Malformed JSON ${what}`);
  }
}
