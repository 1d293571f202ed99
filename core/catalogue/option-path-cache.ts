/**
 * The option-path cache (spec catalogue §9 "cleared at 500 entries"): a memo of availableOptionValues per product
 * object (never mutated) and canonical selection, cleared whole at config.catalogue.optionPathCacheMax entries.
 */
import type { ShopConfig } from '../config';
import type { Product } from './types';
import { availableOptionValues, type OptionValueId, type VariantSelection } from './variants';

/** A canonical key of a selection: option order and single-vs-list values do not matter. */
export function optionPathKey(selection: VariantSelection): string {
  const opts = Object.entries(selection.options ?? {})
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([code, v]) => [code, (Array.isArray(v) ? v : [v]).map(String).sort()] as const)
    .filter(([, ids]) => ids.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([selection.sku ?? '', opts]);
}

export class OptionPathCache {
  private entries = new WeakMap<Product, Map<string, Record<string, OptionValueId[]>>>();
  private count = 0;

  constructor(private readonly config: ShopConfig) {}

  /** entries held now */
  size(): number {
    return this.count;
  }
  clear(): void {
    this.entries = new WeakMap();
    this.count = 0;
  }

  /** availableOptionValues, memoised */
  availableValues(product: Product, selection: VariantSelection): Record<string, OptionValueId[]> {
    const key = optionPathKey(selection);
    const known = this.entries.get(product)?.get(key);
    if (known) return known;
    const values = availableOptionValues(product, selection, this.config);
    if (this.count >= this.config.catalogue.optionPathCacheMax) this.clear();
    this.entries.set(product, (this.entries.get(product) ?? new Map()).set(key, values));
    this.count++;
    return values;
  }
}
