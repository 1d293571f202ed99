import { Redis } from 'ioredis';
import type { CacheLookup, CachedPage, OutputCache } from '../../core/ports/output-cache';

export interface RedisOutputCacheOptions {
  /** prefix of every key, so several shops (or tests) can share one Redis */
  prefix?: string;
  /** ms a command may take before the page is rendered without the cache */
  commandTimeoutMs?: number;
}

/**
 * The output cache in Redis, shared by every worker and machine: `page:<key>` holds the page (expires with the TTL),
 * `stale:<key>` marks it invalidated, `tag:<tag>` is the set of page keys carrying a tag, `lock:<key>` is the one
 * renderer's claim on a stale page. Redis being away never fails a request: the server renders as if nothing was cached.
 */
export class RedisOutputCache implements OutputCache {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(url: string, options: RedisOutputCacheOptions = {}) {
    this.prefix = options.prefix ?? 'storefront:';
    this.redis = new Redis(url, {
      // fail fast instead of queueing requests behind a Redis that is gone
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 500,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.redis.on('error', (e: Error) => {
      if (!this.quitting) console.error('[output-cache] redis', e.message);
    });
  }

  private quitting = false;

  private k(kind: string, key: string): string {
    return `${this.prefix}${kind}:${key}`;
  }

  async get(key: string): Promise<CacheLookup | undefined> {
    const [page, stale] = await this.redis.mget(this.k('page', key), this.k('stale', key));
    if (!page) return undefined;
    return { page: JSON.parse(page) as CachedPage, stale: stale !== null };
  }

  async set(key: string, page: CachedPage, ttlSeconds: number): Promise<void> {
    const ttlMs = Math.max(1, Math.round(ttlSeconds * 1000));
    const m = this.redis.multi().set(this.k('page', key), JSON.stringify(page), 'PX', ttlMs).del(this.k('stale', key), this.k('lock', key));
    for (const tag of page.tags) m.sadd(this.k('tag', tag), key).pexpire(this.k('tag', tag), ttlMs, 'GT').pexpire(this.k('tag', tag), ttlMs, 'NX');
    await m.exec();
  }

  async invalidate(tag: string): Promise<number> {
    const keys = await this.redis.smembers(this.k('tag', tag));
    if (keys.length === 0) return 0;
    const m = this.redis.multi();
    for (const key of keys) m.pttl(this.k('page', key));
    const ttls = ((await m.exec()) ?? []).map(([, v]) => Number(v));
    const mark = this.redis.multi();
    let n = 0;
    keys.forEach((key, i) => {
      const ttl = ttls[i] ?? -2;
      if (ttl <= 0) return;
      mark.set(this.k('stale', key), '1', 'PX', ttl);
      n++;
    });
    mark.del(this.k('tag', tag));
    await mark.exec();
    return n;
  }

  async claimRefresh(key: string, leaseSeconds: number): Promise<boolean> {
    return (await this.redis.set(this.k('lock', key), '1', 'PX', Math.round(leaseSeconds * 1000), 'NX')) === 'OK';
  }

  async clear(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 500);
      if (keys.length) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async quit(): Promise<void> {
    this.quitting = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
