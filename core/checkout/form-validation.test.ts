import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG, createConfig } from '../config';
import { MESSAGES } from '../messages';
import {
  collectErrors,
  isFormValid,
  validateCountry,
  validateEmail,
  validateName,
  validatePassword,
  validatePasswordRepeat,
  validateQuantity,
  validateRequired,
  validateTaxId,
  validateTerms,
  validateZipCode,
} from './form-validation';

const cfg = DEFAULT_CONFIG;

describe('form rules (spec transactions §5)', () => {
  it('name needs at least nameMinLength letters', () => {
    // spec transactions §5: name at least 2 letters
    expect(validateName('A', cfg)).toEqual({ key: MESSAGES.nameMinLength, params: { min: 2 } });
    expect(validateName('Al', cfg)).toBeNull();
    expect(validateName('  ', cfg)).toEqual({ key: MESSAGES.fieldRequired });
    expect(validateName('A1', cfg)?.key).toBe(MESSAGES.nameMinLength);
    expect(validateName('Al', createConfig({ checkout: { nameMinLength: 3 } }))?.key).toBe(MESSAGES.nameMinLength);
  });

  it('password: >= 8 chars and >= 3 of 4 classes (property)', () => {
    // spec transactions §5: password rule
    expect(validatePassword('abcdefgh', cfg)?.key).toBe(MESSAGES.passwordRule);
    expect(validatePassword('abcdEFGH', cfg)?.key).toBe(MESSAGES.passwordRule);
    expect(validatePassword('abcdEF12', cfg)).toBeNull();
    expect(validatePassword('abcd12!!', cfg)).toBeNull();
    expect(validatePassword('aB1!', cfg)?.key).toBe(MESSAGES.passwordRule);
    const pools = ['abcxyz', 'ABCXYZ', '0189', '!@#$%_-'];
    const tagged = fc.integer({ min: 0, max: 3 }).chain((c) => fc.constantFrom(...pools[c]!).map((ch) => ({ c, ch })));
    fc.assert(
      fc.property(fc.array(tagged, { maxLength: 20 }), (chars) => {
        const pw = chars.map((x) => x.ch).join('');
        const used = new Set(chars.map((x) => x.c)).size;
        const valid = pw.length >= 8 && used >= 3;
        expect(validatePassword(pw, cfg) === null).toBe(valid);
      }),
    );
  });

  it('passwords identical', () => {
    // spec transactions §5: passwords identical
    fc.assert(
      fc.property(fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''), fc.string(), (a, b) => {
        expect(validatePasswordRepeat(a, a)).toBeNull();
        expect(validatePasswordRepeat(b, a) === null).toBe(a === b);
      }),
    );
    expect(validatePasswordRepeat('Secret12!', 'Secret12?')?.key).toBe(MESSAGES.passwordsIdentical);
  });

  it('the repeated password: required first, then identical', () => {
    // spec transactions §5: passwords identical (the repeat is a required field)
    expect(validatePasswordRepeat('Secret12!', '')?.key).toBe(MESSAGES.fieldRequired);
    expect(validatePasswordRepeat('Secret12!', 'Secret12?')?.key).toBe(MESSAGES.passwordsIdentical);
    expect(validatePasswordRepeat('Secret12!', 'Secret12!')).toBeNull();
  });

  it('tax id at least 3 characters, optional', () => {
    // spec transactions §5: tax ID at least 3 letters
    expect(validateTaxId('', cfg)).toBeNull();
    expect(validateTaxId(undefined, cfg)).toBeNull();
    expect(validateTaxId('NL', cfg)).toEqual({ key: MESSAGES.taxIdMinLength, params: { min: 3 } });
    expect(validateTaxId('NL123456789B01', cfg)).toBeNull();
  });

  it('zip code at least 3 characters and required', () => {
    // spec transactions §5: zip-code at least 3 letters
    expect(validateZipCode('', cfg)?.key).toBe(MESSAGES.fieldRequired);
    expect(validateZipCode('10', cfg)).toEqual({ key: MESSAGES.zipCodeMinLength, params: { min: 3 } });
    expect(validateZipCode('1012 AB', cfg)).toBeNull();
    expect(validateZipCode('1000', cfg)).toBeNull();
  });

  it('valid e-mail', () => {
    // spec transactions §5: valid e-mail
    for (const ok of ['anna@papier.nl', 'j.de.vries+shop@mail.example.be', 'x@y.co']) expect(validateEmail(ok)).toBeNull();
    for (const bad of ['anna', 'anna@', '@papier.nl', 'anna@papier', 'an na@papier.nl', 'anna@@papier.nl', 'a..b@papier.nl', 'anna@-papier.nl'])
      expect(validateEmail(bad)?.key).toBe(MESSAGES.invalidEmail);
    expect(validateEmail('')?.key).toBe(MESSAGES.fieldRequired);
    fc.assert(
      fc.property(fc.emailAddress(), (e) => {
        // every address without the RFC quoting forms we reject is accepted
        fc.pre(!/[",:;<>[\]\\()]/.test(e) && !/\.\./.test(e) && /\.[^.]{2,}$/.test(e));
        expect(validateEmail(e)).toBeNull();
      }),
    );
  });

  it('terms accepted', () => {
    // spec transactions §5: terms and conditions accepted
    expect(validateTerms(false)?.key).toBe(MESSAGES.termsRequired);
    expect(validateTerms(true)).toBeNull();
  });

  it('required fields', () => {
    // spec transactions §5: required fields
    for (const empty of [undefined, null, '', '   ', [], false]) expect(validateRequired(empty)?.key).toBe(MESSAGES.fieldRequired);
    for (const full of ['x', 0, 1, ['a'], true]) expect(validateRequired(full)).toBeNull();
  });

  it('countries allowed: BE and NL only', () => {
    // spec transactions §5: checkout countries allowed Belgium (BE) and Netherlands (NL)
    expect(validateCountry('NL', cfg)).toBeNull();
    expect(validateCountry('be', cfg)).toBeNull();
    expect(validateCountry('', cfg)?.key).toBe(MESSAGES.fieldRequired);
    fc.assert(
      fc.property(fc.string({ minLength: 2, maxLength: 2, unit: fc.constantFrom(...'ABDEGLNPRSU') }), (c) => {
        expect(validateCountry(c, cfg) === null).toBe(c === 'BE' || c === 'NL');
      }),
    );
  });

  it('quantity above 0, positive integer, not above available', () => {
    // spec transactions §5: quantity above 0, a positive integer and below available quantity
    expect(validateQuantity(0)?.key).toBe(MESSAGES.qtyAboveZero);
    expect(validateQuantity(-2)?.key).toBe(MESSAGES.qtyAboveZero);
    expect(validateQuantity('')?.key).toBe(MESSAGES.qtyAboveZero);
    expect(validateQuantity('abc')?.key).toBe(MESSAGES.qtyAboveZero);
    expect(validateQuantity(1.5)?.key).toBe(MESSAGES.qtyPositiveInteger);
    expect(validateQuantity('3')).toBeNull();
    expect(validateQuantity(6, 5)).toEqual({ key: MESSAGES.qtyBelowAvailable, params: { maxQuantity: 5 } });
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }), (q, max) => {
        const ok = q > 0 && (max === undefined || q <= max);
        expect(validateQuantity(q, max) === null).toBe(ok);
      }),
    );
  });

  it('collectErrors keeps only failing fields', () => {
    // spec transactions §5: a form is valid when no rule fails
    const errors = collectErrors({ firstName: validateName('Jo', cfg), email: validateEmail('nope'), terms: validateTerms(true) });
    expect(errors).toEqual({ email: { key: MESSAGES.invalidEmail } });
    expect(isFormValid(errors)).toBe(false);
    expect(isFormValid(collectErrors({ a: null }))).toBe(true);
  });
});
