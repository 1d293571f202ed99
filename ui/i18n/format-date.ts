/** what formatCalendarDay needs of i18next's t */
type DateTexts = (key: 'date.months' | 'date.calendarDay', options?: Record<string, string | number>) => string;

/**
 * A calendar date ('2025-04-30', or a Magento stamp) in the locale's words (date.months, date.calendarDay), read as
 * written: a page's first Intl.DateTimeFormat loads the engine's date data (a long task on a phone).
 */
export function formatCalendarDay(value: string | undefined, t: DateTexts): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  const month = m ? t('date.months').split(',')[Number(m[2]) - 1] : undefined;
  if (!m || !month) return value ?? '';
  return t('date.calendarDay', { day: Number(m[3]), month: month.trim(), year: Number(m[1]) });
}
