import type { LocaleCode } from '../../core/config';
import { dateTimeFormat } from '../../core/format/intl';

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };

/**
 * A calendar date ('2025-04-30', or a Magento stamp) the locale's way: '30 april 2025', 'April 30, 2025'. The day is
 * read as written (UTC), so server and browser render the same text whatever their time zone.
 */
export function formatDate(value: string | undefined, locale: LocaleCode): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value ?? '')?.[0];
  if (!day) return value ?? '';
  // the shared formatter (core/format/intl): building one costs more than rendering the whole footer that shows it
  return dateTimeFormat(locale, DATE).format(new Date(`${day}T00:00:00Z`));
}

/** what formatCalendarDay needs of i18next's t */
export type DateTexts = (key: 'date.months' | 'date.calendarDay', options?: Record<string, string | number>) => string;

/**
 * formatDate's text from the locale's texts (date.months, date.calendarDay): the footer's build date is on every first
 * render, and a page's first Intl.DateTimeFormat loads the engine's date data (a long task on a phone).
 */
export function formatCalendarDay(value: string | undefined, t: DateTexts): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  const month = m ? t('date.months').split(',')[Number(m[2]) - 1] : undefined;
  if (!m || !month) return value ?? '';
  return t('date.calendarDay', { day: Number(m[3]), month: month.trim(), year: Number(m[1]) });
}
