import type { Collection } from './engine';
import { ownEntry, termEquals } from './fields';
import { requiredMatches, type TextQueryOptions } from './fulltext';
import { chargeWork, combine, limitHit, malformed, num, SEARCH_LIMITS, withMask, type Matcher } from './request';
import { scratchU8 } from './scratch';
import { tokenize } from './text';

/** The text of a full-text clause, within the length and word limits (a 1,000-word fuzzy query is refused, not run). */
function boundedText(query: string | number | boolean): string {
  const text = String(query);
  if (text.length > SEARCH_LIMITS.textLength) throw limitHit('full-text query too long', SEARCH_LIMITS.textLength);
  if (tokenize(text).length > SEARCH_LIMITS.textTerms) throw limitHit('too many words in a full-text query', SEARCH_LIMITS.textTerms);
  return text;
}

export function defaultTextFields(col: Collection): string[] {
  const byType: Record<string, string[]> = {
    product: ['name', 'sku', 'description', 'short_description', 'category.name'],
    category: ['name'],
    cms_page: ['title', 'content'],
    cms_block: ['title', 'content'],
    attribute: ['frontend_label', 'attribute_code'],
    review: ['title', 'detail', 'nickname'],
    taxrule: ['code'],
  };
  return ownEntry(byType, col.type) ?? ['name'];
}

export function textMatcher(
  col: Collection, fields: Array<[string, number]>, opts: Record<string, unknown>, type: string, boost: number, scoring: boolean, tie = 0,
): Matcher {
  const query = opts.query;
  if (typeof query !== 'string' && typeof query !== 'number' && typeof query !== 'boolean') throw malformed('query text must be a string');
  const text = boundedText(query);
  const operator = opts.operator === undefined ? 'or' : String(opts.operator).toLowerCase();
  if (operator !== 'or' && operator !== 'and') throw malformed(`operator ${operator}`);
  try {
    requiredMatches(opts.minimum_should_match, 1);
  } catch {
    throw malformed(`minimum_should_match ${String(opts.minimum_should_match)}`);
  }
  const options: TextQueryOptions = {
    fuzziness: opts.fuzziness,
    operator: operator as 'or' | 'and',
    minimumShouldMatch: opts.minimum_should_match,
    maxExpansions: opts.max_expansions === undefined ? 50 : num(opts.max_expansions, 'max_expansions'),
    prefixLength: opts.prefix_length === undefined ? 0 : num(opts.prefix_length, 'prefix_length'),
  };
  // a field no document holds adds nothing: it is left out before any work (a request naming only such fields matches
  // nothing); each other field is one more pass over the documents
  fields = fields.filter(([field]) => col.hasField(field));
  if (!fields.length) return withMask(() => undefined, scratchU8(col.length));
  chargeWork(col, fields.length - 1);
  const perField: Array<[Float64Array, number]> = [];
  const exact: Array<[Uint8Array, number]> = [];
  const masks: Uint8Array[] = [];
  // numbers / keywords: a match is an equality on any of the query's tokens (e.g. match { erin_recommends: 1 })
  const tokens = tokenize(text);
  for (const [field, fieldBoost] of fields) {
    if (col.isTextField(field)) {
      const { scores, docs } = col.textIndex(field).search(text, options);
      perField.push([scores, fieldBoost]);
      const mask = scratchU8(col.length);
      for (const d of docs) mask[d] = 1;
      masks.push(mask);
    } else {
      const mask = col.column(field).maskWhere((v) => termEquals(v, text) || tokens.some((t) => termEquals(v, t)) || String(v).toLowerCase() === text.toLowerCase());
      exact.push([mask, fieldBoost]);
      masks.push(mask);
    }
  }
  const fieldScores = perField.map(([byDoc]) => byDoc);
  const fieldBoosts = perField.map(([, b]) => b);
  const exactMasks = exact.map(([m]) => m);
  const exactBoosts = exact.map(([, b]) => b);
  return withMask((i) => {
    // the field scores in field order, as a list would hold them: their max and their sum (from 0, in that order)
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
    for (let f = 0; f < exactMasks.length; f++) {
      if (!(exactMasks[f] as Uint8Array)[i]) continue;
      const v = exactBoosts[f] as number;
      max = count++ === 0 ? v : Math.max(max, v);
      sum += v;
    }
    if (!count) return undefined;
    if (!scoring) return 0;
    const combined = type === 'best_fields' ? max + tie * (sum - max) : sum;
    return combined * boost;
  }, combine(masks, 'or'));
}

export function phraseMatcher(col: Collection, fields: Array<[string, number]>, query: unknown, prefix: boolean, boost: number, scoring: boolean, tie = 0): Matcher {
  if (typeof query !== 'string' && typeof query !== 'number') throw malformed('phrase query must be a string');
  const phrase = tokenize(boundedText(query));
  fields = fields.filter(([field]) => col.hasField(field));
  if (!fields.length) return withMask(() => undefined, scratchU8(col.length));
  chargeWork(col, fields.length - 1);
  // a document matches when one of its values holds the phrase: decided once per distinct value, then read as a mask
  const masks = phrase.length === 0 ? [] : fields.map(([field]) => {
    const holds = (toks: string[] | null): boolean => {
      if (!toks) return false;
      for (let s = 0; s + phrase.length <= toks.length; s++) {
        if (phrase.every((p, k) => (prefix && k === phrase.length - 1 ? (toks[s + k] as string).startsWith(p) : toks[s + k] === p))) return true;
      }
      return false;
    };
    const mask = scratchU8(col.length);
    const indexed = col.phraseCandidates(field, phrase, prefix);
    if (indexed) {
      // the full-text index names the documents holding every word (the last as a prefix): only their values are tokenised
      const { tokens, candidates } = indexed;
      const { offsets, ids } = tokens.column;
      for (const i of candidates) {
        for (let k = offsets[i] as number; k < (offsets[i + 1] as number); k++) {
          if (holds(tokens.of(ids[k] as number))) {
            mask[i] = 1;
            break;
          }
        }
      }
      return mask;
    }
    const tokens = col.entryTokens(field);
    const entries = tokens.entries();
    // only the entries holding the phrase's first token (or, for a one-word prefix, a token starting with it) are checked
    const first = phrase[0] as string;
    let candidates: Iterable<number>;
    if (prefix && phrase.length === 1) {
      chargeWork(col, 0, entries.size);
      const ids = new Set<number>();
      for (const [t, list] of entries) if (t.startsWith(first)) for (const id of list) ids.add(id);
      candidates = ids;
    } else candidates = entries.get(first) ?? [];
    for (const id of candidates) if (holds(tokens.of(id))) tokens.column.markDocs(id, mask);
    return mask;
  });
  return withMask((i) => {
    if (!phrase.length) return undefined;
    const scores: number[] = [];
    for (let f = 0; f < fields.length; f++) {
      const b = (fields[f] as [string, number])[1];
      if ((masks[f] as Uint8Array)[i]) scores.push(b * (1 + phrase.length));
    }
    if (!scores.length) return undefined;
    if (!scoring) return 0;
    const max = Math.max(...scores);
    return (max + tie * (scores.reduce((a, c) => a + c, 0) - max)) * boost;
  }, phrase.length ? combine(masks, 'or') : scratchU8(col.length));
}
