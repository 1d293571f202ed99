/**
 * Wall-clock time of the store view's time zone (config.i18n.timeZone) in pure date math, not Intl's time-zone
 * database, so the rules answer the same on every runtime. EU summer time runs from the last Sunday of March to the
 * last Sunday of October, 01:00 UTC; adapters/common/time-zone.test.ts checks the table against Intl.
 */
/** per zone: its offset from UTC outside summer time, in minutes, and its summer time */
export const ZONE_RULES: Readonly<Record<string, { standardOffsetMinutes: number; summerTime: 'eu' | 'none' }>> = {
  UTC: { standardOffsetMinutes: 0, summerTime: 'none' },
  'Europe/Amsterdam': { standardOffsetMinutes: 60, summerTime: 'eu' },
  'Europe/Brussels': { standardOffsetMinutes: 60, summerTime: 'eu' },
  'Europe/Berlin': { standardOffsetMinutes: 60, summerTime: 'eu' },
  'Europe/Rome': { standardOffsetMinutes: 60, summerTime: 'eu' },
  'Europe/London': { standardOffsetMinutes: 0, summerTime: 'eu' },
};

const DAY = 86_400_000;

function rule(zone: string) {
  const r = ZONE_RULES[zone];
  if (!r) throw new Error(`Unknown time zone '${zone}' (known: ${Object.keys(ZONE_RULES).join(', ')})`);
  return r;
}

/** Epoch ms of 01:00 UTC on the last Sunday of a month (0-based month). */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  const weekday = (Math.floor(lastDay / DAY) + 4) % 7; // 1970-01-01 was a Thursday (4); 0 = Sunday
  return lastDay - ((weekday + 7) % 7) * DAY + 3_600_000;
}

/** The zone's offset from UTC at an instant, in minutes (+60 in Amsterdam in winter, +120 in summer). */
export function zoneOffsetMinutes(zone: string, epochMs: number): number {
  const r = rule(zone);
  if (r.summerTime === 'none') return r.standardOffsetMinutes;
  const year = new Date(epochMs).getUTCFullYear();
  const summer = epochMs >= lastSundayOneUtc(year, 2) && epochMs < lastSundayOneUtc(year, 9);
  return r.standardOffsetMinutes + (summer ? 60 : 0);
}

/**
 * The instant a wall-clock time of the zone stands for (a day past the month's end is the next month's, as in
 * Date.UTC). A time skipped by the spring change (02:30 on the last Sunday of March) is read with the offset before
 * the change (it is 03:30 summer time); a time that occurs twice in autumn is its first occurrence.
 */
export function zonedTimeToEpoch(zone: string, y: number, month: number, d: number, h = 0, min = 0, s = 0, ms = 0): number {
  const wall = Date.UTC(y, month - 1, d, h, min, s, ms);
  const before = wall - zoneOffsetMinutes(zone, wall - DAY) * 60_000;
  const after = wall - zoneOffsetMinutes(zone, wall + DAY) * 60_000;
  // a reading is right when it maps back to the same wall time: the earlier one of those, in the spring gap `before`
  const right = [before, after].filter((t) => zoneOffsetMinutes(zone, t) * 60_000 + t === wall);
  return right.length ? Math.min(...right) : before;
}
