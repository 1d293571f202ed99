import type { Clock } from '../../core/ports/clock';
import type { CachedPage, OutputCache } from '../../core/ports/output-cache';

/** In-memory LRU output cache with per-entry TTL: Map iteration order is insertion order, so the first key is the oldest use. */
export class LruOutputCache implements OutputCache {
  private readonly entries = new Map<string, { page: CachedPage; expires: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly clock: Clock,
  ) {}

  async get(key: string): Promise<CachedPage | undefined> {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.expires <= this.clock.now()) return undefined;
    this.entries.set(key, e);
    return e.page;
  }

  async set(key: string, page: CachedPage, ttlSeconds: number): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, { page, expires: this.clock.now() + ttlSeconds * 1000 });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  async clear(): Promise<void> {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
