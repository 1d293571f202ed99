import type { Clock } from '../../core/ports/clock';
import type { CacheLookup, CachedPage, OutputCache } from '../../core/ports/output-cache';

interface Entry {
  page: CachedPage;
  expires: number;
  stale: boolean;
}

/**
 * In-memory LRU output cache with per-entry TTL and tags, for one process: Map iteration order is insertion order, so
 * the first key is the oldest use. (Several workers or machines share pages through the Redis adapter instead.)
 */
export class LruOutputCache implements OutputCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly claims = new Map<string, number>();

  constructor(
    private readonly maxEntries: number,
    private readonly clock: Clock,
  ) {}

  async get(key: string): Promise<CacheLookup | undefined> {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.clock.now()) {
      this.remove(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    return { page: e.page, stale: e.stale };
  }

  async set(key: string, page: CachedPage, ttlSeconds: number): Promise<void> {
    this.remove(key);
    this.entries.set(key, { page, expires: this.clock.now() + ttlSeconds * 1000, stale: false });
    for (const tag of page.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.claims.delete(key);
    while (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value as string);
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
    const now = this.clock.now();
    const until = this.claims.get(key);
    if (until !== undefined && until > now) return false;
    this.claims.set(key, now + leaseSeconds * 1000);
    return true;
  }

  async clear(): Promise<void> {
    this.entries.clear();
    this.byTag.clear();
    this.claims.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    for (const tag of e.page.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys && keys.size === 0) this.byTag.delete(tag);
    }
  }
}
