import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import { paymentMethods } from './checkout-rules';
import { validateIssuer } from './form-validation';

const bank = fc.record({ id: fc.string({ minLength: 1, maxLength: 12 }), name: fc.string() });

describe('iDEAL bank choice (spec transactions §3 issuer for ideal, §5 "Empty issuer list gives \'No issuers\'")', () => {
  it('iDEAL with an empty bank list is refused with No issuers, whatever was chosen', () => {
    fc.assert(fc.property(fc.option(fc.string(), { nil: undefined }), (chosen) => {
      expect(validateIssuer('ideal', chosen, [])).toEqual({ key: MESSAGES.noIssuers });
    }));
  });

  it('iDEAL needs one of the listed banks; other methods need none', () => {
    fc.assert(fc.property(fc.array(bank, { minLength: 1, maxLength: 6 }), fc.string(), fc.nat(), (banks, other, pick) => {
      const chosen = banks[pick % banks.length]!.id;
      expect(validateIssuer('ideal', chosen, banks)).toBeNull();
      if (!banks.some((b) => b.id === other)) expect(validateIssuer('ideal', other, banks)).toEqual({ key: MESSAGES.fieldRequired });
      expect(validateIssuer('ideal', undefined, banks)).toEqual({ key: MESSAGES.fieldRequired });
      expect(validateIssuer('creditcard', undefined, [])).toBeNull();
      expect(validateIssuer('cashondelivery', undefined, banks)).toBeNull();
    }));
  });

  it('the bank list not loaded yet: a bank is still required', () => {
    expect(validateIssuer('ideal', 'ideal_INGBNL2A', undefined)).toEqual({ key: MESSAGES.fieldRequired });
  });

  it("no provider methods: cash on delivery only, with 'No payment methods configured' (spec §5, §8)", () => {
    const out = paymentMethods([], [{ type_id: 'simple' }], DEFAULT_CONFIG);
    expect(out.methods.map((m) => m.code)).toEqual(['cashondelivery']);
    expect(out.error).toBe(MESSAGES.noPaymentMethods);
  });
});
