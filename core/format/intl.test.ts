import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { formatPrice } from '../catalogue/prices';
import { priceRangeLabel } from '../catalogue/filters';
import { intlFormatterCount, numberFormat } from './intl';

describe('shared Intl formatters', () => {
  it('answers one formatter per locale and options, whatever the key order of the options', () => {
    const a = numberFormat('nl-NL', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
    const b = numberFormat('nl-NL', { minimumFractionDigits: 2, currency: 'EUR', style: 'currency' });
    expect(b).toBe(a);
    expect(numberFormat('en-US', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 })).not.toBe(a);
  });

  it('formatting many prices and price labels builds no new formatter after the first of each kind // spec catalogue §9 price format', () => {
    formatPrice(1, 'nl-NL', DEFAULT_CONFIG);
    formatPrice(1, 'en-US', DEFAULT_CONFIG);
    for (const r of DEFAULT_CONFIG.filters.priceRanges) {
      priceRangeLabel(r, DEFAULT_CONFIG, 'nl-NL');
      priceRangeLabel(r, DEFAULT_CONFIG, 'en-US');
    }
    const before = intlFormatterCount();
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom('nl-NL' as const, 'en-US' as const), (amount, locale) => {
        // the shared formatter formats exactly as a fresh one would
        const fresh = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
        const rounded = Math.round((Math.abs(amount) + Number.EPSILON) * 100) / 100;
        const expected = DEFAULT_CONFIG.i18n.priceFormatTemplate.replace('{sign}', amount < 0 && rounded !== 0 ? '-' : '').replace('{amount}', fresh.format(rounded));
        expect(formatPrice(amount, locale, DEFAULT_CONFIG)).toBe(expected);
      }),
      { numRuns: 300 },
    );
    expect(intlFormatterCount()).toBe(before);
  });
});
