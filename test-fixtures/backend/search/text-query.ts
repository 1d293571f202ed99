import type { Collection } from './engine';
import { termEquals } from './fields';
import { requiredMatches, type TextQueryOptions } from './fulltext';
import { chargeWork, limitHit, malformed, numOr, SEARCH_LIMITS, type Matcher } from './request';
import { tokenize } from './text';

/** The text of a full-text clause, within the length and word limits (a 1,000-word fuzzy query is refused, not run). */
function boundedText(query: unknown): string {
  if (typeof query !== 'string' && typeof query !== 'number' && typeof query !== 'boolean') throw malformed('query text must be a string');
  const text = String(query);
  if (text.length > SEARCH_LIMITS.textLength) throw limitHit('full-text query too long', SEARCH_LIMITS.textLength);
  if (tokenize(text).length > SEARCH_LIMITS.textTerms) throw limitHit('too many words in a full-text query', SEARCH_LIMITS.textTerms);
  return text;
}

/** A clause no document can match. */
export const matchNone: Matcher = () => undefined;

/** The fields some document holds (others add nothing); each after the first is one more pass over the documents. */
function heldFields(col: Collection, fields: Array<[string, number]>): Array<[string, number]> {
  const held = fields.filter(([field]) => col.hasField(field));
  chargeWork(col, Math.max(0, held.length - 1));
  return held;
}

/** A field's score of document i in a clause: NaN when it does not match there. */
type FieldScore = (i: number) => number;

/** One clause over several fields: best + tie x the others (best_fields) or the sum (most_fields), in field order. */
function fieldsMatcher(fields: FieldScore[], best: boolean, tie: number, boost: number, scoring: boolean): Matcher {
  return (i) => {
    let count = 0;
    let max = -Infinity;
    let sum = 0;
    for (const field of fields) {
      const v = field(i);
      if (Number.isNaN(v)) continue;
      max = count++ === 0 ? v : Math.max(max, v);
      sum += v;
    }
    if (!count) return undefined;
    if (!scoring) return 0;
    return (best ? max + tie * (sum - max) : sum) * boost;
  };
}

export function textMatcher(
  col: Collection, fields: Array<[string, number]>, opts: Record<string, unknown>, type: string, boost: number, scoring: boolean, tie = 0,
): Matcher {
  const text = boundedText(opts.query);
  const operator = opts.operator === undefined ? 'or' : String(opts.operator).toLowerCase();
  if (operator !== 'or' && operator !== 'and') throw malformed(`operator ${operator}`);
  requiredMatches(opts.minimum_should_match, 1);
  const options: TextQueryOptions = {
    fuzziness: opts.fuzziness,
    operator,
    minimumShouldMatch: opts.minimum_should_match,
    maxExpansions: numOr(opts.max_expansions, 50, 'max_expansions'),
    prefixLength: numOr(opts.prefix_length, 0, 'prefix_length'),
  };
  // text fields score first, then numbers / keywords: equal to a token of the query (match { erin_recommends: 1 })
  const scored: FieldScore[] = [];
  const exact: FieldScore[] = [];
  const tokens = tokenize(text);
  const lower = text.toLowerCase();
  for (const [field, fieldBoost] of heldFields(col, fields)) {
    if (col.isTextField(field)) {
      const scores = col.textIndex(field).search(text, options);
      scored.push((i) => (scores[i] as number) * fieldBoost);
    } else {
      const mask = col.column(field).maskWhere((v) => {
        return termEquals(v, text) || tokens.some((t) => termEquals(v, t)) || String(v).toLowerCase() === lower;
      });
      exact.push((i) => (mask[i] ? fieldBoost : NaN));
    }
  }
  return fieldsMatcher([...scored, ...exact], type === 'best_fields', tie, boost, scoring);
}

/** A document matches when one of its values holds the phrase: decided once per distinct value, then read as a mask. */
export function phraseMatcher(col: Collection, fields: Array<[string, number]>, query: unknown, prefix: boolean, boost: number, scoring: boolean, tie = 0): Matcher {
  const phrase = tokenize(boundedText(query));
  if (!phrase.length) return matchNone;
  const holds = (toks: string[] | null): boolean => {
    if (!toks) return false;
    for (let s = 0; s + phrase.length <= toks.length; s++) {
      if (phrase.every((p, k) => (prefix && k === phrase.length - 1 ? (toks[s + k] as string).startsWith(p) : toks[s + k] === p))) return true;
    }
    return false;
  };
  const scores = heldFields(col, fields).map(([field, fieldBoost]): FieldScore => {
    const mask = new Uint8Array(col.length);
    const column = col.column(field);
    const entries = column.entriesByToken();
    // only the entries holding the phrase's first token (or, for a one-word prefix, a token starting with it) are checked
    const first = phrase[0] as string;
    let candidates: Iterable<number> = entries.get(first) ?? [];
    if (prefix && phrase.length === 1) {
      chargeWork(col, 0, entries.size);
      candidates = new Set([...entries].flatMap(([t, ids]) => (t.startsWith(first) ? ids : [])));
    }
    for (const id of candidates) if (holds(column.tokens(id))) column.markDocs(id, mask);
    // a field holding the phrase scores its boost times (1 + the phrase's words)
    const score = fieldBoost * (1 + phrase.length);
    return (i) => (mask[i] ? score : NaN);
  });
  return fieldsMatcher(scores, true, tie, boost, scoring);
}
