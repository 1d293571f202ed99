/** Form rules (spec transactions §5): value (+ config) in, `null` when valid or a FieldError out. */
import type { ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import { fieldError as err, validateRequired, type FieldResult } from './field-rules';

// the rules of the first page's forms and the error collection are ./field-rules.ts (esbuild puts a whole module in the first load)
export { collectErrors, isFormValid, validateEmail, validateName, validateQuantity, validateRequired, type FieldError, type FieldResult, type FormErrors } from './field-rules';

/** spec transactions §5: at least 8 characters with at least 3 of 4 classes (lower, upper, digits, special) */
export function validatePassword(value: string, config: ShopConfig): FieldResult {
  if (validateRequired(value)) return err(MESSAGES.fieldRequired);
  const longEnough = [...value].length >= config.checkout.passwordMinLength;
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\d/, /[^\p{L}\d\s]/u].filter((c) => c.test(value)).length;
  return longEnough && classes >= config.checkout.passwordMinClasses ? null : err(MESSAGES.passwordRule);
}

/** spec transactions §5: the repeated password is required and identical to the password */
export function validatePasswordRepeat(password: string, repeat: string): FieldResult {
  return validateRequired(repeat) ?? (password === repeat ? null : err(MESSAGES.passwordsIdentical));
}

/** spec transactions §5: tax ID at least 3 letters (optional field: empty is valid) */
export function validateTaxId(value: string | undefined, config: ShopConfig): FieldResult {
  if (value === undefined || value.trim() === '') return null;
  const min = config.checkout.taxIdMinLength;
  return value.trim().length >= min ? null : err(MESSAGES.taxIdMinLength, { min });
}

/** spec transactions §5: zip code at least 3 characters */
export function validateZipCode(value: string, config: ShopConfig): FieldResult {
  const min = config.checkout.zipCodeMinLength;
  return validateRequired(value) ?? (value.trim().length >= min ? null : err(MESSAGES.zipCodeMinLength, { min }));
}

/** spec transactions §5: terms and conditions accepted */
export function validateTerms(accepted: boolean): FieldResult {
  return accepted === true ? null : err(MESSAGES.termsRequired);
}

/** spec transactions §5: checkout countries allowed: BE and NL */
export function validateCountry(countryId: string, config: ShopConfig): FieldResult {
  const allowed = config.checkout.allowedCountries.includes(countryId.trim().toUpperCase());
  return validateRequired(countryId) ?? (allowed ? null : err(MESSAGES.countryNotAllowed));
}

/** spec transactions §3 "Payment creation request ... plus issuer for ideal": the shop method that needs a bank */
export function needsIssuer(method: string, config: Pick<ShopConfig, 'payment'>): boolean {
  return method === config.payment.issuerMethod;
}

/**
 * spec transactions §3 "plus issuer for ideal", §5 "Empty issuer list gives 'No issuers'": iDEAL needs one of the
 * provider's banks (`issuers` undefined: not loaded yet, a bank is still required). Other methods need none.
 */
export function validateIssuer(method: string, issuer: string | undefined, issuers: readonly { id: string }[] | undefined, config: Pick<ShopConfig, 'payment'>): FieldResult {
  if (!needsIssuer(method, config)) return null;
  if (issuers !== undefined && issuers.length === 0) return err(MESSAGES.noIssuers);
  if (!issuer || !issuers?.some((i) => i.id === issuer)) return err(MESSAGES.fieldRequired);
  return null;
}

/** A form's payment choice: a method is required; 'No issuers' is the method's error (no bank fixes it). */
export function paymentChoiceChecks(
  method: string,
  issuer: string | undefined,
  issuers: readonly { id: string }[] | undefined,
  config: Pick<ShopConfig, 'payment'>,
): { paymentMethod: FieldResult; issuer: FieldResult } {
  const bank = validateIssuer(method, issuer || undefined, issuers, config);
  const onMethod = bank?.key === MESSAGES.noIssuers;
  return { paymentMethod: validateRequired(method) ?? (onMethod ? bank : null), issuer: onMethod ? null : bank };
}

/** The bank list as the issuer rule reads it: undefined while it is not loaded (no banks and no 'No issuers' yet). */
export function loadedIssuers<T>(state: { readonly issuers: readonly T[]; readonly issuersError?: unknown }): readonly T[] | undefined {
  return state.issuers.length > 0 || state.issuersError === MESSAGES.noIssuers ? state.issuers : undefined;
}

/** spec transactions §8 'No issuers': a method that cannot be chosen (iDEAL while the provider has no bank). */
export function paymentMethodUnavailable(method: string, state: { readonly issuersError?: unknown }, config: Pick<ShopConfig, 'payment'>): boolean {
  return needsIssuer(method, config) && state.issuersError === MESSAGES.noIssuers;
}
