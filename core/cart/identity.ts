import type { ProductOption } from '../catalogue/types';

/** spec transactions §4 "Adding": a line's identity is its sku plus its options (in any order). */
export function cartItemIdentity(item: { sku: string; product_option?: ProductOption | undefined }): string {
  const ext = item.product_option?.extension_attributes;
  if (!ext) return JSON.stringify([item.sku, [], [], []]);
  const conf = sortedPairs(ext.configurable_item_options);
  const custom = sortedPairs(ext.custom_options);
  const bundles = ext.bundle_options;
  const bundle = bundles?.length
    ? bundles.map((b) => `${b.option_id}:${b.option_qty}:${b.option_selections.map(String).sort().join('+')}`).sort()
    : [];
  return JSON.stringify([item.sku, conf, custom, bundle]);
}

/** `option_id=option_value` texts, sorted (most lines have none or one: no sort then) */
function sortedPairs(list: ReadonlyArray<{ option_id: unknown; option_value: unknown }> | undefined): string[] {
  if (!list || list.length === 0) return [];
  const out = list.map((o) => `${String(o.option_id)}=${String(o.option_value)}`);
  return out.length > 1 ? out.sort() : out;
}

/** True when the item carries any configurable, custom or bundle option. */
export function hasOptions(item: { product_option?: ProductOption | undefined }): boolean {
  const ext = item.product_option?.extension_attributes;
  return !!ext && (ext.configurable_item_options?.length ?? 0) + (ext.custom_options?.length ?? 0) + (ext.bundle_options?.length ?? 0) > 0;
}

/** spec transactions §3: qty as a whole number (text converted, decimals truncated), at least 1, else 1. */
export function normalizeQty(qty: unknown): number {
  const n = typeof qty === 'number' ? qty : typeof qty === 'string' ? Number.parseInt(qty, 10) : Number.NaN;
  if (!Number.isFinite(n)) return 1;
  const whole = Math.trunc(n);
  return whole >= 1 ? whole : 1;
}
