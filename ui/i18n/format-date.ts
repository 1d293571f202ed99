import type { LocaleCode } from '../../core/config';
import { dateTimeFormat } from '../../core/format/intl';

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };

/**
 * A calendar date ('2025-04-30' or a Magento '2025-04-30 12:00:00' stamp) written the locale's way (issue 12: "dates
 * use the locale"): '30 april 2025' in nl-NL, 'April 30, 2025' in en-US. The day is read as written (UTC), so server
 * and browser render the same text whatever their time zone.
 */
export function formatDate(value: string | undefined, locale: LocaleCode): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value ?? '')?.[0];
  if (!day) return value ?? '';
  // the shared formatter (core/format/intl): building one costs more than rendering the whole footer that shows it
  return dateTimeFormat(locale, DATE).format(new Date(`${day}T00:00:00Z`));
}

