/**
 * What the storefront accepts from a client before anything reaches the renderer or the API: a proxied path that is
 * exactly what it looks like, cookies that may be garbage, and page paths of sane length and encoding. Everything here
 * answers "refuse" (a 4xx) rather than throw, so no client input becomes a 5xx.
 */

/** the prefixes the storefront passes through to the API (spec catalogue §9: the browser talks to one origin) */
export const PROXY_PREFIXES = ['/api/', '/img/'] as const;

/** longest page or proxy path accepted; longer answers 400 (no route of the shop comes near it) */
export const MAX_PATH_LENGTH = 2048;

/**
 * The path to send upstream for a proxied request, or undefined when it must be refused (400). The raw request target
 * is checked as sent (fetch and curl normalise '..' away, an attacker's raw request does not):
 * - only /api/... and /img/... pass;
 * - no dot-segment ('.' or '..'), no backslash, no empty segment ('//' could become a scheme-relative URL);
 * - no percent-encoded '.', '/', '\' or '%' (encoded dot-segments, encoded separators, double encoding), and no
 *   percent-encoding that does not decode;
 * - no control characters.
 * The query string is passed on unchanged (it never changes which route the backend picks), but it must decode: the
 * proxy decodes the whole target, and `?a=%` answered 500 (URIError).
 */
export function safeProxyPath(rawUrl: string): string | undefined {
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const query = q < 0 ? '' : rawUrl.slice(q);
  if (path.length > MAX_PATH_LENGTH) return undefined;
  if (!PROXY_PREFIXES.some((p) => path.startsWith(p))) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(rawUrl)) return undefined;
  // A request target never holds raw white space, and URL resolution trims it: '/api/.. ' resolves as '/api/..' (= '/').
  if (/\s/.test(path)) return undefined;
  if (/%(2e|2f|5c|25)/i.test(path)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
    decodeURIComponent(query);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  const segments = decoded.split('/').slice(1);
  // Segments are compared trimmed: an upstream that trims white space ('..%20') must not see a dot-segment either.
  const dotSegment = (s: string): boolean => s.trim() === '.' || s.trim() === '..';
  if (segments.some((s, i) => dotSegment(s) || (s === '' && i < segments.length - 1))) return undefined;
  return path + query;
}

/**
 * One cookie's value, or undefined when absent or not decodable: a malformed cookie is ignored, never an error
 * (`locale=%` must not answer 500).
 */
export function readCookie(header: string | string[] | undefined, name: string): string | undefined {
  const raw = Array.isArray(header) ? header.join(';') : (header ?? '');
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Whether a page request's target can be rendered at all: not over-long, percent-encoding that decodes (`/c/%`,
 * `/c/%E0%A4%A` are refused with 400) and no control characters. Query strings are parsed leniently by URLSearchParams,
 * which never throws.
 */
export function pageTargetProblem(rawUrl: string): string | undefined {
  if (rawUrl.length > MAX_PATH_LENGTH) return 'path too long';
  if (!rawUrl.startsWith('/')) return 'bad request target';
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'bad percent-encoding';
  }
  // a control character, sent as it is or percent-encoded (`/%0aabc`), names no page
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(rawUrl) || /[\u0000-\u001f\u007f]/.test(decoded)) return 'bad request target';
  return undefined;
}

/** names every object inherits (`__proto__`, `constructor`, `toString`, ...) */
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * A page path one of whose segments is the name of an Object.prototype member: no slug of the shop is one, and a
 * lookup of such a name in a plain object finds the prototype's member instead of nothing (a render then held its
 * place until it timed out). Answered 404 before any load or render.
 */
export function namesPrototypeMember(rawUrl: string): boolean {
  const path = rawUrl.split('?', 1)[0]!;
  return path.split('/').some((segment) => {
    try {
      return PROTOTYPE_NAMES.has(decodeURIComponent(segment));
    } catch {
      return false;
    }
  });
}
