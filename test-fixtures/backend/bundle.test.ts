/**
 * the demo backend takes a bundle as the shopper chose it (spec catalogue §3.1 "Bundle option selection:
 * option_id, option_qty, option_selections") and prices it from the chosen links; hostile choices are a 4xx, never a
 * 5xx, and change nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../core/catalogue/types';
import { generateCatalogue } from '../catalogue/index';
import { startTestBackend, type TestBackend } from './test-helpers';

let be: TestBackend;
const cat = generateCatalogue();
const bySku = new Map(cat.products.map((p) => [p.sku, p]));
/** a bundle whose linked products have no special price: each link costs its price_incl_tax */
const bundle = cat.products.find((p) => p.type_id === 'bundle' && p.status === 1 && (p.bundle_options ?? []).every((o) => o.product_links.every((l) => {
  const linked = bySku.get(l.sku);
  return linked && linked.status === 1 && linked.special_price_incl_tax == null && linked.stock?.is_in_stock && Number(linked.stock.qty) >= 50;
})))!;
const [paper, ribbon, card] = bundle.bundle_options! as [NonNullable<Product['bundle_options']>[number], NonNullable<Product['bundle_options']>[number], NonNullable<Product['bundle_options']>[number]];
const unit = (linkId: number | string) => {
  const link = bundle.bundle_options!.flatMap((o) => o.product_links).find((l) => String(l.id) === String(linkId))!;
  return Number(bySku.get(link.sku)!.price_incl_tax);
};
const nameOf = (linkId: number | string) => bySku.get(bundle.bundle_options!.flatMap((o) => o.product_links).find((l) => String(l.id) === String(linkId))!.sku)!.name;
const r2 = (n: number) => Math.round(n * 100) / 100;

beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => be.close());

const newCart = async () => (await be.call('POST', '/api/cart/create')).json.result as string;
const add = (cartId: string, bundleOptions: unknown, qty = 1) =>
  be.call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: bundle.sku, qty, product_option: { extension_attributes: { bundle_options: bundleOptions } } } });

describe('bundle choices on the demo backend (spec catalogue §3.1, §4.4)', () => {
  it('the fixture has a bundle with a radio, a select and a checkbox option', () => {
    expect(bundle).toBeDefined();
    expect([paper.type, ribbon.type, card.type]).toEqual(['radio', 'select', 'checkbox']);
    expect(paper.product_links.length).toBeGreaterThan(1);
  });

  it('prices the chosen links times their qty, in the line, the totals and their options', async () => {
    const cartId = await newCart();
    const [p2, r2nd] = [paper.product_links[1]!, ribbon.product_links[1]!];
    const cards = card.product_links.map((l) => l.id);
    const choice = [
      { option_id: paper.option_id, option_qty: 3, option_selections: [p2.id] },
      { option_id: ribbon.option_id, option_qty: 2, option_selections: [r2nd.id] },
      { option_id: card.option_id, option_qty: 1, option_selections: cards },
    ];
    const res = await add(cartId, choice, 2);
    expect(res.status).toBe(200);
    const expectedUnit = r2(unit(p2.id) * 3 + unit(r2nd.id) * 2 + cards.reduce<number>((s, id) => s + unit(id), 0));
    expect(res.json.result).toMatchObject({ sku: bundle.sku, qty: 2, price: expectedUnit, product_type: 'bundle' });
    const totals = (await be.call('GET', `/api/cart/totals?cartId=${cartId}`)).json.result;
    expect(totals.items[0].row_total_incl_tax).toBe(r2(expectedUnit * 2));
    expect(totals.subtotal_incl_tax).toBe(r2(expectedUnit * 2));
    expect(JSON.parse(totals.items[0].options)).toEqual([
      { label: paper.title, value: `3 × ${nameOf(p2.id)}` },
      { label: ribbon.title, value: `2 × ${nameOf(r2nd.id)}` },
      { label: card.title, value: cards.map((id) => `1 × ${nameOf(id)}`).join(', ') },
    ]);
    // the same choice listed in another order is the same line; another choice is another line
    expect((await add(cartId, [...choice].reverse().map((c) => ({ ...c, option_selections: [...c.option_selections].reverse() })))).json.result.qty).toBe(3);
    await add(cartId, [{ option_id: paper.option_id, option_qty: 1, option_selections: [paper.product_links[0]!.id] }, { option_id: ribbon.option_id, option_qty: 1, option_selections: [ribbon.product_links[0]!.id] }]);
    const pulled = (await be.call('GET', `/api/cart/pull?cartId=${cartId}`)).json.result;
    expect(pulled).toHaveLength(2);
    // the optional card left out is not in the second line: paper + ribbon only
    expect(pulled[1].price).toBe(r2(unit(paper.product_links[0]!.id) + unit(ribbon.product_links[0]!.id)));
  });

  it('without any choice the default links count (spec catalogue §3.1: a bundle\'s price sums its default links)', async () => {
    const cartId = await newCart();
    const res = await be.call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: bundle.sku, qty: 1 } });
    const defaults = bundle.bundle_options!.map((o) => (o.product_links.find((l) => l.is_default) ?? o.product_links[0])!.id);
    expect(res.json.result.price).toBe(r2(defaults.reduce<number>((s, id) => s + unit(id), 0)));
  });

  it('an order of a configured bundle is priced from its choices', async () => {
    const choice = [
      { option_id: paper.option_id, option_qty: 2, option_selections: [paper.product_links[2]?.id ?? paper.product_links[0]!.id] },
      { option_id: ribbon.option_id, option_qty: 1, option_selections: [ribbon.product_links[0]!.id] },
    ];
    const res = await be.call('POST', '/api/order', {
      products: [{ sku: bundle.sku, qty: 1, product_option: { extension_attributes: { bundle_options: choice } } }],
      addressInformation: { billingAddress: { country_id: 'NL', email: 'pakket@example.nl' }, shippingAddress: { country_id: 'NL' }, payment_method_code: 'cashondelivery', shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate' },
    });
    expect(res.status).toBe(200);
    const expected = r2(unit(choice[0]!.option_selections[0]!) * 2 + unit(choice[1]!.option_selections[0]!));
    // the goods plus the DPD flat rate (5 incl.)
    expect(res.json.result.grand_total).toBe(r2(expected + 5));
  });

  it('hostile choices are a 400 naming the problem, and the cart stays empty', async () => {
    const cartId = await newCart();
    const p0 = paper.product_links[0]!.id;
    const p1 = paper.product_links[1]!.id;
    const rb = ribbon.product_links[0]!.id;
    const hostile: Array<[unknown, RegExp]> = [
      [[{ option_id: 1, option_selections: [p0] }], /Unknown bundle option/],
      [[{ option_id: paper.option_id, option_selections: [p0] }, { option_id: String(paper.option_id), option_selections: [p1] }], /chosen twice/],
      [[{ option_id: paper.option_id, option_selections: [999999] }], /Unknown bundle selection/],
      [[{ option_id: paper.option_id, option_selections: [rb] }], /Unknown bundle selection/],
      [[{ option_id: paper.option_id, option_selections: [p0, p0] }], /chosen twice/],
      [[{ option_id: paper.option_id, option_selections: [p0, p1] }], /holds one selection/],
      [[{ option_id: paper.option_id, option_selections: [] }], /Please select all required options/],
      [[{ option_id: paper.option_id, option_qty: 0, option_selections: [p0] }], /option_qty/],
      [[{ option_id: paper.option_id, option_qty: 1.5, option_selections: [p0] }], /option_qty/],
      [[{ option_id: paper.option_id, option_qty: 100, option_selections: [p0] }], /option_qty/],
      [[{ option_id: paper.option_id, option_qty: -2, option_selections: [p0] }], /option_qty|Invalid request/],
      [[{ option_id: paper.option_id, option_qty: 'veel', option_selections: [p0] }], /Invalid request/],
      [[{ option_id: paper.option_id, option_selections: [{}] }], /Invalid request/],
      [[{ option_id: {}, option_selections: [p0] }], /Invalid request/],
      [[null], /Invalid request/],
      ['x', /Invalid request/],
      [{ 0: { option_id: paper.option_id } }, /Invalid request/],
      [Array.from({ length: 51 }, () => ({ option_id: paper.option_id })), /Invalid request/],
    ];
    for (const [options, message] of hostile) {
      const res = await add(cartId, options);
      expect(res.status, JSON.stringify(options)).toBe(400);
      expect(res.json).toMatchObject({ code: 400, result: expect.stringMatching(message) });
      const order = await be.call('POST', '/api/order', {
        products: [{ sku: bundle.sku, qty: 1, product_option: { extension_attributes: { bundle_options: options } } }],
        addressInformation: { billingAddress: { country_id: 'NL', email: 'x@example.nl' }, payment_method_code: 'cashondelivery' },
      });
      expect(order.status, JSON.stringify(options)).toBe(400);
    }
    expect((await be.call('GET', `/api/cart/pull?cartId=${cartId}`)).json.result).toEqual([]);
  });

  it('any junk in bundle_options answers 200 or 4xx, never 5xx; an accepted choice costs what its links cost (fast-check)', async () => {
    const cartId = await newCart();
    const links = bundle.bundle_options!.flatMap((o) => o.product_links.map((l) => l.id));
    const junk = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.double(), fc.constant(null), fc.boolean(), fc.object({ maxDepth: 1 }));
    const choice = fc.record({
      option_id: fc.oneof(fc.constantFrom(...bundle.bundle_options!.map((o) => o.option_id)), fc.constantFrom(...bundle.bundle_options!.map((o) => String(o.option_id))), junk),
      option_qty: fc.option(fc.oneof(fc.integer({ min: -5, max: 120 }), junk), { nil: undefined }),
      option_selections: fc.option(fc.oneof(fc.array(fc.oneof(fc.constantFrom(...links), junk), { maxLength: 4 }), junk), { nil: undefined }),
    }, { requiredKeys: ['option_id'] });
    let accepted = 0;
    await fc.assert(fc.asyncProperty(fc.oneof(fc.array(choice, { maxLength: 4 }), junk), async (options) => {
      const res = await add(cartId, options);
      expect(res.status, JSON.stringify(options)).toBeLessThan(500);
      expect(res.json.code).toBe(res.status);
      if (res.status === 200) {
        accepted++;
        // independent price: every chosen (or default) link at its qty
        const chosen = Array.isArray(options) ? options : [];
        let expected = 0;
        for (const o of bundle.bundle_options!) {
          const sel = chosen.find((c) => String(c.option_id) === String(o.option_id));
          const fallback = (o.product_links.find((l) => l.is_default) ?? o.product_links[0])!.id;
          const ids = sel ? (sel.option_selections as Array<number | string>) ?? [] : chosen.length === 0 || o.required ? [fallback] : [];
          const qty = sel && sel.option_qty != null && o.type !== 'checkbox' ? Number(sel.option_qty) : 1;
          for (const id of ids) expected += unit(id) * qty;
        }
        expect(res.json.result.price).toBeCloseTo(r2(expected), 2);
        await be.call('POST', `/api/cart/delete?cartId=${cartId}`, { cartItem: { item_id: res.json.result.item_id } });
      }
    }), { numRuns: 150, seed: 20261123 });
    expect(accepted).toBeGreaterThan(0);
    expect((await be.call('GET', `/api/cart/pull?cartId=${cartId}`)).json.result).toEqual([]);
  }, 60_000);
});
