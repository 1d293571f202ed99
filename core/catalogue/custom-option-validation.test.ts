import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToCart, productToCartItem } from '../cart/add';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import { CustomOptionValidators, customOptionFieldName, withCustomOptionErrors } from './custom-option-validation';
import type { CustomOption, Product } from './types';

const engraving: CustomOption = { option_id: 7, title: 'Gravure', type: 'field', is_require: true };
const note: CustomOption = { option_id: 8, title: 'Kaartje', type: 'area' };

describe('custom option validators', () => {
  // spec catalogue §4.4: a custom option validator can be registered per rule; required options use 'required'
  it('property: a required option fails exactly on empty values; an optional one never fails without a rule', () => {
    const v = new CustomOptionValidators();
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constant(undefined), fc.constant(null), fc.array(fc.string(), { maxLength: 2 })), (value) => {
        const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
        expect(v.validate(engraving, value)).toBe(empty ? MESSAGES.fieldRequired : undefined);
        expect(v.validate(note, value)).toBeUndefined();
      }),
    );
  });

  it('a validator registered under a rule name applies to the options given that rule', () => {
    const v = new CustomOptionValidators().register('max20', (value) => (typeof value === 'string' && value.length > 20 ? MESSAGES.fieldRequired : undefined));
    v.setRule(8, 'max20');
    expect(v.validate(note, 'x'.repeat(21))).toBe(MESSAGES.fieldRequired);
    expect(v.validate(note, 'kort')).toBeUndefined();
    expect(v.validateAll([engraving, note], { [customOptionFieldName(note)]: 'kort' })).toEqual({ customOption_7: MESSAGES.fieldRequired });
    v.setRule(8, undefined);
    expect(v.validate(note, 'x'.repeat(21))).toBeUndefined();
  });

  // spec transactions §4 "Adding": product errors are shown before adding, and the product is not added
  it('a product with a missing required option carries the error and the cart refuses it; filled in, it is added', () => {
    const v = new CustomOptionValidators();
    const product: Product = { id: 1, sku: 'PEN', name: 'Pen', type_id: 'simple', price_incl_tax: 12, custom_options: [engraving, note] };
    const invalid = withCustomOptionErrors(product, {}, v);
    expect(invalid.errors).toEqual({ custom_options_customOption_7: MESSAGES.fieldRequired });
    const refused = addToCart([], [{ product: invalid, item: productToCartItem(invalid), stock: 'ok' }], DEFAULT_CONFIG);
    expect(refused.items).toEqual([]);
    expect(refused.notices.map((n) => n.key)).toEqual([MESSAGES.fieldRequired]);
    const valid = withCustomOptionErrors(invalid, { customOption_7: 'Voor Anna' }, v);
    expect(valid.errors).toEqual({});
    expect(addToCart([], [{ product: valid, item: productToCartItem(valid), stock: 'ok' }], DEFAULT_CONFIG).items).toHaveLength(1);
    expect(withCustomOptionErrors(valid, { customOption_7: 'Voor Anna' }, v)).toBe(valid);
  });
});
