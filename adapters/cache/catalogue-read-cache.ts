import type { Clock } from '../../core/ports/clock';
import type { CatalogueSearch, SearchRequest } from '../../core/ports/catalogue-search';
import type { UrlMapper } from '../../core/ports/url-mapper';
import type { ContentApi } from '../../core/ports/content-api';
import type { SearchResult } from '../../core/catalogue/types';
import { SystemClock } from '../common/system-clock';
import { LRUCache } from 'lru-cache';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/** lru-cache keeps objects: an answer is boxed (a read may answer undefined or null) */
type Kept = { readonly value: unknown };

/**
 * The server's catalogue read cache: reads that do not depend on the shopper are shared by the process's renders for
 * a short TTL, one backend call per key at a time (lru-cache's fetch() joins the reads of a key under way); failures
 * are not kept; answers are deep-frozen (every render shares them), at most `maxEntries` of them and `maxBytes`.
 */
export class CatalogueReadCache {
  private readonly cache: LRUCache<string, Kept, () => Promise<unknown>>;

  constructor(clock: Clock, maxEntries: number, maxBytes = Number.MAX_SAFE_INTEGER) {
    this.cache = new LRUCache<string, Kept, () => Promise<unknown>>({
      max: maxEntries,
      maxSize: maxBytes,
      // an answer's size as kept: its JSON's length (an object of the API's JSON takes about that much, or more)
      sizeCalculation: (kept) => (JSON.stringify(kept.value) ?? '').length + 64,
      perf: clock,
      ttlResolution: 0,
      fetchMethod: async (_key, _stale, { context }) => ({ value: deepFreeze(await context()) }),
    });
  }

  /** The kept answer of `key` when younger than ttlMs, the one under way, or a fresh one from `load`. */
  async read<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return load();
    const kept = this.cache.get(key);
    if (kept) return kept.value as T;
    // expired answers go as new ones come in, not only when asked for again: a crawl through thousands of distinct
    // listings would otherwise keep maxEntries of them long after their TTL
    this.cache.purgeStale();
    return (await this.cache.fetch(key, { context: load, ttl: ttlMs }))!.value as T;
  }

  /** how many answers are kept, and their size (their JSON's length) */
  stats(): { entries: number; bytes: number } {
    return { entries: this.cache.size, bytes: this.cache.calculatedSize };
  }

  clear(): void {
    this.cache.clear();
  }
}

/** Search types whose answers are the same for every shopper (reviews change as shoppers write them). */
const SHARED_TYPES = new Set<SearchRequest['type']>(['product', 'category', 'attribute', 'cms_page', 'cms_block', 'taxrule']);

/** `inner` with its answers of SHARED_TYPES read through `cache` */
export function sharedSearch(inner: CatalogueSearch, cache: CatalogueReadCache, ttlMs: number): CatalogueSearch {
  return {
    search<T = unknown>(request: SearchRequest): Promise<SearchResult<T>> {
      if (!SHARED_TYPES.has(request.type)) return inner.search<T>(request);
      const key = `search ${JSON.stringify([request.type, request.size, request.from, request.sort ?? '', request.includeFields ?? null, request.excludeFields ?? null, request.body])}`;
      return cache.read(key, ttlMs, () => inner.search<T>(request));
    },
  };
}

const perApi = new Map<string, CatalogueReadCache>();

/** The process's read cache for one API: at most 2,000 answers and 32 MB of them. */
export function processCatalogueReads(apiUrl: string): CatalogueReadCache {
  let cache = perApi.get(apiUrl);
  if (!cache) perApi.set(apiUrl, (cache = new CatalogueReadCache(new SystemClock(), 2000, 32 * 1024 * 1024)));
  return cache;
}

/** A server runtime's shared reads: its graph wraps the catalogue's HTTP adapters in them (adapters/wiring.ts). */
export interface SharedReads {
  search(inner: CatalogueSearch): CatalogueSearch;
  urlMapper(inner: UrlMapper): UrlMapper;
  content(inner: ContentApi): ContentApi;
}

/** What a server runtime needs of this module (createRuntime's `serverReads`); Node's wiring hands it in. */
export const SERVER_READS = {
  /** how long a read is kept for every render of the process: short, so prices and stock stay fresh */
  ttlMs: 10_000,
  process: processCatalogueReads,
  over: (cache: CatalogueReadCache, ttlMs: number): SharedReads => ({
    search: (inner) => sharedSearch(inner, cache, ttlMs),
    urlMapper: (inner) => ({
      // a group token or id could make the answer the shopper's own (group prices): those are not shared
      map: (request) =>
        request.groupToken || request.groupId
          ? inner.map(request)
          : cache.read(`url ${JSON.stringify(request)}`, ttlMs, () => inner.map(request)),
    }),
    content: (inner) => {
      const read = <T>(key: string, load: () => Promise<T>) => cache.read(`cms ${key}`, ttlMs, load);
      return {
        pageById: (id) => read(`page#${id}`, () => inner.pageById(id)),
        blockById: (id) => read(`block#${id}`, () => inner.blockById(id)),
        pageByIdentifier: (code, store) => read(`page ${store} ${code}`, () => inner.pageByIdentifier(code, store)),
        blockByIdentifier: (code, store) => read(`block ${store} ${code}`, () => inner.blockByIdentifier(code, store)),
        // block lists go through the (shared) catalogue search already
        blocks: (query) => inner.blocks(query),
      };
    },
  }),
};
export type ServerReads = typeof SERVER_READS;
