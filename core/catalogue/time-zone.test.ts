import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { zoneOffsetMinutes, zonedTimeToEpoch } from './time-zone';

const H = 3_600_000;
const AMS = 'Europe/Amsterdam';

// the store view's time zone for special-price dates (spec catalogue §3.1 special-price window)
describe('store time zone in pure date math', () => {
  it('Amsterdam is UTC+1 in winter, UTC+2 from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC', () => {
    expect(zoneOffsetMinutes(AMS, Date.UTC(2026, 0, 15))).toBe(60);
    expect(zoneOffsetMinutes(AMS, Date.UTC(2026, 2, 29, 0, 59, 59, 999))).toBe(60);
    expect(zoneOffsetMinutes(AMS, Date.UTC(2026, 2, 29, 1))).toBe(120);
    expect(zoneOffsetMinutes(AMS, Date.UTC(2026, 9, 25, 0, 59, 59, 999))).toBe(120);
    expect(zoneOffsetMinutes(AMS, Date.UTC(2026, 9, 25, 1))).toBe(60);
    expect(() => zoneOffsetMinutes('Mars/Olympus', 0)).toThrow(/Unknown time zone/);
  });

  it('the day of the spring change has 23 hours, the autumn one 25, others 24', () => {
    const day = (m: number, d: number) =>
      [zonedTimeToEpoch(AMS, 2026, m, d), zonedTimeToEpoch(AMS, 2026, m, d + 1)] as const;
    const [spring, afterSpring] = day(3, 29);
    expect(spring).toBe(Date.UTC(2026, 2, 28, 23));
    expect(afterSpring - spring).toBe(23 * H);
    const [autumn, afterAutumn] = day(10, 25);
    expect(autumn).toBe(Date.UTC(2026, 9, 24, 22));
    expect(afterAutumn - autumn).toBe(25 * H);
    // the day after June 30 is July 1
    expect(day(6, 30)).toEqual([Date.UTC(2026, 5, 29, 22), Date.UTC(2026, 5, 30, 22)]);
  });

  it('wall times in the spring gap read with the winter offset; doubled autumn times are their first occurrence', () => {
    expect(zonedTimeToEpoch(AMS, 2026, 3, 29, 2, 30)).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(zonedTimeToEpoch(AMS, 2026, 10, 25, 2, 30)).toBe(Date.UTC(2026, 9, 25, 0, 30));
  });

  it('every local day starts at 00:00 local time and lasts 23, 24 or 25 hours (2000-2037)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1) / 86_400_000, max: Date.UTC(2037, 11, 30) / 86_400_000 }), (dayNumber) => {
        const date = new Date(dayNumber * 86_400_000);
        const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
        const [start, nextStart] = [zonedTimeToEpoch(AMS, y, m, d), zonedTimeToEpoch(AMS, y, m, d + 1)];
        expect(start + zoneOffsetMinutes(AMS, start) * 60_000).toBe(dayNumber * 86_400_000);
        expect([23 * H, 24 * H, 25 * H]).toContain(nextStart - start);
      }),
    );
  });
});
