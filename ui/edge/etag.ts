import { createHash } from 'node:crypto';

/**
 * Weak ETags for HTML answers. Every answer carries its own CSP nonce, so the bytes differ per answer: a page
 * is named by what it is made of with the nonce's places left open (NONCE_SLOT), never by its bytes on the wire. Weak
 * (W/): the same page, not the same bytes (compression and nonce differ).
 */
export function weakEtag(parts: readonly string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return `W/"${h.digest('base64url').slice(0, 27)}"`;
}

/**
 * If-None-Match names this ETag (RFC 9110 §13.1.2: weak comparison, a list of tags, or '*'). A malformed header names
 * nothing (the page is sent).
 */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}
