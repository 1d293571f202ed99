/** HttpUrlMapper, HttpProductApi, HttpStockApi and HttpContentApi against the demo backend (spec catalogue §2.3, §4.5, §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../test-fixtures/backend';
import { DEFAULT_CONFIG } from '../../core/config';
import { buildSearchQuery } from '../../core/catalogue/search-query';
import { chunkSkus, StockSyncService } from '../../core/catalogue/stock-sync';
import { UrlDispatcher } from '../../core/routing/dispatcher';
import type { Category, Product } from '../../core/catalogue/types';
import { createApiClient } from './api-client';
import { HttpCatalogueSearch } from './catalogue-search';
import { HttpUrlMapper } from './url-mapper';
import { HttpProductApi } from './product-api';
import { HttpStockApi } from './stock-api';
import { HttpCategoryApi, HttpContentApi } from './catalogue-search';

const config = DEFAULT_CONFIG;
let backend: { url: string; close: () => Promise<void> | void };
let search: HttpCatalogueSearch;
let mapper: HttpUrlMapper;
let productApi: HttpProductApi;
let stock: HttpStockApi;
let content: HttpContentApi;
let products: Product[];
let cats: Category[];

beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:' });
  const client = createApiClient({ baseUrl: backend.url, timeoutMs: 5000 });
  search = new HttpCatalogueSearch(client, config);
  mapper = new HttpUrlMapper(client);
  productApi = new HttpProductApi(client, config);
  stock = new HttpStockApi(client);
  content = new HttpContentApi(client, config);
  products = (await search.search<Product>(buildSearchQuery({ size: 60 }, config))).items;
  cats = await new HttpCategoryApi(client, config).list({});
});
afterAll(async () => {
  await backend?.close();
});

describe('url mapping and the dispatcher', () => {
  it('maps product and category url_paths, and unknown paths to page-not-found // spec catalogue §2.3', async () => {
    const d = new UrlDispatcher(mapper, config);
    const conf = products.find((p) => p.type_id === 'configurable' && p.url_path)!;
    const r = await d.resolve('/' + conf.url_path);
    expect(r).toMatchObject({ kind: 'product', name: 'configurable-product', params: { parentSku: conf.sku } });
    const cat = cats.find((c) => c.level >= 3)!;
    expect(await d.resolve('/' + cat.url_path)).toMatchObject({ kind: 'category', category: { id: cat.id } });
    expect(await d.resolve('/dit-bestaat-echt-niet-123')).toMatchObject({ kind: 'not-found', params: { slug: 'page-not-found' } });
    expect(await d.resolve('/veel-gestelde-vragen')).toMatchObject({ kind: 'cms_page', params: { slug: 'veel-gestelde-vragen' } });
  });
});

describe('price refresh and stock', () => {
  it('render-list answers price_info per sku // spec catalogue §4.5, §7', async () => {
    const skus = products.slice(0, 3).map((p) => p.sku);
    const items = await productApi.renderList({ skus, currencyCode: 'EUR', storeId: 1 });
    expect(items.map((i) => i.sku).sort()).toEqual([...skus].sort());
    for (const i of items) expect(i.price_info.final_price).toBeGreaterThan(0);
  });

  it('stock check and list (chunks of 15) // spec catalogue §4.5, §7', async () => {
    const one = await stock.check(products[0]!.sku);
    expect(one).toMatchObject({ is_in_stock: expect.any(Boolean), qty: expect.any(Number) });
    const skus = products.slice(0, 20).map((p) => p.sku);
    const listed = (await Promise.all(chunkSkus(skus, 15).map((c) => stock.list(c)))).flat();
    expect(listed.length).toBe(20);
    const synced = await new StockSyncService(stock, config).sync(products.slice(0, 20), { force: true });
    expect(synced.every((p) => p.stock !== undefined)).toBe(true);
    expect(await stock.check('BESTAAT-NIET-999')).toBeUndefined();
  });
});

describe('CMS', () => {
  it('pages and blocks by identifier; unknown ones answer undefined // spec catalogue §3.5, §7', async () => {
    expect(await content.pageByIdentifier('privacy', 1)).toMatchObject({ identifier: 'privacy' });
    expect(await content.blockByIdentifier('header-block', 1)).toMatchObject({ identifier: 'header-block' });
    expect(await content.pageByIdentifier('bestaat-niet', 1)).toBeUndefined();
    const blocks = await content.blocks({ identifiers: ['copyright-block', 'header-block'] });
    expect(blocks.map((b) => b.identifier).sort()).toEqual(['copyright-block', 'header-block']);
  });
});
