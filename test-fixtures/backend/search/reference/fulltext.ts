/**
 * The previous search engine (before issue 9's indexes), kept unchanged as the ORACLE of search-engine.test.ts and as the
 * comparison in scripts/bench/search-latency.ts --compare: every clause evaluated per document, MiniSearch for full text.
 * Not used by the backend.
 */
import MiniSearch from 'minisearch';
import { fieldValues } from '../fields';
import { editDistance, indexTerms, normalise, stripHtml, tokenize } from '../text';

/**
 * One MiniSearch index per (document type, field), built on first use. Full-text clauses (match, multi_match)
 * run against it with Elasticsearch's fuzziness, max_expansions, prefix_length, operator and minimum_should_match.
 */
export interface TextQueryOptions {
  fuzziness?: unknown; // number | 'AUTO' | '0'..'2'
  operator?: 'or' | 'and';
  minimumShouldMatch?: unknown;
  maxExpansions?: number;
  prefixLength?: number;
}

const MS_OPTIONS = {
  fields: ['text'],
  idField: 'id',
  tokenize: (text: string) => text.split(/[\s\p{P}\p{S}]+/u).filter(Boolean),
  processTerm: (term: string) => indexTerms(term),
  searchOptions: { processTerm: (term: string) => normalise(term) },
};

export class FieldIndex {
  private readonly ms: MiniSearch<{ id: number; text: string }>;

  /** Indexes `field` of `docs`, or reads an index `serialized` earlier (the backend keeps them in SQLite). */
  constructor(docs: readonly unknown[], readonly field: string, serialized?: string) {
    if (serialized !== undefined) {
      this.ms = MiniSearch.loadJSON<{ id: number; text: string }>(serialized, MS_OPTIONS);
      return;
    }
    this.ms = new MiniSearch<{ id: number; text: string }>(MS_OPTIONS);
    const batch: Array<{ id: number; text: string }> = [];
    docs.forEach((doc, id) => {
      const text = fieldValues(doc, field).filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => stripHtml(String(v))).join(' ');
      if (text.trim()) batch.push({ id, text });
    });
    this.ms.addAll(batch);
  }

  serialize(): string {
    return JSON.stringify(this.ms);
  }

  /** docIndex -> score for docs that satisfy the clause. */
  search(query: string, options: TextQueryOptions): Map<number, number> {
    const terms = [...new Set(tokenize(query))];
    const out = new Map<number, number>();
    if (terms.length === 0) return out;
    const maxEdits = (term: string): number => fuzzyEdits(options.fuzziness, term);
    const results = this.ms.search(terms.join(' '), {
      combineWith: 'OR',
      prefix: false,
      fuzzy: (term) => {
        const e = maxEdits(term);
        return e === 0 ? false : e;
      },
      maxFuzzy: 2,
    });
    // max_expansions and prefix_length: which document terms each query term may match
    const candidates = new Set<string>();
    for (const r of results) for (const t of r.terms) candidates.add(t);
    const allowed = new Map<string, Set<string>>();
    const expansions = Math.max(1, options.maxExpansions ?? 50);
    const prefixLength = Math.max(0, options.prefixLength ?? 0);
    for (const q of terms) {
      const max = maxEdits(q);
      const scored: Array<[string, number]> = [];
      for (const t of candidates) {
        if (prefixLength > 0 && t.slice(0, prefixLength) !== q.slice(0, prefixLength) && t !== q) continue;
        const d = t === q ? 0 : editDistance(q, t, max);
        if (d <= max) scored.push([t, d]);
      }
      scored.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
      allowed.set(q, new Set(scored.slice(0, expansions).map(([t]) => t)));
    }
    const required = options.operator === 'and' ? terms.length : requiredMatches(options.minimumShouldMatch, terms.length);
    for (const r of results) {
      let matched = 0;
      for (const q of terms) {
        const set = allowed.get(q);
        if (set && r.terms.some((t) => set.has(t))) matched++;
      }
      if (matched >= Math.max(1, required)) out.set(r.id as number, r.score * (matched / terms.length));
    }
    return out;
  }
}

/** Elasticsearch fuzziness: 'AUTO' = 0 edits up to 2 chars, 1 up to 5, else 2; a number is capped at 2. */
export function fuzzyEdits(fuzziness: unknown, term: string): number {
  if (fuzziness === undefined || fuzziness === null) return 0;
  const text = String(fuzziness).toUpperCase();
  if (text.startsWith('AUTO')) {
    const m = /^AUTO:(\d+),(\d+)$/.exec(text);
    const low = m ? Number(m[1]) : 3;
    const high = m ? Number(m[2]) : 6;
    return term.length < low ? 0 : term.length < high ? 1 : 2;
  }
  const n = Number(fuzziness);
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(2, Math.floor(n));
}

/** minimum_should_match: integer, negative integer, percentage or negative percentage, relative to `count` optional clauses. */
export function requiredMatches(spec: unknown, count: number): number {
  if (spec === undefined || spec === null || spec === '') return 1;
  const text = String(spec).trim();
  const pct = /^(-?\d+(?:\.\d+)?)%$/.exec(text);
  let n: number;
  if (pct) {
    const p = Number(pct[1]);
    n = p < 0 ? count - Math.floor((count * -p) / 100) : Math.floor((count * p) / 100);
  } else if (/^-?\d+$/.test(text)) {
    const v = Number(text);
    n = v < 0 ? count + v : v;
  } else {
    throw new Error(`minimum_should_match: ${text}`);
  }
  return Math.max(0, Math.min(count, n));
}
