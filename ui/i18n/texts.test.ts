import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type LocaleCode } from '../../core/config';
import { MESSAGES } from '../../core/messages';
import { validateQuantity } from '../../core/checkout/field-rules';
import { createI18n, loadLocale } from './index';
import { readFileSync } from 'node:fs';
import nl from './nl-NL';
import en from './en-US';

const LOCALES: Array<[LocaleCode, Record<string, unknown>]> = [
  ['nl-NL', nl],
  ['en-US', en],
];

/** every text of a locale file as [dotted key, text] */
function texts(o: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : texts(v as Record<string, unknown>, `${prefix}${k}.`)));
}

describe('locale texts', () => {
  it.each(LOCALES)('%s: a text with a count is an i18next plural (_one/_other), never a "(en)"/"(s)" fake plural', (_, file) => {
    const all = texts(file);
    expect(all.filter(([, v]) => /\p{L}\((en|n|s|es|e)\)/u.test(v))).toEqual([]);
    expect(all.filter(([k, v]) => v.includes('{{count}}') && !/_(zero|one|two|few|many|other)$/.test(k))).toEqual([]);
  });

  it.each(LOCALES)('%s: the offline order modal counts its orders in words that agree with the number', async (locale) => {
    await loadLocale(locale);
    const t = createI18n(locale, DEFAULT_CONFIG).t;
    const one = t('orderConfirmation.text', { count: 1 });
    const two = t('orderConfirmation.text', { count: 2 });
    expect(one).toMatch(locale === 'nl-NL' ? /1 bestelling / : /1 order /);
    expect(two).toMatch(locale === 'nl-NL' ? /2 bestellingen / : /2 orders /);
  });

  // spec transactions §5: the quantity may be up to the available quantity; the text must not call that quantity too many
  it.each(LOCALES)('%s: the quantity limit text names the largest quantity allowed as allowed', async (locale) => {
    await loadLocale(locale);
    const t = createI18n(locale, DEFAULT_CONFIG).t;
    expect(validateQuantity(4, 4)).toBeNull();
    const error = validateQuantity(5, 4)!;
    expect(error.key).toBe(MESSAGES.qtyBelowAvailable);
    const text = t(error.key, error.params);
    expect(text).toContain('4');
    expect(text).not.toMatch(/lager dan|below|less than/i);
    expect(text).toMatch(locale === 'nl-NL' ? /niet hoger zijn dan 4$/ : /4 or less$/);
  });
});

describe('namespace files', () => {
  const NAMESPACES = ['common', 'checkout', 'account', 'info'];
  const sections = (locale: LocaleCode, ns: string) =>
    Object.keys(JSON.parse(readFileSync(new URL(`./${locale}/${ns}.json`, import.meta.url), 'utf8')) as object);

  // a section is in the same file in both locales (a page's chunk brings the default locale's file), and in one only
  it('each file holds the same sections in nl-NL and en-US, and no section is in two files', () => {
    for (const ns of NAMESPACES) expect(sections('en-US', ns)).toEqual(sections('nl-NL', ns));
    const all = NAMESPACES.flatMap((ns) => sections('nl-NL', ns));
    expect(all.length).toBeGreaterThan(40);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('shop content', () => {
  // the header block of the demo catalogue says 'Vóór 16:00 besteld, vandaag verzonden' (English: 'Ordered before 16:00'); the shop's own texts (the
  // locale files, the local content of the home page) may not name another cut-off time beside it
  it('names one order cut-off time everywhere', () => {
    const files = [
      ...['nl-NL', 'en-US'].flatMap((l) => ['common', 'checkout', 'account', 'info'].map((ns) => `ui/i18n/${l}/${ns}.json`)),
      ...['adapters/content/default.json', 'adapters/content/default.en-US.json'],
      ...['test-fixtures/catalogue/content.ts', 'test-fixtures/catalogue/english.ts'],
    ];
    const times = new Set<string>();
    for (const f of files) {
      const text = readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8');
      for (const m of text.matchAll(/\b(?:v[oó]{1,2}r|before) (\d{1,2}:\d{2})/gi)) times.add(m[1]!);
    }
    expect([...times]).toEqual(['16:00']);
  });
});
