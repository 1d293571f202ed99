/**
 * Content negotiation of `Accept-Encoding` (RFC 9110 §12.5.3), the one parser of the header for every answer the
 * server compresses itself. A coding is acceptable when the header names it with q > 0, or names `*` with q > 0 and
 * not the coding itself; a coding the header names takes its own weight over `*`'s. Of the acceptable codings the
 * server offers, the one with the highest weight wins, ties going to the server's order of preference. No header, an
 * empty one or nothing acceptable: identity (undefined).
 */
export type Coding = 'br' | 'gzip';

export function negotiateEncoding(header: string | string[] | undefined, offered: readonly Coding[] = ['br', 'gzip']): Coding | undefined {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    const value = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    // a weight that is not a number of 0..1 makes the coding unacceptable (the safer reading of a bad header)
    const weight = Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0;
    // a coding named twice keeps its lower weight
    weights.set(name, Math.min(weight, weights.get(name) ?? 1));
  }
  let best: Coding | undefined;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}
