/**
 * Related products of a product page (spec catalogue §3.6): its own related links, else listed products of its
 * deepest category (never the product itself).
 */
import type { ShopConfig } from '../config';
import type { SearchRequest } from '../ports/catalogue-search';
import { buildSearchQuery } from './search-query';
import type { Product } from './types';

export const RELATED_LINK_TYPE = 'related';

export function relatedLinkSkus(product: Product): string[] {
  return (product.product_links ?? []).filter((l) => l.link_type === RELATED_LINK_TYPE).map((l) => l.linked_product_sku);
}

/** The deepest category of a product (the entry whose path has the most segments). */
export function deepestCategoryId(product: Product): number | undefined {
  const refs = product.category ?? [];
  const depth = (ref: { path?: string }) => (ref.path ?? '').split('/').length;
  if (refs.length) return [...refs].sort((a, b) => depth(b) - depth(a))[0]?.category_id;
  const ids = (product.category_ids ?? []).map(Number).filter(Number.isFinite);
  return ids.length ? ids[ids.length - 1] : undefined;
}

/** The search for up to 4 products of the same category, without the product itself; undefined without a category. */
export function relatedProductsRequest(product: Product, config: ShopConfig): SearchRequest | undefined {
  const categoryId = deepestCategoryId(product);
  if (categoryId === undefined) return undefined;
  const inCategory = { attribute: 'category_ids', value: { in: [categoryId] } };
  const filters = [inCategory, { attribute: 'sku', value: { neq: product.sku } }];
  const input = { filters, size: 4, sort: config.defaultSort };
  return buildSearchQuery(input, config, { fixedFilters: 'listing', aggregations: [] });
}
