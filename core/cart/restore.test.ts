import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartItemIdentity } from './identity';
import { restoreOrderLines, type OrderLine } from './restore';
import type { CartItem } from './types';

const colour = (v: number) => ({ extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: v }] } });
const lineArb: fc.Arbitrary<OrderLine> = fc.record({
  sku: fc.constantFrom('IP-1', 'IP-2', 'LINT'),
  qty: fc.integer({ min: 1, max: 20 }),
  product_option: fc.option(fc.constantFrom(colour(49), colour(50)), { nil: undefined }),
});
const itemArb: fc.Arbitrary<CartItem> = lineArb.map((l) => ({ sku: l.sku, qty: l.qty as number, ...(l.product_option ? { product_option: l.product_option as CartItem['product_option'] } : {}) }));

const totals = (items: readonly { sku: string; qty: unknown; product_option?: unknown }[]) => {
  const m = new Map<string, number>();
  for (const i of items) {
    const id = cartItemIdentity(i as CartItem);
    m.set(id, (m.get(id) ?? 0) + (i.qty as number));
  }
  return m;
};

describe("restoring a failed order's lines into the cart ('Terug naar winkelwagen'; spec transactions §4 Adding: same identity adds up)", () => {
  it('every identity ends with the cart quantity plus the order quantity; one line per identity; nothing else changes', () => {
    fc.assert(
      fc.property(fc.uniqueArray(itemArb, { selector: (i) => cartItemIdentity(i), maxLength: 4 }), fc.array(lineArb, { maxLength: 6 }), (cart, lines) => {
        const { items } = restoreOrderLines(cart, lines);
        const expected = totals([...cart, ...lines]);
        expect(totals(items)).toEqual(expected);
        expect(new Set(items.map((i) => cartItemIdentity(i))).size).toBe(items.length);
        // lines already in the cart keep their place
        expect(items.slice(0, cart.length).map((i) => cartItemIdentity(i))).toEqual(cart.map((i) => cartItemIdentity(i)));
      }),
    );
  });

  it('into an empty cart: the order lines with name, price and options, without old server ids', () => {
    const { items, changed } = restoreOrderLines([], [
      { sku: 'IP-1', qty: 2, name: 'Inpakpapier', price_incl_tax: 4.49, product_type: 'simple', product_option: colour(49) },
      { sku: 'LINT', qty: '3' },
    ]);
    expect(items).toEqual([
      { sku: 'IP-1', qty: 2, name: 'Inpakpapier', price_incl_tax: 4.49, type_id: 'simple', product_option: colour(49) },
      { sku: 'LINT', qty: 3 },
    ]);
    expect(changed).toHaveLength(2);
  });
});
