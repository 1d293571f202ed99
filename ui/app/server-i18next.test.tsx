/**
 * ui/app/server-i18next.ts (the server bundle's useTranslation) answers exactly as react-i18next's own hook: the same
 * texts for the shop's real keys (plain, nested, plurals, interpolation, a missing key), in both locales, and upstream's
 * answer whenever it is asked something the shared answer cannot give (a namespace, options).
 * ui/server-process.test.ts compares whole pages of the built server (which uses it) with an in-process render (which
 * does not).
 */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation as upstream } from 'react-i18next';
import { createConfig, type LocaleCode } from '../../core/config';
import { createI18n, loadLocale } from '../i18n';
import { MEMO_LIMIT, memoisedT, useTranslation as shared } from './server-i18next';

type Hook = typeof upstream;

const KEYS: Array<[string, Record<string, unknown>?]> = [
  ['common.loading'],
  ['a11y.cartButton', { count: 1 }],
  ['a11y.cartButton', { count: 3 }],
  ['footer.version', { version: '1.2.3', date: '30 april 2025' }],
  ['no.such.key'],
];

function Texts({ hook, ns }: { hook: Hook; ns?: string }) {
  const { t, ready, i18n } = ns ? hook(ns) : hook();
  const [t2] = ns ? hook(ns) : hook();
  return (
    <ul data-ready={String(ready)} data-lang={i18n.language}>
      {KEYS.map(([key, options], i) => (
        <li key={i}>
          {String(options ? t(key, options) : t(key))}|{String(t2(key, options ?? {}))}
        </li>
      ))}
    </ul>
  );
}

function render(i18n: I18n, hook: Hook, ns?: string): string {
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Texts hook={hook} {...(ns ? { ns } : {})} />
    </I18nextProvider>,
  );
}

describe('the server useTranslation', () => {
  const config = createConfig({});
  for (const locale of ['nl-NL', 'en-US'] as LocaleCode[]) {
    it(`gives the same texts as react-i18next's hook (${locale})`, async () => {
      await loadLocale(locale);
      const i18n = createI18n(locale, config);
      const expected = render(i18n, upstream);
      expect(expected).toContain(`data-lang="${locale}"`);
      expect(expected).not.toContain('a11y.cartButton');
      expect(render(i18n, shared)).toBe(expected);
      // and again: the answer kept for the instance is the same
      expect(render(i18n, shared)).toBe(expected);
    });
  }

  it('shares one answer per instance across components and renders (what saves the CPU)', async () => {
    const i18n = createI18n('nl-NL', config);
    /** what `hook` answered each of `components` components of one render */
    const answers = (hook: Hook, components: number): unknown[] => {
      const seen: unknown[] = [];
      function Probe() {
        seen.push(hook());
        return null;
      }
      renderToString(<I18nextProvider i18n={i18n}>{Array.from({ length: components }, (_, i) => <Probe key={i} />)}</I18nextProvider>);
      return seen;
    };
    const seen = [...answers(shared, 2), ...answers(shared, 1)];
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
    // upstream builds a new answer per component
    const upstreamSeen = answers(upstream, 2);
    expect(upstreamSeen[0]).not.toBe(upstreamSeen[1]);
  });

  it('leaves a call with a namespace to upstream', () => {
    const i18n = createI18n('nl-NL', config);
    i18n.addResourceBundle('nl-NL', 'extra', { greeting: 'Hallo {{name}}' });
    function Greeting({ hook }: { hook: Hook }) {
      const { t } = hook('extra');
      return <p>{t('greeting', { name: 'Anna' })}</p>;
    }
    const html = (hook: Hook) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Greeting hook={hook} />
        </I18nextProvider>,
      );
    expect(html(upstream)).toBe('<p>Hallo Anna</p>');
    expect(html(shared)).toBe('<p>Hallo Anna</p>');
  });

  describe('remembered translations', () => {
    it('answers as i18next does for plain, interpolated, plural, typed and non-plain options, asked twice', async () => {
      for (const locale of ['nl-NL', 'en-US'] as LocaleCode[]) {
        await loadLocale(locale);
        const i18n = createI18n(locale, config);
        const t = memoisedT(i18n) as unknown as (...a: unknown[]) => unknown;
        const plain = i18n.t.bind(i18n) as unknown as (...a: unknown[]) => unknown;
        const calls: unknown[][] = [
          ['common.loading'],
          ['a11y.cartButton', { count: 1 }],
          ['a11y.cartButton', { count: 3 }],
          // the number 1 and the string '1' are different values (plural rules take numbers)
          ['a11y.cartButton', { count: '1' }],
          ['footer.version', { version: '1.2.3', date: '30 april 2025' }],
          ['footer.version', { version: '1.2.4', date: '30 april 2025' }],
          ['no.such.key'],
          ['no.such.key', { defaultValue: 'fallback' }],
          // an object value: not remembered, still answered
          ['footer.version', { version: { toString: () => '9' }, date: 'x' }],
          [['no.such.key', 'common.loading']],
        ];
        for (let round = 0; round < 2; round++) for (const c of calls) expect(t(...c)).toEqual(plain(...c));
      }
    });

    it('forgets what it kept when the texts change', () => {
      const i18n = createI18n('nl-NL', config);
      const t = memoisedT(i18n) as unknown as (k: string) => string;
      expect(t('memo.probe')).toBe('memo.probe');
      i18n.addResourceBundle('nl-NL', 'translation', { memo: { probe: 'nieuw' } }, true, true);
      expect(t('memo.probe')).toBe('nieuw');
    });

    it('stays bounded: it starts afresh at its limit', () => {
      const i18n = createI18n('nl-NL', config);
      const t = memoisedT(i18n, 3);
      for (let i = 0; i < 10; i++) {
        expect(t('footer.version', { version: String(i), date: 'd' })).toBe(i18n.t('footer.version', { version: String(i), date: 'd' }));
        expect(t.kept()).toBeLessThanOrEqual(3);
      }
      expect(t.kept()).toBeGreaterThan(0);
      expect(MEMO_LIMIT).toBeGreaterThan(1000);
    });
  });
});
