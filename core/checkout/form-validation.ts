/**
 * Form validation rules (spec transactions §5 "Form rules", "Checkout countries allowed", quantity rules).
 * Pure functions: value (+ config) in, `null` when valid or a FieldError carrying a MESSAGES key out.
 */
import type { ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import { fieldError as err, validateRequired, type FieldResult } from './field-rules';

// the rules of the first page's forms and the error collection are ./field-rules.ts (issue 10: a module comes whole)
export { collectErrors, isFormValid, validateEmail, validateName, validateQuantity, validateRequired, type FieldError, type FieldResult, type FormErrors } from './field-rules';


/** the four character classes of the password rule */
export function passwordClasses(value: string): number {
  let n = 0;
  if (/\p{Ll}/u.test(value)) n++;
  if (/\p{Lu}/u.test(value)) n++;
  if (/\d/.test(value)) n++;
  if (/[^\p{L}\d\s]/u.test(value)) n++;
  return n;
}

/** spec transactions §5: at least 8 characters with at least 3 of 4 classes (lower, upper, digits, special) */
export function validatePassword(value: string, config: ShopConfig): FieldResult {
  if (validateRequired(value)) return err(MESSAGES.fieldRequired);
  const longEnough = [...value].length >= config.checkout.passwordMinLength;
  return longEnough && passwordClasses(value) >= config.checkout.passwordMinClasses ? null : err(MESSAGES.passwordRule);
}

/** spec transactions §5: passwords identical */
export function validatePasswordsIdentical(password: string, repeat: string): FieldResult {
  return password === repeat ? null : err(MESSAGES.passwordsIdentical);
}

/** spec transactions §5: tax ID at least 3 letters (optional field: empty is valid) */
export function validateTaxId(value: string | undefined, config: ShopConfig): FieldResult {
  if (value === undefined || value.trim() === '') return null;
  const min = config.checkout.taxIdMinLength;
  return value.trim().length >= min ? null : err(MESSAGES.taxIdMinLength, { min });
}

/** spec transactions §5: zip code at least 3 characters */
export function validateZipCode(value: string, config: ShopConfig): FieldResult {
  const required = validateRequired(value);
  if (required) return required;
  const min = config.checkout.zipCodeMinLength;
  return value.trim().length >= min ? null : err(MESSAGES.zipCodeMinLength, { min });
}

/** spec transactions §5: terms and conditions accepted */
export function validateTerms(accepted: boolean): FieldResult {
  return accepted === true ? null : err(MESSAGES.termsRequired);
}

/** spec transactions §5: checkout countries allowed: BE and NL */
export function validateCountry(countryId: string, config: ShopConfig): FieldResult {
  const required = validateRequired(countryId);
  if (required) return required;
  return config.checkout.allowedCountries.includes(countryId.trim().toUpperCase()) ? null : err(MESSAGES.countryNotAllowed);
}


/**
 * spec transactions §3 "Payment creation request ... plus issuer for ideal", §5 "Empty issuer list gives 'No issuers'":
 * iDEAL needs one of the provider's banks. With the bank list loaded and empty, iDEAL cannot be chosen ('No issuers');
 * otherwise the chosen bank must be one of the list. Other methods need no bank.
 * `issuers` undefined: the list is not loaded yet (a bank is still required).
 */
export function validateIssuer(method: string, issuer: string | undefined, issuers: readonly { id: string }[] | undefined, idealCode = 'ideal'): FieldResult {
  if (method !== idealCode) return null;
  if (issuers !== undefined && issuers.length === 0) return err(MESSAGES.noIssuers);
  if (!issuer || !issuers?.some((i) => i.id === issuer)) return err(MESSAGES.fieldRequired);
  return null;
}
