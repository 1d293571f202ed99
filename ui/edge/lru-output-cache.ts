import { LRUCache } from 'lru-cache';
import type { Clock } from '../../core/ports/clock';
import type { CacheLookup, CachedPage, OutputCache, StoreOptions } from './output-cache';

interface Entry {
  readonly page: CachedPage;
  stale: boolean;
  /** the page this entry is a variant of (its URL with a query), when it is one */
  readonly variantOf: string | undefined;
}

/** The bounds of one process's output cache (ServerConfig.outputCache*, ./server-config.ts). */
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
 * In-memory output cache for one process (several workers or machines share pages through the Redis adapter instead):
 * lru-cache keeps the pages by entries, bytes and TTL; this class adds the tags (invalidate marks their pages stale)
 * and the bounds of variants.
 *
 * Variants (StoreOptions.variantOf: a page's URL with a query) are bounded on their own, in all and per page (the
 * least recently used dropped first); a variant only ever makes room among the variants: a flood of query strings
 * that each render a real page cannot push the pages without a query out.
 */
export class LruOutputCache implements OutputCache {
  private readonly pages: LRUCache<string, Entry>;
  /** every variant's key, least recently used first */
  private readonly variants = new Set<string>();
  /** a page's variants, least recently used first */
  private readonly byPage = new Map<string, Set<string>>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly claims = new Map<string, number>();
  private readonly limits: Required<LruOutputCacheLimits>;

  constructor(limits: number | LruOutputCacheLimits, private readonly clock: Clock) {
    const l = typeof limits === 'number' ? { maxEntries: limits } : limits;
    this.limits = {
      maxEntries: l.maxEntries,
      maxBytes: l.maxBytes ?? Number.MAX_SAFE_INTEGER,
      maxVariants: Math.min(l.maxVariants ?? l.maxEntries, l.maxEntries),
      maxVariantsPerPage: l.maxVariantsPerPage ?? l.maxEntries,
    };
    this.pages = new LRUCache<string, Entry>({
      max: this.limits.maxEntries,
      maxSize: this.limits.maxBytes,
      perf: clock,
      ttlResolution: 0,
      dispose: (entry, key) => this.forget(key, entry),
    });
  }

  async get(key: string): Promise<CacheLookup | undefined> {
    const e = this.pages.get(key);
    if (!e) return undefined;
    if (e.variantOf !== undefined) {
      for (const order of [this.variants, this.byPage.get(e.variantOf)]) if (order?.delete(key)) order.add(key);
    }
    return { page: e.page, stale: e.stale };
  }

  async set(key: string, page: CachedPage, ttlSeconds: number, options: StoreOptions = {}): Promise<void> {
    this.pages.delete(key);
    const size = pageBytes(page);
    // a page bigger than the whole cache is not kept (it would evict everything and then itself)
    if (size > this.limits.maxBytes) return;
    const variantOf = options.variantOf;
    if (variantOf !== undefined) {
      // a variant makes room among the variants only
      const siblings = this.byPage.get(variantOf);
      while (siblings && siblings.size >= this.limits.maxVariantsPerPage) this.pages.delete(siblings.values().next().value as string);
      const full = () => this.variants.size >= this.limits.maxVariants || this.pages.size >= this.limits.maxEntries || this.pages.calculatedSize + size > this.limits.maxBytes;
      while (this.variants.size > 0 && full()) this.pages.delete(this.variants.values().next().value as string);
      if (this.pages.size >= this.limits.maxEntries || this.pages.calculatedSize + size > this.limits.maxBytes) return;
    }
    this.pages.set(key, { page, stale: false, variantOf }, { ttl: ttlSeconds * 1000, size });
    for (const tag of page.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    if (variantOf !== undefined) {
      let siblings = this.byPage.get(variantOf);
      if (!siblings) this.byPage.set(variantOf, (siblings = new Set()));
      siblings.add(key);
      this.variants.add(key);
    }
  }

  async invalidate(tag: string): Promise<number> {
    let n = 0;
    for (const key of this.byTag.get(tag) ?? []) {
      const e = this.pages.get(key, { updateAgeOnGet: false });
      if (e && !e.stale) {
        e.stale = true;
        n++;
      }
    }
    return n;
  }

  async claimRefresh(key: string, leaseSeconds: number): Promise<boolean> {
    // only a page that is here can be refreshed: claims stay as few as the pages
    if (!this.pages.has(key)) return true;
    const now = this.clock.now();
    const until = this.claims.get(key);
    if (until !== undefined && until > now) return false;
    this.claims.set(key, now + leaseSeconds * 1000);
    return true;
  }

  async clear(): Promise<void> {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }

  /** what the cache holds now, against its bounds */
  stats(): { entries: number; bytes: number; variants: number; pagesWithVariants: number; tags: number; claims: number; limits: Required<LruOutputCacheLimits> } {
    return { entries: this.pages.size, bytes: this.pages.calculatedSize, variants: this.variants.size, pagesWithVariants: this.byPage.size, tags: this.byTag.size, claims: this.claims.size, limits: this.limits };
  }

  /** a page has left the cache (replaced, evicted, expired or cleared): its tags, claim and variant places go too */
  private forget(key: string, entry: Entry): void {
    this.claims.delete(key);
    for (const tag of entry.page.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
    if (entry.variantOf === undefined) return;
    this.variants.delete(key);
    const siblings = this.byPage.get(entry.variantOf);
    siblings?.delete(key);
    if (siblings?.size === 0) this.byPage.delete(entry.variantOf);
  }
}
