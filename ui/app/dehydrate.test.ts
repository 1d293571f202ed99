import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sameJson } from './dehydrate';

// dehydrate leaves out a field whose JSON is its pristine value's: sameJson must answer as comparing the JSON texts
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(undefined, null, true, false, 0, 1, '', 'a', '1', () => 1, Symbol.for('s'), new Date(0)),
    fc.array(tie('any'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('any'), { maxKeys: 3 }),
  ),
})).any;

describe('sameJson', () => {
  it('answers JSON.stringify(a) === JSON.stringify(b), for equal and for different values', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        // and many equal pairs: a value and its copy through JSON
        const copy: unknown = JSON.parse(JSON.stringify({ v: a })).v;
        expect(sameJson(a, copy)).toBe(JSON.stringify(a) === JSON.stringify(copy));
      }),
      { numRuns: 2000 },
    );
  });
});
