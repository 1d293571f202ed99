/**
 * The English store view (store id 2) names cart and order lines in English: GET /api/cart/pull, the totals and the
 * order history take `?storeId=` as the storefront sends it for its English shop, and name each line (a simple, a
 * configurable's variant, a bundle with its option titles and chosen links) from the English product documents, as the
 * catalogue's index vue_storefront_catalog_en does. Without it (or storeId 1) the lines stay Dutch; another id is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../core/catalogue/types';
import { englishProduct } from '../catalogue/english';
import { generateCatalogue } from '../catalogue/index';
import { startTestBackend, type TestBackend } from './test-helpers';

let be: TestBackend;
const cat = generateCatalogue();
const bySku = new Map(cat.products.map((p) => [p.sku, p]));
const en = (p: Product) => englishProduct(p, cat.english);
const simple = cat.products.find((p) => p.type_id === 'simple' && p.visibility === 4 && p.status === 1 && p.stock?.is_in_stock && Number(p.stock.qty) >= 10)!;
const configurable = cat.products.find((p) => p.type_id === 'configurable' && p.status === 1 && p.configurable_children!.some((c) => c.status === 1 && c.stock?.is_in_stock && Number(c.stock.qty) > 5))!;
const child = configurable.configurable_children!.find((c) => c.status === 1 && c.stock?.is_in_stock && Number(c.stock.qty) > 5)!;
const bundle = cat.products.find((p) => p.type_id === 'bundle' && p.status === 1)!;
const paper = bundle.bundle_options![0]!;
const colourSize = { extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: child.color }, { option_id: '142', option_value: child.size }] } };
// the first option chosen; a required option left out takes its default link
const choice = { extension_attributes: { bundle_options: [{ option_id: paper.option_id, option_qty: 1, option_selections: [paper.product_links[0]!.id] }] } };
const linkedName = (p: Product) => p.name;
const paperLink = bySku.get(paper.product_links[0]!.sku)!;
const englishPaperTitle = en(bundle).bundle_options![0]!.title;

beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => be?.close());

const names = (lines: Array<{ sku: string; name: string }>) => lines.map((l) => l.name);

describe('cart and order lines in the store view of the request', () => {
  it('the fixture: English names differ from the Dutch ones', () => {
    for (const p of [simple, configurable, bundle, paperLink]) expect(en(p).name).not.toBe(p.name);
    expect(englishPaperTitle).not.toBe(paper.title);
  });

  it('pull and totals name a simple, a variant and a bundle in English with storeId=2, in Dutch without', async () => {
    const cartId = (await be.call('POST', '/api/cart/create')).json.result as string;
    for (const cartItem of [{ sku: simple.sku, qty: 1 }, { sku: configurable.sku, qty: 1, product_option: colourSize }, { sku: bundle.sku, qty: 1, product_option: choice }]) {
      expect((await be.call('POST', `/api/cart/update?cartId=${cartId}&storeId=2`, { cartItem })).status).toBe(200);
    }
    const english = [en(simple).name, en(configurable).name, en(bundle).name];
    const dutch = [simple.name, configurable.name, bundle.name];
    expect(names((await be.call('GET', `/api/cart/pull?cartId=${cartId}&storeId=2`)).json.result)).toEqual(english);
    expect(names((await be.call('GET', `/api/cart/pull?cartId=${cartId}`)).json.result)).toEqual(dutch);
    expect(names((await be.call('GET', `/api/cart/pull?cartId=${cartId}&storeId=1`)).json.result)).toEqual(dutch);

    const totals = (await be.call('GET', `/api/cart/totals?cartId=${cartId}&storeId=2`)).json.result as { items: Array<{ sku: string; name: string; options: string }> };
    expect(names(totals.items)).toEqual(english);
    const bundleOptions = JSON.parse(totals.items[2]!.options) as Array<{ label: string; value: string }>;
    expect(bundleOptions[0]).toEqual({ label: englishPaperTitle, value: `1 × ${en(paperLink).name}` });
    const dutchTotals = (await be.call('GET', `/api/cart/totals?cartId=${cartId}`)).json.result as typeof totals;
    expect(names(dutchTotals.items)).toEqual(dutch);
    expect(JSON.parse(dutchTotals.items[2]!.options)[0]).toEqual({ label: paper.title, value: `1 × ${linkedName(paperLink)}` });
    // the same prices in both
    expect(totals.items.map((i) => (i as unknown as { price_incl_tax: number }).price_incl_tax)).toEqual(dutchTotals.items.map((i) => (i as unknown as { price_incl_tax: number }).price_incl_tax));

    const info = await be.call('POST', `/api/cart/shipping-information?cartId=${cartId}&storeId=2`, {
      addressInformation: { shippingAddress: { country_id: 'NL', postcode: '1011AB' }, billingAddress: { country_id: 'NL' }, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate' },
    });
    expect(names(info.json.result.totals.items)).toEqual(english);
  });

  it('the order history names the lines of an order placed in Dutch in the reader\'s store view', async () => {
    await be.call('POST', '/api/user/create', { customer: { email: 'english@example.nl', firstname: 'Emma', lastname: 'Smit' }, password: 'Geheim123!' });
    const token = (await be.call('POST', '/api/user/login', { username: 'english@example.nl', password: 'Geheim123!' })).json.result as string;
    const me = (await be.call('GET', `/api/user/me?token=${token}`)).json.result as { id: number };
    const placed = await be.call('POST', `/api/order?token=${token}`, {
      user_id: String(me.id),
      products: [{ sku: simple.sku, qty: 1 }, { sku: child.sku, qty: 1, product_option: colourSize }, { sku: bundle.sku, qty: 1, product_option: choice }],
      addressInformation: { billingAddress: { country_id: 'NL', email: 'english@example.nl' }, payment_method_code: 'cashondelivery' },
    });
    expect(placed.status).toBe(200);
    const lines = async (qs: string) => (await be.call('GET', `/api/user/order-history?token=${token}${qs}`)).json.result.items[0].items as Array<{ sku: string; name: string; options: string; product_option?: unknown }>;
    const english = await lines('&storeId=2');
    expect(names(english)).toEqual([en(simple).name, en(configurable).name, en(bundle).name]);
    expect(JSON.parse(english[2]!.options)[0]).toEqual({ label: englishPaperTitle, value: `1 × ${en(paperLink).name}` });
    // the rest of a line as stored: its sku and options as ordered
    expect(english[1]).toMatchObject({ sku: child.sku, product_option: colourSize });
    expect(names(await lines(''))).toEqual([simple.name, configurable.name, bundle.name]);
  });

  it('another store id is a 400 with a message', async () => {
    const cartId = (await be.call('POST', '/api/cart/create')).json.result as string;
    for (const path of [`/api/cart/pull?cartId=${cartId}&storeId=3`, `/api/cart/totals?cartId=${cartId}&storeId=en`]) {
      const res = await be.call('GET', path);
      expect(res.status).toBe(400);
      expect(res.json.result).toMatch(/storeId/);
    }
  });
});
