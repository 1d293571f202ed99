import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstValueFrom } from 'rxjs';
import { DEFAULT_CONFIG, createConfig } from '../config';
import { MESSAGES, ShopError } from '../messages';
import { NetworkError } from '../ports/api-error';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import type { AttributeApi, AttributeQuery } from '../ports/attribute-api';
import type { ProductApi, RenderListRequest } from '../ports/product-api';
import type { StockApi } from '../ports/stock-api';
import { MemoryLogger, VirtualClock } from '../testing/virtual-time';
import { AttributeService, attributeCodesToLoad, EMPTY_ATTRIBUTES } from './attributes';
import { CategoryService, portableCategoryState } from './category-service';
import { generateCatalogue } from '../../test-fixtures/catalogue';
import { CmsService } from './cms-service';
import { PRICES_AFTER_SYNC, PriceSyncService } from './price-sync';
import { ProductService, productLoadDecision, singleProductRequest } from './product-service';
import { SearchService } from './search-service';
import { StockSyncService, chunkSkus, stockStatus } from './stock-sync';
import type { Category, Product, SearchResult } from './types';

const config = DEFAULT_CONFIG;

/** Fake search over a product list: answers the items whose `sku` (or configurable_children.sku) the request names. */
class ListSearch implements CatalogueSearch {
  requests: SearchRequest[] = [];
  fail: Error | undefined;
  constructor(private readonly products: Product[]) {}
  async search<T>(request: SearchRequest): Promise<SearchResult<T>> {
    this.requests.push(request);
    if (this.fail) throw this.fail;
    const text = JSON.stringify(request.body);
    const sku = /"sku":\["([^"]+)"/.exec(text);
    const skus = /"sku":\[([^\]]+)\]/.exec(text);
    const child = /"configurable_children\.sku":\["([^"]+)"/.exec(text);
    let items = this.products;
    if (child) items = items.filter((p) => p.configurable_children?.some((c) => c.sku === child[1]));
    else if (skus) {
      const wanted = JSON.parse(`[${skus[1]}]`) as string[];
      items = items.filter((p) => wanted.includes(p.sku));
    } else if (sku) items = items.filter((p) => p.sku === sku[1]);
    return { items: items as unknown as T[], total: items.length, start: request.from, perPage: request.size, aggregations: {} };
  }
}

const parent: Product = {
  id: 10, sku: 'KERST', name: 'Kerstpapier', type_id: 'configurable', url_path: 'kerstpapier.html', status: 1, visibility: 4,
  configurable_options: [{ attribute_id: 93, attribute_code: 'color', label: 'Kleur', values: [{ value_index: 1, label: 'Rood' }, { value_index: 2, label: 'Goud' }] }],
  configurable_children: [
    { id: 11, sku: 'KERST-R', color: 1, final_price: 4, status: 1 },
    { id: 12, sku: 'KERST-G', color: 2, final_price: 5, status: 1 },
  ],
};
const childAsProduct: Product = { id: 12, sku: 'KERST-G', name: 'Kerstpapier goud', type_id: 'simple', visibility: 1, status: 1 };
const disabled: Product = { id: 20, sku: 'OUD', name: 'Oud', type_id: 'simple', status: 2 };
const grouped: Product = {
  id: 30, sku: 'SET', name: 'Set', type_id: 'grouped', status: 1, visibility: 4,
  product_links: [
    { link_type: 'associated', linked_product_type: 'simple', linked_product_sku: 'LINT', sku: 'SET', qty: 2 },
    { link_type: 'associated', linked_product_type: 'simple', linked_product_sku: 'WEG', sku: 'SET' },
  ],
};
const lint: Product = { id: 31, sku: 'LINT', name: 'Lint', type_id: 'simple', price: 2 };

describe('ProductService (spec catalogue §4.1, §4.2)', () => {
  it('the single-product lookup requires a search key value // spec catalogue §5', () => {
    expect(() => singleProductRequest('sku', '', config)).toThrow(ShopError);
    expect(() => singleProductRequest('sku', undefined, config)).toThrow(expect.objectContaining({ key: MESSAGES.searchKeyRequired }));
  });

  it("status 2 or more: 'Product query returned empty result product status = N' // spec catalogue §4.1", async () => {
    const s = new ProductService(new ListSearch([disabled]), config);
    await expect(s.load('OUD')).rejects.toMatchObject({ key: MESSAGES.productStatusEmpty, params: { status: 2 } });
  });

  it('visibility 1 redirects (301) to the parent with the childSku when direct access is prevented, else errors // spec catalogue §2.2, §4.1', async () => {
    const s = new ProductService(new ListSearch([parent, childAsProduct]), config);
    expect(await s.load('KERST-G')).toEqual({ kind: 'redirect', to: '/kerstpapier.html?childSku=KERST-G', status: 301 });
    const off = createConfig({ catalogue: { preventConfigurableChildrenDirectAccess: false } });
    expect(productLoadDecision(childAsProduct, off)).toMatchObject({ kind: 'error', error: { key: MESSAGES.productVisibilityEmpty, params: { visibility: 1 } } });
  });

  it('loads a configurable with the child of the URL merged, options, gallery and breadcrumbs // spec catalogue §3.6, §4.2', async () => {
    const attrsAsked: AttributeQuery[] = [];
    const attrs = new AttributeService({ list: async (q) => (attrsAsked.push(q), [{ attribute_id: 93, attribute_code: 'color', options: [{ label: 'Rood', value: 1 }] }]) }, config);
    const s = new ProductService(new ListSearch([parent]), config, attrs);
    const r = await s.load('KERST', { childSku: 'KERST-G' });
    expect(r).toMatchObject({ kind: 'product', product: { sku: 'KERST-G', parentSku: 'KERST', final_price: 5 } });
    const st = s.snapshot();
    expect(st.configuration).toEqual({ color: { attribute_code: 'color', id: 2, label: 'Goud' } });
    expect(st.options?.[0]?.values.length).toBe(2);
    expect(st.breadcrumbs).toEqual([{ name: 'Kerstpapier' }]);
    expect(attrsAsked[0]?.codes).toEqual(['color']);
    expect(attrs.label('color', 1)).toBe('Rood');
  });

  it("choosing an option no child has sets the 'No such configuration' warning and keeps the product // spec catalogue §4.2", async () => {
    const s = new ProductService(new ListSearch([parent]), config);
    await s.load('KERST');
    const before = s.snapshot().current;
    expect(s.configure({ options: { color: 7 } })).toEqual({ ok: false, warning: MESSAGES.noSuchConfiguration });
    expect(s.snapshot().warning).toBe(MESSAGES.noSuchConfiguration);
    expect(s.snapshot().current).toBe(before);
    expect(s.configure({ options: { color: 1 } })).toMatchObject({ ok: true, product: { sku: 'KERST-R' } });
    expect(s.snapshot().warning).toBeUndefined();
  });

  it("grouped: associated links prefetched; a missing one logs 'Product link not found' // spec catalogue §4.1, §4.4", async () => {
    const logger = new MemoryLogger();
    const s = new ProductService(new ListSearch([grouped, lint]), config, undefined, logger);
    const r = await s.load('SET');
    if (r.kind !== 'product') throw new Error('expected product');
    expect(r.product.product_links?.[0]?.product).toMatchObject({ sku: 'LINT', qty: 2 });
    expect(logger.lines.some((l) => l.message === 'Product link not found')).toBe(true);
  });

  it("related products: the product's own 'related' links by sku, else its category's products // spec catalogue §3.6", async () => {
    const links = [{ link_type: 'related', linked_product_type: 'simple', linked_product_sku: 'LINT', sku: 'SET' }];
    const search = new ListSearch([lint]);
    const s = new ProductService(search, config);
    expect((await s.loadRelatedOf({ ...grouped, product_links: links })).map((p) => p.sku)).toEqual(['LINT']);
    expect(s.snapshot().related['related']?.map((p) => p.sku)).toEqual(['LINT']);
    await s.loadRelatedOf({ ...lint, category_ids: [11] });
    expect(JSON.stringify(search.requests.at(-1)?.body)).toContain('"category_ids":[11]');
  });
});

const cats: Category[] = [
  { id: 11, parent_id: 2, level: 2, name: 'Inpakpapier', is_active: true, position: 1, path: '1/2/11', url_key: 'inpakpapier', url_path: 'inpakpapier', slug: 'inpakpapier-11' },
];

describe('CategoryService (spec catalogue §4.4)', () => {
  it("an empty or failing product list empties the list with the 'No products synchronized' warning // spec catalogue §4.4", async () => {
    const search = new ListSearch([]);
    const s = new CategoryService({ list: async () => cats }, search, config);
    await s.setCurrentByPath('/inpakpapier');
    await s.loadProducts();
    expect(s.snapshot().warning).toBe(MESSAGES.emptyCategoryList);
    const withItems = new ListSearch([lint]);
    const s2 = new CategoryService({ list: async () => cats }, withItems, config);
    await s2.setCurrentByPath('/inpakpapier');
    expect((await s2.loadProducts()).items.length).toBe(1);
    withItems.fail = new NetworkError();
    await s2.loadProducts();
    expect(s2.snapshot()).toMatchObject({ warning: MESSAGES.emptyCategoryList, list: { items: [], total: 0 } });
  });

  it("an unknown path raises 'Category query returned empty result url_path = ...' // spec catalogue §5, §8", async () => {
    const s = new CategoryService({ list: async () => cats }, new ListSearch([]), config);
    await expect(s.setCurrentByPath('/nergens')).rejects.toMatchObject({ key: MESSAGES.categoryQueryEmpty, params: { key: 'url_path', value: 'nergens' } });
    expect(s.snapshot().menu.map((m) => m.link)).toEqual(['/inpakpapier']);
  });

  it('toggling a filter reloads the first page with the filter in the query // spec catalogue §4.4', async () => {
    const search = new ListSearch([lint]);
    const s = new CategoryService({ list: async () => cats }, search, config);
    await s.setCurrentByPath('/inpakpapier');
    await s.toggle({ id: 5, label: 'Rood', type: 'color' });
    expect(JSON.stringify(search.requests.at(-1)!.body)).toContain('"color_options":[5]');
    await s.toggle({ id: 5, label: 'Rood', type: 'color' });
    expect(s.snapshot().filters).toEqual({});
  });
});

describe('CategoryService two-stage caching', () => {
  it('asks a light first stage until one is not faster than the full query // spec catalogue §4.4', async () => {
    // durations of a few milliseconds: equal stages (the boundary, 'not faster') come up often
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(fc.nat(3), fc.nat(3)), { maxLength: 10 }), async (runs) => {
      const clock = new VirtualClock();
      let took: [number, number] = [0, 0];
      const search = new ListSearch([lint]);
      const timed: CatalogueSearch = {
        search: (r) => {
          clock.set(clock.now() + (r.includeFields ? took[0] : took[1]));
          return search.search(r);
        },
      };
      const s = new CategoryService({ list: async () => cats }, timed, config, { clock, twoStage: true });
      await s.setCurrentByPath('/inpakpapier');
      for (const run of runs) {
        took = run;
        await s.loadProducts();
      }
      const firstStages = search.requests.filter((r) => r.includeFields).length;
      const slower = runs.findIndex(([a, b]) => a >= b);
      expect(firstStages).toBe(slower < 0 ? runs.length : slower + 1);
    }));
  });
});

describe("CategoryService 'load more' depth (?page=N)", () => {
  /** Answers pages of 120 numbered products by from/size, as the search backend does. */
  class PagedSearch implements CatalogueSearch {
    requests: SearchRequest[] = [];
    readonly products: Product[] = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, sku: `P${i + 1}`, name: `p${i + 1}`, type_id: 'simple', status: 1, visibility: 4 }));
    async search<T>(r: SearchRequest): Promise<SearchResult<T>> {
      this.requests.push(r);
      return { items: this.products.slice(r.from, r.from + r.size) as unknown as T[], total: this.products.length, start: r.from, perPage: r.size, aggregations: {} };
    }
  }
  const perPage = config.search.defaultPageSize;

  it('depth N loads pages 1..N in one request; one deeper loads just the next page; the same depth loads nothing // spec catalogue §4.4', async () => {
    const search = new PagedSearch();
    const s = new CategoryService({ list: async () => cats }, search, config);
    await s.setCurrentByPath('/inpakpapier');
    const deep = await s.applyFilters({}, 2);
    expect(search.requests.map((r) => [r.from, r.size])).toEqual([[0, 2 * perPage]]);
    expect(deep.items.map((p) => p.sku)).toEqual(search.products.slice(0, 2 * perPage).map((p) => p.sku));
    // 'load more' goes on page by page after the deep first load
    expect(deep.perPage).toBe(perPage);
    await s.applyFilters({}, 2);
    expect(search.requests).toHaveLength(1);
    const more = await s.applyFilters({}, 3);
    expect(search.requests.at(-1)).toMatchObject({ from: 2 * perPage, size: perPage });
    expect(more.items).toHaveLength(Math.min(120, 3 * perPage));
    // other filters start over at the depth asked
    await s.applyFilters({ color: [{ id: 5, label: 'Rood', type: 'color' }] } as never, 1);
    expect(search.requests.at(-1)).toMatchObject({ from: 0, size: perPage });
    expect(s.snapshot().list.items).toHaveLength(perPage);
  });
});

describe('AttributeService (spec catalogue §3.3, §5)', () => {
  it('skips codes with a dot, loaded and blacklisted codes; unknown codes are blacklisted', async () => {
    const asked: AttributeQuery[] = [];
    const api: AttributeApi = { list: async (q) => (asked.push(q), [{ attribute_id: 93, attribute_code: 'color' }]) };
    const s = new AttributeService(api, config);
    await s.load(['color', 'bogus', 'stock.qty', 'color']);
    expect(asked).toEqual([{ codes: ['color', 'bogus'], size: 150 }]);
    expect(s.snapshot().blacklist).toEqual(['bogus']);
    await s.load(['color', 'bogus']);
    expect(asked.length).toBe(1);
    expect(attributeCodesToLoad(['a.b', 'x'], EMPTY_ATTRIBUTES)).toEqual(['x']);
  });
});

describe('CmsService (spec catalogue §8)', () => {
  it("an empty CMS answer gives 'CMS query returned empty result'", async () => {
    const s = new CmsService({ pageById: async () => undefined, blockById: async () => undefined, pageByIdentifier: async (id) => (id === 'privacy' ? { id: 1, identifier: 'privacy' } : undefined), blockByIdentifier: async () => undefined, blocks: async () => [] }, config);
    expect(await s.loadPage('privacy')).toEqual({ id: 1, identifier: 'privacy' });
    await expect(s.loadPage('nope')).rejects.toMatchObject({ key: MESSAGES.cmsQueryEmpty });
    expect(await s.loadBlock('header-block')).toBeUndefined();
  });
});

describe('PriceSyncService (spec catalogue §4.5, §8)', () => {
  it("applies render-list prices to products and children and fires 'prices-after-sync'; failure gives no items, logged", async () => {
    const asked: RenderListRequest[] = [];
    const api: ProductApi = {
      renderList: async (r) => (asked.push(r), [{ id: 12, sku: 'KERST-G', price_info: { final_price: 6.05, regular_price: 7.26, extension_attributes: { tax_adjustments: { final_price: 5, regular_price: 6 } } } }]),
    };
    const clock = new VirtualClock();
    const s = new PriceSyncService(api, clock, config, 1);
    const event = firstValueFrom(s.afterSync$);
    const [p] = await s.sync([parent]);
    expect(asked[0]).toMatchObject({ skus: ['KERST', 'KERST-R', 'KERST-G'], currencyCode: 'EUR', storeId: 1 });
    expect(p!.configurable_children![1]).toMatchObject({ price_is_current: true, final_price: 5, price: 6, special_price: 5, final_price_incl_tax: 6.05 });
    expect((await event).event).toBe(PRICES_AFTER_SYNC);
    const logger = new MemoryLogger();
    const failing = new PriceSyncService({ renderList: async () => { throw new NetworkError(); } }, clock, config, 1, logger);
    expect(await failing.fetchPrices(['A'])).toEqual([]);
    expect(logger.lines[0]?.level).toBe('error');
  });
});

describe('StockSyncService (spec catalogue §4.4, §4.5, §7)', () => {
  it('asks in chunks of 15, only when stock sync is on (or forced); failure gives an empty list', async () => {
    const calls: string[][] = [];
    const api: StockApi = { check: async () => undefined, list: async (skus) => (calls.push([...skus]), skus.map((s, i) => ({ product_id: i, qty: 1, is_in_stock: true, product_sku: s }))) };
    const many: Product[] = Array.from({ length: 40 }, (_, i) => ({ id: i, sku: `S${i}`, name: 's', type_id: 'simple' }));
    const off = new StockSyncService(api, config);
    expect(await off.list(many)).toEqual([]);
    expect(calls).toEqual([]);
    const answers = await off.list(many, { force: true });
    expect(calls.map((c) => c.length)).toEqual([15, 15, 10]);
    expect(answers.length).toBe(40);
    expect(chunkSkus(['a', 'b', 'c'], 15)).toEqual([['a', 'b', 'c']]);
    const failing = new StockSyncService({ check: async () => undefined, list: async () => { throw new Error('x'); } }, createConfig({ catalogue: { stockSync: true } }));
    expect(await failing.list(many)).toEqual([]);
    expect(stockStatus(undefined)).toBe('ok');
    expect(stockStatus({ is_in_stock: false })).toBe('out_of_stock');
  });
});

describe('SearchService (spec catalogue §2.8, §5)', () => {
  it('searches from 3 characters with the header filters; empty clears; see more until the last page', async () => {
    const products: Product[] = Array.from({ length: 20 }, (_, i) => ({ id: i, sku: `K${i}`, name: 'kado', type_id: 'simple' }));
    const search = new (class implements CatalogueSearch {
      requests: SearchRequest[] = [];
      async search<T>(r: SearchRequest): Promise<SearchResult<T>> {
        this.requests.push(r);
        return { items: products.slice(r.from, r.from + r.size) as unknown as T[], total: products.length, start: r.from, perPage: r.size, aggregations: {} };
      }
    })();
    const s = new SearchService(search, config);
    await s.setText('ka');
    expect(search.requests.length).toBe(0);
    await s.setText('kado');
    expect(search.requests[0]!.size).toBe(16);
    expect(JSON.stringify(search.requests[0]!.body)).toContain('"visibility":[3,4]');
    expect(s.snapshot()).toMatchObject({ hasMore: true, total: 20 });
    await s.loadMore();
    expect(s.snapshot()).toMatchObject({ hasMore: false });
    expect(s.snapshot().items.length).toBe(20);
    await s.setText('');
    expect(s.snapshot().items).toEqual([]);
  });
});

describe('CategoryService hydration from a portable snapshot', () => {
  it('rebuilds the same tree and menu from the flat list a page carries (the tree is not sent twice) // spec catalogue §3.2, §4.4', async () => {
    const demo = generateCatalogue().categories as unknown as Category[];
    const server = new CategoryService({ list: async () => demo }, new ListSearch([]), config);
    await server.setCurrentByPath('/inpakpapier');
    const portable = JSON.parse(JSON.stringify(portableCategoryState(server.snapshot()))) as Record<string, unknown>;
    expect(portable).not.toHaveProperty('tree');
    expect(portable).not.toHaveProperty('menu');
    const browser = new CategoryService({ list: async () => { throw new Error('the browser must not load the categories again'); } }, new ListSearch([]), config);
    browser.hydrate(portable as never);
    expect(browser.snapshot().tree).toEqual(server.snapshot().tree);
    expect(browser.snapshot().menu).toEqual(server.snapshot().menu);
    expect(browser.snapshot().current).toEqual(server.snapshot().current);
    expect(await browser.loadCategories()).toHaveLength(server.snapshot().categories.length);
  });
});
