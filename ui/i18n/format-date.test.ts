import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from './format-date';
import { createI18n, loadLocale } from './index';
import { DEFAULT_CONFIG } from '../../core/config';

/** the text Intl writes for a calendar day, read as UTC */
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
const intlDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, DAY).format(new Date(`${day}T00:00:00Z`));

describe('formatCalendarDay: the locale texts write a day as Intl does', () => {
  it('writes the build date the Dutch and the English way, a Magento stamp as its day', async () => {
    for (const locale of ['nl-NL', 'en-US'] as const) await loadLocale(locale);
    const nl = createI18n('nl-NL', DEFAULT_CONFIG).t as never;
    expect(formatCalendarDay('2025-04-30', nl)).toBe('30 april 2025');
    expect(formatCalendarDay('2025-04-30', createI18n('en-US', DEFAULT_CONFIG).t as never)).toBe('April 30, 2025');
    expect(formatCalendarDay('2026-01-01 23:59:59', nl)).toBe('1 januari 2026');
  });

  it('writes every month of both locales as Intl does', async () => {
    for (const locale of ['nl-NL', 'en-US'] as const) {
      await loadLocale(locale);
      const i18n = createI18n(locale, DEFAULT_CONFIG);
      for (let month = 1; month <= 12; month++) {
        for (const day of ['01', '09', '28']) {
          const value = `2026-${String(month).padStart(2, '0')}-${day}`;
          expect(formatCalendarDay(value, i18n.t as never)).toBe(intlDay(value, locale));
        }
      }
    }
  });

  it('leaves what is not a date as it is', async () => {
    await loadLocale('en-US');
    const t = createI18n('en-US', DEFAULT_CONFIG).t as never;
    expect(formatCalendarDay('later', t)).toBe('later');
    expect(formatCalendarDay('2026-13-01', t)).toBe('2026-13-01');
    expect(formatCalendarDay(undefined, t)).toBe('');
  });
});
