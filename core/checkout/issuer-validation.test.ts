import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import { paymentMethods } from './checkout-rules';
import { loadedIssuers, paymentChoiceChecks, paymentMethodUnavailable, validateIssuer } from './form-validation';

const IDEAL = DEFAULT_CONFIG.payment.issuerMethod;

const bank = fc.record({ id: fc.string({ minLength: 1, maxLength: 12 }), name: fc.string() });

describe('iDEAL bank choice (spec transactions §3 issuer for ideal, §5 "Empty issuer list gives \'No issuers\'")', () => {
  it('iDEAL with an empty bank list is refused with No issuers, whatever was chosen', () => {
    fc.assert(fc.property(fc.option(fc.string(), { nil: undefined }), (chosen) => {
      expect(validateIssuer(IDEAL, chosen, [], DEFAULT_CONFIG)).toEqual({ key: MESSAGES.noIssuers });
    }));
  });

  it('iDEAL needs one of the listed banks; other methods need none', () => {
    fc.assert(fc.property(fc.array(bank, { minLength: 1, maxLength: 6 }), fc.string(), fc.nat(), (banks, other, pick) => {
      const chosen = banks[pick % banks.length]!.id;
      expect(validateIssuer(IDEAL, chosen, banks, DEFAULT_CONFIG)).toBeNull();
      if (!banks.some((b) => b.id === other)) expect(validateIssuer(IDEAL, other, banks, DEFAULT_CONFIG)).toEqual({ key: MESSAGES.fieldRequired });
      expect(validateIssuer(IDEAL, undefined, banks, DEFAULT_CONFIG)).toEqual({ key: MESSAGES.fieldRequired });
      expect(validateIssuer('creditcard', undefined, [], DEFAULT_CONFIG)).toBeNull();
      expect(validateIssuer('cashondelivery', undefined, banks, DEFAULT_CONFIG)).toBeNull();
    }));
  });

  it('the bank list not loaded yet: a bank is still required', () => {
    expect(validateIssuer(IDEAL, 'ideal_INGBNL2A', undefined, DEFAULT_CONFIG)).toEqual({ key: MESSAGES.fieldRequired });
  });

  it("'No issuers' is the payment method's error, a missing bank the bank field's, one rule for every form", () => {
    fc.assert(fc.property(fc.constantFrom(IDEAL, 'creditcard', 'banktransfer', ''), fc.option(fc.array(bank, { maxLength: 4 }), { nil: undefined }), fc.option(fc.string(), { nil: undefined }), (method, banks, chosen) => {
      const checks = paymentChoiceChecks(method, chosen, banks, DEFAULT_CONFIG);
      const rule = validateIssuer(method, chosen || undefined, banks, DEFAULT_CONFIG);
      if (!method) expect(checks.paymentMethod).toEqual({ key: MESSAGES.fieldRequired });
      else if (rule?.key === MESSAGES.noIssuers) expect(checks).toEqual({ paymentMethod: rule, issuer: null });
      else expect(checks).toEqual({ paymentMethod: null, issuer: rule });
    }));
  });

  it('the bank list counts as loaded once it has banks or said No issuers; only iDEAL is then unavailable', () => {
    expect(loadedIssuers({ issuers: [], issuersError: undefined })).toBeUndefined();
    expect(loadedIssuers({ issuers: [], issuersError: MESSAGES.noIssuers })).toEqual([]);
    expect(loadedIssuers({ issuers: [{ id: 'b' }], issuersError: undefined })).toEqual([{ id: 'b' }]);
    expect(paymentMethodUnavailable(IDEAL, { issuersError: MESSAGES.noIssuers }, DEFAULT_CONFIG)).toBe(true);
    expect(paymentMethodUnavailable('creditcard', { issuersError: MESSAGES.noIssuers }, DEFAULT_CONFIG)).toBe(false);
    expect(paymentMethodUnavailable(IDEAL, { issuersError: undefined }, DEFAULT_CONFIG)).toBe(false);
  });

  it("no provider methods: cash on delivery only, with 'No payment methods configured' (spec §5, §8)", () => {
    const out = paymentMethods([], [{ type_id: 'simple' }], DEFAULT_CONFIG);
    expect(out.methods.map((m) => m.code)).toEqual(['cashondelivery']);
    expect(out.error).toBe(MESSAGES.noPaymentMethods);
  });
});
