import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createConfig, DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import { MemoryLogger } from '../testing/virtual-time';
import { taxCountry, totalsTaxCountry } from './tax-country';

describe('tax country', () => {
  // spec transactions §9: default tax country fallback PL when none is given to the rule function
  it('property: the configured default (upper case), else PL', () => {
    fc.assert(
      fc.property(fc.constantFrom('NL', 'be', ' de ', '', '  '), (def) => {
        const config = createConfig({ tax: { defaultCountry: def } });
        expect(taxCountry(config)).toBe(def.trim() ? def.trim().toUpperCase() : 'PL');
      }),
    );
    expect(DEFAULT_CONFIG.tax.ruleFallbackCountry).toBe('PL');
    expect(taxCountry(DEFAULT_CONFIG)).toBe('NL');
  });

  // spec transactions §5: totals need a default tax country, otherwise the message is logged
  it('totals: the configured default country, or undefined with the log line when none is set', () => {
    const logger = new MemoryLogger();
    expect(totalsTaxCountry(DEFAULT_CONFIG, logger)).toBe('NL');
    expect(logger.lines).toEqual([]);
    expect(totalsTaxCountry(createConfig({ tax: { defaultCountry: '' } }), logger)).toBeUndefined();
    expect(logger.lines).toEqual([{ level: 'error', message: MESSAGES.taxCountryMissing, tag: 'cart' }]);
  });
});
