/**
 * Form validation rules (spec transactions §5 "Form rules", "Checkout countries allowed", quantity rules).
 * Pure functions: value (+ config) in, `null` when valid or a FieldError carrying a MESSAGES key out.
 */
import type { ShopConfig } from '../config';
import { MESSAGES, type MessageKey } from '../messages';

export interface FieldError {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type FieldResult = FieldError | null;

const err = (key: MessageKey, params?: Record<string, string | number>): FieldError => (params ? { key, params } : { key });

/** required field: a non-blank string, a number, true, or a non-empty list */
export function validateRequired(value: unknown): FieldResult {
  if (value === undefined || value === null) return err(MESSAGES.fieldRequired);
  if (typeof value === 'string' && value.trim() === '') return err(MESSAGES.fieldRequired);
  if (Array.isArray(value) && value.length === 0) return err(MESSAGES.fieldRequired);
  if (value === false) return err(MESSAGES.fieldRequired);
  return null;
}

/** Counts letters (any script) in a value: the spec's texts say "at least N letters". */
function letterCount(value: string): number {
  return (value.trim().match(/\p{L}/gu) ?? []).length;
}

/** spec transactions §5: name at least 2 letters (config.checkout.nameMinLength) */
export function validateName(value: string, config: ShopConfig): FieldResult {
  const required = validateRequired(value);
  if (required) return required;
  const min = config.checkout.nameMinLength;
  return letterCount(value) >= min ? null : err(MESSAGES.nameMinLength, { min });
}

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

const EMAIL = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[^\s@"(),:;<>[\]\\.]{2,}$/u;

/** spec transactions §5: valid e-mail */
export function validateEmail(value: string): FieldResult {
  const required = validateRequired(value);
  if (required) return required;
  const v = value.trim();
  if (!EMAIL.test(v)) return err(MESSAGES.invalidEmail);
  const [local = '', domain = ''] = v.split('@');
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return err(MESSAGES.invalidEmail);
  if (domain.split('.').some((label) => label === '' || label.startsWith('-') || label.endsWith('-'))) return err(MESSAGES.invalidEmail);
  return null;
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
 * spec transactions §5: quantity above 0, a positive integer and below the available quantity.
 * `maxQuantity` undefined means unknown stock (no upper bound). The upstream text says "below", but its check
 * is `qty <= max` ("Only {maxQuantity} products of this type are available!"), so exactly max is allowed.
 */
export function validateQuantity(qty: number | string, maxQuantity?: number): FieldResult {
  const n = typeof qty === 'string' ? (qty.trim() === '' ? Number.NaN : Number(qty)) : qty;
  if (!Number.isFinite(n) || n <= 0) return err(MESSAGES.qtyAboveZero);
  if (!Number.isInteger(n)) return err(MESSAGES.qtyPositiveInteger);
  if (maxQuantity !== undefined && n > maxQuantity) return err(MESSAGES.qtyBelowAvailable, { maxQuantity });
  return null;
}

export type FormErrors<K extends string> = Partial<Record<K, FieldError>>;

/** Collect the errors of many fields: `{ field: error }` for the failing ones only. */
export function collectErrors<K extends string>(checks: Record<K, FieldResult>): FormErrors<K> {
  const out: FormErrors<K> = {};
  for (const k of Object.keys(checks) as K[]) {
    const e = checks[k];
    if (e) out[k] = e;
  }
  return out;
}

export function isFormValid<K extends string>(errors: FormErrors<K>): boolean {
  return Object.keys(errors).length === 0;
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
