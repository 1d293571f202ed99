import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createConfig, DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import type { StockAnswer, StockApi } from '../ports/stock-api';
import { syncCartStock } from './cart-stock-sync';
import { cartItemIdentity } from './identity';
import { applyStockResult } from './server-results';
import type { CartItem } from './types';

function fakeCart(items: CartItem[], config = DEFAULT_CONFIG) {
  let current = items;
  return {
    snapshot: () => ({ cartItems: current }),
    applyStockResult: async (identity: string, inStock: boolean) => void (current = applyStockResult(current, identity, inStock, config)),
  };
}

describe('syncCartStock', () => {
  // spec transactions §9: stock sync is off by default: nothing is asked
  it('does nothing while stock sync is off', async () => {
    const asked: string[][] = [];
    const api: StockApi = { check: async () => undefined, list: async (s) => (asked.push([...s]), []) };
    expect(await syncCartStock(fakeCart([{ sku: 'A', qty: 1 }]), api, DEFAULT_CONFIG)).toBe(0);
    expect(asked).toEqual([]);
  });

  // spec transactions §4 "Stock sync result", §7 stock list in batches of 15
  it('property: batches of at most 15 skus; in stock → "In stock!", out of stock → "Out of the stock!" (allowed in cart) or removed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 40 }),
        fc.func(fc.constantFrom<'in' | 'out' | 'none'>('in', 'out', 'none')),
        fc.boolean(),
        async (ids, stockOf, allowOos) => {
          const config = createConfig({ catalogue: { stockSync: true }, cart: { allowOutOfStockInCart: allowOos, serverSync: false } });
          const items: CartItem[] = ids.map((id) => ({ sku: `SKU-${id}`, id, qty: 1 }));
          const batches: number[] = [];
          const api: StockApi = {
            check: async () => undefined,
            list: async (skus) => {
              batches.push(skus.length);
              return skus.flatMap((sku): StockAnswer[] => {
                const s = stockOf(sku);
                return s === 'none' ? [] : [{ product_id: Number(sku.slice(4)), product_sku: sku, qty: s === 'in' ? 5 : 0, is_in_stock: s === 'in' }];
              });
            },
          };
          const cart = fakeCart(items, config);
          await syncCartStock(cart, api, config);
          expect(batches.every((n) => n <= 15)).toBe(true);
          expect(batches.reduce((a, b) => a + b, 0)).toBe(items.length);
          const after = cart.snapshot().cartItems;
          for (const item of items) {
            const s = stockOf(item.sku);
            const line = after.find((l) => cartItemIdentity(l) === cartItemIdentity(item));
            if (s === 'none') expect(line).toEqual(item);
            else if (s === 'in') expect(line?.info?.stock).toBe(MESSAGES.itemInStock);
            else if (allowOos) expect(line?.errors?.stock).toBe(MESSAGES.itemOutOfStock);
            else expect(line).toBeUndefined();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a failing batch is logged and leaves its lines alone', async () => {
    const config = createConfig({ catalogue: { stockSync: true } });
    const api: StockApi = { check: async () => undefined, list: async () => { throw new Error('down'); } };
    const cart = fakeCart([{ sku: 'A', qty: 1 }], config);
    const lines: string[] = [];
    expect(await syncCartStock(cart, api, config, { debug() {}, info() {}, warn: (m) => void lines.push(m), error() {} })).toBe(0);
    expect(cart.snapshot().cartItems).toEqual([{ sku: 'A', qty: 1 }]);
    expect(lines).toHaveLength(1);
  });
});
