import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { negotiateEncoding, type Coding } from './accept-encoding';

// RFC 9110 §12.5.3 Accept-Encoding: the rules the one negotiation of the server keeps, over many headers.

const coding = fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'zstd', 'BR', 'GZip');
const weight = fc.option(fc.constantFrom('0', '0.0', '0.001', '0.5', '1', '1.0', '1.000'), { nil: undefined });
const entry = fc.record({ coding, weight, space: fc.constantFrom('', ' ', '  ') });
const header = fc.array(entry, { maxLength: 6 }).map((entries) => ({
  entries,
  text: entries.map((e) => `${e.space}${e.coding}${e.weight === undefined ? '' : `;q=${e.weight}`}`).join(','),
}));

/** the weight RFC 9110 gives `c` under the header: its own entry (the lowest when named twice), else `*`'s, else 0 */
function rfcWeight(entries: Array<{ coding: string; weight: string | undefined }>, c: string): number {
  const q = (name: string) => {
    const named = entries.filter((e) => e.coding.toLowerCase() === name).map((e) => (e.weight === undefined ? 1 : Number(e.weight)));
    return named.length ? Math.min(...named) : undefined;
  };
  return q(c) ?? q('*') ?? 0;
}

describe('negotiateEncoding (RFC 9110 §12.5.3)', () => {
  it('answers a coding the client accepts with the highest weight, ties to the server order, else identity', () => {
    fc.assert(
      fc.property(header, fc.constantFrom<Coding[]>(['br', 'gzip'], ['gzip', 'br'], ['gzip']), ({ entries, text }, offered) => {
        const chosen = negotiateEncoding(text, offered);
        const weights = offered.map((c) => rfcWeight(entries, c));
        const top = Math.max(0, ...weights);
        if (top === 0) expect(chosen).toBeUndefined();
        else expect(chosen).toBe(offered[weights.indexOf(top)]);
      }),
      { numRuns: 2000 },
    );
  });

  it('a coding named with q=0 is never chosen, whatever `*` says', () => {
    fc.assert(
      fc.property(fc.constantFrom<Coding>('br', 'gzip'), fc.constantFrom('', '*', '*;q=1', '*;q=0'), (c, star) => {
        expect(negotiateEncoding([`${c};q=0`, star].filter(Boolean).join(', '), [c])).toBeUndefined();
      }),
    );
  });

  it('the header of the reproduced bug: `*;q=0, gzip` accepts gzip only', () => {
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*;q=0, gzip', ['br'])).toBeUndefined();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br', ['gzip', 'br'])).toBe('gzip');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
    expect(negotiateEncoding('gzip;q=2, br;q=nonsense')).toBeUndefined();
  });
});
