/**
 * spec catalogue §1 ("catalogue data is cached locally"): what a server-rendered page showed is kept in the browser's
 * catalogue cache as if the browser had asked for it, so the page opens offline by a link as by a reload: its url
 * mapping, a product page's documents, a category's first product page (under the CategoryService's request) and the
 * listed products as listing-only entries. `completeRendered` adds the filter fields and aggregations later.
 */
import type { ShopConfig } from '../config';
import type { PageResolutionState } from '../routing/page-resolution';
import { urlMapRequest } from '../routing/dispatcher';
import type { CatalogueSearch } from '../ports/catalogue-search';
import type { CatalogueCache } from './catalogue-cache';
import { categoryProductsRequest } from './categories';
import type { CategoryState, PortableCategoryState } from './category-service';
import type { HomeState } from './home-service';
import type { ProductState } from './product-service';
import type { Product } from './types';

export interface RenderedCatalogue {
  readonly pageResolution?: PageResolutionState;
  readonly category?: CategoryState | PortableCategoryState;
  readonly product?: ProductState;
  readonly home?: HomeState;
}

/** The writes `rememberRendered` makes, as data (tested without a cache). */
export interface SeedPlan {
  readonly urlMapping?: { readonly url: string; readonly hit: { readonly _type: 'product' | 'category'; readonly _source: Record<string, unknown> } };
  readonly wholeProducts: readonly Product[];
  readonly listedProducts: readonly Product[];
  readonly categorySearch?: { readonly request: ReturnType<typeof categoryProductsRequest>; readonly items: readonly Product[]; readonly total: number };
}

/** The page's path is the one its page resolution state belongs to (a home page has none: its lists only). */
export function seedPlan(rendered: RenderedCatalogue, config: ShopConfig): SeedPlan {
  const pages = rendered.pageResolution;
  const ok = pages?.path !== undefined && !pages.error && pages.status === 200;
  const url = ok ? urlMapRequest(pages.path!, config).url : '';
  const { product, category } = rendered;
  const wholeProducts: Product[] = [];
  const listedProducts: Product[] = [];
  let urlMapping: SeedPlan['urlMapping'];
  let categorySearch: SeedPlan['categorySearch'];
  if (ok && pages!.kind === 'product' && product?.original) {
    wholeProducts.push(product.original);
    if (product.parent && product.parent.sku !== product.original.sku) wholeProducts.push(product.parent);
    if (url) urlMapping = { url, hit: { _type: 'product', _source: product.original as unknown as Record<string, unknown> } };
    for (const list of Object.values(product.related ?? {})) listedProducts.push(...list);
  }
  if (ok && pages!.kind === 'category' && category?.current) {
    if (url) urlMapping = { url, hit: { _type: 'category', _source: category.current as unknown as Record<string, unknown> } };
    const list = category.list;
    if (list.start === 0 && list.items.length && !category.offline) {
      // the first page, as a link to the category asks for it (a deeper ?page=N list holds it at its start)
      const size = config.search.defaultPageSize;
      const request = categoryProductsRequest({ category: category.current, categories: category.categories, filters: category.filters, from: 0, size }, config);
      categorySearch = { request, items: list.items.slice(0, size), total: list.total };
    }
    // a filtered list shows a configurable as its matching variant (tile-variant.ts): that is no product of its own
    listedProducts.push(...list.items.filter((p) => p.parentSku === undefined || p.parentSku === p.sku));
  }
  for (const list of Object.values(rendered.home?.lists ?? {})) listedProducts.push(...list);
  const whole = new Set(wholeProducts.map((p) => p.sku));
  return {
    ...(urlMapping ? { urlMapping } : {}),
    ...(categorySearch ? { categorySearch } : {}),
    wholeProducts,
    listedProducts: listedProducts.filter((p, i, all) => typeof p?.sku === 'string' && !whole.has(p.sku) && all.findIndex((q) => q.sku === p.sku) === i),
  };
}

/** listed products written between two pauses */
const SEED_SLICE = 8;

/**
 * Write the seed plan of a hydrated page into the catalogue cache (failures only cost the offline copy). What a link
 * back to the page needs is written first and at once (a shopper may leave within milliseconds); the listed products
 * follow in slices, each after `pacing.pause()`, so no long run of IndexedDB writes holds the main thread.
 */
export async function rememberRendered(
  cache: CatalogueCache,
  rendered: RenderedCatalogue,
  config: ShopConfig,
  pacing?: { pause(): Promise<void> },
): Promise<void> {
  const plan = seedPlan(rendered, config);
  const first: Array<Promise<void>> = [];
  if (plan.urlMapping) first.push(cache.setUrlMapping(plan.urlMapping.url, plan.urlMapping.hit));
  const search = plan.categorySearch;
  // an answer the browser got itself (with its aggregations: the filters) is not replaced by the rendered copy
  if (search) {
    first.push(
      cache.getSearch(search.request).then((known) =>
        known ? undefined : cache.setSearch(search.request, { items: [...search.items], total: search.total, start: 0, perPage: search.request.size, aggregations: {} }),
      ),
    );
  }
  first.push(...plan.wholeProducts.map((p) => cache.setProduct(p)));
  await Promise.all(first);
  // without pacing (tests, a headless run): all listed products together
  const listed = plan.listedProducts;
  const step = pacing ? SEED_SLICE : Math.max(1, listed.length);
  for (let i = 0; i < listed.length; i += step) {
    await pacing?.pause();
    await Promise.all(listed.slice(i, i + step).map((p) => cache.setProduct(p, true)));
  }
}

/** The fields a category list reads offline (spec catalogue §3.4, §9): its request's and the default filters. */
export function offlineFilterFields(config: ShopConfig): string[] {
  const fields = new Set(['sku', 'type_id', 'category_ids', 'visibility', 'status', 'final_price']);
  for (const f of config.filters.defaultFilters) if (f !== 'price') fields.add(f).add(`${f}_options`);
  return [...fields];
}

/**
 * Online, after `rememberRendered`: a rendered category page's first product page gets the fields its filters read and
 * the server's aggregations (one search of the same request), unless the browser already has them.
 */
export async function completeRendered(cache: CatalogueCache, search: CatalogueSearch, rendered: RenderedCatalogue, config: ShopConfig): Promise<void> {
  const seeded = seedPlan(rendered, config).categorySearch;
  if (!seeded) return;
  const known = await cache.getSearch<Product>(seeded.request);
  if (known && Object.keys(known.aggregations ?? {}).length) return;
  const answer = await search.search<Product>({ ...seeded.request, includeFields: offlineFilterFields(config) });
  await Promise.all(answer.items.filter((p) => typeof p?.sku === 'string').map((p) => cache.setProduct(p, true)));
  const base = known ?? { items: [...seeded.items], total: seeded.total, start: 0, perPage: seeded.request.size };
  await cache.setSearch(seeded.request, { ...base, aggregations: answer.aggregations ?? {} });
}
