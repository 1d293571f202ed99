/**
 * The UI texts of each locale, for the language crawl ("Language"): every string value of the locale's
 * i18n file. A text shown in one locale that is a value of the OTHER locale's file and not of its own is a leftover
 * of the other language.
 */
import nl from '../i18n/nl-NL';
import en from '../i18n/en-US';

export type Locale = 'nl-NL' | 'en-US';

function leaves(o: unknown): string[] {
  if (typeof o === 'string') return [o];
  if (o && typeof o === 'object') return Object.values(o).flatMap(leaves);
  return [];
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface Foreign {
  /** values without placeholders, matched as whole texts */
  exact: Set<string>;
  /** values with {{placeholders}}, matched as whole texts with any text in the placeholders */
  patterns: Array<{ source: string; re: RegExp }>;
}

/** `extra` adds texts of other per-locale files (home content, the backend's per-language data). */
export function foreignTexts(locale: Locale, extra: Record<Locale, readonly string[]> = { 'nl-NL': [], 'en-US': [] }): Foreign {
  const files: Record<Locale, unknown> = { 'nl-NL': nl, 'en-US': en };
  const other: Locale = locale === 'nl-NL' ? 'en-US' : 'nl-NL';
  const own = new Set([...leaves(files[locale]), ...extra[locale]].map(norm));
  const theirs = [...new Set([...leaves(files[other]), ...extra[other]].map(norm))].filter((v) => !own.has(v));
  const exact = new Set<string>();
  const patterns: Foreign['patterns'] = [];
  for (const v of theirs) {
    if (v.includes('{{')) {
      // a pattern needs enough fixed text to say something about the language
      if (v.replace(/\{\{[^}]+\}\}/g, '').replace(/[^\p{L}]/gu, '').length < 4) continue;
      const parts = v.split(/\{\{[^}]+\}\}/);
      patterns.push({ source: v, re: new RegExp(`^${parts.map(escape).join('.+?')}$`, 'u') });
    } else if (/\p{L}{2,}/u.test(v)) {
      exact.add(v);
    }
  }
  return { exact, patterns };
}

/** The texts of `shown` that belong to the other language: each reported with the value it matched. */
export function leftovers(shown: readonly string[], foreign: Foreign): string[] {
  const out = new Set<string>();
  for (const raw of shown) {
    const text = norm(raw);
    if (!text) continue;
    if (foreign.exact.has(text)) out.add(`"${text}"`);
    else {
      const hit = foreign.patterns.find((p) => p.re.test(text));
      if (hit) out.add(`"${text}" (~ "${hit.source}")`);
    }
  }
  return [...out];
}
