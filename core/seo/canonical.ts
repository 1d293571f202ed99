/**
 * Canonical URLs (SEO basics): the one URL a search engine should index for a page, never with a query string (filters,
 * sort, depth and tracking are views of the same page, spec catalogue §2.2); every variant names its parent's URL.
 */
import type { ShopConfig } from '../config';
import type { CmsPage, Product } from '../catalogue/types';
import { cmsPageLink, productLink, staticPageOf, storePrefix } from '../routing/links';

export function withoutQuery(path: string): string {
  return path.split(/[?#]/)[0]!;
}

/** An origin ('https://shop.example', a trailing slash tolerated) joined with an absolute path or kept when absolute. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = origin.replace(/\/+$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** spec catalogue §2.2: the canonical path of a product page is its parent's link without a chosen variant. */
export function productCanonicalPath(parent: Product, config: ShopConfig, storeCode?: string): string {
  return withoutQuery(productLink(parent, config, { storeCode, childSku: parent.sku }));
}

/**
 * spec catalogue §2.2: a cms-page route takes param slug, taken from the page identifier; a CMS page a static page shows
 * (§2.1: /privacy shows the CMS page 'privacy') has the static page's URL as its one canonical.
 */
export function cmsCanonicalPath(page: Pick<CmsPage, 'identifier'>, config: ShopConfig, storeCode?: string): string {
  const staticPath = staticPageOf(page.identifier);
  return staticPath ? storePrefix(config, storeCode) + staticPath : cmsPageLink(page, config, storeCode);
}

/** Any other page: its own path, without query or fragment. */
export function pageCanonicalPath(path: string): string {
  const clean = withoutQuery(path);
  return clean.startsWith('/') ? clean : `/${clean}`;
}
