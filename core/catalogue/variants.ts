/** Configurable products' rules (spec catalogue §3.1, §4.2, §4.3, §4.4). */
import type { ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import type { ConfigurableChild, ConfigurableOption, ConfigurableOptionValue, Product } from './types';
import type { ProductConfiguration } from './types';

import { childValue, configurableItemOptions, configurableOptionsOf, configurationOfChild, isChildDisabled, mergeChildIntoProduct, type OptionValueId } from './variant-merge';

export { childValue, configurableItemOptions, configurableOptionsOf, configurationOfChild, isChildDisabled, mergeChildIntoProduct, type OptionValueId };

/** What the shopper (or the URL) chose: a child sku, and/or option values by attribute code. */
export interface VariantSelection {
  readonly sku?: string;
  readonly options?: Readonly<Record<string, OptionValueId | readonly OptionValueId[] | null | undefined>>;
}

export interface VariantChoiceOptions {
  /** use the default (first available) child when nothing matches. Default config.catalogue.useDefaultChildWhenNoMatch. */
  readonly fallbackToDefault?: boolean;
  /** only a child matching every selected option counts (re-finding the exact configuration). Default false. */
  readonly requireAllOptions?: boolean;
}

/** spec catalogue §4.3: out-of-stock children are skipped unless out-of-stock products are listed. */
export function isChildAvailable(child: ConfigurableChild, config: ShopConfig): boolean {
  if (isChildDisabled(child, config)) return false;
  return config.catalogue.listOutOfStockProducts || !child.stock || child.stock.is_in_stock;
}

function selectedIds(selection: VariantSelection): Array<[string, string[]]> {
  return Object.entries(selection.options ?? {}).flatMap(([code, raw]): Array<[string, string[]]> => {
    const values: readonly OptionValueId[] = raw === null || raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const ids = values.map(String).filter((s) => s !== '');
    return ids.length ? [[code, ids]] : [];
  });
}

export function matchLevel(child: ConfigurableChild, selection: VariantSelection): number {
  return selectedIds(selection).filter(([code, ids]) => ids.includes(childValue(child, code) ?? '\u0000')).length;
}

/** The price a tie is broken on: the child's final price, else its price incl. tax, else price. */
export function childPrice(child: ConfigurableChild): number {
  const p = child.final_price ?? child.price_incl_tax ?? child.price;
  return typeof p === 'number' && Number.isFinite(p) ? p : Number.POSITIVE_INFINITY;
}

/**
 * The available children of one product (for one availability rule), indexed once by sku, by option value per code
 * (built on first use) and the cheapest. Children are never mutated (syncs build new products): cached per array.
 */
interface ChildIndex {
  readonly candidates: readonly ConfigurableChild[];
  readonly prices: Float64Array;
  readonly bySku: Map<string, number>;
  readonly byValue: Map<string, Map<string, number[]>>;
  /** position of the lowest price (the earliest on ties), -1 when no candidate */
  readonly cheapest: number;
}

const childIndexes = new WeakMap<readonly ConfigurableChild[], Map<string, ChildIndex>>();

function childIndex(children: readonly ConfigurableChild[], config: ShopConfig): ChildIndex {
  const rule = `${config.catalogue.disabledStatusFrom}|${config.catalogue.listOutOfStockProducts}`;
  const perRule = childIndexes.get(children) ?? new Map<string, ChildIndex>();
  childIndexes.set(children, perRule);
  const cached = perRule.get(rule);
  if (cached) return cached;
  const candidates = children.filter((c) => isChildAvailable(c, config));
  const prices = new Float64Array(candidates.length);
  const bySku = new Map<string, number>();
  let cheapest = -1;
  candidates.forEach((c, i) => {
    prices[i] = childPrice(c);
    if (!bySku.has(c.sku)) bySku.set(c.sku, i);
    if (cheapest < 0 || prices[i]! < prices[cheapest]!) cheapest = i;
  });
  const index: ChildIndex = { candidates, prices, bySku, byValue: new Map(), cheapest };
  perRule.set(rule, index);
  return index;
}

function positionsByValue(index: ChildIndex, code: string): Map<string, number[]> {
  const known = index.byValue.get(code);
  if (known) return known;
  const byValue = new Map<string, number[]>();
  index.candidates.forEach((c, i) => {
    const v = childValue(c, code);
    if (v === undefined) return;
    if (!byValue.has(v)) byValue.set(v, []);
    byValue.get(v)!.push(i);
  });
  index.byValue.set(code, byValue);
  return byValue;
}

/**
 * spec catalogue §4.3: choose a configurable child. Unavailable children are skipped; an exact sku match wins; else
 * the child matching the most selected options (at least one), the lower price then the earlier child breaking ties;
 * optionally the default (first available) child when nothing matches. Only children having a selected value are
 * visited (see ChildIndex).
 */
export function selectConfigurableChild(
  product: Product,
  selection: VariantSelection,
  config: ShopConfig,
  options: VariantChoiceOptions = {},
): ConfigurableChild | undefined {
  const index = childIndex(product.configurable_children ?? [], config);
  const { candidates, prices } = index;
  if (!candidates.length) return undefined;
  if (selection.sku) {
    const exact = index.bySku.get(selection.sku);
    if (exact !== undefined) return candidates[exact];
  }
  const selected = selectedIds(selection);
  const wanted = selected.length;
  let best = index.cheapest;
  let bestLevel = 0;
  if (wanted > 0) {
    // level = how many selected options a child matches; a child has one value per code, so distinct ids never count twice
    const levels = new Map<number, number>();
    for (const [code, ids] of selected) {
      const byValue = positionsByValue(index, code);
      for (const id of new Set(ids)) {
        for (const pos of byValue.get(id) ?? []) levels.set(pos, (levels.get(pos) ?? 0) + 1);
      }
    }
    for (const [pos, level] of levels) {
      if (level > bestLevel || (level === bestLevel && (prices[pos]! < prices[best]! || (prices[pos] === prices[best] && pos < best)))) {
        best = pos;
        bestLevel = level;
      }
    }
  }
  const acceptable = wanted === 0 || (options.requireAllOptions ? bestLevel === wanted : bestLevel > 0);
  if (acceptable && !(selection.sku && wanted === 0)) return candidates[best];
  return (options.fallbackToDefault ?? config.catalogue.useDefaultChildWhenNoMatch) ? candidates[0] : undefined;
}

/** Per option code, the values for which `keep` holds of the children having it and matching the other choices. */
function optionValuesWhere(
  product: Product,
  children: readonly ConfigurableChild[],
  selection: VariantSelection,
  keep: (reached: ConfigurableChild[]) => boolean,
): Record<string, OptionValueId[]> {
  const chosen = selectedIds(selection);
  const valuesOf = ({ attribute_code: code, values }: ConfigurableOption): [string, OptionValueId[]] => {
    const others = chosen.filter(([other]) => other !== code);
    const matchesOthers = (c: ConfigurableChild) =>
      others.every(([other, ids]) => ids.includes(childValue(c, other) ?? '\u0000'));
    const reached = (v: ConfigurableOptionValue) =>
      children.filter((c) => childValue(c, code) === String(v.value_index) && matchesOthers(c));
    return [code, values.filter((v) => keep(reached(v))).map((v) => v.value_index)];
  };
  return Object.fromEntries(configurableOptionsOf(product).map(valuesOf));
}

/**
 * Which values of each configurable option remain choosable given a (partial) selection: a value is available
 * when an available child has it and matches every other selected option. Keyed by attribute code.
 */
export function availableOptionValues(
  product: Product,
  selection: VariantSelection,
  config: ShopConfig,
): Record<string, OptionValueId[]> {
  const children = (product.configurable_children ?? []).filter((c) => isChildAvailable(c, config));
  return optionValuesWhere(product, children, selection, (reached) => reached.length > 0);
}

/**
 * spec catalogue §4.3, §9: the option values that, with the other chosen options, reach only out-of-stock enabled
 * children (still listed and choosable); the product page marks them before the click. Keyed by attribute code.
 */
export function outOfStockOptionValues(product: Product, selection: VariantSelection, config: ShopConfig): Record<string, OptionValueId[]> {
  const children = (product.configurable_children ?? []).filter((c) => !isChildDisabled(c, config));
  const onlyOut = (reached: ConfigurableChild[]) =>
    reached.length > 0 && reached.every((c) => c.stock?.is_in_stock === false);
  return optionValuesWhere(product, children, selection, onlyOut);
}

/**
 * spec catalogue §4.2: choose an option on the product page. Re-finds the parent's child for the new
 * configuration; answers the merged product, or the 'No such configuration' warning key.
 */
export function configureProduct(
  parent: Product,
  selection: VariantSelection,
  config: ShopConfig,
): { ok: true; product: Product; child: ConfigurableChild; configuration: ProductConfiguration } | { ok: false; warning: typeof MESSAGES.noSuchConfiguration } {
  const child = selectConfigurableChild(parent, selection, config, { requireAllOptions: true, fallbackToDefault: false });
  if (!child) return { ok: false, warning: MESSAGES.noSuchConfiguration };
  return { ok: true, product: mergeChildIntoProduct(parent, child, config), child, configuration: configurationOfChild(parent, child) };
}

/**
 * spec catalogue §4.3: errors.variants = 'No available product variants' when a configurable has no available
 * child, or when the product's own stock says not in stock. Other errors are kept.
 */
export function withVariantErrors(product: Product, config: ShopConfig): Product {
  const { variants: _replaced, ...errors }: Record<string, string> = product.errors ?? {};
  const noChild = product.type_id === 'configurable' && !(product.configurable_children ?? []).some((c) => isChildAvailable(c, config));
  const ownStockOut = product.stock !== undefined && product.stock.is_in_stock === false;
  if (noChild || ownStockOut) errors.variants = MESSAGES.noAvailableVariants;
  return { ...product, errors };
}

/** spec catalogue §9 filterUnavailableVariants: unavailable children go, and the option values no child has. */
export function filterUnavailableVariants(product: Product, config: ShopConfig): Product {
  if (!config.catalogue.filterUnavailableVariants || product.type_id !== 'configurable') return product;
  const children = (product.configurable_children ?? []).filter((c) => isChildAvailable(c, config) && !(c.stock && !c.stock.is_in_stock));
  const options = (product.configurable_options ?? []).map((o) => ({
    ...o,
    values: o.values.filter((v) => children.some((c) => childValue(c, o.attribute_code) === String(v.value_index))),
  }));
  return { ...product, configurable_children: children, configurable_options: options };
}
