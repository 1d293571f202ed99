import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ZONE_RULES, zoneOffsetMinutes } from '../../core/catalogue/time-zone';

/** The zone's offset at an instant, from the platform's time-zone database. */
function intlOffsetMinutes(zone: string, epochMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(epochMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

// core's zone table (pure date math, no Intl in core) agrees with the real time-zone database
describe('core ZONE_RULES against Intl', () => {
  it('gives the same offset as the platform for every listed zone at any instant of 2000-2037', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(ZONE_RULES)), fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2037, 11, 31) }), (zone, t) => {
        expect(zoneOffsetMinutes(zone, t)).toBe(intlOffsetMinutes(zone, t));
      }),
      { numRuns: 2000 },
    );
  });
  it('and exactly around each change of 2026 in Amsterdam', () => {
    for (const t of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      for (const d of [-1, 0]) expect(zoneOffsetMinutes('Europe/Amsterdam', t + d)).toBe(intlOffsetMinutes('Europe/Amsterdam', t + d));
    }
  });
});
