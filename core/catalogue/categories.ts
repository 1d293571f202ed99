/** Category rules and searches (spec catalogue §2.2, §3.2, §4.4, §5, §7, §9). */
import type { ShopConfig } from '../config';
import { MESSAGES, ShopError } from '../messages';
import type { SearchRequest } from '../ports/catalogue-search';
import type { CategoryQuery } from '../ports/category-api';
import { categoryLink } from '../routing/links';
import { chosenFiltersToQuery, chosenSort } from './filters';
import { buildSearchQuery } from './search-query';
import type { Breadcrumb, Category, ChosenFilters, MenuItem, Product, ProductList } from './types';

function byPosition(a: Category, b: Category): number {
  return (a.position ?? 0) - (b.position ?? 0) || a.id - b.id;
}

/**
 * spec catalogue §3.2, §9: the category tree of the flat search answer under the root category (id 2), nested by
 * parent_id, by position ascending, without inactive subtrees; each category once (cycles are cut).
 */
export function buildCategoryTree(flat: readonly Category[], config: ShopConfig): Category[] {
  const byParent = new Map<number, Category[]>();
  for (const c of flat) {
    if (!c.is_active) continue;
    const list = byParent.get(c.parent_id) ?? [];
    list.push(c);
    byParent.set(c.parent_id, list);
  }
  const seen = new Set<number>();
  const build = (parentId: number): Category[] =>
    (byParent.get(parentId) ?? [])
      .filter((c) => !seen.has(c.id) && seen.add(c.id))
      .sort(byPosition)
      .map((c) => {
        const children = build(c.id);
        return { ...c, children_data: children, children_count: children.length };
      });
  return build(config.categories.rootCategoryId);
}

/** spec catalogue §3.2: a menu item holds id, name, link, count (product_count), position, path, children_data. */
export function menuItems(tree: readonly Category[], config: ShopConfig, storeCode?: string): MenuItem[] {
  return tree.map((c) => ({
    id: c.id,
    name: c.name,
    link: categoryLink(c, config, storeCode),
    count: c.product_count ?? 0,
    position: c.position,
    path: c.path,
    children_data: menuItems(c.children_data ?? [], config, storeCode),
  }));
}

/** A category and all its descendants' ids (the category product list covers the whole subtree). */
export function subtreeIds(category: Category, flat: readonly Category[]): number[] {
  const ids = [category.id];
  for (let i = 0; i < ids.length; i++) for (const c of flat) if (c.parent_id === ids[i] && !ids.includes(c.id)) ids.push(c.id);
  return ids;
}

/** The route path of a category page without leading slash or store code, e.g. 'inpakpapier/kerst'. */
function stripPath(path: string, config: ShopConfig): string {
  let p = path.split(/[?#]/)[0]!.replace(/^\/+/, '').replace(/\/+$/, '');
  for (const view of config.storeViews.views) {
    if (view.appendStoreCode && (p === view.storeCode || p.startsWith(view.storeCode + '/'))) p = p.slice(view.storeCode.length).replace(/^\//, '');
  }
  return p;
}

/** spec catalogue §2.2: the category whose url_path is the route path (URL dispatching), or '/c/{slug}''s. */
export function findCategoryByPath(flat: readonly Category[], path: string, config: ShopConfig): Category | undefined {
  const p = stripPath(path, config);
  const bySlug = /^c\/([^/]+)$/.exec(p);
  if (bySlug) return flat.find((c) => c.slug === decodeURIComponent(bySlug[1]!));
  return flat.find((c) => c.url_path === p || c.url_path === p + '.html' || c.url_path.replace(/\.html$/, '') === p);
}

/** spec catalogue §8: the error of a failed category lookup: 'Category query returned empty result {key} = {value}'. */
export function categoryQueryEmpty(key: string, value: unknown): ShopError {
  return new ShopError(MESSAGES.categoryQueryEmpty, { key, value: Array.isArray(value) ? value.join(',') : String(value) });
}

/** spec catalogue §2.2: a category's breadcrumbs: its ancestors below the root (linked), then itself. */
export function categoryBreadcrumbs(category: Category, flat: readonly Category[], config: ShopConfig, storeCode?: string): Breadcrumb[] {
  const ids = (category.path ?? '').split('/').map(Number).filter((id) => Number.isFinite(id) && id > config.categories.rootCategoryId && id !== category.id);
  const ancestors = ids.flatMap((id) => flat.find((x) => x.id === id) ?? []);
  const linked = ancestors.map((c) => ({ name: c.name, link: categoryLink(c, config, storeCode) }));
  return [...linked, { name: category.name }];
}

/** Breadcrumbs of a product: the deepest of its categories that is known, linked, then the product name. */
export function productBreadcrumbs(product: Product, flat: readonly Category[], config: ShopConfig, storeCode?: string): Breadcrumb[] {
  const ids = new Set<number>([...(product.category ?? []).map((c) => Number(c.category_id)), ...(product.category_ids ?? []).map(Number)]);
  const candidates = flat.filter((c) => ids.has(c.id)).sort((a, b) => b.level - a.level || byPosition(a, b));
  const deepest = candidates[0];
  if (!deepest) return [{ name: product.name }];
  // the category's own crumb is linked on a product page
  const ancestors = categoryBreadcrumbs(deepest, flat, config, storeCode).slice(0, -1);
  return [...ancestors, { name: deepest.name, link: categoryLink(deepest, config, storeCode) }, { name: product.name }];
}

/** spec catalogue §7, §9: the category search: filters on the given fields, active only by default, size 4000. */
export function categorySearchRequest(query: CategoryQuery, config: ShopConfig): SearchRequest {
  const must: unknown[] = [];
  for (const [field, raw] of Object.entries(query.filters ?? {})) {
    const values = Array.isArray(raw) ? [...raw] : [raw];
    // spec catalogue §5: a lookup by an id below the root category id is an empty result
    const below = (v: unknown) => !Number.isFinite(Number(v)) || Number(v) < config.categories.rootCategoryId;
    if (field === 'id' && values.some(below)) throw categoryQueryEmpty('id', values.find(below));
    must.push({ terms: { [field]: values } });
  }
  if (query.onlyActive ?? true) must.push({ terms: { is_active: [true] } });
  if (query.onlyNotEmpty) must.push({ range: { product_count: { gt: 0 } } });
  const size = query.size !== undefined && query.size > 0 ? query.size : config.categories.fetchSize;
  return {
    type: 'category',
    body: must.length ? { query: { bool: { filter: { bool: { must } } } } } : { query: { match_all: {} } },
    size,
    from: query.start !== undefined && query.start > 0 ? query.start : 0,
    sort: `${config.categories.sortField}:${config.categories.sortDirection}`,
    ...(query.includeFields ? { includeFields: query.includeFields } : {}),
    ...(query.excludeFields ? { excludeFields: query.excludeFields } : {}),
  };
}

/**
 * The search of a category's product list: listing filters, category_ids in the category's subtree (of all
 * `categories`), the chosen filters (catalog scope), the chosen sort (default best sold), aggregations of the default
 * filters.
 */
export function categoryProductsRequest(
  input: { category: Category; categories: readonly Category[]; filters?: ChosenFilters; from?: number; size?: number },
  config: ShopConfig,
): SearchRequest {
  const filters = input.filters ?? {};
  const inCategory = { attribute: 'category_ids', value: { in: subtreeIds(input.category, input.categories) } };
  const { from = 0, size = config.search.defaultPageSize } = input;
  const query = { filters: [inCategory, ...chosenFiltersToQuery(filters, config)], from, size };
  return buildSearchQuery({ ...query, sort: chosenSort(filters, config) }, config);
}

/** Paging: whether a list has more items to load (the next page starts at its length). */
export function hasMoreItems(list: Pick<ProductList, 'items' | 'total'>): boolean {
  return list.items.length < list.total;
}

/**
 * The depth of 'load more' lives in the route query (?page=N: pages 1..N shown), so back and refresh keep the
 * shopper's place; anything but a whole number reads as 1, capped at config.catalogue.maxListDepth pages.
 */
export function listDepthFromQuery(raw: unknown, config: Pick<ShopConfig, 'catalogue'>): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return 1;
  return Math.min(Math.max(1, Number(value)), config.catalogue.maxListDepth);
}

/** How many pages of `perPage` a list shows (at least 1). */
export function listDepthOf(list: Pick<ProductList, 'items'>, perPage: number): number {
  return Math.max(1, Math.ceil(list.items.length / Math.max(1, perPage)));
}

/** The route query value of a depth: none for the first page. */
export function listDepthToQuery(depth: number): string | undefined {
  return depth > 1 ? String(depth) : undefined;
}

/** Append a loaded page to a list (start 0 replaces). */
export function appendPage(list: ProductList, page: ProductList): ProductList {
  if (page.start === 0) return page;
  const known = new Set(list.items.map((p) => p.sku));
  return { ...page, start: list.start, items: [...list.items, ...page.items.filter((p) => !known.has(p.sku))] };
}
