import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { ApiError, NetworkError } from '../ports/api-error';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import { STORAGE_COLLECTIONS, StorageQuotaError, type Storage } from '../ports/storage';
import { ManualNetwork, MemoryLogger, VirtualScheduler } from '../testing/virtual-time';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { CachedCatalogueSearch, CatalogueCache, searchCacheKey } from './catalogue-cache';
import type { Product, SearchResult } from './types';
import { buildSearchQuery } from './search-query';
import { singleProductRequest } from './product-service';

const product = (sku: string, extra: Partial<Product> = {}): Product => ({ id: 1, sku, name: sku, type_id: 'simple', visibility: 4, status: 1, ...extra }) as Product;

const config = DEFAULT_CONFIG;

/** A storage whose reads can hang and whose writes can fail, over a MemoryStorage. */
class FaultyStorage implements Storage {
  hang = false;
  failSet: Error | undefined;
  readonly inner = new MemoryStorage();
  get<T>(c: string, k: string): Promise<T | undefined> {
    return this.hang ? new Promise(() => undefined) : this.inner.get<T>(c, k);
  }
  async set<T>(c: string, k: string, v: T): Promise<void> {
    if (this.failSet) throw this.failSet;
    return this.inner.set(c, k, v);
  }
  remove(c: string, k: string) { return this.inner.remove(c, k); }
  keys(c: string) { return this.inner.keys(c); }
  entries<T>(c: string) { return this.inner.entries<T>(c); }
  clear(c: string) { return this.inner.clear(c); }
}

const request = (from = 0): SearchRequest => ({ type: 'product', body: { query: { match_all: {} } }, size: 10, from });
const result: SearchResult<{ sku: string }> = { items: [{ sku: 'KP-1' }], total: 1, start: 0, perPage: 10, aggregations: {} };

describe('CatalogueCache', () => {
  it('a read with no answer within 800 ms recreates the storage, counts a get error and (after 1) disables the persistent cache // spec catalogue §8, §9', async () => {
    const scheduler = new VirtualScheduler();
    const faulty = new FaultyStorage();
    const fresh = new MemoryStorage();
    const cache = new CatalogueCache(faulty, scheduler, config, new MemoryLogger(), () => fresh);
    await cache.setSearch(request(), result);
    faulty.hang = true;
    const read = cache.getSearch(request());
    await scheduler.advance(799);
    let settled = false;
    void read.then(() => (settled = true));
    await scheduler.advance(0);
    expect(settled).toBe(false);
    await scheduler.advance(1);
    // the in-memory copy still answers
    expect(await read).toEqual(result);
    expect(cache.health()).toMatchObject({ getErrors: 1, recreations: 1, persistent: false });
  });

  it('a read answered while the page was busy is not judged hanging: the 800 ms count in steps of the page\'s own time // spec catalogue §9', async () => {
    // a scheduler whose timers run only when the test says: a long task that ends after 1 s leaves every due
    // timer and the storage's answer waiting together; the browser may then run a timer before the answer
    const timers: Array<{ at: number; fn: () => void; live: boolean }> = [];
    let now = 0;
    const manual = {
      after(ms: number, fn: () => void) {
        const t = { at: now + ms, fn, live: true };
        timers.push(t);
        return { cancel: () => void (t.live = false) };
      },
      every() {
        return { cancel: () => undefined };
      },
    };
    let answer!: (v: unknown) => void;
    const slow = new FaultyStorage();
    slow.get = <T,>() => new Promise<T | undefined>((resolve) => (answer = resolve as (v: unknown) => void));
    const cache = new CatalogueCache(slow, manual as never, config, new MemoryLogger(), () => new MemoryStorage());
    const read = cache.getSearch(request());
    await Promise.resolve();
    // the long task: 1,000 ms pass with no timer run; then the first due timer runs before the storage's answer
    now = 1_000;
    const runDue = () => {
      for (const t of timers.filter((t) => t.live && t.at <= now)) {
        t.live = false;
        t.fn();
      }
    };
    runDue();
    answer(result);
    for (let i = 0; i < 20; i++) {
      await Promise.resolve();
      now += 100;
      runDue();
    }
    expect(await read).toEqual(result);
    expect(cache.health()).toMatchObject({ getErrors: 0, persistent: true });
  });

  it('30 set errors disable the persistent cache, 29 do not // spec catalogue §8', async () => {
    const faulty = new FaultyStorage();
    const cache = new CatalogueCache(faulty, new VirtualScheduler(), config);
    faulty.failSet = new Error('disk');
    for (let i = 0; i < 29; i++) await cache.setSearch(request(i), result);
    expect(cache.health()).toMatchObject({ setErrors: 29, persistent: true });
    await cache.setSearch(request(99), result);
    expect(cache.health()).toMatchObject({ setErrors: 30, persistent: false });
  });

  it('a quota error clears the product cache and the URL cache // spec catalogue §8', async () => {
    const faulty = new FaultyStorage();
    const cache = new CatalogueCache(faulty, new VirtualScheduler(), config);
    await cache.setProduct({ id: 1, sku: 'A', name: 'a', type_id: 'simple' });
    await cache.setUrlMapping('kaarten', { _type: 'category', _source: { id: 1 } });
    await cache.setSearch(request(), result);
    faulty.failSet = new StorageQuotaError();
    await cache.setSearch(request(1), result);
    expect(await faulty.inner.keys(STORAGE_COLLECTIONS.products)).toEqual([]);
    expect(await faulty.inner.keys(STORAGE_COLLECTIONS.urlCache)).toEqual([]);
    expect((await faulty.inner.keys(STORAGE_COLLECTIONS.elasticCache)).length).toBe(1);
    expect(cache.health()).toMatchObject({ quotaClears: 1, setErrors: 0, persistent: true });
  });

  it('search cache keys differ for different requests and agree for equal ones', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), (a, b) => {
      expect(searchCacheKey(request(a)) === searchCacheKey(request(b))).toBe(a === b);
    }));
  });
});

class FlakySearch implements CatalogueSearch {
  fail: Error | undefined;
  async search<T>(): Promise<SearchResult<T>> {
    if (this.fail) throw this.fail;
    return result as unknown as SearchResult<T>;
  }
}

describe('CachedCatalogueSearch', () => {
  it('offline: answers the cached result flagged offline, or an empty one flagged offline // spec catalogue §1, §8', async () => {
    const inner = new FlakySearch();
    const network = new ManualNetwork(true);
    const cache = new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config);
    const search = new CachedCatalogueSearch(inner, cache, network);
    expect(await search.search(request())).toEqual(result);
    await new Promise((r) => setTimeout(r, 0));
    inner.fail = new NetworkError();
    network.set(false);
    expect(await search.search(request())).toEqual({ ...result, cache: true, offline: true });
    expect(await search.search({ ...request(), type: 'cms_page' })).toMatchObject({ items: [], total: 0, offline: true });
    // products are cached by sku for offline product pages
    expect(await cache.offlineProducts(true)).toEqual([{ sku: 'KP-1' }]);
  });

  it('offline, a product search never asked is read over the cached products, flagged offline // spec catalogue §1, §8', async () => {
    const network = new ManualNetwork(true);
    const cache = new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config);
    await cache.setProduct(product('KERST-1', { name: 'Kerstpapier rood', url_path: 'inpakpapier/kerstpapier-rood-1.html' }));
    await cache.setProduct(product('LINT-1', { name: 'Krullint goud' }), true);
    const inner = new FlakySearch();
    inner.fail = new NetworkError();
    network.set(false);
    const search = new CachedCatalogueSearch(inner, cache, network);
    const text = buildSearchQuery({ text: 'kerstpapier', size: 16 }, config, { fixedFilters: 'header', aggregations: [] });
    expect(await search.search<Product>(text)).toMatchObject({ items: [{ sku: 'KERST-1' }], total: 1, offline: true, cache: true });
    // a product page needs the whole document: one known only from a list does not open offline
    expect((await search.search<Product>(singleProductRequest('sku', 'KERST-1', config))).items.map((p) => p.sku)).toEqual(['KERST-1']);
    expect(await search.search<Product>(singleProductRequest('sku', 'LINT-1', config))).toMatchObject({ items: [], offline: true });
    // ... but lists and searches take it
    const lint = buildSearchQuery({ text: 'krullint', size: 16 }, config, { fixedFilters: 'header', aggregations: [] });
    expect((await search.search<Product>(lint)).items.map((p) => p.sku)).toEqual(['LINT-1']);
  });
});

describe('CatalogueCache: products for offline use', () => {
  it('a listing-only product never replaces a whole one, merges into it, and alone is kept marked', async () => {
    const cache = new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config);
    await cache.setProduct(product('A', { description: 'whole', price: 5 }));
    await cache.setProduct(product('A', { price: 4 }) as Product, true);
    expect(await cache.offlineProducts(true)).toMatchObject([{ sku: 'A', description: 'whole', price: 4 }]);
    await cache.setProduct(product('B'), true);
    expect((await cache.offlineProducts(false))[1]).toEqual(product('B')); // the mark is not part of the product
    expect((await cache.offlineProducts(true)).map((p) => p.sku)).toEqual(['A']);
    expect((await cache.offlineProducts(false)).map((p) => p.sku)).toEqual(['A', 'B']);
    await cache.setProduct(product('B', { description: 'now whole' }));
    expect((await cache.offlineProducts(true)).map((p) => p.sku)).toEqual(['A', 'B']);
  });

  it('a two-stage first answer (some fields) is kept listing-only; the full answer makes it whole // spec catalogue §4.4', async () => {
    const cache = new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config);
    const answers: Record<string, SearchResult<Product>> = {
      first: { items: [product('A')], total: 1, start: 0, perPage: 10, aggregations: {} },
      full: { items: [product('A', { description: 'd' })], total: 1, start: 0, perPage: 10, aggregations: {} },
    };
    let which = 'first';
    const inner: CatalogueSearch = { search: async <T,>() => answers[which] as unknown as SearchResult<T> };
    const search = new CachedCatalogueSearch(inner, cache, new ManualNetwork(true));
    await search.search({ ...request(), includeFields: ['sku', 'name'] });
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.offlineProducts(true)).toEqual([]);
    which = 'full';
    await search.search(request());
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.offlineProducts(true)).map((p) => p.description)).toEqual(['d']);
  });

  it('offline url mappings come from a cached category url_path, else a whole product with that url_path // spec catalogue §2.2, §2.3', async () => {
    const cache = new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config);
    await cache.setCategory({ id: 7, name: 'Linten', url_path: 'linten', slug: 'linten-7' } as never);
    await cache.setProduct(product('A', { url_path: 'linten/krullint-a.html' }));
    await cache.setProduct(product('B', { url_path: 'linten/krullint-b.html' }), true);
    expect(await cache.offlineUrlMapping('linten')).toMatchObject({ _type: 'category', _source: { id: 7 } });
    expect(await cache.offlineUrlMapping('linten/krullint-a.html')).toMatchObject({ _type: 'product', _source: { sku: 'A' } });
    expect(await cache.offlineUrlMapping('linten/krullint-b.html')).toBeUndefined(); // known from a list only
    expect(await cache.offlineUrlMapping('dozen')).toBeUndefined();
  });

  it('a failure while online is logged and raised // spec catalogue §8', async () => {
    const inner = new FlakySearch();
    inner.fail = new ApiError(400, 'Unsupported query clause: foo');
    const logger = new MemoryLogger();
    const search = new CachedCatalogueSearch(inner, new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config), new ManualNetwork(true), logger);
    await expect(search.search(request())).rejects.toBeInstanceOf(ApiError);
    expect(logger.lines.some((l) => l.level === 'error')).toBe(true);
  });
});
