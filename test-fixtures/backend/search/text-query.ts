import type { Collection } from './engine';
import { termEquals } from './fields';
import { requiredMatches, type TextQueryOptions } from './fulltext';
import { chargeWork, combine, limitHit, malformed, numOr, SEARCH_LIMITS, withMask, type Matcher } from './request';
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
export const matchNone = (col: Collection): Matcher => withMask(() => undefined, new Uint8Array(col.length));

/**
 * The fields some document holds: any other adds nothing and is left out before any work (a clause naming only such
 * fields matches nothing); each field after the first is one more pass over the documents.
 */
function heldFields(col: Collection, fields: Array<[string, number]>): Array<[string, number]> {
  const held = fields.filter(([field]) => col.hasField(field));
  chargeWork(col, Math.max(0, held.length - 1));
  return held;
}

/**
 * One clause over several fields: each field scores a document by its text scores (NaN: no match) times the field's
 * boost, or by a constant for the documents of its mask. The clause's score is the best plus `tie` times the others
 * (best_fields) or their sum (most_fields), summed from 0 with the text fields first, each group in field order.
 */
function fieldsMatcher(
  col: Collection, scored: Array<[Float64Array, number]>, constant: Array<[Uint8Array, number]>, masks: Uint8Array[],
  best: boolean, tie: number, boost: number, scoring: boolean,
): Matcher {
  if (!masks.length) return matchNone(col);
  const fieldScores = scored.map(([byDoc]) => byDoc);
  const fieldBoosts = scored.map(([, b]) => b);
  const constMasks = constant.map(([m]) => m);
  const constScores = constant.map(([, s]) => s);
  return withMask((i) => {
    let count = 0;
    let max = -Infinity;
    let sum = 0;
    for (let f = 0; f < fieldScores.length; f++) {
      const s = (fieldScores[f] as Float64Array)[i] as number;
      if (Number.isNaN(s)) continue;
      const v = s * (fieldBoosts[f] as number);
      max = count++ === 0 ? v : Math.max(max, v);
      sum += v;
    }
    for (let f = 0; f < constMasks.length; f++) {
      if (!(constMasks[f] as Uint8Array)[i]) continue;
      const v = constScores[f] as number;
      max = count++ === 0 ? v : Math.max(max, v);
      sum += v;
    }
    if (!count) return undefined;
    if (!scoring) return 0;
    return (best ? max + tie * (sum - max) : sum) * boost;
  }, combine(masks, 'or'));
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
  const scored: Array<[Float64Array, number]> = [];
  const exact: Array<[Uint8Array, number]> = [];
  const masks: Uint8Array[] = [];
  // numbers / keywords: a match is an equality on any of the query's tokens (e.g. match { erin_recommends: 1 })
  const tokens = tokenize(text);
  for (const [field, fieldBoost] of heldFields(col, fields)) {
    let mask: Uint8Array;
    if (col.isTextField(field)) {
      const { scores, docs } = col.textIndex(field).search(text, options);
      scored.push([scores, fieldBoost]);
      mask = new Uint8Array(col.length);
      for (const d of docs) mask[d] = 1;
    } else {
      const lower = text.toLowerCase();
      mask = col.column(field).maskWhere((v) => termEquals(v, text) || tokens.some((t) => termEquals(v, t)) || String(v).toLowerCase() === lower);
      exact.push([mask, fieldBoost]);
    }
    masks.push(mask);
  }
  return fieldsMatcher(col, scored, exact, masks, type === 'best_fields', tie, boost, scoring);
}

/** A document matches when one of its values holds the phrase: decided once per distinct value, then read as a mask. */
export function phraseMatcher(col: Collection, fields: Array<[string, number]>, query: unknown, prefix: boolean, boost: number, scoring: boolean, tie = 0): Matcher {
  const phrase = tokenize(boundedText(query));
  if (!phrase.length) return matchNone(col);
  const holds = (toks: string[] | null): boolean => {
    if (!toks) return false;
    for (let s = 0; s + phrase.length <= toks.length; s++) {
      if (phrase.every((p, k) => (prefix && k === phrase.length - 1 ? (toks[s + k] as string).startsWith(p) : toks[s + k] === p))) return true;
    }
    return false;
  };
  const held = heldFields(col, fields);
  const masks = held.map(([field]) => {
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
    return mask;
  });
  // each field holding the phrase scores its boost times (1 + the phrase's words)
  const constant = masks.map((mask, f): [Uint8Array, number] => [mask, (held[f] as [string, number])[1] * (1 + phrase.length)]);
  return fieldsMatcher(col, [], constant, masks, true, tie, boost, scoring);
}
