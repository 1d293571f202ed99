import type { Clock } from '../../core/ports/clock';
import type { CacheLookup, CachedPage, OutputCache, StoreOptions } from '../../core/ports/output-cache';

interface Entry {
  page: CachedPage;
  expires: number;
  stale: boolean;
  bytes: number;
  /** the page this entry is a variant of (its URL with a query), when it is one */
  variantOf: string | undefined;
}

/** The bounds of one process's output cache (ShopConfig.server.outputCache*). */
export interface LruOutputCacheLimits {
  /** pages kept at most */
  maxEntries: number;
  /** bytes of pages kept at most (a page counts pageBytes()) */
  maxBytes?: number;
  /** variants kept at most, all pages together */
  maxVariants?: number;
  /** variants kept at most per page */
  maxVariantsPerPage?: number;
}

/** What a cached page costs in memory, about: its two compressed copies, its tags and its ETag. */
export function pageBytes(page: CachedPage): number {
  let tags = 0;
  for (const t of page.tags) tags += 2 * t.length + 16;
  return page.br.byteLength + page.gzip.byteLength + tags + 2 * (page.etag?.length ?? 0) + 64;
}

/**
 * In-memory LRU output cache with per-entry TTL and tags, for one process: Map iteration order is insertion order, so
 * the first key is the oldest use. (Several workers or machines share pages through the Redis adapter instead.)
 *
 * Bounded by entries and bytes. Variants (StoreOptions.variantOf: a page's URL with a query) are bounded on their own,
 * in all and per page, and a variant only ever evicts variants: a flood of query strings that each render a real page
 * (filter values, pages, sorts) cannot push the pages without a query out, nor more than `maxVariantsPerPage` other
 * variants of one page. Page without a query evict the least recently used page of any kind.
 */
export class LruOutputCache implements OutputCache {
  private readonly entries = new Map<string, Entry>();
  /** variant keys, least recently used first */
  private readonly variants = new Map<string, string>();
  /** a page's variant keys, least recently used first */
  private readonly byPage = new Map<string, Set<string>>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly claims = new Map<string, number>();
  private readonly limits: Required<LruOutputCacheLimits>;
  private bytesKept = 0;

  constructor(limits: number | LruOutputCacheLimits, private readonly clock: Clock) {
    const l = typeof limits === 'number' ? { maxEntries: limits } : limits;
    this.limits = {
      maxEntries: l.maxEntries,
      maxBytes: l.maxBytes ?? Number.POSITIVE_INFINITY,
      maxVariants: Math.min(l.maxVariants ?? l.maxEntries, l.maxEntries),
      maxVariantsPerPage: l.maxVariantsPerPage ?? Number.POSITIVE_INFINITY,
    };
  }

  async get(key: string): Promise<CacheLookup | undefined> {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.clock.now()) {
      this.remove(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    if (e.variantOf !== undefined) {
      this.variants.delete(key);
      this.variants.set(key, e.variantOf);
      const siblings = this.byPage.get(e.variantOf);
      siblings?.delete(key);
      siblings?.add(key);
    }
    return { page: e.page, stale: e.stale };
  }

  async set(key: string, page: CachedPage, ttlSeconds: number, options: StoreOptions = {}): Promise<void> {
    this.remove(key);
    const bytes = pageBytes(page);
    // a page bigger than the whole cache is not kept (it would evict everything and then itself)
    if (bytes > this.limits.maxBytes) return;
    const variantOf = options.variantOf;
    this.entries.set(key, { page, expires: this.clock.now() + ttlSeconds * 1000, stale: false, bytes, variantOf });
    this.bytesKept += bytes;
    for (const tag of page.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.claims.delete(key);
    if (variantOf !== undefined) {
      this.variants.set(key, variantOf);
      let siblings = this.byPage.get(variantOf);
      if (!siblings) this.byPage.set(variantOf, (siblings = new Set()));
      siblings.add(key);
      while (siblings.size > this.limits.maxVariantsPerPage) this.remove(siblings.values().next().value as string);
      // a variant makes room among the variants only (itself last)
      while (this.variants.size > 0 && (this.variants.size > this.limits.maxVariants || this.entries.size > this.limits.maxEntries || this.bytesKept > this.limits.maxBytes)) {
        this.remove(this.variants.keys().next().value as string);
      }
    }
    while (this.entries.size > this.limits.maxEntries || this.bytesKept > this.limits.maxBytes) this.remove(this.entries.keys().next().value as string);
  }

  async invalidate(tag: string): Promise<number> {
    let n = 0;
    for (const key of this.byTag.get(tag) ?? []) {
      const e = this.entries.get(key);
      if (e && !e.stale) {
        e.stale = true;
        n++;
      }
    }
    return n;
  }

  async claimRefresh(key: string, leaseSeconds: number): Promise<boolean> {
    // only a page that is here can be refreshed: claims stay as few as the pages
    if (!this.entries.has(key)) return true;
    const now = this.clock.now();
    const until = this.claims.get(key);
    if (until !== undefined && until > now) return false;
    this.claims.set(key, now + leaseSeconds * 1000);
    return true;
  }

  async clear(): Promise<void> {
    this.entries.clear();
    this.variants.clear();
    this.byPage.clear();
    this.byTag.clear();
    this.claims.clear();
    this.bytesKept = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** what the cache holds now, against its bounds */
  stats(): { entries: number; bytes: number; variants: number; pagesWithVariants: number; tags: number; claims: number; limits: Required<LruOutputCacheLimits> } {
    return { entries: this.entries.size, bytes: this.bytesKept, variants: this.variants.size, pagesWithVariants: this.byPage.size, tags: this.byTag.size, claims: this.claims.size, limits: this.limits };
  }

  private remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytesKept -= e.bytes;
    this.claims.delete(key);
    if (e.variantOf !== undefined) {
      this.variants.delete(key);
      const siblings = this.byPage.get(e.variantOf);
      siblings?.delete(key);
      if (siblings && siblings.size === 0) this.byPage.delete(e.variantOf);
    }
    for (const tag of e.page.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys && keys.size === 0) this.byTag.delete(tag);
    }
  }
}
