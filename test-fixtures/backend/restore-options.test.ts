/**
 * 'Terug naar winkelwagen' from the order history: the history's lines keep the shopper's options (a
 * configurable's colour and size, a bundle's choice), so restoring them into a cart gives the same lines as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItemIdentity } from '../../core/cart/identity';
import { restoreOrderLines, type OrderLine } from '../../core/cart/restore';
import { generateCatalogue } from '../catalogue/index';
import { startTestBackend, type TestBackend } from './test-helpers';

let be: TestBackend;
const cat = generateCatalogue();
const configurable = cat.products.find((p) => p.type_id === 'configurable' && p.status === 1 && p.configurable_children!.some((c) => c.status === 1 && c.stock?.is_in_stock && Number(c.stock.qty) > 5))!;
const child = configurable.configurable_children!.find((c) => c.status === 1 && c.stock?.is_in_stock && Number(c.stock.qty) > 5)!;
const bundle = cat.products.find((p) => p.type_id === 'bundle' && p.status === 1)!;

beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => be.close());

describe('order history lines keep their options', () => {
  it('a configurable and a bundle line come back from the history with their product_option, and restore as the same cart lines', async () => {
    await be.call('POST', '/api/user/create', { customer: { email: 'terug@example.nl', firstname: 'Roos', lastname: 'Smit' }, password: 'Geheim123!' });
    const token = (await be.call('POST', '/api/user/login', { username: 'terug@example.nl', password: 'Geheim123!' })).json.result as string;
    const me = (await be.call('GET', `/api/user/me?token=${token}`)).json.result;
    const colourSize = { extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: child.color }, { option_id: '142', option_value: child.size }] } };
    const paper = bundle.bundle_options![0]!;
    const choice = { extension_attributes: { bundle_options: [{ option_id: paper.option_id, option_qty: 2, option_selections: [paper.product_links[1]!.id] }, { option_id: bundle.bundle_options![1]!.option_id, option_qty: 1, option_selections: [bundle.bundle_options![1]!.product_links[0]!.id] }] } };
    const placed = await be.call('POST', `/api/order?token=${token}`, {
      user_id: String(me.id),
      products: [{ sku: child.sku, qty: 1, product_option: colourSize }, { sku: bundle.sku, qty: 1, product_option: choice }],
      addressInformation: { billingAddress: { country_id: 'NL', email: 'terug@example.nl' }, payment_method_code: 'cashondelivery' },
    });
    expect(placed.status).toBe(200);
    const history = (await be.call('GET', `/api/user/order-history?token=${token}`)).json.result.items;
    const lines = history[0].items as OrderLine[];
    expect(lines.map((l) => l.sku)).toEqual([child.sku, bundle.sku]);
    expect(lines[0]!.product_option).toEqual(colourSize);
    expect(lines[1]!.product_option).toMatchObject({ extension_attributes: { bundle_options: choice.extension_attributes.bundle_options } });
    const { items } = restoreOrderLines([], lines);
    expect(items.map((i) => cartItemIdentity(i))).toEqual([
      cartItemIdentity({ sku: child.sku, product_option: colourSize as never }),
      cartItemIdentity({ sku: bundle.sku, product_option: choice as never }),
    ]);
    // and the restored lines are what the cart accepts and prices as ordered
    const cartId = (await be.call('POST', `/api/cart/create?token=${token}`)).json.result;
    for (const [k, i] of items.entries()) {
      const res = await be.call('POST', `/api/cart/update?token=${token}&cartId=${cartId}`, { cartItem: { sku: i.sku, qty: i.qty, product_option: i.product_option } });
      expect(res.status).toBe(200);
      expect(res.json.result.price).toBe((lines[k] as { price_incl_tax: number }).price_incl_tax);
    }
  });
});
