import type { Clock } from '../../core/ports/clock';
import type { CatalogueSearch, SearchRequest } from '../../core/ports/catalogue-search';
import type { UrlMapHit, UrlMapRequest, UrlMapper } from '../../core/ports/url-mapper';
import type { ContentApi } from '../../core/ports/content-api';
import type { CmsBlock, CmsPage, SearchResult } from '../../core/catalogue/types';
import { SystemClock } from '../common/system-clock';
import { LRUCache } from 'lru-cache';

/**
 * The server's catalogue read cache: reads that do not depend on the shopper are shared by every render of the
 * process for a short TTL (SERVER_READS.ttlMs below), and concurrent renders asking the same thing
 * wait for ONE backend call (single-flight). Only answers are kept: a failed read is forgotten at once, so the
 * next render asks again. Values are deep-frozen: a render that tried to change a shared answer would throw
 * instead of changing what other shoppers see.
 *
 * Core knows nothing of it: the decorators below wrap the CatalogueSearch, UrlMapper and ContentApi ports and are
 * wired by a server runtime only: createServerContainer, createShopGraph (the browser has its own offline cache).
 */
export interface CatalogueReadStats {
  /** answered from a kept value */
  hits: number;
  /** backend calls made */
  loads: number;
  /** callers that joined a backend call already under way */
  joined: number;
  /** failed backend calls (never kept) */
  failures: number;
  entries: number;
  /** the kept answers' size (their JSON's length) */
  bytes: number;
}

/** an answer's size as kept: its JSON's length (an object of the API's JSON takes about that much, or more) */
function sizeOf(value: unknown): number {
  try {
    return (JSON.stringify(value) ?? '').length + 64;
  } catch {
    return 64;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/** lru-cache keeps objects: an answer is boxed (a read may answer undefined or null) */
interface Kept {
  readonly value: unknown;
}

export class CatalogueReadCache {
  private readonly counts = { hits: 0, loads: 0, asked: 0, failures: 0 };
  /** lru-cache by entries, bytes and TTL; its fetch() joins the reads of a key under way into one load (the context) */
  private readonly cache: LRUCache<string, Kept, () => Promise<unknown>>;

  constructor(
    clock: Clock,
    maxEntries: number,
    /** the most bytes of answers kept (their JSON size); least recently used dropped first */
    maxBytes = Number.MAX_SAFE_INTEGER,
  ) {
    this.cache = new LRUCache<string, Kept, () => Promise<unknown>>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (kept) => sizeOf(kept.value),
      perf: clock,
      ttlResolution: 0,
      fetchMethod: async (_key, _stale, { context }) => {
        this.counts.loads++;
        try {
          return { value: deepFreeze(await context()) };
        } catch (e) {
          this.counts.failures++;
          throw e;
        }
      },
    });
  }

  /** The kept answer of `key` when younger than ttlMs, the one under way, or a fresh one from `load`. */
  async read<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return load();
    const kept = this.cache.get(key);
    if (kept) {
      this.counts.hits++;
      return kept.value as T;
    }
    this.counts.asked++;
    // expired answers go as new ones come in, not only when asked for again: a crawl through thousands of distinct
    // listings would otherwise keep maxEntries of them long after their TTL
    this.cache.purgeStale();
    return (await this.cache.fetch(key, { context: load, ttl: ttlMs }))!.value as T;
  }

  stats(): CatalogueReadStats {
    const { hits, loads, asked, failures } = this.counts;
    return { hits, loads, joined: asked - loads, failures, entries: this.cache.size, bytes: this.cache.calculatedSize };
  }

  clear(): void {
    this.cache.clear();
  }
}

/** Search types whose answers are the same for every shopper (reviews change as shoppers write them). */
const SHARED_TYPES = new Set<SearchRequest['type']>(['product', 'category', 'attribute', 'cms_page', 'cms_block', 'taxrule']);

export class SharedCatalogueSearch implements CatalogueSearch {
  constructor(
    private readonly inner: CatalogueSearch,
    private readonly cache: CatalogueReadCache,
    private readonly ttlMs: number,
  ) {}

  search<T = unknown>(request: SearchRequest): Promise<SearchResult<T>> {
    if (!SHARED_TYPES.has(request.type)) return this.inner.search<T>(request);
    const key = `search ${JSON.stringify([request.type, request.size, request.from, request.sort ?? '', request.includeFields ?? null, request.excludeFields ?? null, request.body])}`;
    return this.cache.read(key, this.ttlMs, () => this.inner.search<T>(request));
  }
}

export class SharedUrlMapper implements UrlMapper {
  constructor(
    private readonly inner: UrlMapper,
    private readonly cache: CatalogueReadCache,
    private readonly ttlMs: number,
  ) {}

  map(request: UrlMapRequest): Promise<UrlMapHit | null> {
    // a group token or id could make the answer the shopper's own (group prices): those are not shared
    if (request.groupToken || request.groupId) return this.inner.map(request);
    return this.cache.read(`url ${JSON.stringify(request)}`, this.ttlMs, () => this.inner.map(request));
  }
}

export class SharedContentApi implements ContentApi {
  constructor(
    private readonly inner: ContentApi,
    private readonly cache: CatalogueReadCache,
    private readonly ttlMs: number,
  ) {}

  private read<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.read(`cms ${key}`, this.ttlMs, load);
  }
  pageById(id: number | string): Promise<CmsPage | undefined> {
    return this.read(`page#${id}`, () => this.inner.pageById(id));
  }
  blockById(id: number | string): Promise<CmsBlock | undefined> {
    return this.read(`block#${id}`, () => this.inner.blockById(id));
  }
  pageByIdentifier(identifier: string, storeId: number): Promise<CmsPage | undefined> {
    return this.read(`page ${storeId} ${identifier}`, () => this.inner.pageByIdentifier(identifier, storeId));
  }
  blockByIdentifier(identifier: string, storeId: number): Promise<CmsBlock | undefined> {
    return this.read(`block ${storeId} ${identifier}`, () => this.inner.blockByIdentifier(identifier, storeId));
  }
  /** block lists go through the (shared) catalogue search already */
  blocks(query: { identifiers?: readonly string[]; size?: number }): Promise<CmsBlock[]> {
    return this.inner.blocks(query);
  }
}

const perApi = new Map<string, CatalogueReadCache>();

/**
 * The process's read cache for one API (created on first use; every server container of the process shares it): by
 * default at most 2,000 answers and 32 MB of them.
 */
export function processCatalogueReads(apiUrl: string, maxEntries = 2000, maxBytes = 32 * 1024 * 1024): CatalogueReadCache {
  let cache = perApi.get(apiUrl);
  if (!cache) {
    cache = new CatalogueReadCache(new SystemClock(), maxEntries, maxBytes);
    perApi.set(apiUrl, cache);
  }
  return cache;
}

/** A server runtime's shared reads: its graph wraps the catalogue's HTTP adapters in them (adapters/wiring.ts). */
export interface SharedReads {
  search(inner: CatalogueSearch): CatalogueSearch;
  urlMapper(inner: UrlMapper): UrlMapper;
  content(inner: ContentApi): ContentApi;
}

/**
 * What a server runtime needs of this module (createRuntime's `serverReads`): the process's cache per API and the
 * wrappers over one. Handed in by the server's and the headless SDK's wiring (adapters/container.ts, headless.ts),
 * so the browser's bundle, which never reads through it, carries none of this.
 */
export const SERVER_READS = {
  /**
   * How long a read is kept for every render of the process. Ours (the spec has no server read cache): short, so
   * prices and stock stay fresh.
   */
  ttlMs: 10_000,
  process: (apiUrl: string) => processCatalogueReads(apiUrl),
  over: (cache: CatalogueReadCache, ttlMs: number): SharedReads => ({
    search: (inner) => new SharedCatalogueSearch(inner, cache, ttlMs),
    urlMapper: (inner) => new SharedUrlMapper(inner, cache, ttlMs),
    content: (inner) => new SharedContentApi(inner, cache, ttlMs),
  }),
};
export type ServerReads = typeof SERVER_READS;
