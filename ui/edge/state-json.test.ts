/**
 * issue 8, fourth pass: the boot data's JSON keeps the JSON of deep-frozen objects for their next time
 * (ui/edge/state-json.ts), and dehydrate compares a service's fields with where it starts without writing them out
 * (ui/app/dehydrate.ts sameJson). Both must answer exactly as JSON.stringify does, for any data, frozen or not.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonKept, stateJson } from './state-json';
import { escapeJson } from './html-shell';
import { sameJson } from '../app/dehydrate';

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v as Record<string, unknown>)) deepFreeze(x);
  }
  return v;
}

/** JSON-like data with the values JSON treats specially: undefined, functions, NaN, -0, Infinity, U+2028, '<' */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    fc.constantFrom('</script>', '\u2028', '\u2029', '<!--', '"', '\\'),
    fc.double(),
    fc.constantFrom(NaN, -0, Infinity, -Infinity, 1e21, 5e-7),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constant(() => 1),
    fc.date({ noInvalidDate: true }),
  ),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('0', '10', '2', 'toJSON', '__proto__')), tie('node'), { maxKeys: 5 })),
})).node;

describe('stateJson', () => {
  it('writes what JSON.stringify writes, for data frozen, partly frozen or not, and again from what it kept', () => {
    fc.assert(
      fc.property(value, fc.boolean(), (v, freeze) => {
        const data = freeze ? deepFreeze(structuredCloneLoose(v)) : v;
        expect(stateJson(data)).toBe(JSON.stringify(data));
        // the second time from the kept JSON of its frozen parts
        expect(stateJson(data)).toBe(JSON.stringify(data));
        // a frozen object inside a changing one: the outer one is written afresh
        const outer = { a: data, b: [data, 1] };
        expect(stateJson(outer)).toBe(JSON.stringify(outer));
        outer.b.push(2);
        expect(stateJson(outer)).toBe(JSON.stringify(outer));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the JSON of deep-frozen plain data only', () => {
    const listed = deepFreeze({ sku: 'A', price: 1.5, stock: { is_in_stock: true } });
    const shallow = Object.freeze({ sku: 'B', stock: { is_in_stock: true } });
    const dated = deepFreeze({ at: new Date(0) });
    stateJson({ items: [listed, shallow, dated] });
    expect(jsonKept(listed)).toBe(true);
    expect(jsonKept(listed.stock)).toBe(true);
    expect(jsonKept(shallow)).toBe(false);
    expect(jsonKept(dated)).toBe(false);
    // what can still change is written as it is now
    (shallow.stock as { is_in_stock: boolean }).is_in_stock = false;
    expect(stateJson({ items: [listed, shallow] })).toBe(JSON.stringify({ items: [listed, shallow] }));
  });

  it('escaped, writes JSON.stringify with <, U+2028 and U+2029 escaped, frozen or not, again from what it kept', () => {
    const escape = (json: string | undefined) => json?.replace(/[<\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    fc.assert(
      fc.property(value, fc.boolean(), (v, freeze) => {
        const data = freeze ? deepFreeze(structuredCloneLoose(v)) : v;
        for (let i = 0; i < 2; i++) {
          expect(stateJson(data, true)).toBe(escape(JSON.stringify(data)));
          // the plain and the escaped JSON of the same objects are kept apart
          expect(stateJson(data)).toBe(JSON.stringify(data));
          expect(escapeJson({ state: data })).toBe(escape(JSON.stringify({ state: data })));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('escapeJson keeps what a script may hold safe, from kept JSON too', () => {
    const data = deepFreeze({ name: '</script><script>alert(1)</script>', sep: '\u2028\u2029' });
    for (let i = 0; i < 2; i++) {
      const out = escapeJson({ state: { items: [data] } });
      expect(out).not.toMatch(/[<\u2028\u2029]/);
      expect(JSON.parse(out)).toEqual({ state: { items: [data] } });
    }
  });
});

describe('sameJson', () => {
  it('answers JSON.stringify(a) === JSON.stringify(b)', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        expect(sameJson(a, structuredCloneLoose(a))).toBe(JSON.stringify(a) === JSON.stringify(structuredCloneLoose(a)));
      }),
      { numRuns: 1000 },
    );
  });

  it('tells the cases JSON makes equal or different', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson([undefined], [null])).toBe(true);
    expect(sameJson([() => 1], [null])).toBe(true);
    expect(sameJson(NaN, null)).toBe(true);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({ items: [] }, { items: [{ sku: 'A' }] })).toBe(false);
    expect(sameJson(new Date(0), '1970-01-01T00:00:00.000Z')).toBe(true);
    expect(sameJson(undefined, () => 1)).toBe(true);
  });
});

/** a copy with the same JSON-relevant shape (structuredClone refuses functions): functions are kept as they are */
function structuredCloneLoose<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (Array.isArray(v)) return v.map(structuredCloneLoose) as T;
  const out: Record<string, unknown> = {};
  // defineProperty: an own '__proto__' key stays an own key
  for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: structuredCloneLoose(x), enumerable: true, writable: true, configurable: true });
  return out as T;
}
