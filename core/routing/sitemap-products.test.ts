import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG, createConfig } from '../config';
import type { Product, SearchResult } from '../catalogue/types';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import { isListedProduct, loadSitemapProducts, productSitemapEntries, sitemapLastmod, sitemapProductsRequest } from './sitemap-products';
import { sitemapXml } from './sitemap';

const config = DEFAULT_CONFIG;

/** The id bound of a sitemap request (the range clause the query builder writes for `id > n`). */
function afterIdOf(req: SearchRequest): number | undefined {
  const m = /"range":\{"id":\{"gt":(-?\d+)\}\}/.exec(JSON.stringify(req.body));
  return m ? Number(m[1]) : undefined;
}

/** A catalogue that answers as the search engine would: listed products, id > bound, by id, `size` of them. */
function fakeCatalogue(products: readonly Product[], opts: { ignoreBound?: boolean; failAt?: number } = {}): CatalogueSearch & { requests: SearchRequest[] } {
  const requests: SearchRequest[] = [];
  return {
    requests,
    async search<T>(req: SearchRequest): Promise<SearchResult<T>> {
      requests.push(req);
      if (opts.failAt === requests.length) throw new Error('search down');
      const after = opts.ignoreBound ? undefined : afterIdOf(req);
      const hits = products.filter((p) => isListedProduct(p) && (after === undefined || Number(p.id) > after)).sort((a, b) => Number(a.id) - Number(b.id));
      return { items: hits.slice(0, req.size) as T[], total: hits.length, start: 0, perPage: req.size, aggregations: {} };
    },
  };
}

const product = (id: number, status = 1, visibility = 4): Product => ({ id, sku: `P-${id}`, name: `P ${id}`, type_id: 'simple', status, visibility, url_path: `p/p-${id}.html`, updated_at: '2025-12-09 10:00:00' });

describe('sitemap products', () => {
  it('a listed product has status 0 or 1 and visibility 2, 3 or 4 // spec catalogue §5, §9', () => {
    expect(isListedProduct({ status: 1, visibility: 4 })).toBe(true);
    expect(isListedProduct({ status: 0, visibility: 2 })).toBe(true);
    expect(isListedProduct({ status: 2, visibility: 4 })).toBe(false);
    expect(isListedProduct({ status: 1, visibility: 1 })).toBe(false);
  });

  it('the request asks for listed products above an id, by id, only the fields a URL needs // spec catalogue §5', () => {
    const req = sitemapProductsRequest(config, 41, 500);
    const body = JSON.stringify(req.body);
    expect(body).toContain('"visibility":[2,3,4]');
    expect(body).toContain('"status":[0,1]');
    expect(afterIdOf(req)).toBe(41);
    expect(req).toMatchObject({ type: 'product', size: 500, from: 0, sort: 'id:asc' });
    expect(req.includeFields).toContain('url_path');
    expect(afterIdOf(sitemapProductsRequest(config, undefined))).toBeUndefined();
  });

  it('reads every listed product exactly once, whatever the page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 60 }),
        fc.array(fc.tuple(fc.constantFrom(0, 1, 2), fc.constantFrom(1, 2, 3, 4)), { minLength: 60, maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        async (ids, flags, pageSize) => {
          const products = ids.map((id, i) => product(id, flags[i]![0], flags[i]![1]));
          const search = fakeCatalogue(products);
          const got = await loadSitemapProducts(search, config, { pageSize });
          const expected = products.filter(isListedProduct).map((p) => p.sku).sort();
          expect(got.map((p) => p.sku).sort()).toEqual(expected);
          // one request per full page, plus the short one that ends it
          expect(search.requests.length).toBe(Math.floor(expected.length / pageSize) + 1);
        },
      ),
    );
  });

  it('stops at the limit, on a backend ignoring the id bound, and fails when a page fails', async () => {
    const products = Array.from({ length: 30 }, (_, i) => product(i + 1));
    expect(await loadSitemapProducts(fakeCatalogue(products), config, { pageSize: 7, limit: 10 })).toHaveLength(10);
    const stuck = fakeCatalogue(products, { ignoreBound: true });
    expect(await loadSitemapProducts(stuck, config, { pageSize: 7 })).toHaveLength(7);
    expect(stuck.requests.length).toBe(2);
    await expect(loadSitemapProducts(fakeCatalogue(products, { failAt: 2 }), config, { pageSize: 7 })).rejects.toThrow('search down');
  });

  it("entries: the product's canonical URL (no variant), lastmod from updated_at, unlisted ones left out", () => {
    const configurable: Product = { ...product(7), type_id: 'configurable', url_path: 'inpakpapier/ster-7.html', slug: 'ster-7', updated_at: '2026-01-31 23:59:59' };
    const entries = productSitemapEntries([configurable, product(8, 2), { ...product(9), updated_at: 'gisteren' }], config);
    expect(entries).toEqual([
      { path: '/inpakpapier/ster-7.html', kind: 'product', name: 'P 7', depth: 0, lastmod: '2026-01-31' },
      { path: '/p/p-9.html', kind: 'product', name: 'P 9', depth: 0 },
    ]);
    const noDispatch = createConfig({ catalogue: { urlDispatcher: false } });
    expect(productSitemapEntries([configurable], noDispatch)[0]!.path).toBe('/p/P-7/ster-7/P-7');
    expect(sitemapXml(entries, 'https://shop.example')).toContain('<url><loc>https://shop.example/inpakpapier/ster-7.html</loc><lastmod>2026-01-31</lastmod></url>');
  });

  it('lastmod is a W3C date or nothing', () => {
    expect(sitemapLastmod('2025-12-09 00:00:00')).toBe('2025-12-09');
    expect(sitemapLastmod('2025-12-09T10:00:00Z')).toBe('2025-12-09');
    expect(sitemapLastmod('2025-13-09')).toBeUndefined();
    expect(sitemapLastmod(null)).toBeUndefined();
  });
});
