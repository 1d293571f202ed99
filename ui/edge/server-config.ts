/** What only the storefront server reads (not ShopConfig): the output cache's bounds, a worker's heap and warm-up. */
export const SERVER_CONFIG = {
  /** spec catalogue §9: output cache TTL 86400 s */
  outputCacheTtlSeconds: 86400,
  /**
   * The in-process output cache: at most this many pages (OUTPUT_CACHE_SIZE) and bytes; variants (a URL with a query)
   * take at most `outputCacheMaxVariants` of them and `outputCacheMaxVariantsPerPage` per path, evicting only variants.
   */
  outputCacheMaxEntries: 500,
  outputCacheMaxBytes: 64 * 1024 * 1024,
  outputCacheMaxVariants: 250,
  outputCacheMaxVariantsPerPage: 24,
  /** a request with more filter values, or a longer canonical query, is rendered without the output cache */
  outputCacheMaxFilterValues: 6,
  outputCacheMaxQueryLength: 300,
  /** a worker's V8 old generation in MB (STOREFRONT_HEAP_MB): the caches (~110 MB) and a render's working set */
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
