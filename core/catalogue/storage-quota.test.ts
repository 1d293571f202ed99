import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { FakeCartBackend } from '../../test-fixtures/arbitraries/cart-fake-backend';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';
import { CART_STORAGE_KEYS } from '../cart/cart-service';
import { DEFAULT_CONFIG, createConfig } from '../config';
import { STORAGE_COLLECTIONS, StorageQuotaError, type Storage } from '../ports/storage';
import type { StorageEstimate, StorageQuota } from '../ports/storage-quota';
import { ManualNetwork, MemoryLogger, VirtualScheduler, flushPromises } from '../testing/virtual-time';
import { CatalogueCache } from './catalogue-cache';
import { QuotaGuardedStorage, StorageQuotaMonitor, storageNearlyFull } from './storage-quota';
import type { Product } from './types';

const config = DEFAULT_CONFIG;

/** A storage with a byte budget over the JSON of everything it holds: a write beyond it throws StorageQuotaError. */
class BudgetStorage implements Storage {
  readonly inner = new MemoryStorage();
  private readonly sizes = new Map<string, number>();
  constructor(public budget: number) {}
  used(): number {
    let n = 0;
    for (const v of this.sizes.values()) n += v;
    return n;
  }
  get<T>(c: string, k: string) {
    return this.inner.get<T>(c, k);
  }
  async set<T>(c: string, k: string, v: T): Promise<void> {
    const size = JSON.stringify(v).length;
    const id = `${c}\u0000${k}`;
    if (this.used() - (this.sizes.get(id) ?? 0) + size > this.budget) throw new StorageQuotaError();
    this.sizes.set(id, size);
    await this.inner.set(c, k, v);
  }
  async remove(c: string, k: string) {
    this.sizes.delete(`${c}\u0000${k}`);
    await this.inner.remove(c, k);
  }
  keys(c: string) {
    return this.inner.keys(c);
  }
  entries<T>(c: string) {
    return this.inner.entries<T>(c);
  }
  async clear(c: string) {
    for (const id of [...this.sizes.keys()]) if (id.startsWith(`${c}\u0000`)) this.sizes.delete(id);
    await this.inner.clear(c);
  }
}

const product = (sku: string, over: Partial<Product> = {}): Product => ({ id: sku, sku, name: sku, type_id: 'simple', price_incl_tax: 10, ...over });

describe('storageNearlyFull', () => {
  // spec catalogue §9: the quota check; the threshold is config.cache.quotaNearlyFullRatio
  it('property: full exactly when usage / quota reaches the configured ratio; unknown estimates are never full', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.integer({ min: 1, max: 10_000_000 }), fc.double({ min: 0.01, max: 1, noNaN: true }), (usage, quota, ratio) => {
        const c = createConfig({ cache: { quotaNearlyFullRatio: ratio } });
        expect(storageNearlyFull({ usage, quota }, c)).toBe(usage / quota >= ratio);
        // more usage never makes a full storage less full
        if (storageNearlyFull({ usage, quota }, c)) expect(storageNearlyFull({ usage: usage + 1, quota }, c)).toBe(true);
      }),
    );
    expect(storageNearlyFull(undefined, config)).toBe(false);
    expect(storageNearlyFull({ usage: 10, quota: 0 }, config)).toBe(false);
  });
});

describe('StorageQuotaMonitor', () => {
  // spec catalogue §9 "Local storage quota is checked every 30 s"; §8 the product cache and the URL cache are cleared
  it('asks the estimate at start and every 30 s, and clears only the product and URL caches when nearly full', async () => {
    const scheduler = new VirtualScheduler();
    const storage = new MemoryStorage();
    const cache = new CatalogueCache(storage, scheduler, config);
    let estimate: StorageEstimate | undefined = { usage: 10, quota: 100 };
    let asked = 0;
    const quota: StorageQuota = { estimate: async () => (asked++, estimate) };
    const monitor = new StorageQuotaMonitor(quota, scheduler, cache, config, new MemoryLogger());

    await cache.setProduct(product('KP-1'));
    await cache.setUrlMapping('kadopapier', { _type: 'category', _source: { id: 5 } });
    await cache.setSearch({ type: 'product', body: {}, size: 1, from: 0 }, { items: [], total: 0, start: 0, perPage: 1, aggregations: {} });
    await storage.set(STORAGE_COLLECTIONS.cart, CART_STORAGE_KEYS.items, [{ sku: 'KP-1', qty: 2 }]);

    monitor.start();
    monitor.start(); // one timer only
    await flushPromises();
    expect(asked).toBe(1);
    await scheduler.advance(config.cache.quotaCheckIntervalMs - 1);
    expect(asked).toBe(1);
    await scheduler.advance(1);
    expect(asked).toBe(2);
    expect(cache.health().quotaClears).toBe(0);
    expect(await storage.keys(STORAGE_COLLECTIONS.products)).toEqual(['KP-1']);

    estimate = { usage: 95, quota: 100 };
    await scheduler.advance(config.cache.quotaCheckIntervalMs);
    expect(asked).toBe(3);
    expect(cache.health().quotaClears).toBe(1);
    expect(await storage.keys(STORAGE_COLLECTIONS.products)).toEqual([]);
    expect(await storage.keys(STORAGE_COLLECTIONS.urlCache)).toEqual([]);
    // the search answers and the shopper's cart stay
    expect((await storage.keys(STORAGE_COLLECTIONS.elasticCache)).length).toBe(1);
    expect(await storage.get(STORAGE_COLLECTIONS.cart, CART_STORAGE_KEYS.items)).toEqual([{ sku: 'KP-1', qty: 2 }]);
    expect(cache.health().quotaClears).toBe(1);

    monitor.stop();
    await scheduler.advance(config.cache.quotaCheckIntervalMs * 3);
    expect(asked).toBe(3);
    expect(scheduler.pending()).toBe(0);
  });

  it('an unknown estimate (server, old browser) or a failing one clears nothing', async () => {
    const scheduler = new VirtualScheduler();
    const storage = new MemoryStorage();
    const cache = new CatalogueCache(storage, scheduler, config);
    await cache.setProduct(product('KP-1'));
    const monitor = new StorageQuotaMonitor({ estimate: async () => undefined }, scheduler, cache, config);
    expect(await monitor.check()).toBe(false);
    const failing = new StorageQuotaMonitor({ estimate: async () => { throw new Error('denied'); } }, scheduler, cache, config);
    expect(await failing.check()).toBe(false);
    expect(await storage.keys(STORAGE_COLLECTIONS.products)).toEqual(['KP-1']);
  });
});

describe('QuotaGuardedStorage', () => {
  // spec transactions §8 "Storage quota: URL cache cleared"; catalogue §8: the product cache is cleared
  it('a write refused for the quota clears the product and URL caches and is written on the retry', async () => {
    const budget = new BudgetStorage(400);
    const logger = new MemoryLogger();
    const guarded = new QuotaGuardedStorage(budget, { logger });
    await budget.set(STORAGE_COLLECTIONS.products, 'KP-1', { sku: 'KP-1', description: 'x'.repeat(150) });
    await budget.set(STORAGE_COLLECTIONS.urlCache, 'kadopapier', { hit: { _type: 'category', _source: { description: 'y'.repeat(150) } } });
    const checkout = { firstName: 'Anne', lastName: 'de Vries', emailAddress: 'anne@example.nl', note: 'z'.repeat(100) };
    await guarded.set(STORAGE_COLLECTIONS.checkout, 'personal-details', checkout);
    expect(await guarded.get(STORAGE_COLLECTIONS.checkout, 'personal-details')).toEqual(checkout);
    expect(await budget.keys(STORAGE_COLLECTIONS.products)).toEqual([]);
    expect(await budget.keys(STORAGE_COLLECTIONS.urlCache)).toEqual([]);
    expect(logger.lines.filter((l) => l.message.startsWith('Storage quota exceeded'))).toHaveLength(1);
  });

  it('retries once only: a write that still does not fit is raised; other errors are raised untouched', async () => {
    const budget = new BudgetStorage(10);
    const guarded = new QuotaGuardedStorage(budget);
    await expect(guarded.set('carts', 'current-cart', 'x'.repeat(50))).rejects.toBeInstanceOf(StorageQuotaError);
    let clears = 0;
    const broken: Storage = { ...new MemoryStorage(), set: async () => { throw new Error('disk'); } } as unknown as Storage;
    const g2 = new QuotaGuardedStorage(broken, { onQuotaExceeded: async () => void clears++ });
    await expect(g2.set('carts', 'k', 1)).rejects.toThrow('disk');
    expect(clears).toBe(0);
  });

  it('a custom clear (CatalogueCache.clearForQuota) is used when given', async () => {
    const budget = new BudgetStorage(300);
    const scheduler = new VirtualScheduler();
    const cache = new CatalogueCache(budget, scheduler, config);
    await cache.setProduct(product('KP-1', { description: 'p'.repeat(200) }));
    const guarded = new QuotaGuardedStorage(budget, { onQuotaExceeded: () => cache.clearForQuota() });
    await guarded.set('user', 'current-user', { email: 'a@b.nl', bio: 'q'.repeat(150) });
    expect(await budget.get('user', 'current-user')).toMatchObject({ email: 'a@b.nl' });
    expect(cache.health().quotaClears).toBe(1);
  });

  // spec transactions §8: nothing of the shopper's is lost when the cached catalogue fills the storage
  it('the cart keeps saving its items when cached catalogue data fills the storage', async () => {
    const scheduler = new VirtualScheduler();
    const budget = new BudgetStorage(2000);
    const logger = new MemoryLogger();
    const storage = new QuotaGuardedStorage(budget, { logger });
    const network = new ManualNetwork(false);
    const backend = new FakeCartBackend();
    backend.online = false;
    const { cart } = cartWithQueue({ api: backend.api, transport: backend, storage, network, clock: scheduler.clock, config, logger });
    await cart.load();
    // the catalogue cache fills the storage almost to the brim
    const catalogue = new CatalogueCache(budget, scheduler, config);
    for (let i = 0; budget.used() < 1900; i++) await catalogue.setProduct(product(`P-${i}`, { description: 'd'.repeat(40) }));
    for (let i = 0; i < 5; i++) await cart.addItem(product(`WRAP-${i}`, { description: 'w'.repeat(30) }), 1);
    const stored = await budget.get<Array<{ sku: string }>>(STORAGE_COLLECTIONS.cart, CART_STORAGE_KEYS.items);
    expect(stored?.map((i) => i.sku)).toEqual(['WRAP-0', 'WRAP-1', 'WRAP-2', 'WRAP-3', 'WRAP-4']);
    expect(logger.lines.some((l) => l.message.startsWith('Storage quota exceeded'))).toBe(true);
    expect(logger.lines.some((l) => l.message.startsWith('cart not saved'))).toBe(false);
  });
});

describe('CatalogueCache iteration', () => {
  // spec catalogue §9: cache iteration times out at 2000 ms
  it('answers the stored entries; an iteration with no answer within 2000 ms recreates the storage and answers the memory copy', async () => {
    const scheduler = new VirtualScheduler();
    const inner = new MemoryStorage();
    let hang = false;
    const hanging: Storage = {
      get: (c, k) => inner.get(c, k),
      set: (c, k, v) => inner.set(c, k, v),
      remove: (c, k) => inner.remove(c, k),
      keys: (c) => inner.keys(c),
      entries: <T,>(c: string) => (hang ? new Promise<Array<[string, T]>>(() => undefined) : inner.entries<T>(c)),
      clear: (c) => inner.clear(c),
    };
    const fresh = new MemoryStorage();
    const cache = new CatalogueCache(hanging, scheduler, config, new MemoryLogger(), () => fresh);
    await cache.setProduct(product('B'));
    await cache.setProduct(product('A'));
    expect((await cache.entries<Product>(STORAGE_COLLECTIONS.products)).map(([k]) => k)).toEqual(['A', 'B']);
    hang = true;
    let answer: Array<[string, Product]> | undefined;
    void cache.entries<Product>(STORAGE_COLLECTIONS.products).then((a) => (answer = a));
    await scheduler.advance(config.cache.iterateTimeoutMs - 1);
    expect(answer).toBeUndefined();
    await scheduler.advance(1);
    expect(answer?.map(([k]) => k)).toEqual(['A', 'B']);
    expect(cache.health()).toMatchObject({ getErrors: 1, recreations: 1 });
  });
});
