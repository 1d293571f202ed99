/** The wishlist's and compare list's rules (spec catalogue §1; transactions §3 "Compare and wishlist items"). */
import type { ShopConfig } from '../config';
import type { AttributeMetadata, Product } from '../catalogue/types';
import { optionLabel, attributeLabel, type AttributeState } from '../catalogue/attributes';
import { buildSearchQuery } from '../catalogue/search-query';
import { needsConfiguration } from '../cart/add';
import type { CatalogueSearch } from '../ports/catalogue-search';
import { listItemOf, type ListItem } from './list-item';

// what a tile's toggle needs is in ./list-item (first load: no cart, search or attribute code there)
export { listItemOf, LIST_ITEM_DROPPED_FIELDS, type ListItem } from './list-item';

/** "Move to cart": the product page for a product that needs a choice (catalogue §3.1, §4.2, §4.4, §4.6). */
export type WishlistAction = 'cart' | 'product';

export function wishlistAction(item: Pick<Product, 'type_id' | 'sku' | 'parentSku' | 'product_option' | 'custom_options'>): WishlistAction {
  if (item.type_id === 'grouped' || item.type_id === 'bundle') return 'product';
  if (needsConfiguration(item)) return 'product';
  if ((item.custom_options ?? []).some((o) => o.is_require)) return 'product';
  return 'cart';
}

/** One row of the compare table: an attribute's label in the store view's words and each product's value. */
export interface CompareRow {
  readonly code: string;
  readonly label: string;
  /** one per compared product, in the list's order; undefined when the product has no value */
  readonly values: readonly (string | undefined)[];
}

const labelOf = (a: AttributeMetadata): string => a.frontend_label || a.default_frontend_label || a.attribute_code;

/** The compare table's attributes: comparable and user-defined (the price has its own row), by position, label. */
export function comparableAttributes(attributes: Pick<AttributeState, 'byCode'>): AttributeMetadata[] {
  return Object.values(attributes.byCode)
    .filter((a) => a.is_comparable === true && a.is_user_defined !== false)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || labelOf(a).localeCompare(labelOf(b)));
}

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** An attribute's raw values: a configurable parent's are its children's ('{code}_options', catalogue §3.1). */
function rawValues(item: Readonly<Record<string, unknown>>, code: string): unknown[] {
  const own = item[code];
  const offered = item[`${code}_options`];
  const isParent = item['type_id'] === 'configurable' && (item['parentSku'] === undefined || item['parentSku'] === item['sku']);
  const value = isParent ? (present(offered) ? offered : own) : present(own) ? own : offered;
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.filter((v) => v !== undefined && v !== null && v !== '');
  // multiselect values travel as '12,14'
  if (typeof value === 'string' && value.includes(',') && /^[\d,\s]+$/.test(value)) return value.split(',').map((v) => v.trim()).filter(Boolean);
  return [value];
}

/** The compare table's rows (spec catalogue §1, §3.3): attributes some product has, values as option labels. */
export function compareRows(items: readonly Product[], attributes: AttributeState): CompareRow[] {
  const rows: CompareRow[] = [];
  for (const attribute of comparableAttributes(attributes)) {
    const code = attribute.attribute_code;
    const values = items.map((item) => {
      const raw = rawValues(item as unknown as Record<string, unknown>, code);
      if (!raw.length) return undefined;
      const labels = raw.map((v) => optionLabel(attributes, code, v) ?? (typeof v === 'object' ? JSON.stringify(v) : String(v)));
      return [...new Set(labels)].join(', ');
    });
    if (values.every((v) => v === undefined)) continue;
    rows.push({ code, label: attributeLabel(attributes, code, code), values });
  }
  return rows;
}

/** What a list item keeps of its own when the catalogue's current data is laid over it: who it is and what was chosen. */
const LIST_ITEM_IDENTITY = ['sku', 'parentSku', 'parentId', 'id', 'name', 'type_id', 'url_path', 'url_key', 'slug', 'product_option', 'qty', 'seq'] as const;

/** A list item with the catalogue's current fields (prices, stock, attributes); its identity and options stay. */
export function refreshedListItem(item: ListItem, fresh: Product | undefined): ListItem {
  if (!fresh || fresh.sku !== item.sku) return item;
  const merged: Record<string, unknown> = { ...listItemOf(fresh) };
  for (const field of LIST_ITEM_IDENTITY) {
    if (item[field] !== undefined) merged[field] = item[field];
    else delete merged[field];
  }
  return merged as ListItem;
}

/** The items with the catalogue's current data (one search by sku, any visibility), or as kept when offline. */
export async function refreshListItems(items: readonly ListItem[], search: CatalogueSearch, config: ShopConfig): Promise<ListItem[]> {
  if (!items.length) return [];
  const filters = [{ attribute: 'sku', value: { in: items.map((i) => i.sku) } }];
  const query = buildSearchQuery({ filters, size: items.length }, config, { fixedFilters: 'none', aggregations: [] });
  try {
    const result = await search.search<Product>(query);
    const bySku = new Map(result.items.map((p) => [p.sku, p]));
    return items.map((item) => refreshedListItem(item, bySku.get(item.sku)));
  } catch {
    return [...items];
  }
}
