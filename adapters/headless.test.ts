/**
 * createHeadlessShop against the demo backend on loopback: one call gives working services with the
 * queue/cart/session/token-lock circle wired inside (spec transactions §4), from the same composition root the React
 * UI's graphs come from (adapters/wiring.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../test-fixtures/backend';
import { createHeadlessShop } from './headless';
import { createTestContainer } from './container';
import { MemoryStorage } from './storage/memory-storage';
import { CartService } from '../core/cart/cart-service';
import { SessionService } from '../core/user/session-service';
import { SearchService } from '../core/catalogue/search-service';
import { TRANSACTION_TOKENS } from './wiring';
import { StorageQuotaMonitor } from '../core/catalogue/storage-quota';
import { VirtualScheduler } from '../core/testing';

let backend: { url: string; close(): Promise<void> };
beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined, storefrontUrl: 'http://127.0.0.1:4400' });
});
afterAll(async () => backend?.close());

const ADDRESS = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB' };

describe('createHeadlessShop', () => {
  it('search → product → variant → add to cart → checkout to the payment redirect URL (spec transactions §4 "Payment flow")', async () => {
    const shop = await createHeadlessShop({ apiUrl: backend.url, storefrontOrigin: 'http://127.0.0.1:4400' });
    try {
      // spec transactions §4 "Sync need": no server cart before the first line (core/cart/cart-start.ts); the add below connects
      expect(shop.cart.snapshot().cartServerToken).toBeUndefined();
      const { items } = await shop.search.setText('kadopapier');
      const parent = items.find((p) => p.type_id === 'configurable' && (p.configurable_children?.length ?? 0) > 1)!;
      expect(parent).toBeDefined();
      await shop.product.setProduct(parent);
      const colour = (shop.product.snapshot().options ?? []).find((o) => o.attribute_code === 'color')!;
      const configured = shop.product.configure({ options: { color: colour.values[colour.values.length - 1]!.value_index } });
      expect(configured.ok).toBe(true);
      if (!configured.ok) return;
      await shop.cart.addItem(configured.product, 2);
      await shop.queue.process();
      const [line] = shop.cart.snapshot().cartItems;
      expect(line).toMatchObject({ sku: configured.product.sku, qty: 2, server_item_id: expect.anything() });
      expect(line!.product_option?.extension_attributes.configurable_item_options).toHaveLength(configured.product.product_option!.extension_attributes.configurable_item_options!.length);

      await shop.checkout.savePersonalDetails({ firstName: 'Anna', lastName: 'de Vries', emailAddress: 'headless@papier.nl' });
      await shop.checkout.saveShippingDetails({ ...ADDRESS, shippingMethod: 'flatrate', shippingCarrier: 'flatrate' });
      await shop.checkout.savePaymentDetails({ ...ADDRESS, paymentMethod: 'banktransfer' });
      const done = await shop.payment.completeCheckout();
      expect(done.kind).toBe('redirect');
      if (done.kind !== 'redirect') return;
      expect(done.url).toMatch(new RegExp(`^${backend.url}/payment-simulator/`));
      expect(shop.cart.snapshot().cartItems).toEqual([]);
      expect(shop.formatPrice(12.5)).toBe('€\u00a012,50');
    } finally {
      shop.dispose();
    }
  });

  it('restores the stored cart and session from the given storage (a second process over the same storage)', async () => {
    const storage = new MemoryStorage();
    const first = await createHeadlessShop({ apiUrl: backend.url, storage });
    const { items } = await first.search.setText('kadopapier');
    const simple = items.find((p) => p.type_id === 'simple')!;
    await first.cart.addItem(simple, 1);
    await first.queue.process();
    const token = first.cart.snapshot().cartServerToken;
    first.dispose();

    const second = await createHeadlessShop({ apiUrl: backend.url, storage });
    try {
      expect(second.cart.snapshot().cartServerToken).toBe(token);
      expect(second.cart.snapshot().cartItems.map((i) => [i.sku, i.qty])).toEqual([[simple.sku, 1]]);
    } finally {
      second.dispose();
    }
  });

  it('dispose() cancels every timer the shop started (a Node process can end)', async () => {
    const scheduler = new VirtualScheduler();
    const shop = await createHeadlessShop({ apiUrl: backend.url, scheduler });
    shop.notifications.notify({ type: 'info', message: 'cart.added' as never });
    shop.graph.get(StorageQuotaMonitor).start();
    expect(scheduler.pending()).toBeGreaterThan(0);
    shop.dispose();
    expect(scheduler.pending()).toBe(0);
  });

  it('a test graph has the same wiring: each member once per graph', () => {
    const c = createTestContainer({ apiUrl: 'http://127.0.0.1:9' });
    const cart = c.get(CartService);
    expect(c.get(CartService)).toBe(cart);
    // the queue the graph hands out is the one the cart queues into
    expect(c.get(TRANSACTION_TOKENS.TaskQueue)).toBe((cart as unknown as { deps: { queue: unknown } }).deps.queue);
    expect(c.get(SessionService)).toBe(c.get(SessionService));
    expect(createTestContainer().get(SearchService)).not.toBe(c.get(SearchService));
  });
});
