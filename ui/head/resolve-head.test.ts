/**
 * serverHeadHtml keeps the two fallback texts per i18next `t` and locale: the tags are those
 * of translating every time, `t` is asked once per text, and another instance or locale gets its own texts.
 */
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { createConfig, type LocaleCode } from '../../core/config';
import { loadLocale, createI18n } from '../i18n';
import { serverHeadHtml } from './resolve-head';
import { FALLBACK_DESCRIPTION_KEY, HOME_NAME_KEY, headTagsHtml } from './use-page-head';
import { defaultHead } from '../../core/seo/page-head';

const config = createConfig({});

function counting(texts: Record<string, string>): TFunction & { calls: string[] } {
  const calls: string[] = [];
  const t = ((key: string) => {
    calls.push(key);
    return texts[key] ?? key;
  }) as unknown as TFunction & { calls: string[] };
  return Object.assign(t, { calls });
}

const input = (t: TFunction, locale: LocaleCode, status = 200) => ({ status, path: '/over-ons', origin: 'https://shop.example', title: 'Over ons', t, config, locale });

describe('serverHeadHtml', () => {
  it("writes the tags of the page's fallback texts, translating each once per t and locale", () => {
    const t = counting({ [FALLBACK_DESCRIPTION_KEY]: 'Papier & "lint"', [HOME_NAME_KEY]: 'Start' });
    const expected = headTagsHtml(defaultHead('/over-ons', { origin: 'https://shop.example', title: 'Over ons', fallbackDescription: 'Papier & "lint"', homeName: 'Start', config }), 'nl-NL', config);
    for (let i = 0; i < 3; i++) expect(serverHeadHtml({}, input(t, 'nl-NL'))).toBe(expected);
    expect(t.calls.sort()).toEqual([FALLBACK_DESCRIPTION_KEY, HOME_NAME_KEY].sort());
    // the builder a page recorded gets the same texts
    const seen: string[] = [];
    serverHeadHtml({ build: (ctx) => (seen.push(ctx.fallbackDescription, ctx.homeName), defaultHead('/x', ctx)) }, input(t, 'nl-NL'));
    expect(seen).toEqual(['Papier & "lint"', 'Start']);
    expect(t.calls).toHaveLength(2);
  });

  it('another t, or the same t for another locale, is translated afresh', () => {
    const a = counting({ [FALLBACK_DESCRIPTION_KEY]: 'A' });
    const b = counting({ [FALLBACK_DESCRIPTION_KEY]: 'B' });
    expect(serverHeadHtml({}, input(a, 'nl-NL'))).toContain('content="A"');
    expect(serverHeadHtml({}, input(b, 'nl-NL'))).toContain('content="B"');
    expect(serverHeadHtml({}, input(a, 'en-US'))).toContain('content="A"');
    expect(a.calls).toHaveLength(4);
    expect(b.calls).toHaveLength(2);
  });

  it("answers what the server's i18next instances translate, per locale", async () => {
    for (const locale of ['nl-NL', 'en-US'] as const) {
      await loadLocale(locale);
      const i18n = createI18n(locale, config);
      const expected = headTagsHtml(
        defaultHead('/over-ons', { origin: 'https://shop.example', title: 'Over ons', fallbackDescription: i18n.t(FALLBACK_DESCRIPTION_KEY), homeName: i18n.t(HOME_NAME_KEY), config }),
        locale,
        config,
      );
      expect(serverHeadHtml({}, input(i18n.t, locale))).toBe(expected);
      expect(serverHeadHtml({}, input(i18n.t, locale))).toBe(expected);
    }
  });
});
