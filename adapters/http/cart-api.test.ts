import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../test-fixtures/backend';
import { generateCatalogue } from '../../test-fixtures/catalogue';
import { MemoryStorage } from '../storage/memory-storage';
import { ApiError, NetworkError } from '../../core/ports/api-error';
import { DEFAULT_CONFIG } from '../../core/config';
import { cartItemIdentity } from '../../core/cart/identity';
import { ManualNetwork, MemoryLogger, SequentialIds, VirtualClock } from '../../core/testing/virtual-time';
import { createApiClient } from './api-client';
import { HttpCartApi } from './cart-api';
import { HttpTaskTransport } from './task-transport';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';

/** simple, enabled, in-stock products with a price (from the same demo catalogue the backend serves) */
const sellable = generateCatalogue()
  .products.filter((p) => p.type_id === 'simple' && p.status === 1 && p.stock?.is_in_stock && (p.stock.qty ?? 0) >= 20 && (p.price_incl_tax ?? 0) > 0)
  .slice(0, 3);

let backend: { url: string; close: () => Promise<void> | void };
let api: HttpCartApi;

beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:' });
  api = new HttpCartApi(createApiClient({ baseUrl: backend.url, timeoutMs: 5000 }));
});
afterAll(async () => {
  await backend?.close();
});

describe('HttpCartApi against the demo backend (spec transactions §7 "Cart")', () => {
  it('creates a guest cart, updates, pulls, deletes', async () => {
    const [a, b] = sellable;
    const cartId = await api.create('');
    expect(typeof cartId).toBe('string');
    expect(await api.pull('', cartId)).toEqual([]);
    const line = await api.update('', cartId, { sku: a!.sku, qty: 2, quoteId: cartId });
    expect(line).toMatchObject({ sku: a!.sku, qty: 2 });
    await api.update('', cartId, { sku: b!.sku, qty: 1, quoteId: cartId });
    const byId = await api.update('', cartId, { sku: a!.sku, qty: 5, quoteId: cartId, item_id: line.item_id });
    expect(byId.qty).toBe(5);
    expect((await api.pull('', cartId)).map((i) => [i.sku, i.qty])).toEqual([
      [a!.sku, 5],
      [b!.sku, 1],
    ]);
    expect(await api.delete('', cartId, { sku: b!.sku, item_id: (await api.pull('', cartId))[1]!.item_id, quoteId: cartId })).toBe(true);
    expect((await api.pull('', cartId)).map((i) => i.sku)).toEqual([a!.sku]);
  });

  // docs/protocol.md: a repeated Idempotency-Key answers the first answer and changes nothing
  it('a repeated Idempotency-Key on /api/cart/update changes nothing', async () => {
    const [a] = sellable;
    const cartId = await api.create('');
    const first = await api.update('', cartId, { sku: a!.sku, qty: 2, quoteId: cartId }, 'key-1');
    const again = await api.update('', cartId, { sku: a!.sku, qty: 2, quoteId: cartId }, 'key-1');
    expect(again).toEqual(first);
    expect((await api.pull('', cartId)).map((i) => i.qty)).toEqual([2]);
    await api.update('', cartId, { sku: a!.sku, qty: 2, quoteId: cartId }, 'key-2');
    expect((await api.pull('', cartId)).map((i) => i.qty)).toEqual([4]); // a new key is a new request
  });

  it('totals, payment and shipping methods, collect-totals', async () => {
    const [a] = sellable;
    const cartId = await api.create('');
    await api.update('', cartId, { sku: a!.sku, qty: 2, quoteId: cartId });
    const totals = await api.totals('', cartId);
    expect(totals.total_segments.map((s) => s.code)).toContain('grand_total');
    expect(totals.grand_total).toBeGreaterThan(0);
    expect((await api.paymentMethods('', cartId)).length).toBeGreaterThan(0);
    const methods = await api.shippingMethods('', cartId, { country_id: 'NL' });
    expect(methods[0]).toMatchObject({ carrier_code: expect.any(String), method_code: expect.any(String) });
    const m = methods[0]!;
    const collected = await api.collectTotals('', cartId, { paymentMethod: { method: 'ideal' }, shippingCarrierCode: m.carrier_code, shippingMethodCode: m.method_code });
    expect(collected.grand_total).toBeGreaterThanOrEqual(totals.grand_total);
  });

  // spec transactions §4 "Coupon", §8 'The coupon code isn't valid...'
  it('coupons: an unknown code is ApiError 400; a known one changes the totals; delete-coupon undoes it', async () => {
    const [a] = sellable;
    const cartId = await api.create('');
    await api.update('', cartId, { sku: a!.sku, qty: 3, quoteId: cartId });
    const before = (await api.totals('', cartId)).grand_total;
    const err = await api.applyCoupon('', cartId, 'NOPE').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect(await api.applyCoupon('', cartId, 'KORTING10')).toBe(true);
    expect((await api.totals('', cartId)).grand_total).toBeLessThan(before);
    expect(await api.deleteCoupon('', cartId)).toBe(true);
    expect((await api.totals('', cartId)).grand_total).toBe(before);
  });

  // #2592, #3151: an unknown cart is recognised by status 404, not by text
  it('an unknown cart id is ApiError 404; no server is NetworkError', async () => {
    const err = await api.pull('', 'no-such-cart').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    const dead = new HttpCartApi(createApiClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }));
    await expect(dead.create('')).rejects.toBeInstanceOf(NetworkError);
  });

  // the whole path: CartService + queue + both adapters against the backend
  it('journey: the cart service keeps the backend cart equal to the client cart', async () => {
    const [a, b, c] = sellable;
    const storage = new MemoryStorage();
    const network = new ManualNetwork(true);
    const logger = new MemoryLogger();
    const { cart: service } = cartWithQueue({
      api, transport: new HttpTaskTransport({ baseUrl: backend.url, timeoutMs: 5000 }), storage, network, clock: new VirtualClock(), ids: new SequentialIds('journey-'), config: DEFAULT_CONFIG, logger,
    });
    await service.load();
    await service.addItem(a!, 2);
    await service.addItem(b!, 1);
    await service.addItem(c!, 1);
    await service.updateQuantity(cartItemIdentity({ sku: a!.sku }), 3);
    await service.removeItem(cartItemIdentity({ sku: b!.sku }));
    const server = await api.pull('', service.cartId!);
    expect(server.map((i) => `${i.sku}x${i.qty}`).sort()).toEqual([`${a!.sku}x3`, `${c!.sku}x1`].sort());
    const grand = service.totals.find((s) => s.code === 'grand_total')?.value;
    expect(grand).toBe((await api.totals('', service.cartId!)).grand_total);
    await service.clear();
    expect(await api.pull('', service.cartId!)).toEqual([]);
  });
});
