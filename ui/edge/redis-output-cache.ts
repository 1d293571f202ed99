import { Redis } from 'ioredis';
import { limitedErrorLog, type ErrorSink } from '../../adapters/common/log-limit';
import { jsonLogger } from '../../adapters/common/json-logs';
import { REFRESH_LEASE_MS, type CachedPage, type OutputCache } from './lru-output-cache';

export interface RedisOutputCacheOptions {
  /** prefix of every key, so several shops (or tests) can share one Redis */
  prefix?: string;
  /** variants kept per page, the oldest stored dropped first (ServerConfig.outputCacheMaxVariantsPerPage) */
  maxVariantsPerPage?: number;
  /** where Redis's errors are written (the storefront's pino logger); default warnings and errors on stdout */
  logger?: ErrorSink;
}

/**
 * Keeps at most ARGV[1] members in the variants set KEYS[1], the oldest stored dropped with their pages (ARGV[2] ..
 * member) and stale marks (ARGV[3] .. member); one script, so two processes trimming at once drop each page once.
 */
const TRIM_VARIANTS = `
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[1])
if over <= 0 then return 0 end
local old = redis.call('ZRANGE', KEYS[1], 0, over - 1)
for _, k in ipairs(old) do redis.call('DEL', ARGV[2] .. k, ARGV[3] .. k) end
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1)
return over`;

/**
 * The output cache in Redis: `page:<key>` (expires with the TTL), `stale:<key>` its invalidation, `tag:<tag>` the page
 * keys carrying a tag, `lock:<key>` the lease of the one renderer of a stale page. Redis away never fails a request.
 */
export class RedisOutputCache implements OutputCache {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly maxVariantsPerPage: number;
  private quitting = false;

  constructor(url: string, options: RedisOutputCacheOptions = {}) {
    this.prefix = options.prefix ?? 'storefront:';
    this.maxVariantsPerPage = options.maxVariantsPerPage ?? 24;
    const logError = limitedErrorLog(options.logger ?? jsonLogger({ name: 'storefront', level: 'warn' }));
    // fail fast (a page is rendered without the cache) instead of queueing requests behind a Redis that is gone
    const retryStrategy = (times: number) => Math.min(times * 200, 2000);
    const failFast = { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500 };
    this.redis = new Redis(url, { ...failFast, connectTimeout: 2000, retryStrategy });
    // ioredis reports every failed reconnect: the first is written, then a count per interval
    this.redis.on('error', (e: Error) => this.quitting || logError('[output-cache] redis', e.message));
  }

  private k(kind: string, key: string): string {
    return `${this.prefix}${kind}:${key}`;
  }

  async get(key: string): ReturnType<OutputCache['get']> {
    const [page, stale] = await this.redis.mget(this.k('page', key), this.k('stale', key));
    if (!page) return undefined;
    const stored = JSON.parse(page) as Omit<CachedPage, 'br'> & { br: string };
    const lease = async () => (await this.redis.set(this.k('lock', key), '1', 'PX', REFRESH_LEASE_MS, 'NX')) === 'OK';
    const refresh = stale !== null && (await lease());
    return { page: { ...stored, br: Buffer.from(stored.br, 'base64') }, stale: stale !== null, refresh };
  }

  async set(key: string, page: CachedPage, ttlSeconds: number, variantOf?: string) {
    const ttlMs = Math.max(1, Math.round(ttlSeconds * 1000));
    const json = JSON.stringify({ ...page, br: Buffer.from(page.br).toString('base64') });
    const m = this.redis.multi().set(this.k('page', key), json, 'PX', ttlMs);
    m.del(this.k('stale', key), this.k('lock', key));
    // a set of keys lives as long as its longest-lived member (GT lengthens its TTL, NX gives a new one its first)
    for (const set of page.tags.map((t) => this.k('tag', t))) {
      m.sadd(set, key).pexpire(set, ttlMs, 'GT').pexpire(set, ttlMs, 'NX');
    }
    if (variantOf !== undefined) {
      // `variants:<page>`: the page's variants by when stored, trimmed to maxVariantsPerPage in the same transaction
      const variants = this.k('variants', variantOf);
      m.zadd(variants, Date.now(), key).pexpire(variants, ttlMs, 'GT').pexpire(variants, ttlMs, 'NX');
      m.eval(TRIM_VARIANTS, 1, variants, this.maxVariantsPerPage, this.k('page', ''), this.k('stale', ''));
    }
    await m.exec();
  }

  async invalidate(tag: string): Promise<number> {
    const keys = await this.redis.smembers(this.k('tag', tag));
    if (keys.length === 0) return 0;
    const ttls = await Promise.all(keys.map((key) => this.redis.pttl(this.k('page', key))));
    // a stale mark lives as long as its page
    const live = keys.flatMap((key, i) => (ttls[i]! > 0 ? [[key, ttls[i]!] as const] : []));
    const mark = this.redis.multi();
    for (const [key, ttl] of live) mark.set(this.k('stale', key), '1', 'PX', ttl);
    await mark.del(this.k('tag', tag)).exec();
    return live.length;
  }

  /** resolves when Redis answers a PING within the command timeout (the storefront's readiness check) */
  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async quit(): Promise<void> {
    this.quitting = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
