import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate } from './format-date';

describe('formatDate (dates use the locale)', () => {
  it('writes the build date the Dutch and the English way', () => {
    expect(formatDate('2025-04-30', 'nl-NL')).toBe('30 april 2025');
    expect(formatDate('2025-04-30', 'en-US')).toBe('April 30, 2025');
  });
  it('reads a Magento stamp as its calendar day, whatever the hour', () => {
    expect(formatDate('2026-01-01 23:59:59', 'nl-NL')).toBe('1 januari 2026');
  });
  it('leaves what is not a date as it is', () => {
    expect(formatDate('later', 'en-US')).toBe('later');
    expect(formatDate(undefined, 'en-US')).toBe('');
  });
});

describe('formatCalendarDay: the same text from the locale texts, without an Intl.DateTimeFormat', () => {
  it('writes every month of both locales as Intl does', async () => {
    const { createI18n, loadLocale } = await import('./index');
    const { DEFAULT_CONFIG } = await import('../../core/config');
    for (const locale of ['nl-NL', 'en-US'] as const) {
      await loadLocale(locale);
      const i18n = createI18n(locale, DEFAULT_CONFIG);
      for (let month = 1; month <= 12; month++) {
        for (const day of ['01', '09', '28']) {
          const value = `2026-${String(month).padStart(2, '0')}-${day}`;
          expect(formatCalendarDay(value, i18n.t as never)).toBe(formatDate(value, locale));
        }
      }
      expect(formatCalendarDay('later', i18n.t as never)).toBe('later');
      expect(formatCalendarDay('2026-13-01', i18n.t as never)).toBe('2026-13-01');
    }
  });
});
