/**
 * When a special price counts, in the demo backend: its dates are days of the store view's time zone, as
 * the storefront reads them (core/catalogue/prices.ts specialDateBound, which the backend may not import): a from-day
 * starts at 00:00 there, a to-day lasts through 23:59:59.999 there. A date with a time of day is that wall-clock time
 * there; an ISO stamp with a zone ('Z', '+02:00') is that instant. The zone's rules come from the platform (Intl).
 */

/** The store view's time zone (the storefront's config.i18n.timeZone). */
export const STORE_TIME_ZONE = 'Europe/Amsterdam';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const STORE_CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE, hourCycle: 'h23',
  year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** `now` as the store's wall clock: 'YYYY-MM-DD HH:mm:ss.SSS' (sortable as text). */
export function wallClock(now: Date): string {
  const parts = Object.fromEntries(STORE_CLOCK.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}.${String(now.getUTCMilliseconds()).padStart(3, '0')}`;
}

const sign = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Where `now` stands to a bound: `cmp` below 0 before it, 0 on it, above 0 after it (NaN: unreadable); `day` when the
 * bound is a date without a time of day (it lasts the whole day).
 */
function against(value: string, now: Date, wall: string): { cmp: number; day: boolean } {
  const m = LOCAL.exec(value.trim());
  if (!m) return { cmp: now.getTime() - Date.parse(value), day: false };
  const [, y, mo, d, h = '00', mi = '00', s = '00', ms = '0'] = m;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return { cmp: NaN, day: false };
  const day = `${y}-${mo}-${d}`;
  const midnight = h === '00' && mi === '00' && s === '00' && Number(ms) === 0;
  if (midnight) return { cmp: sign(wall.slice(0, 10), day), day: true };
  return { cmp: sign(wall, `${day} ${h}:${mi}:${s}.${ms.padEnd(3, '0')}`), day: false };
}

/** True while `now` is in [special_from_date, special_to_date] (an absent bound is open, an unreadable one closed). */
export function specialWindowOpen(from: string | null | undefined, to: string | null | undefined, now: Date): boolean {
  const wall = wallClock(now);
  const start = from ? against(from, now, wall) : { cmp: 0, day: true };
  const end = to ? against(to, now, wall) : { cmp: -1, day: false };
  // NaN fails both comparisons: an unreadable bound closes the window
  return start.cmp >= 0 && (end.day ? end.cmp <= 0 : end.cmp < 0);
}
