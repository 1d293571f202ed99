/**
 * What only the storefront server reads (not ShopConfig, not the SDK): the output cache's TTL and bounds, and how big
 * and how warm a worker starts. ui/server-main.ts reads it once, with the environment's overrides (serverConfig).
 */
export const SERVER_CONFIG = {
  /** spec catalogue §9: output cache TTL 86400 s */
  outputCacheTtlSeconds: 86400,
  /**
   * The in-process output cache (OUTPUT_CACHE=1, per worker): at most this many pages (OUTPUT_CACHE_SIZE) and bytes.
   * Variants (a URL with a query: sorts, pages, filters) take at most `outputCacheMaxVariants` of them and
   * `outputCacheMaxVariantsPerPage` per path, and evict only other variants: a flood of filter combinations cannot push
   * a page without a query out.
   */
  outputCacheMaxEntries: 500,
  outputCacheMaxBytes: 64 * 1024 * 1024,
  outputCacheMaxVariants: 250,
  outputCacheMaxVariantsPerPage: 24,
  /** a request with more filter values, or a longer canonical query, is rendered without the output cache */
  outputCacheMaxFilterValues: 6,
  outputCacheMaxQueryLength: 300,
  /**
   * A worker's V8 old generation in MB (STOREFRONT_HEAP_MB): the caches (~110 MB) plus a render's working set, so V8
   * collects its garbage instead of letting it pile up to hundreds of MB.
   */
  workerHeapMb: 384,
  /** a worker's semi-space in MB (STOREFRONT_SEMI_SPACE_MB; 0: V8's 16, scavenged every few uncached renders) */
  workerSemiSpaceMb: 64,
  /** pages a worker renders before it listens (STOREFRONT_WARMUP_RENDERS): a cold worker costs ~3x the CPU */
  workerWarmUpRenders: 240,
  /** the warm-up's limit in ms (STOREFRONT_WARMUP_MS) */
  workerWarmUpMaxMs: 5000,
};
export type ServerConfig = Readonly<typeof SERVER_CONFIG>;

/** SERVER_CONFIG with the numbers the environment sets (a size must be above 0; a count or a time may be 0) */
export function serverConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const number = (v: string | undefined, fallback: number, min = 0) => (v && Number(v) >= min ? Number(v) : fallback);
  const d = SERVER_CONFIG;
  return {
    ...d,
    outputCacheMaxEntries: number(env.OUTPUT_CACHE_SIZE, d.outputCacheMaxEntries, 1),
    workerHeapMb: number(env.STOREFRONT_HEAP_MB, d.workerHeapMb, 1),
    workerSemiSpaceMb: number(env.STOREFRONT_SEMI_SPACE_MB, d.workerSemiSpaceMb),
    workerWarmUpRenders: number(env.STOREFRONT_WARMUP_RENDERS, d.workerWarmUpRenders),
    workerWarmUpMaxMs: number(env.STOREFRONT_WARMUP_MS, d.workerWarmUpMaxMs),
  };
}
