/**
 * Which variant a product tile shows on a filtered list (spec catalogue §3.4, §4.2, §4.3): a configurable listed for
 * a child with the chosen colour (or size ...) shows that child's image, price and link, as Vue Storefront 1.12 does.
 */
import type { ShopConfig } from '../config';
import { isSystemFilter } from './filters';
import type { ChosenFilters, ConfigurableChild, Product } from './types';
import { childValue, isChildDisabled, mergeChildIntoProduct } from './variant-merge';

/** The chosen attribute filters a product's children have values for: [attribute code, chosen ids]. */
function variantFilters(product: Product, filters: ChosenFilters, config: ShopConfig): Array<[string, Set<string>]> {
  const children = product.configurable_children ?? [];
  const out: Array<[string, Set<string>]> = [];
  for (const [type, options] of Object.entries(filters)) {
    // the sort and the price ranges are not attributes of a variant
    if (isSystemFilter(type, config) || type === 'price' || !options.length) continue;
    const code = options[0]!.attribute_code ?? type;
    if (!children.some((c) => childValue(c, code) !== undefined)) continue;
    out.push([code, new Set(options.map((o) => String(o.id)))]);
  }
  return out;
}

/**
 * The child a listed configurable shows under the chosen filters, or undefined: the enabled child matching the most
 * chosen attribute filters, in stock before out of stock, then the earlier child.
 */
export function tileVariant(product: Product, filters: ChosenFilters, config: ShopConfig): ConfigurableChild | undefined {
  if (product.type_id !== 'configurable') return undefined;
  const wanted = variantFilters(product, filters, config);
  if (!wanted.length) return undefined;
  let best: ConfigurableChild | undefined;
  let bestScore = 0;
  for (const child of product.configurable_children ?? []) {
    if (isChildDisabled(child, config)) continue;
    let level = 0;
    for (const [code, ids] of wanted) if (ids.has(childValue(child, code) ?? '\u0000')) level++;
    if (level === 0) continue;
    // in stock weighs less than one more matching filter, more than the child's position
    const score = level * 2 + (child.stock?.is_in_stock === false ? 0 : 1);
    if (score > bestScore) {
      best = child;
      bestScore = score;
    }
  }
  return best;
}

/** The product as its tile shows it under the chosen filters: the matching variant merged in (§4.2), else itself. */
export function tileProduct(product: Product, filters: ChosenFilters, config: ShopConfig): Product {
  const child = tileVariant(product, filters, config);
  return child ? mergeChildIntoProduct(product, child, config) : product;
}
