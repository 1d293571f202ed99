/**
 * The local catalogue cache (spec catalogue §1, §4.4, §8, §9): search answers, products, categories and URL mappings
 * kept in the Storage port so that browsing works offline. A read with no answer within 800 ms recreates the storage;
 * after 1 get error or 30 set errors an in-memory map takes over; a quota error clears the product and URL caches.
 */
import type { ShopConfig } from '../config';
import { cyrb53 } from '../hash';
import { isNetworkError } from '../ports/api-error';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import type { Logger } from '../ports/logger';
import type { Network } from '../ports/network';
import type { Scheduler } from '../ports/scheduler';
import { STORAGE_COLLECTIONS, StorageQuotaError, type Storage } from '../ports/storage';
import type { UrlMapHit } from '../ports/url-mapper';
import type { UrlMappingCache } from '../routing/dispatcher';
import { clearCatalogueCaches } from './storage-quota';
import type { Category, Product, SearchResult } from './types';

const TIMED_OUT = Symbol('timed out');
/** the step of a read deadline (see `deadline`) */
const DEADLINE_STEP_MS = 100;

/**
 * A timer of `ms` in steps of 100 ms, each started when the previous one ran: a busy main thread runs one long timer
 * late, beside a storage answer that came in time, and it could win the race (spec catalogue §9).
 */
function deadline(scheduler: Scheduler, ms: number, due: () => void): { cancel(): void } {
  let left = ms;
  let handle: { cancel(): void } | undefined;
  const step = () => {
    const wait = Math.min(DEADLINE_STEP_MS, left);
    left -= wait;
    handle = scheduler.after(wait, left > 0 ? step : due);
  };
  step();
  return { cancel: () => handle?.cancel() };
}
/** marks a cached product known only from a list's fields */
const LISTING_ONLY = '_listingOnly';

function withoutMark(p: Product & { [LISTING_ONLY]?: true }): Product {
  if (!(LISTING_ONLY in p)) return p;
  const { [LISTING_ONLY]: _mark, ...rest } = p;
  return rest as Product;
}

/** A stable short key for a search request (cyrb53 over its canonical JSON). */
export function searchCacheKey(request: SearchRequest): string {
  const text = JSON.stringify([request.type, request.size, request.from, request.sort ?? '', request.includeFields ?? [], request.excludeFields ?? [], request.body]);
  return `${request.type}:${cyrb53(text).toString(36)}`;
}

export class CatalogueCache implements UrlMappingCache {
  /** the in-memory copy, answered once the persistent cache is disabled */
  private readonly memory = new Map<string, Map<string, unknown>>();
  private readonly status = { persistent: true, getErrors: 0, setErrors: 0, recreations: 0, quotaClears: 0 };

  /** @param recreate makes a fresh Storage when a read hangs (IndexedDB re-opened); without it the storage is kept */
  constructor(
    private storage: Storage,
    private readonly scheduler: Scheduler,
    private readonly config: ShopConfig,
    private readonly logger?: Logger,
    private readonly recreate?: () => Storage,
  ) {}

  /** whether the persistent cache is still used, and its error, recreation and quota-clear counts */
  health(): Readonly<typeof this.status> {
    return { ...this.status };
  }

  private disableIfNeeded(): void {
    const { getErrors, setErrors } = this.status;
    if (this.status.persistent && (getErrors >= this.config.cache.maxGetErrors || setErrors >= this.config.cache.maxSetErrors)) {
      this.status.persistent = false;
      this.logger?.warn('Persistent catalogue cache disabled', 'cache', { getErrors, setErrors });
    }
  }

  get<T>(collection: string, key: string): Promise<T | undefined> {
    const memo = this.memory.get(collection)?.get(key) as T | undefined;
    const read = () => this.storage.get<T>(collection, key);
    return this.timed(read, this.config.cache.readTimeoutMs, { collection, key }, memo);
  }

  /**
   * A storage read raced against a deadline: no answer in time recreates the storage and counts a get error, as does
   * a failed read; either answers `fallback` (the in-memory copy).
   */
  private async timed<T>(read: () => Promise<T | undefined>, ms: number, what: object, fallback: T): Promise<T> {
    if (!this.status.persistent) return fallback;
    let timer: { cancel(): void } | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = deadline(this.scheduler, ms, () => resolve(TIMED_OUT));
    });
    try {
      const value = await Promise.race([read(), timeout]);
      if (value !== TIMED_OUT) return value ?? fallback;
      this.status.recreations++;
      if (this.recreate) this.storage = this.recreate();
      this.logger?.warn('Cache read timed out: storage recreated', 'cache', what);
    } catch (e) {
      this.logger?.warn('Cache read failed', 'cache', { ...what, error: String(e) });
    } finally {
      timer?.cancel();
    }
    this.status.getErrors++;
    this.disableIfNeeded();
    return fallback;
  }

  async set<T>(collection: string, key: string, value: T): Promise<void> {
    this.memory.set(collection, (this.memory.get(collection) ?? new Map()).set(key, value));
    if (!this.status.persistent) return;
    try {
      await this.storage.set(collection, key, value);
    } catch (e) {
      if (e instanceof StorageQuotaError) {
        // spec catalogue §8: the product cache is cleared (the URL cache too on a quota error)
        this.status.quotaClears++;
        this.logger?.warn('Storage quota exceeded: clearing product and URL caches', 'cache');
        await clearCatalogueCaches(this.storage);
        return;
      }
      this.status.setErrors++;
      this.logger?.warn('Cache write failed', 'cache', { collection, key, error: String(e) });
      this.disableIfNeeded();
    }
  }

  /** Every entry of a collection, timed like a read (spec catalogue §9: iteration times out at 2000 ms). */
  entries<T>(collection: string): Promise<Array<[string, T]>> {
    const kept = [...(this.memory.get(collection) ?? [])] as Array<[string, T]>;
    const memo = kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const read = () => this.storage.entries<T>(collection);
    return this.timed(read, this.config.cache.iterateTimeoutMs, { collection }, memo);
  }

  /** spec catalogue §8, §9: storage (nearly) full: clear its product and URL caches (the in-memory copies stay). */
  async clearForQuota(): Promise<void> {
    this.status.quotaClears++;
    await clearCatalogueCaches(this.storage);
  }

  getSearch<T>(request: SearchRequest): Promise<SearchResult<T> | undefined> {
    return this.get<SearchResult<T>>(STORAGE_COLLECTIONS.elasticCache, searchCacheKey(request));
  }
  setSearch<T>(request: SearchRequest, result: SearchResult<T>): Promise<void> {
    return this.set(STORAGE_COLLECTIONS.elasticCache, searchCacheKey(request), result);
  }
  /**
   * Keep a product. `listingOnly`: only a list's fields came; they are merged into a whole document kept before, or
   * kept marked, good for lists and searches but not for a product page (see offlineProducts).
   */
  async setProduct(product: Product, listingOnly = false): Promise<void> {
    if (!listingOnly) return this.set(STORAGE_COLLECTIONS.products, product.sku, product);
    const known = await this.get<Product & { [LISTING_ONLY]?: true }>(STORAGE_COLLECTIONS.products, product.sku);
    if (known) return this.set(STORAGE_COLLECTIONS.products, product.sku, { ...known, ...product });
    return this.set(STORAGE_COLLECTIONS.products, product.sku, { ...product, [LISTING_ONLY]: true });
  }
  /** The cached products (in sku order); `wholeOnly` leaves out those known only from lists. */
  async offlineProducts(wholeOnly: boolean): Promise<Product[]> {
    const entries = await this.entries<Product & { [LISTING_ONLY]?: true }>(STORAGE_COLLECTIONS.products);
    return entries.filter(([, p]) => p && typeof p === 'object' && !(wholeOnly && p[LISTING_ONLY])).map(([, p]) => withoutMark(p));
  }
  /**
   * spec catalogue §1, §8: a product search never answered, read over the cached products (local-search.ts, loaded
   * on first need). A lookup of one product (size 1) needs a whole document; lists take listing-only ones too.
   */
  async localProductSearch<T>(request: SearchRequest): Promise<SearchResult<T> | undefined> {
    const [products, { localSearch }] = await Promise.all([this.offlineProducts(request.size === 1 && !request.includeFields), loadLocalSearch()]);
    return localSearch(products, request, this.config) as SearchResult<T> | undefined;
  }
  /** spec catalogue §2.2, §2.3 offline: a url_path's mapping from a cached category, else a whole cached product. */
  async offlineUrlMapping(url: string): Promise<UrlMapHit | undefined> {
    const category = await this.getCategory(`url_path:${url}`);
    if (category) return { _type: 'category', _source: category as unknown as Record<string, unknown> };
    const product = (await this.offlineProducts(true)).find((p) => p.url_path === url || p.url_path === `${url}.html`);
    return product ? { _type: 'product', _source: product as unknown as Record<string, unknown> } : undefined;
  }
  getCategory(key: string): Promise<Category | undefined> {
    return this.get<Category>(STORAGE_COLLECTIONS.categories, key);
  }
  setCategory(category: Category): Promise<void> {
    return Promise.all([
      this.set(STORAGE_COLLECTIONS.categories, `id:${category.id}`, category),
      this.set(STORAGE_COLLECTIONS.categories, `url_path:${category.url_path}`, category),
    ]).then(() => undefined);
  }
  async getUrlMapping(url: string): Promise<UrlMapHit | null | undefined> {
    return (await this.get<{ hit: UrlMapHit | null }>(STORAGE_COLLECTIONS.urlCache, url))?.hit;
  }
  setUrlMapping(url: string, hit: UrlMapHit | null): Promise<void> {
    return this.set(STORAGE_COLLECTIONS.urlCache, url, { hit });
  }
}

/** The offline product search (8 KB minified), a chunk of its own: the browser's entry loads it once idle. */
export function loadLocalSearch(): Promise<typeof import('./local-search')> {
  return import('./local-search');
}

/**
 * CatalogueSearch with the local cache behind the network (spec catalogue §1, §8): answers (and products) are stored;
 * offline a failed search answers the cached answer flagged `offline` and `cache`, else an empty one flagged `offline`.
 */
export class CachedCatalogueSearch implements CatalogueSearch {
  constructor(
    private readonly inner: CatalogueSearch,
    private readonly cache: CatalogueCache,
    private readonly network: Network,
    private readonly logger?: Logger,
  ) {}

  async search<T = unknown>(request: SearchRequest): Promise<SearchResult<T>> {
    try {
      const result = await this.inner.search<T>(request);
      void this.store(request, result);
      return result;
    } catch (e) {
      const offline = isNetworkError(e) || !this.network.isOnline();
      if (!offline) {
        this.logger?.error('Search failed', 'search', { type: request.type, error: String(e) });
        throw e;
      }
      const cached = await this.cache.getSearch<T>(request);
      if (cached) return { ...cached, aggregations: await this.aggregationsOf(request, cached), cache: true, offline: true };
      // never asked online: read the request over the cached products (local-search.ts)
      const local = request.type === 'product' ? await this.cache.localProductSearch<T>(request) : undefined;
      const empty = { items: [], total: 0, aggregations: {}, noresults: true, offline: true };
      return local ?? { ...empty, start: request.from, perPage: request.size };
    }
  }

  /**
   * A cached answer without the aggregations asked for (a server-rendered first page: offline-seed.ts) gets them
   * computed over the cached products, so the filter panel shows offline (spec catalogue §3.4, §8).
   */
  private async aggregationsOf<T>(request: SearchRequest, cached: SearchResult<T>): Promise<SearchResult<T>['aggregations']> {
    const asked = request.body.aggs ?? request.body.aggregations;
    const names = typeof asked === 'object' && asked !== null ? Object.keys(asked) : [];
    const known = cached.aggregations ?? {};
    if (request.type !== 'product' || names.every((n) => n in known)) return known;
    const local = await this.cache.localProductSearch<T>(request);
    return { ...local?.aggregations, ...known };
  }

  private async store<T>(request: SearchRequest, result: SearchResult<T>): Promise<void> {
    await this.cache.setSearch(request, result);
    if (request.type === 'product') {
      const listingOnly = request.includeFields !== undefined;
      for (const item of result.items as unknown as Product[]) if (item && typeof item.sku === 'string') await this.cache.setProduct(item, listingOnly);
    } else if (request.type === 'category') {
      for (const item of result.items as unknown as Category[]) if (item && typeof item.id === 'number') await this.cache.setCategory(item);
    }
  }
}
