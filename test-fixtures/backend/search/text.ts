/** Text analysis shared by the full-text index and the phrase matcher: lowercase, no diacritics, Dutch compounds split. */
export const TOKEN_SPLIT = /[\s\p{P}\p{S}]+/u;

export function normalise(term: string): string {
  return term.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function tokenize(text: string): string[] {
  return normalise(text).split(TOKEN_SPLIT).filter(Boolean);
}

/** Dutch compound heads: 'kadopapier' is indexed as kadopapier + kado + papier, so 'papier' finds it. */
const HEADS = ['papier', 'lint', 'zakjes', 'zakje', 'tasje', 'tassen', 'tas', 'dozen', 'doos', 'kaarten', 'kaart', 'enveloppen', 'envelop', 'labels', 'label', 'boek', 'blok', 'koord'];

export function indexTerms(term: string): string[] {
  const t = normalise(term);
  for (const head of HEADS) {
    if (t.length >= head.length + 3 && t.endsWith(head)) return [t, head, t.slice(0, -head.length)];
  }
  return [t];
}

export function stripHtml(text: string): string {
  return text.replace(/<[^>]*>/g, ' ').replace(/&[a-z]+;/g, ' ');
}

/**
 * Edit distance, capped at max + 1: Levenshtein, or with `transpositions` optimal string alignment (two neighbours
 * swapped is one edit, as Elasticsearch's fuzzy query counts).
 */
export function editDistance(a: string, b: string, max: number, transpositions = true): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let before = new Int32Array(n + 1);
  let prev = Int32Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Int32Array(n + 1);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      const swapped = transpositions && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1];
      if (swapped) v = Math.min(v, before[j - 2]! + 1);
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [before, prev, row] = [prev, row, before];
  }
  return prev[n]!;
}
