/**
 * Custom option validation (spec catalogue §4.4 "A custom option validator can be registered per rule"): a validator
 * per rule name answers a MESSAGES key; a product whose options fail carries it in product.errors, so the cart's add
 * rule refuses it (transactions §4).
 */
import { MESSAGES, type MessageKey } from '../messages';
import type { CustomOption, Product } from './types';

export type CustomOptionValidator = (value: unknown, option: CustomOption) => MessageKey | undefined;

/** The field name of a custom option (as vue-storefront named it): 'customOption_{option_id}'. */
export function customOptionFieldName(option: Pick<CustomOption, 'option_id'>): string {
  return `customOption_${option.option_id}`;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export class CustomOptionValidators {
  /** the built-in rule: 'required' */
  private readonly validators = new Map<string, CustomOptionValidator>([
    ['required', (value) => (isEmpty(value) ? MESSAGES.fieldRequired : undefined)],
  ]);
  private readonly rules = new Map<number, string>();

  register(rule: string, validator: CustomOptionValidator): this {
    this.validators.set(rule, validator);
    return this;
  }

  /** use this rule for one option (by option_id) instead of the default */
  setRule(optionId: number, rule: string | undefined): this {
    if (rule === undefined) this.rules.delete(optionId);
    else this.rules.set(optionId, rule);
    return this;
  }

  /** the error of a value under its option's rule, else 'required' when is_require (an unknown rule checks nothing) */
  validate(option: CustomOption, value: unknown): MessageKey | undefined {
    const rule = this.rules.get(option.option_id) ?? (option.is_require ? 'required' : undefined);
    const validator = rule === undefined ? undefined : this.validators.get(rule);
    return validator ? validator(value, option) : undefined;
  }

  /** errors of every option, keyed by field name; values are keyed by field name too */
  validateAll(options: readonly CustomOption[], values: Readonly<Record<string, unknown>>): Record<string, MessageKey> {
    return Object.fromEntries(options.flatMap((o) => {
      const e = this.validate(o, values[customOptionFieldName(o)]);
      return e ? [[customOptionFieldName(o), e]] : [];
    }));
  }
}

/**
 * The product with its custom-option errors set (errors['custom_options_{field}']) and earlier ones of that kind removed;
 * the same object when nothing changes.
 */
export function withCustomOptionErrors(product: Product, values: Readonly<Record<string, unknown>>, validators: CustomOptionValidators): Product {
  const errors = validators.validateAll(product.custom_options ?? [], values);
  const kept = Object.fromEntries(Object.entries(product.errors ?? {}).filter(([k]) => !k.startsWith('custom_options_')));
  const next = { ...kept, ...Object.fromEntries(Object.entries(errors).map(([field, key]) => [`custom_options_${field}`, key])) };
  const before = product.errors ?? {};
  const same = Object.keys(next).length === Object.keys(before).length && Object.entries(next).every(([k, v]) => (before as Record<string, unknown>)[k] === v);
  return same ? product : { ...product, errors: next };
}
