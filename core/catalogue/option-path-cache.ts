/**
 * The option-path cache (spec catalogue §9 "cleared at 500 entries"): a memo of selectConfigurableChild and
 * availableOptionValues per product object (never mutated) and canonical selection, cleared whole at
 * config.catalogue.optionPathCacheMax entries.
 */
import type { ShopConfig } from '../config';
import type { ConfigurableChild, Product } from './types';
import { availableOptionValues, selectConfigurableChild, type OptionValueId, type VariantChoiceOptions, type VariantSelection } from './variants';

/** A canonical key of a selection (+ choice options): option order and single-vs-list values do not matter. */
export function optionPathKey(selection: VariantSelection, options: VariantChoiceOptions = {}): string {
  const opts = Object.entries(selection.options ?? {})
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([code, v]) => [code, (Array.isArray(v) ? v : [v]).map(String).sort()] as const)
    .filter(([, ids]) => ids.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([selection.sku ?? '', opts, options.availabilityCheck ?? true, options.fallbackToDefault ?? null, options.requireAllOptions ?? false]);
}

export class OptionPathCache {
  private entries = new WeakMap<Product, Map<string, unknown>>();
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

  private memo<T>(product: Product, key: string, compute: () => T): T {
    const known = this.entries.get(product);
    if (known?.has(key)) return known.get(key) as T;
    const value = compute();
    if (this.count >= this.config.catalogue.optionPathCacheMax) this.clear();
    this.entries.set(product, (this.entries.get(product) ?? new Map()).set(key, value));
    this.count++;
    return value;
  }

  /** selectConfigurableChild, memoised */
  selectChild(product: Product, selection: VariantSelection, options: VariantChoiceOptions = {}): ConfigurableChild | undefined {
    return this.memo(product, `child:${optionPathKey(selection, options)}`, () => selectConfigurableChild(product, selection, this.config, options));
  }

  /** availableOptionValues, memoised */
  availableValues(product: Product, selection: VariantSelection): Record<string, OptionValueId[]> {
    return this.memo(product, `values:${optionPathKey(selection)}`, () => availableOptionValues(product, selection, this.config));
  }
}
