/**
 * What only the storefront server reads: the output cache's TTL and bounds, and how big and how warm a worker starts.
 * Not part of ShopConfig (core/config.ts) nor of the SDK: no service reads it. The environment overrides some of it
 * (serverConfig below); ui/server-main.ts reads it once at start.
 */
export interface ServerConfig {
  /** spec catalogue §9: output cache TTL 86400 s */
  readonly outputCacheTtlSeconds: number;
  /**
   * The in-process output cache (OUTPUT_CACHE=1, one per worker): at most this many pages (OUTPUT_CACHE_SIZE) and
   * bytes (a page counts its compressed copies). Variants (a page's URL with a query: sorts, pages, filters) take at
   * most `outputCacheMaxVariants` of them and `outputCacheMaxVariantsPerPage` per path, and only ever evict other
   * variants: a flood of filter combinations cannot push a page without a query out.
   */
  readonly outputCacheMaxEntries: number;
  readonly outputCacheMaxBytes: number;
  readonly outputCacheMaxVariants: number;
  readonly outputCacheMaxVariantsPerPage: number;
  /** a request with more filter values, or a longer canonical query, is rendered without the output cache */
  readonly outputCacheMaxFilterValues: number;
  readonly outputCacheMaxQueryLength: number;
  /**
   * MB of V8 old generation a storefront worker may use (`--max-old-space-size`, STOREFRONT_HEAP_MB): what the caches
   * keep (at most ~110 MB together) plus a render's working set, and no more, so V8 collects its garbage instead of
   * letting it pile up to hundreds of MB.
   */
  readonly workerHeapMb: number;
  /**
   * V8's semi-space of each worker in MB (`--max-semi-space-size`, STOREFRONT_SEMI_SPACE_MB; 0 = V8's own, 16 MB): an
   * uncached render allocates a few MB, so with V8's 16 MB the young generation was scavenged every few answers, each
   * scavenge copying what the ~25 requests under way in a worker hold
   */
  readonly workerSemiSpaceMb: number;
  /**
   * pages a worker renders before it takes connections (STOREFRONT_WARMUP_RENDERS; 0 = none), at most
   * `workerWarmUpMaxMs` long (STOREFRONT_WARMUP_MS): a cold worker renders at ~3x the CPU of a warm one
   */
  readonly workerWarmUpRenders: number;
  readonly workerWarmUpMaxMs: number;
}

export const SERVER_CONFIG: ServerConfig = {
  outputCacheTtlSeconds: 86400,
  outputCacheMaxEntries: 500,
  outputCacheMaxBytes: 64 * 1024 * 1024,
  outputCacheMaxVariants: 250,
  outputCacheMaxVariantsPerPage: 24,
  outputCacheMaxFilterValues: 6,
  outputCacheMaxQueryLength: 300,
  workerHeapMb: 384,
  workerSemiSpaceMb: 64,
  workerWarmUpRenders: 240,
  workerWarmUpMaxMs: 5000,
};

/** SERVER_CONFIG with the numbers the environment sets (a size must be above 0; a count or a time may be 0) */
export function serverConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const number = (v: string | undefined, fallback: number, positive = false) =>
    v !== undefined && v !== '' && (positive ? Number(v) > 0 : Number(v) >= 0) ? Number(v) : fallback;
  const d = SERVER_CONFIG;
  return {
    ...d,
    outputCacheMaxEntries: number(env.OUTPUT_CACHE_SIZE, d.outputCacheMaxEntries, true),
    workerHeapMb: number(env.STOREFRONT_HEAP_MB, d.workerHeapMb, true),
    workerSemiSpaceMb: number(env.STOREFRONT_SEMI_SPACE_MB, d.workerSemiSpaceMb),
    workerWarmUpRenders: number(env.STOREFRONT_WARMUP_RENDERS, d.workerWarmUpRenders),
    workerWarmUpMaxMs: number(env.STOREFRONT_WARMUP_MS, d.workerWarmUpMaxMs),
  };
}
