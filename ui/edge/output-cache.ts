import cluster from 'node:cluster';
import { SystemClock } from '../../adapters/common/system-clock';
import { LruOutputCache } from './lru-output-cache';
import { RedisOutputCache } from './redis-output-cache';
import type { ErrorSink } from '../../adapters/common/log-limit';
import type { ServerConfig } from './server-config';

/**
 * The cache of rendered pages (spec catalogue §9: TTL 86400 s), in-process or in Redis. Invalidating a tag makes its
 * pages stale: still served while one renderer (of all processes sharing the cache) renders them afresh.
 */
export interface CachedPage {
  readonly status: number;
  /** the whole document as brotli, compressed once when stored (the same bytes for every answer) */
  readonly br: Uint8Array;
  /** what the page shows, e.g. 'P12', 'C5', 'layout' */
  readonly tags: readonly string[];
  /** when it was rendered, ms since the epoch */
  readonly renderedAt: number;
  /** the page's weak ETag, answered 304 when a client's If-None-Match names it */
  readonly etag?: string;
}

export interface CacheLookup {
  readonly page: CachedPage;
  /** a tag of the page was invalidated since it was rendered */
  readonly stale: boolean;
}

export interface StoreOptions {
  /** the key of the page this is a variant of (its path with a query); a cache bounds the variants of each page */
  readonly variantOf?: string;
}

export interface OutputCache {
  get(key: string): Promise<CacheLookup | undefined>;
  /** stores a fresh page (a stale one under the key is replaced, its refresh claim released) */
  set(key: string, page: CachedPage, ttlSeconds: number, options?: StoreOptions): Promise<void>;
  /** marks every page carrying the tag stale; answers how many pages that was */
  invalidate(tag: string): Promise<number>;
  /** true for exactly one caller per lease: the one that re-renders the stale page now */
  claimRefresh(key: string, leaseSeconds: number): Promise<boolean>;
  clear(): Promise<void>;
}

/** the message a worker's /invalidate sends through the primary to every other worker's in-process cache */
export const INVALIDATE_PEERS = 'output-cache:invalidate';

/**
 * The output cache the environment asks for: REDIS_URL (REDIS_PREFIX), shared by every worker and machine;
 * OUTPUT_CACHE=1, one per process, a worker's invalidations passed on through the primary; else none (as upstream).
 */
export function outputCacheFromEnv(env: NodeJS.ProcessEnv, server: ServerConfig, logger?: ErrorSink): OutputCache | undefined {
  const maxVariantsPerPage = server.outputCacheMaxVariantsPerPage;
  const prefix = env.REDIS_PREFIX ?? 'storefront:';
  if (env.REDIS_URL) return new RedisOutputCache(env.REDIS_URL, { prefix, maxVariantsPerPage, ...(logger ? { logger } : {}) });
  if (env.OUTPUT_CACHE !== '1') return undefined;
  const { outputCacheMaxEntries: maxEntries, outputCacheMaxBytes: maxBytes, outputCacheMaxVariants: maxVariants } = server;
  const lru = new LruOutputCache({ maxEntries, maxBytes, maxVariants, maxVariantsPerPage }, new SystemClock());
  if (!cluster.isWorker) return lru;
  process.on('message', (m: { kind?: string; tag?: string }) => {
    if (m?.kind === INVALIDATE_PEERS && typeof m.tag === 'string') void lru.invalidate(m.tag);
  });
  return {
    get: (key) => lru.get(key),
    set: (...args) => lru.set(...args),
    claimRefresh: (key, lease) => lru.claimRefresh(key, lease),
    clear: () => lru.clear(),
    invalidate(tag) {
      process.send?.({ kind: INVALIDATE_PEERS, tag });
      return lru.invalidate(tag);
    },
  };
}
