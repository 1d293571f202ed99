import { createHash, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * What the storefront accepts from a client before anything reaches the renderer or the API: everything here answers
 * "refuse" (a 4xx) rather than throw, so no client input becomes a 5xx.
 */

/** longest page or proxy path accepted; longer answers 400 (no route of the shop comes near it) */
export const MAX_PATH_LENGTH = 2048;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The path to send upstream for a proxied request, or undefined when it must be refused (400). The raw target is
 * checked as sent (fetch and curl normalise '..' away, an attacker's raw request does not): only /api/ and /img/ (spec
 * catalogue §9: the browser talks to one origin); no dot-segment, backslash, white space, control character or empty
 * segment ('//' could become a scheme-relative URL); no percent-encoded '.', '/', '\' or '%' and nothing that does not
 * decode, query included (the proxy decodes the whole target).
 */
export function safeProxyPath(rawUrl: string): string | undefined {
  const path = rawUrl.split('?', 1)[0]!;
  if (path.length > MAX_PATH_LENGTH || !/^\/(api|img)\//.test(path)) return undefined;
  // URL resolution trims white space ('/api/.. ' resolves as '/api/..' = '/') and drops a fragment ('/api/..#' too);
  // a request target never carries a fragment (RFC 9112 §3.2)
  if (/\s|#|%(2e|2f|5c|25)/i.test(path) || rawUrl.includes('\\') || CONTROL.test(rawUrl)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
    decodeURIComponent(rawUrl.slice(path.length));
  } catch {
    return undefined;
  }
  if (CONTROL.test(decoded) || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').slice(1);
  // trimmed: an upstream that trims white space ('..%20') must not see a dot-segment either
  const bad = (s: string, i: number) => s.trim() === '.' || s.trim() === '..' || (s === '' && i < segments.length - 1);
  return segments.some(bad) ? undefined : rawUrl;
}

/** Why a page request's target cannot be rendered: over-long, bad percent-encoding (`/c/%`), a control character. */
export function pageTargetProblem(rawUrl: string): string | undefined {
  if (rawUrl.length > MAX_PATH_LENGTH) return 'path too long';
  if (!rawUrl.startsWith('/')) return 'bad request target';
  try {
    const decoded = decodeURIComponent(rawUrl.split('?', 1)[0]!);
    return CONTROL.test(rawUrl) || CONTROL.test(decoded) ? 'bad request target' : undefined;
  } catch {
    return 'bad percent-encoding';
  }
}

/** names every object inherits (`__proto__`, `constructor`, `toString`, ...) */
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * A page path one of whose segments names an Object.prototype member: no slug of the shop is one, and a lookup of
 * such a name in a plain object finds the prototype's member (a render then held its place until it timed out).
 */
export function namesPrototypeMember(rawUrl: string): boolean {
  return rawUrl.split('?', 1)[0]!.split('/').some((segment) => {
    try {
      return PROTOTYPE_NAMES.has(decodeURIComponent(segment));
    } catch {
      return false;
    }
  });
}

/** A key given equals the one configured (none configured: never), in constant time whatever their lengths. */
export function sameSecret(given: unknown, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * A check of the key given by a client address (request.ip): undefined when right, else the refusal. Past 10 wrong keys
 * in a minute, every ask of that address is refused (429) until the minute is over. `counted` false: a guess of none.
 */
export function keyCheck(expected: string | undefined) {
  const failures = new LRUCache<string, number>({ max: 10_000, ttl: 60_000, noUpdateTTL: true });
  return (ip: string, given: unknown, counted = true) => {
    if ((failures.get(ip) ?? 0) >= 10) {
      const wait = String(Math.max(1, Math.ceil(failures.getRemainingTTL(ip) / 1000)));
      return { status: 429, headers: { 'retry-after': wait }, text: 'Too many wrong keys, try again later' };
    }
    if (sameSecret(given, expected)) return undefined;
    if (counted) failures.set(ip, (failures.get(ip) ?? 0) + 1);
    return { status: 401, headers: {}, text: 'Unauthorized: wrong or missing key' };
  };
}
