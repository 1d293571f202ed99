/**
 * A configurable product's child as a tile or a page shows it (spec catalogue §4.2, §4.3, §4.4). Apart from
 * variants.ts (the choice of a child), so a category list does not bring the product page's variant rules.
 */
import type { ShopConfig } from '../config';
import type { ConfigurableChild, ConfigurableItemOption, ConfigurableOption, Product, ProductConfiguration } from './types';

export type OptionValueId = string | number;

/** spec catalogue §4.3: a child with status 2 or more is disabled. */
export function isChildDisabled(child: ConfigurableChild, config: ShopConfig): boolean {
  return (child.status ?? 1) >= config.catalogue.disabledStatusFrom;
}

/** A child's value of an attribute (its own field, else its custom_attributes), as a string. */
export function childValue(child: ConfigurableChild, code: string): string | undefined {
  const direct = child[code];
  if (direct !== undefined && direct !== null) return String(direct);
  const custom = child.custom_attributes?.find((a) => a.attribute_code === code)?.value;
  return custom !== undefined && custom !== null ? String(custom) : undefined;
}

/** spec catalogue §4.4: configurable option values with empty labels are skipped. */
export function configurableOptionsOf(product: Product): ConfigurableOption[] {
  return (product.configurable_options ?? [])
    .map((o) => ({ ...o, values: (o.values ?? []).filter((v) => typeof v.label === 'string' && v.label.trim() !== '') }))
    .filter((o) => o.values.length > 0);
}

/** The configuration (attribute_code -> chosen value) a child stands for. */
export function configurationOfChild(product: Product, child: ConfigurableChild): ProductConfiguration {
  const out: Record<string, { attribute_code: string; id: OptionValueId; label: string }> = {};
  for (const option of configurableOptionsOf(product)) {
    const v = childValue(child, option.attribute_code);
    const value = option.values.find((x) => String(x.value_index) === v);
    if (value) out[option.attribute_code] = { attribute_code: option.attribute_code, id: value.value_index, label: value.label };
  }
  return out;
}

/** spec catalogue §3.1: product_option.extension_attributes.configurable_item_options of a configuration. */
export function configurableItemOptions(product: Product, configuration: ProductConfiguration): ConfigurableItemOption[] {
  return configurableOptionsOf(product).flatMap((option) => {
    const chosen = configuration[option.attribute_code];
    if (!chosen) return [];
    return [{ option_id: option.attribute_id, option_value: chosen.id, label: option.label, value: chosen.label }];
  });
}

const NOT_MERGED = ['name', 'id', 'type_id', 'visibility', 'url_key', 'url_path', 'slug', 'configurable_children', 'configurable_options', 'category', 'category_ids'];

/**
 * spec catalogue §4.2: merge the chosen variant into the current product. The child's sku, prices, stock and
 * attributes replace the parent's; name, type, urls and the option lists stay the parent's; an empty image
 * ('' or 'no_selection') does not replace the parent's. parentSku/parentId point at the parent.
 */
export function mergeChildIntoProduct(product: Product, child: ConfigurableChild, config: ShopConfig): Product {
  const merged: Record<string, unknown> = { ...product };
  for (const [k, v] of Object.entries(child)) {
    if (NOT_MERGED.includes(k) || v === undefined) continue;
    if ((k === 'image' || k === 'thumbnail' || k === 'small_image') && (v === '' || v === config.catalogue.noImageValue)) continue;
    merged[k] = v;
  }
  const configuration = configurationOfChild(product, child);
  merged.sku = child.sku;
  merged.parentSku = product.parentSku ?? product.sku;
  merged.parentId = product.parentId ?? product.id;
  merged.is_configured = true;
  merged.product_option = {
    extension_attributes: {
      custom_options: product.product_option?.extension_attributes.custom_options ?? [],
      configurable_item_options: configurableItemOptions(product, configuration),
      bundle_options: product.product_option?.extension_attributes.bundle_options ?? [],
    },
  };
  return merged as Product;
}
