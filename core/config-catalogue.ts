/** spec catalogue §9: search, listing, categories, attributes, CMS, images, filters, sorting and the local cache (part of ShopConfig, core/config.ts). */
import type { PriceRange, SortKey, SortOption, ThumbnailSize } from './config';

export interface CatalogueConfig {
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
    /** the deepest 'load more' depth (?page=N) a category page loads from the URL, in pages of the default size */
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
}

export const CATALOGUE_DEFAULTS: CatalogueConfig = {
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
};
