/**
 * Link building (spec catalogue §2.2): product and category links, with and without URL dispatching, with the
 * store code prefixed only when the store view appends it.
 */
import type { ShopConfig } from '../config';
import type { Category, CmsPage, Product } from '../catalogue/types';
import { PRODUCT_TYPES_WITHOUT_CHILD, ROUTES, routePath } from './routes';

/** The store code prefix: '/{storeCode}' when that store view appends its code, else ''. */
export function storePrefix(config: ShopConfig, storeCode?: string): string {
  if (!storeCode) return '';
  const view = config.storeViews.views.find((v) => v.storeCode === storeCode);
  return view?.appendStoreCode ? `/${storeCode}` : '';
}

function joinPath(prefix: string, path: string): string {
  return `${prefix}/${path.replace(/^\/+/, '')}`;
}

/** spec catalogue §2.2: a product route name is the product type plus '-product'. */
export function productRouteName(product: Pick<Product, 'type_id'>): string {
  return `${product.type_id}-product`;
}

function needsChildSku(product: Product): boolean {
  return product.type_id === 'configurable' || (product.custom_options?.length ?? 0) > 0 || (product.configurable_children?.length ?? 0) > 0;
}

/**
 * spec catalogue §2.2: the link of a product: with URL dispatching '/{url_path}' (plus '?childSku={sku}' when
 * configurable or with options), else the '{type}-product' route '/p/{parentSku}/{slug}[/{childSku}]'.
 */
export function productLink(
  product: Product,
  config: ShopConfig,
  options: { readonly storeCode?: string; readonly childSku?: string } = {},
): string {
  const prefix = storePrefix(config, options.storeCode);
  const childSku = options.childSku ?? product.sku;
  if (config.catalogue.urlDispatcher && product.url_path) {
    const query = needsChildSku(product) ? `?childSku=${encodeURIComponent(childSku)}` : '';
    return joinPath(prefix, product.url_path) + query;
  }
  const parentSku = product.parentSku ?? product.sku;
  const slug = product.slug ?? product.url_key ?? product.sku;
  if (product.type_id === 'configurable') return prefix + routePath('configurable-product', { parentSku, slug, childSku });
  const name = (PRODUCT_TYPES_WITHOUT_CHILD as readonly string[]).includes(product.type_id) ? productRouteName(product) : 'simple-product';
  return prefix + routePath(name, { parentSku, slug });
}

/** spec catalogue §2.2: '[/{storeCode}]/{url_path}' with URL dispatching on, else '[/{storeCode}]/c/{slug}'. */
export function categoryLink(category: Pick<Category, 'url_path' | 'slug'>, config: ShopConfig, storeCode?: string) {
  const prefix = storePrefix(config, storeCode);
  if (config.catalogue.urlDispatcher && category.url_path) return joinPath(prefix, category.url_path);
  return prefix + routePath('category', { slug: category.slug });
}

/** spec catalogue §2.1: the static page (privacy, legal ...) that shows the CMS page of this identifier, if any. */
export function staticPageOf(identifier: string): string | undefined {
  return ROUTES.find((r) => r.staticPage && r.name === identifier)?.path;
}

/** spec catalogue §2.2: a cms-page route takes param slug, taken from the page identifier. */
export function cmsPageLink(page: Pick<CmsPage, 'identifier'>, config: ShopConfig, storeCode?: string): string {
  return storePrefix(config, storeCode) + routePath('cms-page', { slug: page.identifier });
}

export function homeLink(config: ShopConfig, storeCode?: string): string {
  return storePrefix(config, storeCode) + '/';
}

/**
 * spec catalogue §1, §2.2: the store code a path carries (in multistore mode, an enabled mapped store view's code as
 * first segment), and the path without it. Multistore is off in this shop: no path carries a store code.
 */
export function splitStoreCode(path: string, config: ShopConfig): { storeCode?: string; path: string } {
  const [first, ...rest] = path.replace(/^\/+/, '').split('/');
  if (config.storeViews.multistore) {
    const view = config.storeViews.views.find((v) => v.storeCode === first && !v.disabled && config.storeViews.mapStoreUrlsFor.includes(v.storeCode));
    if (view && view.appendStoreCode) return { storeCode: view.storeCode, path: '/' + rest.join('/') };
  }
  return { path: '/' + path.replace(/^\/+/, '') };
}
