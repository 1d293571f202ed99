import { LRUCache } from 'lru-cache';
import type { Clock } from '../../core/ports/clock';
import type { RouteKind } from './metrics';

/**
 * The cache of rendered pages (spec catalogue §9: TTL 86400 s): this in-process one, or ./redis-output-cache.ts shared
 * by every process. Invalidating a tag makes its pages stale: still served while one renderer renders them afresh.
 */
export interface CachedPage {
  /** a 200 page: the whole document as brotli, compressed once when stored (the same bytes for every answer) */
  readonly br: Uint8Array;
  /** what the page shows, e.g. 'P12', 'C5', 'layout' */
  readonly tags: readonly string[];
  /** the page's kind, for the metrics' route label (what the URL dispatcher resolved it to when rendered) */
  readonly kind?: RouteKind;
  /** ms since the epoch (what an operator, and the Redis tests, read a fresh render by) */
  readonly renderedAt: number;
  /** the page's weak ETag, answered 304 when a client's If-None-Match names it */
  readonly etag?: string;
}

/** how long the one renderer chosen to re-render a stale page has before another may be chosen */
export const REFRESH_LEASE_MS = 30_000;

export interface OutputCache {
  /**
   * `stale`: a tag of the page was invalidated since it was rendered; `refresh`: this caller, the only one per lease
   * (across every process sharing the cache), renders the stale page afresh
   */
  get(key: string): Promise<{ page: CachedPage; stale: boolean; refresh: boolean } | undefined>;
  /** stores a fresh page (its refresh lease released); `variantOf`: the key of the page it is a query variant of */
  set(key: string, page: CachedPage, ttlSeconds: number, variantOf?: string): Promise<void>;
  /** marks every page carrying the tag stale; answers how many pages that was */
  invalidate(tag: string): Promise<number>;
  /** resolves when the cache's store answers (the readiness check of a shared one) */
  ping?(): Promise<unknown>;
  /** lets go of its store (the process is stopping) */
  quit?(): Promise<void>;
}

interface Entry {
  readonly page: CachedPage;
  stale: boolean;
  /** until when (clock ms) the renderer chosen to re-render this stale page holds its lease */
  claimedUntil: number;
  readonly variantOf: string | undefined;
}

/** The bounds of one process's output cache (ServerConfig.outputCache*): entries include variants (default half). */
type Limits = { maxEntries: number; maxBytes?: number; maxVariants?: number; maxVariantsPerPage?: number };

/** What a cached page costs in memory, about: its bytes, its tags and its ETag. */
export function pageBytes(page: CachedPage): number {
  const tags = page.tags.reduce((n, t) => n + 2 * t.length + 16, 0);
  return page.br.byteLength + tags + 2 * (page.etag?.length ?? 0) + 64;
}

/**
 * One process's output cache: two lru-caches, pages without a query and their variants (in a share of the places and
 * bytes of their own, at most maxVariantsPerPage of a page), so a flood of query strings only ever evicts variants.
 */
export class LruOutputCache implements OutputCache {
  private readonly pages: LRUCache<string, Entry>;
  private readonly variants: LRUCache<string, Entry>;
  private readonly maxVariantsPerPage: number;

  constructor(limits: number | Limits, private readonly clock: Clock = Date) {
    const l = typeof limits === 'number' ? { maxEntries: limits } : limits;
    const maxVariants = Math.max(1, Math.min(l.maxVariants ?? Math.floor(l.maxEntries / 2), l.maxEntries - 1));
    const maxBytes = l.maxBytes ?? Number.MAX_SAFE_INTEGER;
    const variantBytes = Math.floor((maxBytes * maxVariants) / l.maxEntries);
    this.maxVariantsPerPage = l.maxVariantsPerPage ?? maxVariants;
    const options = (max: number, maxSize: number) => ({ max, maxSize, perf: clock, ttlResolution: 0 });
    this.pages = new LRUCache<string, Entry>(options(l.maxEntries - maxVariants, maxBytes - variantBytes));
    this.variants = new LRUCache<string, Entry>(options(maxVariants, variantBytes));
  }

  async get(key: string) {
    const e = this.pages.get(key) ?? this.variants.get(key);
    if (!e) return undefined;
    const refresh = e.stale && e.claimedUntil <= this.clock.now();
    if (refresh) e.claimedUntil = this.clock.now() + REFRESH_LEASE_MS;
    return { page: e.page, stale: e.stale, refresh };
  }

  async set(key: string, page: CachedPage, ttlSeconds: number, variantOf?: string) {
    const cache = variantOf === undefined ? this.pages : this.variants;
    cache.delete(key);
    if (variantOf !== undefined) {
      // the page's least recently used variants make room (a few hundred entries at most are looked at)
      const siblings = [...this.variants.rkeys()].filter((k) => this.variants.peek(k)?.variantOf === variantOf);
      const over = Math.max(0, siblings.length - this.maxVariantsPerPage + 1);
      for (const k of siblings.slice(0, over)) this.variants.delete(k);
    }
    // a page bigger than its cache is not kept (lru-cache refuses it)
    const entry = { page, stale: false, claimedUntil: 0, variantOf };
    cache.set(key, entry, { ttl: ttlSeconds * 1000, size: pageBytes(page) });
  }

  async invalidate(tag: string): Promise<number> {
    const all = [...this.pages.values(), ...this.variants.values()];
    const hit = all.filter((e) => !e.stale && e.page.tags.includes(tag));
    for (const e of hit) e.stale = true;
    return hit.length;
  }

  /** what the cache holds now */
  stats(): { entries: number; bytes: number; variants: number } {
    const entries = this.pages.size + this.variants.size;
    return { entries, bytes: this.pages.calculatedSize + this.variants.calculatedSize, variants: this.variants.size };
  }
}
