import { LRUCache } from 'lru-cache';
import type { Clock } from '../../core/ports/clock';
import type { CacheLookup, CachedPage, OutputCache, StoreOptions } from './output-cache';

interface Entry {
  readonly page: CachedPage;
  stale: boolean;
  /** until when (clock ms) one renderer holds the claim to re-render this stale page */
  claimedUntil: number;
  /** the page this entry is a variant of (its URL with a query), when it is one */
  readonly variantOf: string | undefined;
}

/** The bounds of one process's output cache (ServerConfig.outputCache*, ./server-config.ts). */
interface LruOutputCacheLimits {
  /** pages kept at most, variants included */
  maxEntries: number;
  /** bytes of pages kept at most (a page counts pageBytes()) */
  maxBytes?: number;
  /** of those, variants kept at most (default half) */
  maxVariants?: number;
  /** variants kept at most per page */
  maxVariantsPerPage?: number;
}

/** What a cached page costs in memory, about: its bytes, its tags and its ETag. */
export function pageBytes(page: CachedPage): number {
  const tags = page.tags.reduce((n, t) => n + 2 * t.length + 16, 0);
  return page.br.byteLength + tags + 2 * (page.etag?.length ?? 0) + 64;
}

/**
 * In-memory output cache for one process (workers or machines share pages through the Redis adapter instead). Two
 * lru-caches: pages without a query, and their variants (StoreOptions.variantOf) in a share of the places and bytes of
 * their own, at most maxVariantsPerPage of a page. So a flood of query strings only ever evicts other variants.
 */
export class LruOutputCache implements OutputCache {
  private readonly pages: LRUCache<string, Entry>;
  private readonly variants: LRUCache<string, Entry>;
  private readonly maxVariantsPerPage: number;

  constructor(limits: number | LruOutputCacheLimits, private readonly clock: Clock) {
    const l = typeof limits === 'number' ? { maxEntries: limits } : limits;
    const maxVariants = Math.max(1, Math.min(l.maxVariants ?? Math.floor(l.maxEntries / 2), l.maxEntries - 1));
    const maxBytes = l.maxBytes ?? Number.MAX_SAFE_INTEGER;
    const variantBytes = Math.floor((maxBytes * maxVariants) / l.maxEntries);
    this.maxVariantsPerPage = l.maxVariantsPerPage ?? maxVariants;
    const options = (max: number, maxSize: number) => ({ max, maxSize, perf: clock, ttlResolution: 0 });
    this.pages = new LRUCache<string, Entry>(options(l.maxEntries - maxVariants, maxBytes - variantBytes));
    this.variants = new LRUCache<string, Entry>(options(maxVariants, variantBytes));
  }

  async get(key: string): Promise<CacheLookup | undefined> {
    const e = this.pages.get(key) ?? this.variants.get(key);
    return e && { page: e.page, stale: e.stale };
  }

  async set(key: string, page: CachedPage, ttlSeconds: number, { variantOf }: StoreOptions = {}): Promise<void> {
    const cache = variantOf === undefined ? this.pages : this.variants;
    cache.delete(key);
    if (variantOf !== undefined) {
      // the page's least recently used variants make room (a few hundred entries at most are looked at)
      const siblings = [...this.variants.rkeys()].filter((k) => this.variants.peek(k)?.variantOf === variantOf);
      const over = siblings.length - this.maxVariantsPerPage + 1;
      for (const k of siblings.slice(0, Math.max(0, over))) this.variants.delete(k);
    }
    // a page bigger than its cache is not kept (lru-cache refuses it)
    const entry = { page, stale: false, claimedUntil: 0, variantOf };
    cache.set(key, entry, { ttl: ttlSeconds * 1000, size: pageBytes(page) });
  }

  async invalidate(tag: string): Promise<number> {
    let n = 0;
    for (const e of [...this.pages.values(), ...this.variants.values()]) {
      if (!e.stale && e.page.tags.includes(tag)) [e.stale, n] = [true, n + 1];
    }
    return n;
  }

  async claimRefresh(key: string, leaseSeconds: number): Promise<boolean> {
    const e = this.pages.peek(key) ?? this.variants.peek(key);
    const now = this.clock.now();
    if (e && e.claimedUntil > now) return false;
    if (e) e.claimedUntil = now + leaseSeconds * 1000;
    return true;
  }

  async clear(): Promise<void> {
    this.pages.clear();
    this.variants.clear();
  }

  /** what the cache holds now */
  stats(): { entries: number; bytes: number; variants: number } {
    const entries = this.pages.size + this.variants.size;
    return { entries, bytes: this.pages.calculatedSize + this.variants.calculatedSize, variants: this.variants.size };
  }
}
