import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { startTestBackend, type TestBackend } from './test-helpers';

let be: TestBackend;
const cat = generateCatalogue();
const product = cat.products.find((p) => p.type_id === 'configurable')!;
const special = cat.products.find((p) => p.visibility !== 1 && p.special_from_date && p.special_from_date < '2026-11-01' && (!p.special_to_date || p.special_to_date > '2026-11-02'))!;

beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => be.close());

describe('url map, render-list, stock, cms, images (spec catalogue §7)', () => {
  it('maps product, category and cms urls to the bare hit, unknown to null', async () => {
    const p = await be.call('POST', '/api/url/map', { url: `/${product.url_path}`, includeFields: ['sku', 'name', 'url_path'], excludeFields: null, options: {}, filters: { sku: null } });
    expect(p.status).toBe(200);
    expect(p.json).toMatchObject({ _type: 'product', _source: { sku: product.sku, url_path: product.url_path } });
    expect(p.json._source.description).toBeUndefined();
    const c = await be.call('POST', '/api/url/map', { url: 'inpakpapier/kerst/klassiek' });
    expect(c.json).toMatchObject({ _type: 'category', _source: { name: 'Klassiek' } });
    const page = await be.call('POST', '/api/url/map', { url: '/i/privacy' });
    expect(page.json).toMatchObject({ _type: 'cms_page', _source: { identifier: 'privacy' } });
    const none = await be.call('POST', '/api/url/map', { url: '/bestaat/niet.html' });
    expect(none.status).toBe(200);
    expect(none.json).toBeNull();
    expect((await be.call('POST', '/api/url/map', {})).status).toBe(400);
    expect((await be.call('POST', '/api/url/map', { url: 42 })).status).toBe(400);
  });

  it('render-list answers current prices incl. VAT; the special price counts inside its window (spec catalogue §3.1)', async () => {
    const res = await be.call('GET', `/api/product/render-list?skus=${encodeURIComponent(special.sku)},nope&currencyCode=EUR&storeId=1`);
    expect(res.status).toBe(200);
    expect(res.json.result.items).toHaveLength(1);
    const info = res.json.result.items[0].price_info;
    expect(info.extension_attributes.tax_adjustments.final_price).toBe(special.special_price_incl_tax);
    expect(info.extension_attributes.tax_adjustments.regular_price).toBe(special.price_incl_tax);
    be.clock.advance(400 * 86400); // past every window
    const later = await be.call('GET', `/api/product/render-list?skus=${encodeURIComponent(special.sku)}`);
    be.clock.advance(-400 * 86400);
    expect(later.json.result.items[0].price_info.extension_attributes.tax_adjustments.final_price).toBe(special.price_incl_tax);
    expect((await be.call('GET', '/api/product/render-list')).status).toBe(400);
    expect((await be.call('GET', '/api/product/render-list?skus=a&currencyCode=USD')).status).toBe(400);
  });

  it('stock check and list answer qty and is_in_stock; unknown sku is 404', async () => {
    const child = product.configurable_children![0]!;
    const one = await be.call('GET', `/api/stock/check?sku=${encodeURIComponent(child.sku)}`);
    expect(one.json.result).toMatchObject({ qty: child.stock?.qty, is_in_stock: child.stock?.is_in_stock, manage_stock: true });
    const skus = cat.products.slice(0, 15).map((p) => p.sku);
    const list = await be.call('GET', `/api/stock/list?skus=${skus.map(encodeURIComponent).join(',')}`);
    expect(list.json.result.map((r: any) => r.product_sku)).toEqual(skus);
    expect((await be.call('GET', '/api/stock/check?sku=nope')).status).toBe(404);
    expect((await be.call('GET', '/api/stock/check')).status).toBe(400);
  });

  it('serves CMS pages and blocks by id and identifier in Dutch', async () => {
    for (const id of ['veel-gestelde-vragen', 'orders-retouren', 'privacy', 'leveringsvoorwaarden', 'wiezijnwij']) {
      const res = await be.call('GET', `/api/ext/cms-data/cmsPageIdentifier/${id}/storeId/1`);
      expect(res.status).toBe(200);
      expect(res.json.result.content).toMatch(/<h2>/);
    }
    expect((await be.call('GET', '/api/ext/cms-data/cmsBlockIdentifier/copyright-block/storeId/1')).json.result.content).toContain('btw');
    expect((await be.call('GET', '/api/ext/cms-data/cmsPage/1')).json.result.identifier).toBe('veel-gestelde-vragen');
    expect((await be.call('GET', '/api/ext/cms-data/cmsBlock/2')).json.result.identifier).toBe('copyright-block');
    expect((await be.call('GET', '/api/ext/cms-data/cmsPageIdentifier/nope/storeId/1')).status).toBe(404);
    expect((await be.call('GET', '/api/ext/cms-data/cmsPageIdentifier/privacy/storeId/x')).status).toBe(400);
  });

  // attribute labels and option values per store view; the English store is index _en and CMS store id 2
  it('serves the English store data: attribute labels and values from the _en index, CMS blocks for store id 2', async () => {
    const body = encodeURIComponent(JSON.stringify({ query: { bool: { filter: { terms: { attribute_code: ['color', 'erin_recommends'] } } } } }));
    const labels = async (index: string) => {
      const res = await be.call('GET', `/api/catalog/${index}/attribute/_search?size=10&from=0&request=${body}`);
      return Object.fromEntries(res.json.hits.hits.map((h: any) => [h._source.attribute_code, [h._source.frontend_label, ...h._source.options.map((o: any) => o.label)]]));
    };
    const nl = await labels('vue_storefront_catalog');
    const en = await labels('vue_storefront_catalog_en');
    expect(nl.color.slice(0, 2)).toEqual(['Kleur', 'Rood']);
    expect(en.color.slice(0, 2)).toEqual(['Colour', 'Red']);
    expect(nl.erin_recommends).toEqual(['Aanrader', 'Nee', 'Ja']);
    expect(en.erin_recommends).toEqual(['Recommended', 'No', 'Yes']);
    expect((await be.call('GET', '/api/ext/cms-data/cmsBlockIdentifier/copyright-block/storeId/2')).json.result.content).toContain('VAT');
    expect((await be.call('GET', '/api/ext/cms-data/cmsBlockIdentifier/copyright-block/storeId/1')).json.result.content).toContain('btw');
  });

  // category names and descriptions, CMS pages and bundle option titles per store view too
  it('serves English category names and descriptions, CMS pages and bundle option titles for the English store view', async () => {
    const categories = async (index: string) => {
      const body = encodeURIComponent(JSON.stringify({ query: { bool: { filter: { terms: { level: [2] } } } } }));
      const res = await be.call('GET', `/api/catalog/${index}/category/_search?size=50&from=0&request=${body}`);
      return res.json.hits.hits.map((h: any) => h._source);
    };
    const [nl, en] = [await categories('vue_storefront_catalog'), await categories('vue_storefront_catalog_en')];
    const wrapNl = nl.find((c: any) => c.url_key === 'inpakpapier');
    const wrapEn = en.find((c: any) => c.url_key === 'inpakpapier');
    expect([wrapNl.name, wrapEn.name]).toEqual(['Inpakpapier', 'Wrapping paper']);
    expect(wrapEn.description).toBe('Wrapping paper and gift wrap on rolls for every occasion.');
    // the same tree: ids, paths and URL keys; the children named in English too
    expect(en.map((c: any) => [c.id, c.url_path])).toEqual(nl.map((c: any) => [c.id, c.url_path]));
    expect(wrapEn.children_data.map((c: any) => c.name)).toContain('Christmas');
    const faq = async (store: number) => (await be.call('GET', `/api/ext/cms-data/cmsPageIdentifier/veel-gestelde-vragen/storeId/${store}`)).json.result;
    expect((await faq(1)).title).toBe('Veel gestelde vragen');
    expect((await faq(2)).title).toBe('Frequently asked questions');
    expect((await faq(2)).content).toContain('When will my order be delivered?');
    expect((await faq(2)).content).not.toMatch(/bestelling/);
    const bundleTitles = async (index: string) => {
      const body = encodeURIComponent(JSON.stringify({ query: { bool: { filter: { terms: { type_id: ['bundle'] } } } } }));
      const res = await be.call('GET', `/api/catalog/${index}/product/_search?size=1&from=0&request=${body}`);
      return res.json.hits.hits[0]._source.bundle_options.map((o: any) => o.title);
    };
    expect(await bundleTitles('vue_storefront_catalog')).toEqual(['Inpakpapier', 'Lint', 'Kaart']);
    expect(await bundleTitles('vue_storefront_catalog_en')).toEqual(['Wrapping paper', 'Ribbon', 'Card']);
  });

  it('draws SVG product images in the product colour at the thumbnail sizes (spec catalogue §9)', async () => {
    for (const [w, h] of [[210, 300], [324, 489], [600, 744]]) {
      const res = await be.call('GET', `/img/${w}/${h}/resize${product.image}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(res.text).toContain(`width="${w}" height="${h}"`);
    }
    const colourCode = String(product.image).match(/-([a-z]+)\.svg$/)![1];
    const res = await be.call('GET', `/img/210/300/resize${product.image}`);
    expect(res.text).toContain(`aria-label="wrapping ${colourCode![0]!.toUpperCase()}${colourCode!.slice(1)}"`);
    expect((await be.call('GET', '/img/210/300/resize/w/r/wrapping-999999-rood.svg')).status).toBe(404);
    expect((await be.call('GET', '/img/0/300/resize/w/r/wrapping-1-rood.svg')).status).toBe(400);
  });
});
