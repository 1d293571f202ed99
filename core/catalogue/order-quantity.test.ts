import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MESSAGES } from '../messages';
import type { Product, StockItem } from './types';
import { orderQuantityCheck } from './order-quantity';

const product = (stock: StockItem | undefined, type_id: Product['type_id'] = 'simple') => ({
  type_id,
  ...(stock ? { stock } : {}),
});

describe('the product page quantity', () => {
  // spec catalogue §5, transactions §5: quantity above 0, a positive integer, and at most the available quantity
  it('a managed stock holding some bounds the quantity: 1 to its quantity pass, more is refused with the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: -5, max: 600 }), (available, qty) => {
        const p = product({ is_in_stock: true, qty: available, manage_stock: true });
        const error = orderQuantityCheck(p, String(qty));
        if (qty >= 1 && qty <= available) expect(error).toBeNull();
        else if (qty > available) {
          expect(error).toEqual({ key: MESSAGES.qtyBelowAvailable, params: { maxQuantity: available } });
        }
        else expect(error?.key).toBe(MESSAGES.qtyAboveZero);
      }),
    );
  });

  // spec catalogue §5: no bound where the stock is not managed, not known, or empty (the cart refuses the last itself)
  it.each([
    ['no stock record', undefined],
    ['an unmanaged stock', { is_in_stock: true, qty: 2, manage_stock: false }],
    ['a stock without a quantity', { is_in_stock: true }],
    ['an empty stock', { is_in_stock: false, qty: 0 }],
    ['an out-of-stock record that still counts some', { is_in_stock: false, qty: 5 }],
  ])('%s sets no bound', (_name, stock) => {
    expect(orderQuantityCheck(product(stock), '1000')).toBeNull();
  });

  it('a fraction or a blank is refused whatever the stock // spec transactions §5', () => {
    expect(orderQuantityCheck(product(undefined), '1.5')?.key).toBe(MESSAGES.qtyPositiveInteger);
    expect(orderQuantityCheck(product(undefined), ' ')?.key).toBe(MESSAGES.qtyAboveZero);
  });

  // spec catalogue §4.4: a grouped product adds its children, each line its own quantity; it has no field to check
  it('a grouped product is never refused here', () => {
    const grouped = product({ is_in_stock: true, qty: 1 }, 'grouped');
    fc.assert(fc.property(fc.string(), (qty) => orderQuantityCheck(grouped, qty) === null));
  });
});
