import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { ManualNetwork, VirtualScheduler } from '../testing/virtual-time';
import { NetworkError } from '../ports/api-error';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import { CachedCatalogueSearch, CatalogueCache } from './catalogue-cache';
import { CategoryService, type CategoryState } from './category-service';
import { EMPTY_PRODUCT_STATE, ProductService } from './product-service';
import { EMPTY_HOME } from './home-service';
import { completeRendered, offlineFilterFields, rememberRendered, seedPlan } from './offline-seed';
import { Collection } from '../../test-fixtures/backend/search/engine';
import { executeSearch } from '../../test-fixtures/backend/search/execute';
import type { Aggregations, Category, Product } from './types';

const config = DEFAULT_CONFIG;
const product = (sku: string, extra: Partial<Product> = {}): Product => ({ id: 1, sku, name: sku, type_id: 'simple', visibility: 4, status: 1, ...extra }) as Product;
const linten = { id: 9, parent_id: 2, name: 'Linten', url_path: 'linten', slug: 'linten-9', level: 2, is_active: true } as Category;
const categoryState = (items: Product[]): CategoryState => ({
  categories: [linten],
  tree: [],
  menu: [],
  current: linten,
  breadcrumbs: [],
  list: { start: 0, perPage: 50, total: 61, items },
  filters: {},
  available: {},
  loading: false,
});
const offline: CatalogueSearch = {
  search: async () => {
    throw new NetworkError('offline');
  },
};

describe('what a server-rendered page showed is kept for offline use (spec catalogue §1)', () => {
  it('a product page: its url mapping and whole product; its related products listing-only', () => {
    const kp = product('KP-1', { url_path: 'linten/krullint-1.html' });
    const plan = seedPlan({ pageResolution: { path: '/linten/krullint-1.html', kind: 'product', status: 200 }, product: { ...EMPTY_PRODUCT_STATE, original: kp, related: { related: [product('R-1')] } } }, config);
    expect(plan.urlMapping).toEqual({ url: 'linten/krullint-1.html', hit: { _type: 'product', _source: kp } });
    expect(plan.wholeProducts).toEqual([kp]);
    expect(plan.listedProducts.map((p) => p.sku)).toEqual(['R-1']);
  });

  it('an error page, a 404 or a page of another kind keeps no mapping', () => {
    const kp = product('KP-1');
    expect(seedPlan({ pageResolution: { path: '/x', kind: 'not-found', status: 404 }, product: { ...EMPTY_PRODUCT_STATE, original: kp } }, config).urlMapping).toBeUndefined();
    expect(seedPlan({ pageResolution: { path: '/x', status: 503, error: { key: 'unavailable.message', params: {} } }, category: categoryState([kp]) }, config)).toMatchObject({ wholeProducts: [], listedProducts: [] });
    expect(seedPlan({ home: { ...EMPTY_HOME, lists: { new_collection: [kp], bestsellers: [kp] } } }, config)).toEqual({ wholeProducts: [], listedProducts: [kp] });
  });

  it('a category page opens offline by link with the products, order and total the server rendered // spec catalogue §4.4', async () => {
    const items = [product('B'), product('A'), product('C')];
    const cache = new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config);
    await rememberRendered(cache, { pageResolution: { path: '/linten', kind: 'category', status: 200 }, category: categoryState(items) }, config);
    expect(await cache.getUrlMapping('linten')).toEqual({ _type: 'category', _source: linten });
    // the browser's own CategoryService, offline, builds the same request and finds the rendered answer
    const network = new ManualNetwork(false);
    const categories = new CategoryService({ list: async () => [linten] }, new CachedCatalogueSearch(offline, cache, network), config);
    await categories.setCurrentByPath('/linten');
    const list = await categories.loadProducts();
    expect(list.items.map((p) => p.sku)).toEqual(['B', 'A', 'C']);
    expect(list.total).toBe(61);
    expect(categories.snapshot()).toMatchObject({ offline: true, warning: undefined });
    // its products are listing-only: a product page of one of them is not available offline
    const products = new ProductService(new CachedCatalogueSearch(offline, cache, network), config);
    await expect(products.load('A')).rejects.toMatchObject({ key: 'catalogue.productStatusEmpty' });
  });

  it('a rendered category page offline shows its filter panel and a filter works: completed online with the filter fields and aggregations // spec catalogue §3.4, §8', async () => {
    const whole = [
      product('B', { category_ids: [9], color: 49, final_price: 12 } as Partial<Product>),
      product('A', { category_ids: [9], color: 49, final_price: 60 } as Partial<Product>),
      product('C', { category_ids: [9], color_options: [50, 51], type_id: 'configurable', final_price: 8 } as Partial<Product>),
      product('X', { category_ids: [4], color: 50, final_price: 8 } as Partial<Product>),
    ];
    // the slim hydration state: tile fields only, no aggregations
    const slim = whole.slice(0, 3).map((p) => product(p.sku, { final_price: p.final_price }));
    const rendered = { pageResolution: { path: '/linten', kind: 'category' as const, status: 200 }, category: categoryState(slim) };
    const cache = new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config);
    await rememberRendered(cache, rendered, config);
    // online, once idle: the demo backend's engine answers the same request with the filter fields only
    const asked: SearchRequest[] = [];
    const collection = new Collection('product', whole as unknown as Record<string, unknown>[]);
    const backend: CatalogueSearch = {
      search: async <T,>(request: SearchRequest) => {
        asked.push(request);
        const answer = executeSearch(collection, { body: request.body, size: String(request.size), from: '0', sort: request.sort ?? null, sourceInclude: request.includeFields?.join(','), index: 'vue_storefront_catalog' }) as { hits: { hits: Array<{ _source: T }> }; aggregations: Aggregations };
        return { items: answer.hits.hits.map((h) => h._source), total: answer.hits.hits.length, start: 0, perPage: request.size, aggregations: answer.aggregations };
      },
    };
    await completeRendered(cache, backend, rendered, config);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.includeFields).toEqual(offlineFilterFields(config));
    expect(offlineFilterFields(config)).toEqual(expect.arrayContaining(['category_ids', 'color', 'color_options', 'size_options', 'final_price']));
    // a second time (a reload): the browser has the answer with its aggregations, nothing is asked
    await completeRendered(cache, backend, rendered, config);
    expect(asked).toHaveLength(1);

    const categories = new CategoryService({ list: async () => [linten] }, new CachedCatalogueSearch(offline, cache, new ManualNetwork(false)), config);
    await categories.setCurrentByPath('/linten');
    expect((await categories.loadProducts()).items.map((p) => p.sku)).toEqual(['B', 'A', 'C']);
    expect(categories.snapshot().available.color?.map((o) => [o.id, o.count])).toEqual([[49, 2], [50, 1], [51, 1]]);
    expect(categories.snapshot().available.price?.map((o) => [o.id, o.count])).toEqual([['0-50', 2], ['50-100', 1]]);
    // choosing a colour offline: a request never answered, read over the cached products (X is not in the category)
    await categories.toggle({ id: 50, type: 'color', attribute_code: 'color', label: '50' } as never);
    expect(categories.snapshot().list.items.map((p) => p.sku)).toEqual(['C']);
    expect(categories.snapshot().available.color?.map((o) => [o.id, o.count])).toEqual([[50, 1], [51, 1]]);
  });

  it('offline without the completion (it failed): the kept answer gets its aggregations from the cached products', async () => {
    const items = [product('B', { category_ids: [9], color: 49 } as Partial<Product>), product('C', { category_ids: [9], color: 50 } as Partial<Product>)];
    const cache = new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config);
    await rememberRendered(cache, { pageResolution: { path: '/linten', kind: 'category', status: 200 }, category: categoryState(items) }, config);
    const categories = new CategoryService({ list: async () => [linten] }, new CachedCatalogueSearch(offline, cache, new ManualNetwork(false)), config);
    await categories.setCurrentByPath('/linten');
    await categories.loadProducts();
    expect(categories.snapshot().available.color?.map((o) => [o.id, o.count])).toEqual([[49, 1], [50, 1]]);
  });

  it('a rendered product page opens offline by its sku', async () => {
    const cache = new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config);
    const kp = product('KP-1', { url_path: 'linten/krullint-1.html', description: 'whole' });
    await rememberRendered(cache, { pageResolution: { path: '/linten/krullint-1.html', kind: 'product', status: 200 }, product: { ...EMPTY_PRODUCT_STATE, original: kp } }, config);
    const products = new ProductService(new CachedCatalogueSearch(offline, cache, new ManualNetwork(false)), config);
    expect(await products.load('KP-1')).toMatchObject({ kind: 'product', product: { sku: 'KP-1', description: 'whole' } });
  });

  it('an answer the browser got itself (with its aggregations) is not replaced by the rendered copy', async () => {
    const cache = new CatalogueCache(new MemoryStorage(), new VirtualScheduler(), config);
    const plan = seedPlan({ pageResolution: { path: '/linten', kind: 'category', status: 200 }, category: categoryState([product('A')]) }, config);
    const own = { items: [product('A')], total: 1, start: 0, perPage: 50, aggregations: { agg_terms_color: { buckets: [] } } };
    await cache.setSearch(plan.categorySearch!.request, own);
    await rememberRendered(cache, { pageResolution: { path: '/linten', kind: 'category', status: 200 }, category: categoryState([product('A')]) }, config);
    expect(await cache.getSearch(plan.categorySearch!.request)).toEqual(own);
  });

  it('a list shown several pages deep (?page=3) keeps its first page, as a link to the category asks for it', () => {
    const items = Array.from({ length: 120 }, (_, i) => product(`P-${i}`));
    const plan = seedPlan({ pageResolution: { path: '/linten', kind: 'category', status: 200 }, category: categoryState(items) }, config);
    expect(plan.categorySearch!.request).toMatchObject({ from: 0, size: config.search.defaultPageSize });
    expect(plan.categorySearch!.items.map((p) => p.sku)).toEqual(items.slice(0, config.search.defaultPageSize).map((p) => p.sku));
    expect(plan.listedProducts).toHaveLength(120);
  });

  it('a filtered list keeps its tiles (a configurable shown as its matching variant) but stores no variant as a product of its own', () => {
    const variant = product('IP-8-rood', { type_id: 'configurable', parentSku: 'IP-8' });
    const plan = seedPlan({ pageResolution: { path: '/linten', kind: 'category', status: 200 }, category: categoryState([variant, product('A')]) }, config);
    expect(plan.categorySearch!.items.map((p) => p.sku)).toEqual(['IP-8-rood', 'A']);
    expect(plan.listedProducts.map((p) => p.sku)).toEqual(['A']);
  });
});

describe('the seed gives the page its main thread back (no long task after hydration)', () => {
  it('writes the url mapping, the first product page and whole documents first, then the listed products in slices, each after a pause', async () => {
    const writes: string[] = [];
    const storage = new MemoryStorage();
    const set = storage.set.bind(storage);
    storage.set = async (collection, key, value) => {
      writes.push(`${collection}:${key.slice(0, 12)}`);
      return set(collection, key, value);
    };
    const cache = new CatalogueCache(storage, new VirtualScheduler(), config);
    const items = Array.from({ length: 20 }, (_, i) => product(`P-${i}`));
    let pauses = 0;
    await rememberRendered(cache, { pageResolution: { path: '/linten', kind: 'category', status: 200 }, category: categoryState(items) }, config, {
      pause: async () => {
        writes.push(`pause ${++pauses}`);
      },
    });
    // url mapping and the category's first page before any pause or listed product
    const firstPause = writes.indexOf('pause 1');
    expect(writes.slice(0, firstPause).map((w) => w.split(':')[0]).sort()).toEqual([STORAGE_COLLECTIONS.elasticCache, STORAGE_COLLECTIONS.urlCache].sort());
    // 20 listed products: 3 slices of at most 8, each after its own pause
    expect(pauses).toBe(3);
    const slices = writes.slice(firstPause).join('|').split(/\|?pause \d\|?/).filter(Boolean).map((s) => s.split('|'));
    expect(slices.map((s) => s.length)).toEqual([8, 8, 4]);
    expect(slices.flat().every((w) => w.startsWith(`${STORAGE_COLLECTIONS.products}:`))).toBe(true);
    // and every listed product is there in the end, listing-only
    expect((await cache.offlineProducts(false)).map((p) => p.sku).sort()).toEqual(items.map((p) => p.sku).sort());
  });
});
