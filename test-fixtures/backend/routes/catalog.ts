import type { Product } from '../../../core/catalogue/types';
import { parseImagePath, renderProductSvg } from '../../catalogue/index';
import { ENGLISH_STORE_ID, englishCmsBlocks, englishCmsPages } from '../../catalogue/english';
import type { Context } from '../context';
import { HttpError, badRequest, notFound } from '../errors';
import { ok, type Router } from '../http';
import { parseBoundedJson } from '../limits';
import { executeSearch, filterSource } from '../search/execute';
import { unitPriceInclTax } from '../store';
import { VAT } from '../totals';
import { round2 } from '../../catalogue/rng';

/** the store views: the Dutch one (store id 1) and the English one; any other index or store id is not found, as upstream */
const INDEXES = new Set(['vue_storefront_catalog', 'vue_storefront_catalog_en']);
const STORE_IDS = new Set(['1', String(ENGLISH_STORE_ID)]);

export function catalogRoutes(router: Router, ctx: Context): void {
  const search = (index: string, type: string, body: unknown, q: URLSearchParams) => {
    if (!INDEXES.has(index)) throw new HttpError(404, `no such index [${index}]`);
    // vue-storefront's 'api-search-query' adapter sends its own query language: only raw Elasticsearch bodies are understood here
    for (const param of ['request_format', 'response_format']) {
      const format = q.get(param);
      if (format !== null && format !== 'es') throw badRequest(`Unsupported ${param}: ${format}`);
    }
    // the English store's index answers its own products, categories, attributes, CMS pages and blocks; the rest is shared
    const col = (index.endsWith('_en') ? ctx.catalogue.english.get(type) : undefined) ?? ctx.catalogue.collections.get(type);
    if (!col) throw badRequest(`No entity type registered: ${type}`);
    const json = executeSearch(col, {
      body, index, size: q.get('size'), from: q.get('from'), sort: q.get('sort'),
      sourceInclude: q.get('_source_include') ?? q.get('_source_includes'), sourceExclude: q.get('_source_exclude') ?? q.get('_source_excludes'),
    });
    return { status: 200, json };
  };

  router.get('/api/catalog/:index/:type/_search', (req) => {
    const raw = req.query.get('request');
    let body: unknown;
    if (raw) body = parseBoundedJson(raw, 'in the request parameter');
    return search(req.params.index as string, req.params.type as string, body, req.query);
  });
  router.post('/api/catalog/:index/:type/_search', (req) => search(req.params.index as string, req.params.type as string, req.body, req.query));

  // spec catalogue §7: url mapping answers the bare hit or null
  router.post('/api/url/map', (req) => {
    const body = req.body as { url: string; includeFields?: string[] | null; excludeFields?: string[] | null };
    let url = body.url.split('?')[0]?.split('#')[0] ?? '';
    url = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/+/, '').replace(/\/+$/, '');
    url = url.replace(/^(?:de|it|nl)\//, '');
    const hit = (type: string, doc: { id: number | string }) => ({
      _index: 'vue_storefront_catalog', _type: type, _id: String(doc.id), _score: 1,
      _source: filterSource(doc, body.includeFields ?? [], body.excludeFields ?? []),
    });
    const product = ctx.catalogue.byUrlPath.get(url) ?? ctx.catalogue.byUrlPath.get(`${url}.html`);
    if (product) return { status: 200, json: hit('product', product) };
    const category = ctx.catalogue.data.categories.find((c) => c.url_path === url || c.url_path === url.replace(/\.html$/, ''));
    if (category && category.id !== 2) return { status: 200, json: hit('category', category) };
    const pageId = url.replace(/^i\//, '');
    const page = ctx.catalogue.data.cmsPages.find((p) => p.identifier === pageId);
    return { status: 200, json: page ? hit('cms_page', page) : null };
  });

  router.get('/api/product/render-list', (req) => {
    const skus = (req.query.get('skus') as string).split(',').map((x) => x.trim()).filter(Boolean);
    if (skus.length > 200) throw badRequest('Invalid request: skus must have at most 200 entries');
    const currency = req.query.get('currencyCode');
    if (currency && currency !== 'EUR') throw badRequest(`Unsupported currency: ${currency}`);
    const storeId = req.query.get('storeId');
    if (storeId !== null && !/^\d+$/.test(storeId)) throw badRequest('Invalid request: storeId must be a number');
    const now = ctx.now();
    const items = skus.flatMap((sku) => {
      const p = ctx.catalogue.bySku.get(sku);
      if (!p) return [];
      const regularIncl = Number(p.price_incl_tax ?? 0);
      const finalIncl = unitPriceInclTax(p, now);
      // the same prices excluding VAT, and including it as tax_adjustments
      const prices = (at: (n: number) => number) => ({
        final_price: at(finalIncl), max_price: at(regularIncl), max_regular_price: at(regularIncl),
        minimal_regular_price: at(regularIncl), special_price: finalIncl < regularIncl ? at(finalIncl) : null,
        minimal_price: at(finalIncl), regular_price: at(regularIncl),
      });
      const euros = (n: number) => `€${n.toFixed(2).replace('.', ',')}`;
      return [{
        id: p.id, sku: p.sku, name: p.name, type: p.type_id, store_id: Number(storeId ?? 1), currency_code: 'EUR',
        price_info: {
          ...prices((n) => round2(n / (1 + VAT))),
          formatted_prices: { final_price: euros(finalIncl), regular_price: euros(regularIncl) },
          extension_attributes: { tax_adjustments: prices((n) => n) },
        },
      }];
    });
    return ok({ items });
  });

  const stockResult = (p: Product) => {
    const st = ctx.catalogue.stockOf(p.sku);
    return {
      product_id: p.id, item_id: p.id, stock_id: 1, product_sku: p.sku,
      qty: st?.qty ?? 0, is_in_stock: st ? st.is_in_stock : Boolean(p.stock?.is_in_stock),
      manage_stock: st ? st.manage_stock : false, is_qty_decimal: false, min_sale_qty: 1, max_sale_qty: 10000,
      stock_status: (st ? st.is_in_stock : p.stock?.is_in_stock) ? 1 : 0,
    };
  };
  router.get('/api/stock/check', (req) => {
    const sku = req.query.get('sku') as string;
    const p = ctx.catalogue.bySku.get(sku);
    if (!p) throw notFound(`No such entity with sku = ${sku}`);
    return ok(stockResult(p));
  });
  router.get('/api/stock/list', (req) => {
    const skus = (req.query.get('skus') as string).split(',').map((x) => x.trim()).filter(Boolean);
    if (skus.length > 100) throw badRequest('Invalid request: skus must have at most 100 entries');
    return ok(skus.flatMap((sku) => {
      const p = ctx.catalogue.bySku.get(sku);
      return p ? [stockResult(p)] : [];
    }));
  });

  // CMS (snowdog cms-data extension paths): pages and blocks by id, or by identifier in a store view (the English store
  // view answers its own, the Dutch one the catalogue's, any other store id 404)
  const cms = <T extends { id: number; identifier: string }>(kind: 'Page' | 'Block', all: () => readonly T[], english: (list: readonly T[]) => T[]) => {
    const missing = () => notFound(`CMS ${kind.toLowerCase()} not found`);
    router.get(`/api/ext/cms-data/cms${kind}/:id`, (req) => ok(all().find((x) => String(x.id) === req.params.id) ?? (() => { throw missing(); })()));
    router.get(`/api/ext/cms-data/cms${kind}Identifier/:identifier/storeId/:storeId`, (req) => {
      const storeId = req.params.storeId;
      if (!storeId || !/^\d+$/.test(storeId)) throw badRequest('Invalid request: storeId must be a number');
      if (!STORE_IDS.has(storeId)) throw notFound('No such store');
      const found = (storeId === String(ENGLISH_STORE_ID) ? english(all()) : all()).find((x) => x.identifier === req.params.identifier);
      if (!found) throw missing();
      return ok(found);
    });
  };
  cms('Page', () => ctx.catalogue.data.cmsPages, englishCmsPages);
  cms('Block', () => ctx.catalogue.data.cmsBlocks, englishCmsBlocks);

  // Images: /img/{width}/{height}/{action}/{path} (action resize, fit, crop, identify are all drawn to the asked size)
  router.get('/img/:width/:height/:action/:path*', (req) => {
    const w = Number(req.params.width);
    const h = Number(req.params.height);
    if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1 || w > 4000 || h > 4000) throw badRequest('Invalid image size');
    if (!['resize', 'fit', 'crop', 'identify'].includes(req.params.action as string)) throw badRequest('Invalid image action');
    return image(ctx, req.params.path as string, w, h);
  });
  router.get('/img/:path*', (req) => image(ctx, req.params.path as string, 600, 744));
}

function image(ctx: Context, path: string, w: number, h: number) {
  const parsed = parseImagePath(`/${path.replace(/^\/+/, '')}`);
  if (!parsed || !ctx.catalogue.byId.has(parsed.id)) throw notFound('Image not found');
  return {
    status: 200, text: renderProductSvg(parsed.kind, parsed.colour, parsed.id, w, h), contentType: 'image/svg+xml',
    headers: { 'cache-control': 'public, max-age=86400' },
  };
}
