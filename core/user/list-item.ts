/**
 * What the wishlist and the compare list keep of a product (spec transactions §3: keyed by sku). A module of its own:
 * the first load's toggles need only this, not the rest of ./list-items.
 */
import type { Product } from '../catalogue/types';
import type { SkuItem } from './sku-list-service';

export type ListItem = Product & SkuItem;

/** Fields a list item does not keep: the product page loads them again when the shopper opens the product. */
export const LIST_ITEM_DROPPED_FIELDS = [
  'configurable_children',
  'configurable_options',
  'media_gallery',
  'description',
  'short_description',
  'product_links',
  'bundle_options',
  'attributes_metadata',
  'category',
  'category_ids',
  'errors',
  'info',
  'tier_prices',
] as const;

/** The list item of a product (spec transactions §3: keyed by its sku; a configured variant by the variant's sku). */
export function listItemOf(product: Product): ListItem {
  const item: Record<string, unknown> = { ...product };
  for (const field of LIST_ITEM_DROPPED_FIELDS) delete item[field];
  return item as ListItem;
}

