import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SecondChanceMap } from './second-chance';

describe('SecondChanceMap (the page ends the server keeps, issue 8)', () => {
  it('never holds more than max entries, and answers what was last set for a key it holds (fast-check against a model)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 9 }), fc.integer()), { maxLength: 200 }), (max, ops) => {
        const m = new SecondChanceMap<number, number>(max);
        const last = new Map<number, number>();
        for (const [isSet, key, value] of ops) {
          if (isSet) {
            m.set(key, value);
            last.set(key, value);
            // the entry just set is never the one evicted
            expect(m.get(key)).toBe(value);
          } else {
            const got = m.get(key);
            if (got !== undefined) expect(got).toBe(last.get(key));
          }
          expect(m.size).toBeLessThanOrEqual(max);
        }
      }),
    );
  });

  it('an entry read since it came round survives one that was not: a page sent again outlives one sent once', () => {
    const m = new SecondChanceMap<string, number>(3);
    m.set('a', 1);
    m.set('b', 2);
    m.set('c', 3);
    m.get('a');
    m.set('d', 4); // 'a' was read: it goes to the back; 'b' goes
    expect(m.get('b')).toBeUndefined();
    expect([m.get('a'), m.get('c'), m.get('d')]).toEqual([1, 3, 4]);
  });

  it('all read: one round unmarks them and the oldest goes', () => {
    const m = new SecondChanceMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.get('a');
    m.get('b');
    m.set('c', 3);
    expect(m.size).toBe(2);
    expect(m.get('a')).toBeUndefined();
    expect(m.get('c')).toBe(3);
  });

  it('refuses a bound below 1', () => {
    expect(() => new SecondChanceMap(0)).toThrow(/at least 1/);
  });
});
