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
export interface LruOutputCacheLimits {
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
 * In-memory output cache for one process (several workers or machines share pages through the Redis adapter instead).
 * Two lru-caches (entries, bytes, TTL): pages without a query, and their variants (StoreOptions.variantOf) in a
 * share of the places and bytes of their own, the oldest stored of a page dropped past maxVariantsPerPage. So a flood
 * of query strings that each render a real page only ever evicts other variants. Invalidation scans the entries (an
 * administrator's action, over a few hundred pages).
 */
export class LruOutputCache implements OutputCache {
  private readonly pages: LRUCache<string, Entry>;
  private readonly variants: LRUCache<string, Entry>;
  /** a page's variants, oldest stored first */
  private readonly byPage = new Map<string, string[]>();
  private readonly maxVariantsPerPage: number;

  constructor(limits: number | LruOutputCacheLimits, private readonly clock: Clock) {
    const l = typeof limits === 'number' ? { maxEntries: limits } : limits;
    const maxVariants = Math.max(1, Math.min(l.maxVariants ?? Math.floor(l.maxEntries / 2), l.maxEntries - 1));
    const maxBytes = l.maxBytes ?? Number.MAX_SAFE_INTEGER;
    const variantBytes = Math.floor((maxBytes * maxVariants) / l.maxEntries);
    this.maxVariantsPerPage = l.maxVariantsPerPage ?? maxVariants;
    const options = (max: number, maxSize: number) => ({ max, maxSize, perf: clock, ttlResolution: 0 });
    this.pages = new LRUCache<string, Entry>(options(l.maxEntries - maxVariants, maxBytes - variantBytes));
    this.variants = new LRUCache<string, Entry>({
      ...options(maxVariants, variantBytes),
      dispose: (entry, key) => {
        const siblings = this.byPage.get(entry.variantOf!) ?? [];
        if (siblings.includes(key)) siblings.splice(siblings.indexOf(key), 1);
        if (siblings.length === 0) this.byPage.delete(entry.variantOf!);
      },
    });
  }

  async get(key: string): Promise<CacheLookup | undefined> {
    const e = this.pages.get(key) ?? this.variants.get(key);
    return e && { page: e.page, stale: e.stale };
  }

  async set(key: string, page: CachedPage, ttlSeconds: number, { variantOf }: StoreOptions = {}): Promise<void> {
    const cache = variantOf === undefined ? this.pages : this.variants;
    cache.delete(key);
    const siblings = variantOf === undefined ? [] : (this.byPage.get(variantOf) ?? []);
    while (siblings.length >= this.maxVariantsPerPage) this.variants.delete(siblings[0]!);
    // a page bigger than its cache is not kept (lru-cache refuses it)
    const entry = { page, stale: false, claimedUntil: 0, variantOf };
    cache.set(key, entry, { ttl: ttlSeconds * 1000, size: pageBytes(page) });
    if (variantOf === undefined || !cache.has(key)) return;
    this.byPage.set(variantOf, [...(this.byPage.get(variantOf) ?? []), key]);
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
