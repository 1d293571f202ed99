/**
 * The products of /sitemap.xml (spec catalogue §5, §9): each listed product once, at its canonical URL, with lastmod.
 * Read in pages by id (`id > last id`): not bounded by the engine's result window, and stable under changes.
 */
import type { ShopConfig } from '../config';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import type { Product } from '../catalogue/types';
import { buildSearchQuery } from '../catalogue/search-query';
import { productCanonicalPath } from '../seo/canonical';
import type { SitemapEntry } from './sitemap';

/** products per catalogue request while reading the sitemap */
export const SITEMAP_PAGE_SIZE = 500;
/** sitemaps.org: at most 50,000 URLs in one sitemap file */
export const SITEMAP_MAX_URLS = 50_000;
/** only what a product's URL and lastmod need */
export const SITEMAP_PRODUCT_FIELDS = ['id', 'sku', 'type_id', 'url_path', 'url_key', 'slug', 'parentSku', 'updated_at', 'status', 'visibility'] as const;

/** spec catalogue §5, §9: a listed product has status 0 or 1 and visibility 2, 3 or 4 (1 = not visible individually). */
export function isListedProduct(p: Pick<Product, 'status' | 'visibility'>): boolean {
  const status = p.status ?? 1;
  const visibility = p.visibility ?? 4;
  return (status === 0 || status === 1) && [2, 3, 4].includes(visibility);
}

/** The catalogue request of one sitemap page: listed products with an id above `afterId`, by id ascending. */
export function sitemapProductsRequest(config: ShopConfig, afterId: number | undefined, size = SITEMAP_PAGE_SIZE): SearchRequest {
  const filters = afterId === undefined ? [] : [{ attribute: 'id', value: { gt: afterId } }];
  const query = buildSearchQuery({ filters, size, sort: 'id:asc' }, config, { aggregations: [] });
  return { ...query, includeFields: SITEMAP_PRODUCT_FIELDS };
}

/**
 * Every listed product, page after page until a short page (or ids that do not move forward), at most `limit`. A
 * failing page fails the whole reading: a sitemap missing products tells search engines they are gone.
 */
export async function loadSitemapProducts(search: CatalogueSearch, config: ShopConfig, options: { pageSize?: number; limit?: number } = {}): Promise<Product[]> {
  const pageSize = options.pageSize ?? SITEMAP_PAGE_SIZE;
  const limit = options.limit ?? SITEMAP_MAX_URLS;
  const out: Product[] = [];
  const seen = new Set<string>();
  let afterId: number | undefined;
  while (out.length < limit) {
    const page = await search.search<Product>(sitemapProductsRequest(config, afterId, pageSize));
    let maxId = afterId ?? -Infinity;
    for (const p of page.items) {
      const id = Number(p.id);
      if (Number.isFinite(id) && id > maxId) maxId = id;
      if (!isListedProduct(p) || seen.has(p.sku)) continue;
      seen.add(p.sku);
      out.push(p);
      if (out.length >= limit) break;
    }
    if (page.items.length < pageSize || maxId === (afterId ?? -Infinity)) break;
    afterId = maxId;
  }
  return out;
}

/** A Magento / ISO date as the W3C date sitemaps.org's lastmod takes ('2025-12-09'); undefined when unreadable. */
export function sitemapLastmod(value: string | null | undefined): string | undefined {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim()) : null;
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && y >= 1970 ? m[0] : undefined;
}

/** The sitemap entries of the products: their canonical paths (each once) with lastmod. */
export function productSitemapEntries(products: readonly Product[], config: ShopConfig, storeCode?: string): SitemapEntry[] {
  return products.filter(isListedProduct).map((p) => {
    const lastmod = sitemapLastmod(p.updated_at);
    const path = productCanonicalPath(p, config, storeCode);
    return { path, kind: 'product', name: p.name ?? p.sku, depth: 0, ...(lastmod ? { lastmod } : {}) };
  });
}
