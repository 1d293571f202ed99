import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { startTestBackend, type TestBackend } from './test-helpers';

let be: TestBackend;
const cat = generateCatalogue();
const inStock = cat.products.filter((p) => p.type_id === 'simple' && p.visibility !== 1 && p.status === 1 && p.stock?.is_in_stock && Number(p.stock.qty) >= 5 && p.special_price === null);
const a = inStock[0]!;
const b = inStock[1]!;
const outOfStock = cat.products.find((p) => p.type_id === 'simple' && p.stock?.is_in_stock === false)!;
const configurable = cat.products.find((p) => p.type_id === 'configurable' && p.configurable_children!.some((c) => c.status === 1 && c.stock?.is_in_stock && c.special_price === null))!;
const goodChild = configurable.configurable_children!.find((c) => c.status === 1 && c.stock?.is_in_stock && c.special_price === null)!;
const disabledChild = cat.products.flatMap((p) => p.configurable_children ?? []).find((c) => c.status === 2)!;
const r2 = (n: number) => Math.round(n * 100) / 100;

beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => be.close());

async function guestCart(): Promise<string> {
  const res = await be.call('POST', '/api/cart/create');
  expect(res.status).toBe(200);
  return res.json.result as string;
}
const add = (cartId: string, cartItem: unknown, headers?: Record<string, string>) => be.call('POST', `/api/cart/update?token=&cartId=${cartId}`, { cartItem }, headers);

describe('cart (spec transactions §7)', () => {
  it('adds, pulls, updates and deletes items of a guest cart', async () => {
    const id = await guestCart();
    const added = await add(id, { sku: a.sku, qty: 2, quoteId: id });
    expect(added.status).toBe(200);
    expect(added.json.result).toMatchObject({ sku: a.sku, qty: 2, price: a.price_incl_tax, quote_id: id, item_id: expect.any(Number) });
    const again = await add(id, { sku: a.sku, qty: 1, quoteId: id });
    expect(again.json.result.qty).toBe(3);
    const set = await add(id, { sku: a.sku, qty: 1, quoteId: id, item_id: added.json.result.item_id });
    expect(set.json.result.qty).toBe(1);
    const pulled = await be.call('GET', `/api/cart/pull?token=&cartId=${id}`);
    expect(pulled.json.result).toHaveLength(1);
    const del = await be.call('POST', `/api/cart/delete?token=&cartId=${id}`, { cartItem: { sku: a.sku, item_id: added.json.result.item_id, quoteId: id } });
    expect(del.json.result).toBe(true);
    expect((await be.call('GET', `/api/cart/pull?cartId=${id}`)).json.result).toHaveLength(0);
  });

  it('computes totals incl. 21% VAT, DPD shipping 5 incl. and segments (spec transactions §9)', async () => {
    const id = await guestCart();
    await add(id, { sku: a.sku, qty: 2 });
    await add(id, { sku: b.sku, qty: 1 });
    const subtotal = r2(Number(a.price_incl_tax) * 2 + Number(b.price_incl_tax));
    let t = (await be.call('GET', `/api/cart/totals?cartId=${id}`)).json.result;
    expect(t.subtotal_incl_tax).toBe(subtotal);
    expect(t.grand_total).toBe(subtotal);
    expect(t.total_segments.map((s: any) => s.code)).toEqual(['subtotal', 'tax', 'grand_total']);
    const methods = await be.call('POST', `/api/cart/shipping-methods?cartId=${id}`, { address: { country_id: 'NL' } });
    expect(methods.json.result[0]).toMatchObject({ carrier_code: 'flatrate', method_code: 'flatrate', amount: 4, price_incl_tax: 5, available: true });
    const info = await be.call('POST', `/api/cart/shipping-information?cartId=${id}`, {
      addressInformation: { shippingAddress: { country_id: 'NL', postcode: '1011AB' }, billingAddress: { country_id: 'NL' }, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate' },
    });
    expect(info.json.result.payment_methods.map((m: any) => m.code)).toEqual(expect.arrayContaining(['ideal', 'creditcard', 'banktransfer']));
    t = info.json.result.totals;
    expect(t.shipping_incl_tax).toBe(5);
    expect(t.grand_total).toBe(r2(subtotal + 5));
    expect(t.tax_amount).toBe(r2(subtotal - subtotal / 1.21 + 1));
    expect(t.total_segments.map((s: any) => s.code)).toEqual(['subtotal', 'shipping', 'tax', 'grand_total']);
    const collected = await be.call('POST', `/api/cart/collect-totals?cartId=${id}`, { methods: { paymentMethod: { method: 'ideal' }, shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' } });
    expect(collected.json.result.grand_total).toBe(r2(subtotal + 5));
    expect((await be.call('GET', `/api/cart/payment-methods?cartId=${id}`)).json.result.length).toBeGreaterThanOrEqual(3);
  });

  it('applies a percentage and a fixed coupon and refuses unknown codes', async () => {
    const id = await guestCart();
    await add(id, { sku: a.sku, qty: 3 });
    const subtotal = r2(Number(a.price_incl_tax) * 3);
    expect((await be.call('POST', `/api/cart/apply-coupon?cartId=${id}&coupon=KORTING10`)).json.result).toBe(true);
    let t = (await be.call('GET', `/api/cart/totals?cartId=${id}`)).json.result;
    expect(t.discount_amount).toBe(-r2(subtotal * 0.1));
    expect(t.grand_total).toBe(r2(subtotal - r2(subtotal * 0.1)));
    expect(t.total_segments.find((s: any) => s.code === 'discount').value).toBe(-r2(subtotal * 0.1));
    expect((await be.call('GET', `/api/cart/coupon?cartId=${id}`)).json.result).toBe('KORTING10');
    await be.call('POST', `/api/cart/apply-coupon?cartId=${id}&coupon=VIJFEURO`);
    t = (await be.call('GET', `/api/cart/totals?cartId=${id}`)).json.result;
    expect(t.discount_amount).toBe(-Math.min(5, subtotal));
    const bad = await be.call('POST', `/api/cart/apply-coupon?cartId=${id}&coupon=GRATIS`);
    expect(bad.status).toBe(400);
    expect(bad.json.result).toBe("The coupon code isn't valid. Verify the code and try again.");
    await be.call('POST', `/api/cart/delete-coupon?cartId=${id}`);
    t = (await be.call('GET', `/api/cart/totals?cartId=${id}`)).json.result;
    expect(t.discount_amount === 0 || t.discount_amount === -0).toBe(true);
  });

  it('enforces stock, status and known skus without changing the cart', async () => {
    const id = await guestCart();
    const tooMany = await add(id, { sku: a.sku, qty: Number(a.stock!.qty) + 1 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.result).toBe('The requested qty exceeds the maximum qty allowed in shopping cart');
    expect((await add(id, { sku: outOfStock.sku, qty: 1 })).status).toBe(400);
    expect((await add(id, { sku: disabledChild.sku, qty: 1 })).status).toBe(400);
    expect((await add(id, { sku: 'NOPE-1', qty: 1 })).status).toBe(404);
    expect((await add(id, { sku: a.sku, qty: -1 })).status).toBe(400);
    expect((await add(id, { sku: a.sku, qty: 'veel' })).status).toBe(400);
    expect((await add(id, { sku: a.sku, qty: 1.5 })).status).toBe(400);
    expect((await be.call('GET', `/api/cart/pull?cartId=${id}`)).json.result).toHaveLength(0);
    expect((await be.call('GET', '/api/cart/pull?cartId=doesnotexist')).status).toBe(404);
    expect((await be.call('GET', '/api/cart/pull')).status).toBe(400);
  });

  it('resolves configurable options to the child and answers Color/Size labels in totals', async () => {
    const id = await guestCart();
    const res = await add(id, {
      sku: configurable.sku, qty: 1,
      product_option: { extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: goodChild.color }, { option_id: '142', option_value: goodChild.size }] } },
    });
    expect(res.status).toBe(200);
    expect(res.json.result).toMatchObject({ sku: goodChild.sku, product_type: 'configurable', name: configurable.name, price: goodChild.price_incl_tax });
    const t = (await be.call('GET', `/api/cart/totals?cartId=${id}`)).json.result;
    expect(JSON.parse(t.items[0].options).map((o: any) => o.label)).toEqual(['Color', 'Size']);
  });

  it('prices a bundle from its selected links', async () => {
    const bundle = cat.products.find((p) => p.type_id === 'bundle')!;
    const id = await guestCart();
    const res = await add(id, { sku: bundle.sku, qty: 1 });
    expect(res.status).toBe(200);
    expect(res.json.result.price).toBeCloseTo(Number(bundle.price_incl_tax), 2);
  });

  it('replays a repeated Idempotency-Key without adding twice', async () => {
    const id = await guestCart();
    const first = await add(id, { sku: a.sku, qty: 1 }, { 'Idempotency-Key': 'k-1' });
    const second = await add(id, { sku: a.sku, qty: 1 }, { 'Idempotency-Key': 'k-1' });
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await be.call('GET', `/api/cart/pull?cartId=${id}`)).json.result[0].qty).toBe(1);
  });

  it('keeps a customer cart for its owner only', async () => {
    await be.call('POST', '/api/user/create', { customer: { email: 'cart@example.nl', firstname: 'Kim', lastname: 'de Vries' }, password: 'Geheim123!' });
    const token = (await be.call('POST', '/api/user/login', { username: 'cart@example.nl', password: 'Geheim123!' })).json.result;
    const cartId = (await be.call('POST', `/api/cart/create?token=${token}`)).json.result;
    expect((await be.call('POST', `/api/cart/create?token=${token}`)).json.result).toBe(cartId);
    expect((await be.call('POST', `/api/cart/update?token=${token}&cartId=${cartId}`, { cartItem: { sku: a.sku, qty: 1 } })).status).toBe(200);
    expect((await be.call('GET', `/api/cart/pull?token=&cartId=${cartId}`)).status).toBe(401);
    expect((await be.call('GET', `/api/cart/pull?token=bad.token&cartId=${cartId}`)).status).toBe(401);
    expect((await be.call('GET', `/api/cart/pull?token=${token}&cartId=${cartId}`)).json.result).toHaveLength(1);
  });
});
