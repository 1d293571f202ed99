import type { Column } from './column';
import { pushTo } from './fields';
import { chargeWork, malformed } from './request';
import { editDistance, indexTerms, normalise, stripHtml, tokenize, TOKEN_SPLIT } from './text';

/**
 * The full-text index of one (document type, field): a term dictionary and, per term, its documents and term frequencies
 * (CSR, typed arrays), with each document's field length. Fuzzy and exact lookups run over the DICTIONARY (not over the
 * documents); only the postings of the matching terms are read. Scores are BM25+ (k 1.2, b 0.7, d 0.5), a fuzzy term
 * weighted 0.45 * len / (len + distance), summed per query term, times the number of query terms that reached the
 * document and the fraction of them that count after max_expansions and prefix_length: MiniSearch 7's scores with these
 * settings, pinned by search/recorded-*.json (search-answers.test.ts, search-engine.test.ts).
 */
export interface TextQueryOptions {
  fuzziness?: unknown; // number | 'AUTO' | '0'..'2'
  operator?: 'or' | 'and';
  minimumShouldMatch?: unknown;
  maxExpansions?: number;
  prefixLength?: number;
}

export interface TextIndexData {
  terms: string[];
  postOffsets: Int32Array;
  postDocs: Int32Array;
  postFreqs: Int32Array;
  /** unique raw tokens per document (0 for documents without text) */
  fieldLength: Int32Array;
  documentCount: number;
  avgFieldLength: number;
}

const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const FUZZY_WEIGHT = 0.45;

/** A 32-bit set of a term's characters: each edit changes at most two bits, so terms whose sets differ in more than 2*e bits are skipped. */
function charMask(term: string): number {
  let m = 0;
  for (let i = 0; i < term.length; i++) m |= 1 << (term.charCodeAt(i) & 31);
  return m;
}
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Per-document buffers of text searches, one set per collection size, zeroed by each search (one runs at a time). */
const buffers = new Map<number, { raw: Float64Array; cur: Float64Array; quality: Uint8Array; bits: Uint32Array }>();
function searchBuffers(n: number) {
  let b = buffers.get(n);
  b ??= { raw: new Float64Array(n), cur: new Float64Array(n), quality: new Uint8Array(n), bits: new Uint32Array(n) };
  buffers.set(n, b);
  for (const buffer of Object.values(b)) buffer.fill(0);
  return b;
}

/** Terms by length, their character sets and BM25's length normalisation are derived when the index is made. */
export class TextIndex {
  readonly data: TextIndexData;
  private readonly termIds: Map<string, number>;
  private readonly byLength = new Map<number, number[]>();
  private readonly masks: Int32Array;
  /** BM25's length normalisation per document (k * (1 - b + b * len / avg)) */
  private readonly norm: Float64Array;
  constructor(data: TextIndexData) {
    this.data = data;
    this.termIds = new Map(data.terms.map((t, i) => [t, i]));
    data.terms.forEach((t, id) => pushTo(this.byLength, t.length, id));
    this.masks = Int32Array.from(data.terms, charMask);
    const { k, b } = BM25;
    this.norm = Float64Array.from(data.fieldLength, (len) => k * (1 - b + (b * len) / data.avgFieldLength));
  }

  /** Indexes a column: a document's text is its string and number values, HTML stripped, joined by spaces. */
  static fromColumn(column: Column): TextIndex {
    const n = column.length;
    const termIds = new Map<string, number>();
    const terms: string[] = [];
    const docsOf: number[][] = [];
    const freqsOf: number[][] = [];
    const fieldLength = new Int32Array(n);
    let documentCount = 0;
    let avg = 0;
    const textOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? stripHtml(String(v)) : undefined);
    const stripped = column.dict.map(textOf);
    for (let i = 0; i < n; i++) {
      const parts = Array.from(column.ids.subarray(column.offsets[i], column.offsets[i + 1]), (id) => stripped[id]);
      const text = parts.filter((s) => s !== undefined).join(' ');
      if (!text.trim()) continue;
      const tokens = text.split(TOKEN_SPLIT).filter(Boolean);
      const unique = new Set(tokens).size;
      // a running average in document order (its rounding is part of the recorded scores)
      avg = (avg * documentCount + unique) / (documentCount + 1);
      documentCount++;
      fieldLength[i] = unique;
      for (const token of tokens) {
        for (const t of indexTerms(token)) {
          if (!t) continue;
          let id = termIds.get(t);
          if (id === undefined) {
            id = terms.length;
            terms.push(t);
            termIds.set(t, id);
            docsOf.push([]);
            freqsOf.push([]);
          }
          const docs = docsOf[id] as number[];
          const freqs = freqsOf[id] as number[];
          if (docs[docs.length - 1] === i) freqs[freqs.length - 1]!++;
          else {
            docs.push(i);
            freqs.push(1);
          }
        }
      }
    }
    const postOffsets = new Int32Array(terms.length + 1);
    docsOf.forEach((docs, t) => (postOffsets[t + 1] = (postOffsets[t] as number) + docs.length));
    const postDocs = Int32Array.from(docsOf.flat());
    const postFreqs = Int32Array.from(freqsOf.flat());
    return new TextIndex({ terms, postOffsets, postDocs, postFreqs, fieldLength, documentCount, avgFieldLength: avg });
  }

  /** Dictionary terms within Levenshtein distance `max` of `term` (not the term itself), with their distance. */
  private fuzzyTerms(term: string, max: number): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    const qMask = charMask(term);
    const masks = this.masks;
    for (let len = Math.max(0, term.length - max); len <= term.length + max; len++) {
      const ids = this.byLength.get(len);
      if (!ids) continue;
      for (const id of ids) {
        if (popcount(qMask ^ (masks[id] as number)) > 2 * max) continue;
        const t = this.data.terms[id] as string;
        if (t === term) continue;
        const d = editDistance(term, t, max, false);
        if (d <= max) out.push([id, d]);
      }
    }
    out.sort((a, b) => a[0] - b[0]);
    return out;
  }

  /** The dictionary terms a query term reaches: itself (weight 1) and its fuzzy neighbours (weighted by distance). */
  private reached(q: string, edits: number): Array<[number, number]> {
    const terms: Array<[number, number]> = [];
    const exact = this.termIds.get(q);
    if (exact !== undefined) terms.push([exact, 1]);
    if (edits > 0) {
      for (const [id, d] of this.fuzzyTerms(q, edits)) {
        const t = this.data.terms[id] as string;
        terms.push([id, (FUZZY_WEIGHT * t.length) / (t.length + d)]);
      }
    }
    return terms;
  }

  /**
   * Adds a query term's score to `raw` of every document its terms reach (summed over the terms first, then added),
   * counting the query terms that reached each document in `quality`.
   */
  private scoreTerm(terms: Array<[number, number]>, raw: Float64Array, quality: Uint8Array, cur: Float64Array): void {
    const { postOffsets, postDocs, postFreqs, documentCount } = this.data;
    const K1 = BM25.k + 1;
    // every score is positive: 0 in `cur` marks a document this query term has not reached yet
    const reached: number[] = [];
    for (const [termId, weight] of terms) {
      const from = postOffsets[termId] as number;
      const to = postOffsets[termId + 1] as number;
      const idf = Math.log(1 + (documentCount - (to - from) + 0.5) / (to - from + 0.5));
      for (let k = from; k < to; k++) {
        const doc = postDocs[k] as number;
        const tf = postFreqs[k] as number;
        const sc = weight * (idf * (BM25.d + (tf * K1) / (tf + (this.norm[doc] as number))));
        if (cur[doc] === 0) reached.push(doc);
        cur[doc] = (cur[doc] as number) + sc;
      }
    }
    for (const doc of reached) {
      raw[doc] = (raw[doc] as number) + (cur[doc] as number);
      quality[doc]!++;
      cur[doc] = 0;
    }
  }

  /**
   * max_expansions and prefix_length: sets bit `qi` of the documents holding one of the `expansions` closest terms
   * (by edit distance, then alphabetically) among all the terms the query reached.
   */
  private markCounted(q: string, qi: number, edits: number, reached: Set<number>, options: TextQueryOptions, bits: Uint32Array): void {
    const { terms, postOffsets, postDocs } = this.data;
    const prefixLength = Math.max(0, options.prefixLength ?? 0);
    const scored: Array<[number, number]> = [];
    for (const id of reached) {
      const t = terms[id] as string;
      if (prefixLength > 0 && t.slice(0, prefixLength) !== q.slice(0, prefixLength) && t !== q) continue;
      const d = t === q ? 0 : editDistance(q, t, edits);
      if (d <= edits) scored.push([id, d]);
    }
    scored.sort((a, b) => a[1] - b[1] || ((terms[a[0]] as string) < (terms[b[0]] as string) ? -1 : 1));
    for (const [id] of scored.slice(0, Math.max(1, options.maxExpansions ?? 50))) {
      for (let k = postOffsets[id] as number; k < (postOffsets[id + 1] as number); k++) bits[postDocs[k] as number]! |= 1 << qi;
    }
  }

  /** Each document's score for a match / multi_match on this field: NaN where it does not match. */
  search(query: string, options: TextQueryOptions): Float64Array {
    const n = this.data.fieldLength.length;
    const scores = new Float64Array(n).fill(NaN);
    const qTerms = [...new Set(tokenize(query).map(normalise).filter(Boolean))];
    if (qTerms.length === 0) return scores;
    const maxEdits = qTerms.map((t) => fuzzyEdits(options.fuzziness, t));
    // a fuzzy word compares the dictionary's terms of near length: charged before any is compared
    let compared = 0;
    qTerms.forEach((q, qi) => {
      const e = maxEdits[qi] as number;
      if (e > 0) for (let len = Math.max(0, q.length - e); len <= q.length + e; len++) compared += this.byLength.get(len)?.length ?? 0;
    });
    chargeWork(this.data.fieldLength, 0, compared);
    const { raw, cur, quality, bits } = searchBuffers(n);
    const reached = new Set<number>();
    qTerms.forEach((q, qi) => {
      const terms = this.reached(q, maxEdits[qi] as number);
      for (const [id] of terms) reached.add(id);
      this.scoreTerm(terms, raw, quality, cur);
    });
    qTerms.forEach((q, qi) => this.markCounted(q, qi, maxEdits[qi] as number, reached, options, bits));
    // a document's score: its summed scores, times the query terms that reached it, times the fraction of them counted
    const required = Math.max(1, options.operator === 'and' ? qTerms.length : requiredMatches(options.minimumShouldMatch, qTerms.length));
    for (let doc = 0; doc < n; doc++) {
      const matched = popcount(bits[doc] as number);
      if (!quality[doc] || matched < required) continue;
      scores[doc] = (raw[doc] as number) * (quality[doc] as number) * (matched / qTerms.length);
    }
    return scores;
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
    throw malformed(`minimum_should_match ${text}`);
  }
  return Math.max(0, Math.min(count, n));
}
