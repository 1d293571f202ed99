import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restoreOrderLines, type OrderLine } from '../cart/restore';
import type { CartItem } from '../cart/types';
import type { OrderHistoryItem } from '../ports/user-api';
import { reorder, reorderLines } from './reorder';

const colour = (v: number) => ({ extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: v }] } });

// spec transactions §3 "Order history item" (the items of a history entry), §4 "Adding" (same identity adds up)
describe('order again: the lines of a history item that go into a cart', () => {
  it('takes sku, quantity (qty_ordered, else qty) and the chosen options; skips child lines and lines without sku or qty', () => {
    const order: OrderHistoryItem = {
      entity_id: 7,
      items: [
        { sku: 'IP-1', qty_ordered: 2, name: 'Inpakpapier', product_type: 'configurable', product_option: colour(49) },
        { sku: 'IP-1-rood', qty_ordered: 2, parent_item_id: 11, product_type: 'simple' },
        { sku: 'LINT', qty: '3' },
        { sku: '', qty: 1 },
        { qty: 1 },
        { sku: 'NUL', qty: 0 },
        'not a line',
        null,
      ],
    };
    expect(reorderLines(order)).toEqual([
      { sku: 'IP-1', qty: 2, name: 'Inpakpapier', product_type: 'configurable', product_option: colour(49) },
      { sku: 'LINT', qty: 3 },
    ].map((l) => ({ name: undefined, price_incl_tax: undefined, product_type: undefined, product_option: undefined, ...l })));
    expect(reorderLines({ entity_id: 8 })).toEqual([]);
  });

  it('ordering an order again into an empty cart gives one cart line per line of the order, with its quantity', () => {
    const lineArb = fc.record({
      sku: fc.constantFrom('IP-1', 'IP-2', 'LINT', 'KAART'),
      qty_ordered: fc.integer({ min: 1, max: 50 }),
      parent_item_id: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(lineArb, { selector: (l) => l.sku }), (items) => {
        const parents = items.filter((l) => l.parent_item_id === undefined);
        const { items: cart } = restoreOrderLines([], reorderLines({ entity_id: 1, items }));
        expect(cart.map((i) => [i.sku, i.qty])).toEqual(parents.map((l) => [l.sku, l.qty_ordered]));
      }),
    );
  });
});

describe('order again: the use case', () => {
  const order: OrderHistoryItem = { entity_id: 3, increment_id: '000000003', items: [{ sku: 'LINT', qty_ordered: 2 }] };
  const deps = (history: OrderHistoryItem[]) => {
    const added: OrderLine[][] = [];
    return {
      added,
      session: { findOrder: (ref: string) => Promise.resolve(history.find((o) => o.increment_id === ref)) },
      cart: {
        restoreOrderLines: (lines: readonly OrderLine[]) => {
          added.push([...lines]);
          return Promise.resolve(lines.map((l): CartItem => ({ sku: l.sku, qty: l.qty as number })));
        },
      },
    };
  };

  it("adds the customer's own order's lines to the cart", async () => {
    const d = deps([order]);
    await expect(reorder(d, '000000003')).resolves.toEqual({ kind: 'added', lines: [{ sku: 'LINT', qty: 2 }] });
    expect(d.added).toHaveLength(1);
  });

  // spec transactions §6: the history holds the customer's own orders only, so another number finds nothing
  it('an order not in the history adds nothing', async () => {
    const d = deps([order]);
    await expect(reorder(d, '000000004')).resolves.toEqual({ kind: 'not-found' });
    expect(d.added).toHaveLength(0);
  });

  it('an order without a line a cart can take adds nothing', async () => {
    const d = deps([{ ...order, items: [{ sku: 'LINT', qty_ordered: 0 }] }]);
    await expect(reorder(d, '000000003')).resolves.toEqual({ kind: 'nothing-to-add' });
    expect(d.added).toHaveLength(0);
  });
});
