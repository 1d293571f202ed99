import { createHash } from 'node:crypto';

/** A weak ETag of what a page is made of (W/: the same page, not the same bytes: br, gzip or plain). */
export function weakEtag(parts: readonly string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return `W/"${h.digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match names this ETag (RFC 9110 §13.1.2: weak comparison, a list of tags, or '*'); malformed: nothing. */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
