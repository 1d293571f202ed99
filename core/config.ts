/**
 * Every constant and toggle of §9 of both spec files (catalogue.md and transactions.md), named once.
 * Nothing here is repeated inline elsewhere: rules and services receive a `ShopConfig`.
 */

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
  /** undefined or null for the open upper bucket ("150 and up"): both are open (issue 12) */
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

export interface ShopConfig {
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
  readonly i18n: {
    readonly defaultLocale: LocaleCode;
    readonly locales: readonly LocaleCode[];
    readonly currencyCode: 'EUR';
    readonly currencySign: string;
    readonly fractionDigits: number;
    /** spec catalogue §9: price format template; {sign} and {amount} */
    readonly priceFormatTemplate: string;
    readonly defaultCountry: string;
    /**
     * Issue 12 (Language): the catalogue data of each locale. As in vue-storefront, a language is a store view's data: its
     * own search index (attribute labels and option values, CMS blocks in that language) and store id (CMS lookups by
     * identifier). Multistore stays off: the locale cookie picks the data, the URLs do not change. Not in the spec's
     * store-view list (de 3, it 4); the English data view takes the free id 2.
     */
    readonly localeStores: Readonly<Record<LocaleCode, { readonly storeId: number; readonly index: string }>>;
    /**
     * The store view's time zone (IANA name, one of core/catalogue/time-zone.ts ZONE_RULES): special-price dates are
     * local days of this zone (issue 12). Not in the spec; Europe/Amsterdam for a Dutch and Belgian shop.
     */
    readonly timeZone: string;
  };
  readonly storeViews: {
    readonly multistore: boolean;
    readonly defaultStoreCode: string;
    readonly defaultStoreId: number;
    readonly mapStoreUrlsFor: readonly string[];
    readonly views: readonly StoreViewConfig[];
  };
  readonly search: {
    /** spec catalogue §9: min_score 0.02 in the main configuration */
    readonly minScore: number;
    /** query builder default min_score 1, 1.1 for random sort */
    readonly queryBuilderMinScore: number;
    readonly queryBuilderRandomSortMinScore: number;
    readonly clientTimeoutMs: number;
    readonly serverTimeoutMs: number;
    readonly queryMethod: 'GET' | 'POST';
    readonly defaultPageSize: number;
    readonly headerSearchPageSize: number;
    readonly searchMixinPageSize: number;
    readonly minQueryLength: number;
    readonly fuzziness: number;
    readonly minimumShouldMatch: string;
    readonly boosts: {
      readonly name: number;
      readonly description: number;
      readonly short_description: number;
      readonly sku: number;
      readonly 'category.name': number;
    };
    readonly queryBuilder: {
      readonly cutoffFrequency: number;
      readonly maxExpansions: number;
      readonly prefixLength: number;
      readonly tieBreaker: number;
      readonly operator: 'or' | 'and';
      readonly scoreMode: string;
      readonly boostMode: string;
      readonly maxBoost: number;
      readonly skuPhraseBoost: number;
      readonly defaultFieldBoost: number;
    };
  };
  readonly catalogue: {
    readonly listingStatuses: readonly number[];
    readonly listingVisibilities: readonly number[];
    readonly headerSearchVisibilities: readonly number[];
    readonly defaultListingStatus: number;
    /** child status >= this is disabled */
    readonly disabledStatusFrom: number;
    readonly notVisibleIndividually: number;
    readonly listOutOfStockProducts: boolean;
    readonly filterUnavailableVariants: boolean;
    readonly setFirstVarianAsDefaultInURL: boolean;
    readonly preventConfigurableChildrenDirectAccess: boolean;
    readonly configurableChildrenStockPrefetchStatic: boolean;
    readonly alwaysSyncPlatformPricesOver: boolean;
    readonly waitForPlatformSync: boolean;
    readonly stockSync: boolean;
    readonly stockBatchSize: number;
    readonly urlDispatcher: boolean;
    readonly useDefaultChildWhenNoMatch: boolean;
    readonly allowZeroPriceProducts: boolean;
    readonly optionPathCacheMax: number;
    readonly disablePersistentAttributeCache: boolean;
    readonly deprecatedPriceFields: boolean;
    readonly homeListSize: number;
    readonly homeListSort: { readonly field: string; readonly direction: 'asc' | 'desc' };
    readonly homeLists: readonly ['new_collection', 'bestsellers'];
    readonly noImageValue: string;
    /** issue 12: the deepest 'load more' depth (?page=N) a category page loads from the URL, in pages of the default size */
    readonly maxListDepth: number;
  };
  readonly categories: {
    readonly fetchSize: number;
    readonly sortField: string;
    readonly sortDirection: 'asc' | 'desc';
    readonly rootCategoryId: number;
    readonly prefetchLevel: number;
  };
  readonly attributes: {
    readonly pageSize: number;
  };
  readonly cms: {
    readonly maxCount: number;
    readonly blockListSize: number;
    readonly headerBlock: string;
    readonly copyrightBlock: string;
  };
  readonly images: {
    readonly cart: ThumbnailSize;
    readonly productList: ThumbnailSize;
    readonly gallery: ThumbnailSize;
  };
  readonly filters: {
    readonly aggregationSize: number;
    readonly maxFiltersQuerySize: number;
    readonly defaultFilters: readonly string[];
    readonly priceRanges: readonly PriceRange[];
    readonly systemFilterNames: readonly string[];
    readonly routeQueryParams: readonly string[];
  };
  readonly sortOptions: readonly SortOption[];
  readonly defaultSort: SortKey;
  readonly cache: {
    readonly quotaCheckIntervalMs: number;
    readonly readTimeoutMs: number;
    readonly iterateTimeoutMs: number;
    readonly maxGetErrors: number;
    readonly maxSetErrors: number;
    readonly twoStageCaching: boolean;
    /**
     * spec catalogue §9 "Local storage quota is checked every 30 s", §8 "Local storage quota error": the share of the
     * quota (usage / quota) from which the storage counts as nearly full and the product and URL caches are cleared.
     * The spec gives no figure: 0.9 is ours.
     */
    readonly quotaNearlyFullRatio: number;
  };
  readonly ui: {
    readonly asyncComponentTimeoutMs: number;
    readonly submenuPopDelayMs: number;
    readonly mobileBreakpointPx: number;
    readonly desktopFromPx: number;
    readonly backToTopHeaderPx: number;
    readonly backToTopShellPx: number;
    readonly notificationZIndex: number;
    readonly megaMenuMaxWidthPx: number;
    readonly footerMaxWidthPx: number;
    readonly bottomNavHeightRem: number;
    readonly cookieBarMinHeightRem: number;
    readonly progress: {
      readonly tickMs: number;
      readonly max: number;
      readonly durationMs: number;
      readonly thicknessPx: number;
      readonly color: string;
      readonly failedColor: string;
      readonly routeChangeIncrease: number;
    };
    readonly prefetch: { readonly idleTimeoutMs: number };
  };
  readonly cart: {
    readonly serverSync: boolean;
    readonly serverMergeByDefault: boolean;
    readonly synchronizeTotals: boolean;
    readonly connectBypassMax: number;
    readonly allowOutOfStockInCart: boolean;
    readonly confirmBeforeRemove: boolean;
    /** 'items' counts lines, 'quantities' sums quantities */
    readonly minicartCountType: 'items' | 'quantities';
    /**
     * spec transactions §4 "Merge of client and server items": whether a server sync that does not force the client state may
     * remove client lines missing on the server (vue-storefront 1.12 cart.serverSyncCanRemoveLocalItems, shipped false).
     */
    readonly serverSyncCanRemoveLocalItems?: boolean;
    /**
     * spec transactions §4 "Merge": whether such a sync may set a client line's qty to the server's on a mismatch
     * (vue-storefront 1.12 cart.serverSyncCanModifyLocalItems, shipped false).
     */
    readonly serverSyncCanModifyLocalItems?: boolean;
    readonly thumbnail: ThumbnailSize;
  };
  readonly shipping: {
    readonly methods: readonly {
      readonly method_title: string;
      readonly method_code: string;
      readonly carrier_code: string;
      readonly amount: number;
      readonly price_incl_tax: number;
      readonly default: boolean;
      readonly offline: boolean;
    }[];
  };
  readonly payment: {
    /** provider method id -> shop method code (spec transactions §9) */
    readonly mapping: Readonly<Record<string, string>>;
    readonly redirectPath: string;
    readonly errorRedirectPath: string;
    readonly serviceBasePath: string;
    readonly cashOnDelivery: {
      readonly title: string;
      readonly code: string;
      readonly cost: number;
      readonly default: boolean;
      readonly offline: boolean;
    };
  };
  readonly checkout: {
    readonly allowedCountries: readonly string[];
    readonly inCheckoutWindowMs: number;
    readonly passwordMinLength: number;
    readonly passwordMinClasses: number;
    readonly nameMinLength: number;
    readonly taxIdMinLength: number;
    readonly zipCodeMinLength: number;
  };
  readonly tax: {
    readonly defaultCountry: string;
    /** fallback when none is given to the rule function */
    readonly ruleFallbackCountry: string;
    readonly rate: number;
    readonly finalPriceIncludesTax: boolean;
    readonly userGroupTaxes: boolean;
  };
  readonly user: {
    readonly orderHistoryPageSize: number;
    readonly orderHistoryPage: number;
    readonly autoRefreshTokens: boolean;
    readonly tokenRefreshMaxAttempts: number;
    readonly priceTiers: boolean;
  };
  readonly queue: {
    readonly maxNetworkAttempts: number;
    readonly tokenLockRetryMs: number;
    readonly automaticOrderTransmission: boolean;
  };
  readonly notifications: {
    readonly defaultTimeToLiveMs: number;
  };
  readonly claims: {
    readonly cookiesAccepted: string;
  };
  readonly texts: {
    readonly freeReturnDays: number;
    readonly newsletterCouponPercent: number;
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
  i18n: {
    defaultLocale: 'nl-NL',
    locales: ['nl-NL', 'en-US'],
    currencyCode: 'EUR',
    currencySign: '€',
    fractionDigits: 2,
    priceFormatTemplate: '{sign}{amount}',
    defaultCountry: 'NL',
    localeStores: {
      'nl-NL': { storeId: 1, index: 'vue_storefront_catalog' },
      'en-US': { storeId: 2, index: 'vue_storefront_catalog_en' },
    },
    timeZone: 'Europe/Amsterdam',
  },
  storeViews: {
    multistore: false,
    defaultStoreCode: '',
    defaultStoreId: 1,
    mapStoreUrlsFor: ['de', 'it'],
    views: [
      { storeCode: 'de', storeId: 3, name: 'German Store', url: '/de', appendStoreCode: true, disabled: true },
      { storeCode: 'it', storeId: 4, name: 'Italian Store', url: '/it', appendStoreCode: true, disabled: true },
    ],
  },
  search: {
    minScore: 0.02,
    queryBuilderMinScore: 1,
    queryBuilderRandomSortMinScore: 1.1,
    clientTimeoutMs: 5000,
    serverTimeoutMs: 1000,
    queryMethod: 'GET',
    defaultPageSize: 50,
    headerSearchPageSize: 16,
    searchMixinPageSize: 18,
    minQueryLength: 3,
    fuzziness: 2,
    minimumShouldMatch: '75%',
    boosts: {
      name: 4,
      description: 3,
      short_description: 3,
      sku: 2,
      'category.name': 1,
    },
    queryBuilder: {
      cutoffFrequency: 0.01,
      maxExpansions: 3,
      prefixLength: 1,
      tieBreaker: 1,
      operator: 'or',
      scoreMode: 'multiply',
      boostMode: 'multiply',
      maxBoost: 100,
      skuPhraseBoost: 1,
      defaultFieldBoost: 1,
    },
  },
  catalogue: {
    listingStatuses: [0, 1],
    listingVisibilities: [2, 3, 4],
    headerSearchVisibilities: [3, 4],
    defaultListingStatus: 1,
    disabledStatusFrom: 2,
    notVisibleIndividually: 1,
    listOutOfStockProducts: true,
    filterUnavailableVariants: false,
    setFirstVarianAsDefaultInURL: false,
    preventConfigurableChildrenDirectAccess: true,
    configurableChildrenStockPrefetchStatic: false,
    alwaysSyncPlatformPricesOver: false,
    waitForPlatformSync: false,
    stockSync: false,
    stockBatchSize: 15,
    urlDispatcher: true,
    useDefaultChildWhenNoMatch: false,
    allowZeroPriceProducts: true,
    optionPathCacheMax: 500,
    disablePersistentAttributeCache: false,
    deprecatedPriceFields: false,
    homeListSize: 8,
    homeListSort: { field: 'created_at', direction: 'desc' },
    homeLists: ['new_collection', 'bestsellers'],
    noImageValue: 'no_selection',
    maxListDepth: 20,
  },
  categories: {
    fetchSize: 4000,
    sortField: 'position',
    sortDirection: 'asc',
    rootCategoryId: 2,
    prefetchLevel: 2,
  },
  attributes: {
    pageSize: 150,
  },
  cms: {
    maxCount: 500,
    blockListSize: 150,
    headerBlock: 'header-block',
    copyrightBlock: 'copyright-block',
  },
  images: {
    cart: { width: 210, height: 300 },
    productList: { width: 324, height: 489 },
    gallery: { width: 600, height: 744 },
  },
  filters: {
    aggregationSize: 10,
    maxFiltersQuerySize: 999,
    defaultFilters: ['color', 'erin_recommends', 'price', 'size'],
    priceRanges: [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }],
    systemFilterNames: ['sort'],
    routeQueryParams: ['color', 'erin_recommends', 'price', 'size', 'sort'],
  },
  sortOptions: [
    { key: 'bestsold', label: 'sort.bestsold', field: 'position', direction: 'asc' },
    { key: 'latest', label: 'sort.latest', field: 'updated_at', direction: 'desc' },
    { key: 'price_asc', label: 'sort.priceAsc', field: 'final_price', direction: 'asc' },
    { key: 'price_desc', label: 'sort.priceDesc', field: 'final_price', direction: 'desc' },
  ],
  defaultSort: 'bestsold',
  cache: {
    quotaCheckIntervalMs: 30_000,
    readTimeoutMs: 800,
    iterateTimeoutMs: 2000,
    maxGetErrors: 1,
    maxSetErrors: 30,
    twoStageCaching: true,
    quotaNearlyFullRatio: 0.9,
  },
  ui: {
    asyncComponentTimeoutMs: 3000,
    submenuPopDelayMs: 300,
    mobileBreakpointPx: 1023,
    desktopFromPx: 1024,
    backToTopHeaderPx: 600,
    backToTopShellPx: 200,
    notificationZIndex: 1000,
    megaMenuMaxWidthPx: 1240,
    footerMaxWidthPx: 1272,
    bottomNavHeightRem: 3.75,
    cookieBarMinHeightRem: 3,
    progress: {
      tickMs: 100,
      max: 99,
      durationMs: 3000,
      thicknessPx: 2,
      color: '#2e7d32',
      failedColor: '#c62828',
      routeChangeIncrease: 40,
    },
    prefetch: { idleTimeoutMs: 2000 },
  },
  cart: {
    serverSync: true,
    serverMergeByDefault: true,
    synchronizeTotals: true,
    connectBypassMax: 1,
    allowOutOfStockInCart: true,
    confirmBeforeRemove: true,
    minicartCountType: 'quantities',
    serverSyncCanRemoveLocalItems: false,
    serverSyncCanModifyLocalItems: false,
    thumbnail: { width: 210, height: 300 },
  },
  shipping: {
    methods: [
      {
        method_title: 'DPD Courier',
        method_code: 'flatrate',
        carrier_code: 'flatrate',
        amount: 4,
        price_incl_tax: 5,
        default: true,
        offline: true,
      },
    ],
  },
  payment: {
    mapping: { ideal: 'ideal', creditcard: 'creditcard', banktransfer: 'banktransfer' },
    redirectPath: '/order-status/{order_token}',
    errorRedirectPath: '/',
    serviceBasePath: '/api/ext/vsf-payment-service-api',
    cashOnDelivery: { title: 'Cash on delivery', code: 'cashondelivery', cost: 0, default: true, offline: true },
  },
  checkout: {
    allowedCountries: ['BE', 'NL'],
    inCheckoutWindowMs: 1_800_000,
    passwordMinLength: 8,
    passwordMinClasses: 3,
    nameMinLength: 2,
    taxIdMinLength: 3,
    zipCodeMinLength: 3,
  },
  tax: {
    defaultCountry: 'NL',
    ruleFallbackCountry: 'PL',
    rate: 0.21,
    finalPriceIncludesTax: false,
    userGroupTaxes: false,
  },
  user: {
    orderHistoryPageSize: 20,
    orderHistoryPage: 1,
    autoRefreshTokens: true,
    tokenRefreshMaxAttempts: 1,
    priceTiers: false,
  },
  queue: {
    maxNetworkAttempts: 1,
    tokenLockRetryMs: 1000,
    automaticOrderTransmission: false,
  },
  notifications: {
    defaultTimeToLiveMs: 5000,
  },
  claims: {
    cookiesAccepted: 'cookiesAccepted',
  },
  texts: {
    freeReturnDays: 30,
    newsletterCouponPercent: 10,
  },
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
