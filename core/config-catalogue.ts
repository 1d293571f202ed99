/** spec catalogue §9: search, listing, categories, attributes, CMS, images, filters, sorting and the local cache (part of ShopConfig, core/config.ts). */
import type { PriceRange, SortKey, SortOption } from './config';

export const CATALOGUE_DEFAULTS = {
  search: {
    /** the main configuration's min_score; the query builder's default is 1, 1.1 for random sort */
    minScore: 0.02,
    queryBuilderMinScore: 1,
    queryBuilderRandomSortMinScore: 1.1,
    clientTimeoutMs: 5000,
    serverTimeoutMs: 1000,
    queryMethod: 'GET' as 'GET' | 'POST',
    defaultPageSize: 50,
    headerSearchPageSize: 16,
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
      operator: 'or' as 'or' | 'and',
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
    /** a child whose status is this or more is disabled */
    disabledStatusFrom: 2,
    notVisibleIndividually: 1,
    listOutOfStockProducts: true,
    filterUnavailableVariants: false,
    setFirstVarianAsDefaultInURL: false,
    preventConfigurableChildrenDirectAccess: true,
    stockSync: false,
    stockBatchSize: 15,
    urlDispatcher: true,
    useDefaultChildWhenNoMatch: false,
    allowZeroPriceProducts: true,
    optionPathCacheMax: 500,
    disablePersistentAttributeCache: false,
    homeListSize: 8,
    homeListSort: { field: 'created_at', direction: 'desc' as 'asc' | 'desc' },
    homeLists: ['new_collection', 'bestsellers'] as const,
    noImageValue: 'no_selection',
    /** the deepest 'load more' depth (?page=N) a category page loads from the URL, in pages of the default size */
    maxListDepth: 20,
  },
  categories: {
    fetchSize: 4000,
    sortField: 'position',
    sortDirection: 'asc' as 'asc' | 'desc',
    rootCategoryId: 2,
  },
  attributes: {
    pageSize: 150,
  },
  cms: {
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
    defaultFilters: ['color', 'erin_recommends', 'price', 'size'],
    priceRanges: [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] as PriceRange[],
    systemFilterNames: ['sort'],
    routeQueryParams: ['color', 'erin_recommends', 'price', 'size', 'sort'],
  },
  sortOptions: [
    { key: 'bestsold', label: 'sort.bestsold', field: 'position', direction: 'asc' },
    { key: 'latest', label: 'sort.latest', field: 'updated_at', direction: 'desc' },
    { key: 'price_asc', label: 'sort.priceAsc', field: 'final_price', direction: 'asc' },
    { key: 'price_desc', label: 'sort.priceDesc', field: 'final_price', direction: 'desc' },
  ] as SortOption[],
  defaultSort: 'bestsold' as SortKey,
  cache: {
    quotaCheckIntervalMs: 30_000,
    readTimeoutMs: 800,
    iterateTimeoutMs: 2000,
    maxGetErrors: 1,
    maxSetErrors: 30,
    twoStageCaching: true,
    /**
     * spec catalogue §8, §9: the share of the quota (usage / quota) from which the storage counts as nearly full and
     * the product and URL caches are cleared. The spec gives no figure: 0.9 is ours.
     */
    quotaNearlyFullRatio: 0.9,
  },
};
