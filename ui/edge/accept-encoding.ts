/**
 * `Accept-Encoding` negotiation (RFC 9110 §12.5.3) for every answer the server compresses itself: a coding named takes
 * its own weight over `*`'s; the highest weight above 0 wins, ties in the server's order. Nothing acceptable: identity.
 */
export type Coding = 'br' | 'gzip';

export function negotiateEncoding(
  header: string | string[] | undefined,
  offered: readonly Coding[] = ['br', 'gzip'],
): Coding | undefined {
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
