import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { FakeCartBackend } from '../../test-fixtures/arbitraries/cart-fake-backend';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';
import type { Product } from '../catalogue/types';
import { createConfig, DEFAULT_CONFIG } from '../config';
import { ManualNetwork, MemoryLogger, VirtualScheduler, flushPromises } from '../testing/virtual-time';
import { CART_STORAGE_KEYS } from './cart-service';
import { connectsAtStart } from './cart-start';
import type { CartApi } from '../ports/cart-api';

const product = (sku: string): Product => ({ id: sku, sku, name: sku, type_id: 'simple', price_incl_tax: 10 });

/** A CartService on the fake backend whose CartApi calls are recorded by name. */
function setup(storage = new MemoryStorage(), backend = new FakeCartBackend(), online = true, userToken = '', config = DEFAULT_CONFIG) {
  const scheduler = new VirtualScheduler();
  const network = new ManualNetwork(online);
  backend.online = online;
  const logger = new MemoryLogger();
  const calls: string[] = [];
  const api = new Proxy(backend.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(key));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as CartApi;
  const { cart: service } = cartWithQueue({ api, transport: backend, storage, network, clock: scheduler.clock, config, logger, getToken: () => userToken });
  const goOnline = async () => {
    backend.online = true;
    network.set(true);
    await flushPromises(2000);
  };
  return { service, storage, backend, calls, goOnline };
}

// spec transactions §4 "Sync need": "The cart has no token until connected"; a visitor without a cart is not given one
// at start-up, only with the first line added ("Adding")
describe('connectsAtStart (spec transactions §4 Sync need)', () => {
  it('connects exactly when the shopper is signed in, has a stored cart token or stored lines', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.option(fc.string({ minLength: 1 }), { nil: undefined }), fc.array(fc.anything(), { maxLength: 3 }), (signedIn, token, items) => {
        expect(connectsAtStart({ cartServerToken: token, cartItems: items }, signedIn)).toBe(signedIn || token !== undefined || items.length > 0);
      }),
    );
  });

  it('a first visitor: load() makes no cart call; the first add creates the server cart and sends the line', async () => {
    const w = setup();
    await w.service.load();
    expect(w.service.snapshot().loaded).toBe(true);
    expect(w.calls).toEqual([]);
    await w.service.addItem(product('WRAP-RED'), 2);
    expect(w.calls[0]).toBe('create');
    expect(w.service.cartId).toBeDefined();
    expect(w.backend.cart(w.service.cartId!).pull().map((i) => `${i.sku}x${i.qty}`)).toEqual(['WRAP-REDx2']);
  });

  it('the first line added creates the server cart and stays, whatever the merge flags (the new guest cart is empty)', async () => {
    const config = createConfig({ cart: { serverSyncCanRemoveLocalItems: true, serverSyncCanModifyLocalItems: true } });
    const w = setup(new MemoryStorage(), new FakeCartBackend(), true, '', config);
    await w.service.load();
    await w.service.addItem(product('WRAP-RED'), 2);
    await w.service.addItem(product('WRAP-BLUE'), 1);
    expect(w.service.snapshot().cartItems.map((i) => `${i.sku}x${i.qty}`).sort()).toEqual(['WRAP-BLUEx1', 'WRAP-REDx2']);
    expect(w.backend.cart(w.service.cartId!).pull().map((i) => `${i.sku}x${i.qty}`).sort()).toEqual(['WRAP-BLUEx1', 'WRAP-REDx2']);
  });

  it('a first visitor who goes offline and back online still gets no server cart without a line', async () => {
    const w = setup(new MemoryStorage(), new FakeCartBackend(), false);
    await w.service.load();
    await w.goOnline();
    expect(w.calls).toEqual([]);
  });

  it('a stored cart token: load() pulls that server cart (no new one)', async () => {
    const first = setup();
    await first.service.load();
    await first.service.addItem(product('WRAP-RED'));
    const token = first.service.cartId;
    const again = setup(first.storage, first.backend);
    await again.service.load();
    expect(again.calls).toContain('pull');
    expect(again.calls).not.toContain('create');
    expect(again.service.cartId).toBe(token);
  });

  it('stored lines without a token (a cart started offline): load() creates the server cart and pushes them', async () => {
    const storage = new MemoryStorage();
    const offline = setup(storage, new FakeCartBackend(), false);
    await offline.service.load();
    await offline.service.addItem(product('WRAP-RED'));
    expect(await storage.get('carts', CART_STORAGE_KEYS.token)).toBeUndefined();
    const w = setup(storage);
    await w.service.load();
    expect(w.calls[0]).toBe('create');
    expect(w.backend.cart(w.service.cartId!).pull().map((i) => i.sku)).toEqual(['WRAP-RED']);
  });

  it('a signed-in customer without a stored cart: load() connects (their server cart may hold lines)', async () => {
    const w = setup(new MemoryStorage(), new FakeCartBackend(), true, 'customer-token');
    await w.service.load();
    expect(w.calls[0]).toBe('create');
  });
});
