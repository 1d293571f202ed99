import type { LocaleCode } from '../../core/config';

/**
 * A calendar date ('2025-04-30' or a Magento '2025-04-30 12:00:00' stamp) written the locale's way (issue 12: "dates
 * use the locale"): '30 april 2025' in nl-NL, 'April 30, 2025' in en-US. The day is read as written (UTC), so server
 * and browser render the same text whatever their time zone.
 */
export function formatDate(value: string | undefined, locale: LocaleCode): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value ?? '')?.[0];
  if (!day) return value ?? '';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
