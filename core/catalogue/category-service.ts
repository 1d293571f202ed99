/** The category pages' state (spec catalogue §3.6, §4.4). */
import { StateHolder } from '../state-holder';
import type { LocaleCode, ShopConfig } from '../config';
import { MESSAGES, type MessageKey } from '../messages';
import type { CatalogueSearch } from '../ports/catalogue-search';
import type { CategoryApi } from '../ports/category-api';
import type { Clock } from '../ports/clock';
import type { Logger } from '../ports/logger';
import {
  appendPage,
  buildCategoryTree,
  categoryBreadcrumbs,
  categoryProductsRequest,
  categoryQueryEmpty,
  findCategoryByPath,
  hasMoreItems,
  listDepthOf,
  menuItems,
} from './categories';
import { availableFiltersFromAggregations, sameFilters, toggleFilter, type AvailableFilters } from './filters';
import { tileProduct } from './tile-variant';
import type { AttributeMetadata, Breadcrumb, Category, ChosenFilters, FilterOption, MenuItem, Product, ProductList } from './types';

export interface CategoryState {
  readonly categories: readonly Category[];
  readonly tree: readonly Category[];
  readonly menu: readonly MenuItem[];
  readonly current?: Category;
  readonly breadcrumbs: readonly Breadcrumb[];
  readonly list: ProductList;
  readonly filters: ChosenFilters;
  readonly available: AvailableFilters;
  readonly loading: boolean;
  /** spec catalogue §4.4: 'No products synchronized for this category. Please come back while online!' */
  readonly warning?: MessageKey;
  /** the list came from the local cache while offline */
  readonly offline?: boolean;
}

export function emptyList(config: ShopConfig): ProductList {
  return { start: 0, perPage: config.search.defaultPageSize, total: 0, items: [] };
}

/** The fields of the light first stage of two-stage caching. */
export const FIRST_STAGE_FIELDS = ['id', 'sku', 'name', 'type_id', 'url_path', 'url_key', 'slug', 'image', 'price', 'price_incl_tax', 'final_price', 'final_price_incl_tax', 'special_price', 'special_from_date', 'special_to_date', 'status', 'visibility', 'stock'];

/** The category state without what follows from the flat category list (tree, menu, nested children). */
export type PortableCategoryState = Omit<CategoryState, 'tree' | 'menu'>;

/** What a server-rendered page carries to the browser: the flat list once; `hydrate` rebuilds tree and menu from it. */
export function portableCategoryState(s: CategoryState): PortableCategoryState {
  const { tree: _tree, menu: _menu, ...rest } = s;
  return { ...rest, categories: rest.categories.map(({ children_data: _children, ...c }) => c) };
}

export class CategoryService extends StateHolder<CategoryState> {
  private lastListFailure: unknown;
  /** spec catalogue §4.4: two-stage caching (a light query, then the full one) until the first is not faster */
  private twoStage: boolean;

  constructor(
    private readonly categoryApi: CategoryApi,
    private readonly search: CatalogueSearch,
    private readonly config: ShopConfig,
    private readonly options: {
      readonly logger?: Logger;
      readonly clock?: Clock;
      /** the browser's: the server awaits the full page anyway */
      readonly twoStage?: boolean;
      readonly attributes?: () => readonly AttributeMetadata[];
      readonly locale?: LocaleCode;
      readonly storeCode?: string;
    } = {},
  ) {
    const list = emptyList(config);
    super({ categories: [], tree: [], menu: [], breadcrumbs: [], list, filters: {}, available: {}, loading: false });
    this.twoStage = options.twoStage === true && config.cache.twoStageCaching;
  }

  /** Takes a snapshot or a portable one (`portableCategoryState`): tree and menu are rebuilt from the flat list when missing. */
  override hydrate(state: CategoryState | PortableCategoryState): void {
    if ('tree' in state && 'menu' in state) return this.state.next(state);
    const tree = buildCategoryTree(state.categories, this.config);
    this.state.next({ ...state, tree, menu: menuItems(tree, this.config, this.options.storeCode) });
  }

  /** Load all categories (size 4000, position ascending) and build tree and menu. */
  async loadCategories(): Promise<readonly Category[]> {
    if (this.state.value.categories.length) return this.state.value.categories;
    const categories = await this.categoryApi.list({});
    const tree = buildCategoryTree(categories, this.config);
    this.patch({ categories, tree, menu: menuItems(tree, this.config, this.options.storeCode) });
    return categories;
  }

  /** Make the category of a route path current ('Category query returned empty result url_path = ...' when none). */
  async setCurrentByPath(path: string): Promise<Category> {
    const categories = await this.loadCategories();
    const category = findCategoryByPath(categories, path, this.config);
    if (!category) {
      this.options.logger?.warn('Category query returned empty result', 'category', { path });
      throw categoryQueryEmpty('url_path', path.replace(/^\/+/, ''));
    }
    this.setCurrent(category);
    return category;
  }

  setCurrent(category: Category): void {
    if (this.state.value.current?.id === category.id) return;
    this.patch({ current: category, breadcrumbs: categoryBreadcrumbs(category, this.state.value.categories, this.config, this.options.storeCode), list: emptyList(this.config), available: {} });
  }

  /**
   * Replace the chosen filters and show `depth` pages (?page=N): the same filters one page deeper load the next page,
   * at the same depth nothing; anything else reloads pages 1..depth in one request.
   */
  async applyFilters(filters: ChosenFilters, depth = 1): Promise<ProductList> {
    const { list, warning } = this.state.value;
    const perPage = this.config.search.defaultPageSize;
    const same = !warning && list.items.length > 0 && sameFilters(this.state.value.filters, filters, this.config);
    if (same && depth === listDepthOf(list, perPage) && (depth > 1 || list.items.length <= perPage)) return list;
    if (same && depth === listDepthOf(list, perPage) + 1 && hasMoreItems(list)) return this.loadMore();
    this.patch({ filters });
    return this.loadProducts(0, depth * perPage);
  }

  /** spec catalogue §4.4: toggle a filter and reload the first page. */
  async toggle(option: FilterOption): Promise<ProductList> {
    return this.applyFilters(toggleFilter(this.state.value.filters, option, this.config));
  }

  /** Load the next page, appended. */
  async loadMore(): Promise<ProductList> {
    if (!hasMoreItems(this.state.value.list)) return this.state.value.list;
    return this.loadProducts(this.state.value.list.items.length);
  }

  /** Load a page of the category's products; spec catalogue §4.4: none, or a failure, sets the warning. */
  async loadProducts(from = 0, size = this.config.search.defaultPageSize): Promise<ProductList> {
    const category = this.state.value.current;
    if (!category) return this.state.value.list;
    const filters = this.state.value.filters;
    const request = categoryProductsRequest({ category, categories: this.state.value.categories, filters, from, size }, this.config);
    // the list keeps the default page size: 'load more' goes on page by page after a deep first load
    const perPage = this.config.search.defaultPageSize;
    this.patch({ loading: true });
    this.lastListFailure = undefined;
    try {
      const { clock } = this.options;
      let result;
      if (this.twoStage && clock && from === 0) {
        const t0 = clock.now();
        const first = await this.search.search<Product>({ ...request, includeFields: FIRST_STAGE_FIELDS });
        const t1 = clock.now();
        if (first.items.length) this.patch({ list: { start: 0, perPage, total: first.total, items: first.items } });
        result = await this.search.search<Product>(request);
        if (t1 - t0 >= clock.now() - t1) this.twoStage = false;
      } else {
        result = await this.search.search<Product>(request);
      }
      if (!result.items.length && from === 0) {
        this.patch({ list: emptyList(this.config), warning: MESSAGES.emptyCategoryList, loading: false, offline: !!result.offline });
        return this.state.value.list;
      }
      // a filtered list shows each configurable as its variant matching the filters (image, price, link)
      const page: ProductList = { start: from, perPage, total: result.total, items: result.items.map((p) => tileProduct(p, filters, this.config)) };
      const list = from === 0 ? page : appendPage(this.state.value.list, page);
      const available =
        from === 0 ? availableFiltersFromAggregations(result.aggregations, this.options.attributes?.() ?? result.attributeMetadata ?? [], this.config, this.options.locale) : this.state.value.available;
      this.patch({ list, available, warning: undefined, loading: false, offline: !!result.offline });
      return list;
    } catch (e) {
      this.lastListFailure = e;
      this.options.logger?.warn('Category products failed', 'category', { id: category.id, error: String(e) });
      this.patch({ list: emptyList(this.config), warning: MESSAGES.emptyCategoryList, loading: false });
      return this.state.value.list;
    }
  }

  /** Why the last list load failed, if it did: the server answers a 503 when the backend could not answer. */
  listFailure(): unknown {
    return this.lastListFailure;
  }

  dismissWarning(): void {
    this.patch({ warning: undefined });
  }
}
