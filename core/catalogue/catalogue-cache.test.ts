import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { ApiError, NetworkError } from '../ports/api-error';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import { STORAGE_COLLECTIONS, StorageQuotaError, type Storage } from '../ports/storage';
import { ManualNetwork, MemoryLogger, VirtualScheduler } from '../testing/virtual-time';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { CachedCatalogueSearch, CatalogueCache, TwoStageCaching, searchCacheKey } from './catalogue-cache';
import type { SearchResult } from './types';

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
    expect(await search.search(request(50))).toMatchObject({ items: [], total: 0, offline: true });
    // products are cached by sku for offline product pages
    expect(await cache.getProduct('KP-1')).toEqual({ sku: 'KP-1' });
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

describe('TwoStageCaching', () => {
  it('switches itself off once the first stage is not faster than the second // spec catalogue §4.4', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(100), fc.nat(100)), { maxLength: 10 }), (runs) => {
      const t = new TwoStageCaching(config);
      for (const [a, b] of runs) t.record(a, b);
      expect(t.isEnabled()).toBe(runs.every(([a, b]) => a < b));
    }));
  });
});
