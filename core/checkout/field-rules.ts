/** The first page's field rules (spec transactions §5) and error collection, apart so it loads none of the others. */
import type { ShopConfig } from '../config';
import { MESSAGES, type MessageKey } from '../messages';

export interface FieldError {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type FieldResult = FieldError | null;

/** a FieldError for a MESSAGES key (with its params) */
export const fieldError = (key: MessageKey, params?: Record<string, string | number>): FieldError => (params ? { key, params } : { key });
const err = fieldError;

/** required field: a non-blank string, a number, true, or a non-empty list */
export function validateRequired(value: unknown): FieldResult {
  const empty = typeof value === 'string' ? value.trim() === '' : Array.isArray(value) && value.length === 0;
  return empty || value === undefined || value === null || value === false ? err(MESSAGES.fieldRequired) : null;
}

/** Counts letters (any script) in a value: the spec's texts say "at least N letters". */
function letterCount(value: string): number {
  return (value.trim().match(/\p{L}/gu) ?? []).length;
}

/** spec transactions §5: name at least 2 letters (config.checkout.nameMinLength) */
export function validateName(value: string, config: ShopConfig): FieldResult {
  const min = config.checkout.nameMinLength;
  return validateRequired(value) ?? (letterCount(value) >= min ? null : err(MESSAGES.nameMinLength, { min }));
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

/**
 * spec transactions §5: quantity above 0, a positive integer, at most `maxQuantity` (undefined: no bound); the
 * upstream text says "below", but its check is `qty <= max`.
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
  return Object.fromEntries(Object.entries<FieldResult>(checks).filter(([, e]) => e !== null)) as FormErrors<K>;
}

export function isFormValid<K extends string>(errors: FormErrors<K>): boolean {
  return Object.keys(errors).length === 0;
}
