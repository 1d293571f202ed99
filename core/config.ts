/**
 * Every constant and toggle of §9 of both spec files (catalogue.md and transactions.md), named once.
 * Nothing here is repeated inline elsewhere: rules and services receive a `ShopConfig`. Its sections live by subject:
 * config-locale.ts, config-catalogue.ts, config-ui.ts, config-transactions.ts; the shop, server and API ones here.
 */
import { CATALOGUE_DEFAULTS, type CatalogueConfig } from './config-catalogue';
import { LOCALE_DEFAULTS, type LocaleConfig } from './config-locale';
import { TRANSACTIONS_DEFAULTS, type TransactionsConfig } from './config-transactions';
import { UI_DEFAULTS, type UiConfig } from './config-ui';

export type { CatalogueConfig, LocaleConfig, TransactionsConfig, UiConfig };

export type LocaleCode = 'nl-NL' | 'en-US';
export type SortKey = 'bestsold' | 'latest' | 'price_asc' | 'price_desc';

export interface SortOption {
  readonly key: SortKey;
  /** i18n key of the label */
  readonly label: string;
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

export interface PriceRange {
  readonly from: number;
  /** undefined or null for the open upper bucket ("150 and up"): both are open */
  readonly to?: number | null;
}

export interface ThumbnailSize {
  readonly width: number;
  readonly height: number;
}

export interface StoreViewConfig {
  readonly storeCode: string;
  readonly storeId: number;
  readonly name: string;
  readonly url: string;
  readonly appendStoreCode: boolean;
  readonly disabled: boolean;
}

export interface ShopConfig extends LocaleConfig, CatalogueConfig, UiConfig, TransactionsConfig {
  readonly shop: {
    /** spec catalogue §1: page title template */
    readonly name: string;
    readonly titleTemplate: string;
    /** spec catalogue §2.6 */
    readonly version: string;
    readonly buildDate: string;
  };
  readonly server: {
    /** spec catalogue §9: storefront 3000, graphql 8080 */
    readonly storefrontPort: number;
    readonly apiPort: number;
    readonly host: string;
    /** spec catalogue §9: output cache TTL 86400 s */
    readonly outputCacheTtlSeconds: number;
    /**
     * How long the server keeps a catalogue read that does not depend on the shopper (category tree, attributes,
     * CMS blocks and pages, URL mappings, product and category searches) for every render of the process; 0 = every
     * render reads the API itself. Ours (the spec has no server read cache): short, so prices and stock stay fresh.
     */
    readonly catalogueReadTtlMs: number;
    /** the most catalogue reads the server keeps (least recently used dropped first) */
    readonly catalogueReadMaxEntries: number;
    /** the most bytes of catalogue reads the server keeps (their JSON size; least recently used dropped first) */
    readonly catalogueReadMaxBytes: number;
    /**
     * The in-process output cache (OUTPUT_CACHE=1, one per worker): at most this many pages and bytes (a page counts
     * its compressed copies). Variants (a page's URL with a query: sorts, pages, filters) take
     * at most `outputCacheMaxVariants` of them and `outputCacheMaxVariantsPerPage` per path, and only ever evict
     * other variants: a flood of filter combinations cannot push a page without a query out.
     */
    readonly outputCacheMaxEntries: number;
    readonly outputCacheMaxBytes: number;
    readonly outputCacheMaxVariants: number;
    readonly outputCacheMaxVariantsPerPage: number;
    /** a request with more filter values, or a longer canonical query, is rendered without the output cache */
    readonly outputCacheMaxFilterValues: number;
    readonly outputCacheMaxQueryLength: number;
    /**
     * MB of V8 old generation a storefront worker may use (`--max-old-space-size`; STOREFRONT_HEAP_MB overrides): what
     * the caches above keep (at most ~110 MB together) plus a render's working set, and no more, so V8 collects its
     * garbage instead of letting it pile up to hundreds of MB.
     */
    readonly workerHeapMb: number;
    /**
     * V8's semi-space of each storefront worker in MB (`--max-semi-space-size`, STOREFRONT_SEMI_SPACE_MB; 0 = V8's own,
     * 16 MB): an uncached render allocates a few MB, so with V8's 16 MB the young generation was scavenged every few
     * answers, each scavenge copying what the ~25 requests under way in a worker hold
     */
    readonly workerSemiSpaceMb: number;
    /**
     * pages a storefront worker renders before it takes connections (STOREFRONT_WARMUP_RENDERS; 0 = none), at most
     * `workerWarmUpMaxMs` long: a cold worker renders at ~3x the CPU of a warm one
     */
    readonly workerWarmUpRenders: number;
    readonly workerWarmUpMaxMs: number;
  };
  readonly api: {
    /** where the storefront's own code reaches the API (server side, tests, integrators) */
    readonly url: string;
    /** the base of API and image URLs written into pages; '' = same origin, through the storefront's /api and /img proxy */
    readonly publicUrl: string;
    readonly type: 'api' | 'graphql';
  };
}

export const DEFAULT_CONFIG: ShopConfig = {
  shop: {
    name: 'Papier & Lint',
    titleTemplate: '{title} - {shop} - gift wrapping paper and luxury gift packaging',
    version: '1.12.1',
    buildDate: '2025-04-30',
  },
  server: {
    storefrontPort: 3000,
    apiPort: 8080,
    host: '127.0.0.1',
    outputCacheTtlSeconds: 86400,
    catalogueReadTtlMs: 10_000,
    catalogueReadMaxEntries: 2000,
    catalogueReadMaxBytes: 32 * 1024 * 1024,
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
  },
  api: {
    url: 'http://127.0.0.1:8080',
    publicUrl: '',
    type: 'api',
  },
  ...LOCALE_DEFAULTS,
  ...CATALOGUE_DEFAULTS,
  ...UI_DEFAULTS,
  ...TRANSACTIONS_DEFAULTS,
};

/** Deep-merge a partial configuration over the defaults (arrays replace). */
export type DeepPartial<T> = { [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K] };

export function createConfig(overrides: DeepPartial<ShopConfig> = {}, base: ShopConfig = DEFAULT_CONFIG): ShopConfig {
  return mergeDeep(base, overrides) as ShopConfig;
}

function mergeDeep(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (Array.isArray(over) || typeof over !== 'object' || over === null) return over;
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return over;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over as Record<string, unknown>)) {
    out[k] = mergeDeep((base as Record<string, unknown>)[k], v);
  }
  return out;
}
