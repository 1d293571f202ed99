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

/** Optimal-string-alignment distance (Levenshtein + transpositions, as Elasticsearch's fuzzy query), capped at max+1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
  }
  return (d[rows - 1] as number[])[cols - 1] as number;
}
