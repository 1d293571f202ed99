/** Product prices (spec catalogue §3.1, §4.4, §9); every rule takes `now` rather than reading a clock. */
import type { LocaleCode, ShopConfig } from '../config';
import { kept, numberFormat } from '../format/intl';
import type { BundleOption, BundleOptionSelection, BundleProductLink, CustomOptionValue } from './types';
import type { PriceFields, Product } from './types';
import { zonedTimeToEpoch } from './time-zone';

export interface PriceOptions {
  /** show prices including tax (default true: Dutch shops show prices incl. VAT) */
  readonly inclTax?: boolean;
}

/** A product's price in one tax display: regular, the active special price (if lower), and the final price. */
export interface PriceInfo {
  readonly regular: number;
  /** present only when a special price is active and below the regular price */
  readonly special?: number;
  readonly final: number;
}

function money(n: number, config: ShopConfig): number {
  const f = 10 ** config.i18n.fractionDigits;
  return Math.round((n + Number.EPSILON) * f) / f;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** bounds already read, per side, zone and date text; at most BOUNDS_KEPT, then afresh */
const boundsRead = new Map<string, number>();
export const BOUNDS_KEPT = 2_000;

/** formatted prices by what formatPrice reads; at most PRICES_KEPT, then afresh */
const pricesFormatted = new Map<string, string>();
export const PRICES_KEPT = 2_000;

/** Forgets what the price rules keep (tests: the same answers with and without it). */
export function forgetPriceMemos(): void {
  boundsRead.clear();
  pricesFormatted.clear();
}

/**
 * A special-price bound as an instant in the store view's time zone: a day ('2026-06-30', or '2026-06-30 00:00:00') is
 * a whole local day (a to-day's bound is the next day's 00:00, exclusive); a time of day is that local instant; an ISO
 * stamp with a zone is that instant; NaN when unreadable. Kept per side, zone and text (listings repeat a few dates).
 */
export function specialDateBound(value: string, zone: string, side: 'from' | 'to'): number {
  return kept(boundsRead, `${side}\u0000${zone}\u0000${value}`, () => {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(value.trim());
    if (!m) return Date.parse(value);
    const [, y, mo, d, h, mi, se, ms] = m.map((x) => Number(x ?? 0)) as [number, number, number, number, number, number, number, number];
    if (mo < 1 || mo > 12 || d < 1 || d > 31) return NaN;
    if (h || mi || se || ms) return zonedTimeToEpoch(zone, y, mo, d, h, mi, se, ms);
    return zonedTimeToEpoch(zone, y, mo, side === 'from' ? d : d + 1);
  }, BOUNDS_KEPT);
}

/**
 * spec catalogue §3.1: a special price (above 0) counts only while `now` is inside its special_from_date /
 * special_to_date window, read in config.i18n.timeZone (specialDateBound). An absent bound is open; an unreadable one
 * makes the special price inactive. productPrice uses this rule, so the two always agree.
 */
export function isSpecialPriceActive(product: PriceFields, now: number, config: Pick<ShopConfig, 'i18n'>): boolean {
  const special = num(product.special_price);
  if (special === undefined || special <= 0) return false;
  const zone = config.i18n.timeZone;
  const from = product.special_from_date ? specialDateBound(product.special_from_date, zone, 'from') : undefined;
  const to = product.special_to_date ? specialDateBound(product.special_to_date, zone, 'to') : undefined;
  if (from !== undefined && (Number.isNaN(from) || now < from)) return false;
  if (to !== undefined && (Number.isNaN(to) || now >= to)) return false;
  return true;
}

/** Add tax to a price excluding tax (config.tax.rate, 21% in NL). */
export function priceInclTax(excl: number, config: ShopConfig): number {
  return money(excl * (1 + config.tax.rate), config);
}

export function priceExclTax(incl: number, config: ShopConfig): number {
  return money(incl / (1 + config.tax.rate), config);
}

/** An amount in one tax display from its excl. and incl. tax fields (the missing one computed), else 0. */
function displayed(excl: number | undefined, incl: number | undefined, inclTax: boolean, config: ShopConfig): number {
  if (!inclTax) return excl !== undefined ? money(excl, config) : incl !== undefined ? priceExclTax(incl, config) : 0;
  if (incl !== undefined) return money(incl, config);
  if (excl === undefined) return 0;
  return config.tax.finalPriceIncludesTax ? money(excl, config) : priceInclTax(excl, config);
}

/**
 * spec catalogue §3.1: the price of a simple (or configured) product: its regular price, and its special price
 * when active at `now` and lower; final = special if any, else regular. Incl. or excl. tax per options.
 */
export function productPrice(product: PriceFields, now: number, config: ShopConfig, options: PriceOptions = {}): PriceInfo {
  const inclTax = options.inclTax ?? true;
  const p = product;
  const excl = num(p.price) ?? num(p.original_price) ?? num(p.original_final_price) ?? num(p.final_price);
  const regular = displayed(excl, num(p.price_incl_tax) ?? num(p.original_price_incl_tax), inclTax, config);
  if (isSpecialPriceActive(product, now, config)) {
    const special = displayed(num(p.special_price), num(p.special_price_incl_tax), inclTax, config);
    if (special < regular) return { regular, special, final: special };
  }
  return { regular, final: regular };
}

/** The price of a regular and a final amount: a lower final one is the special price. */
function priceOf(regular: number, final: number, config: ShopConfig): PriceInfo {
  const [r, f] = [money(regular, config), money(final, config)];
  return f < r ? { regular: r, special: f, final: f } : { regular: r, final: r };
}

function sumPrices(parts: Array<{ price: PriceInfo; qty: number }>, config: ShopConfig): PriceInfo {
  const sum = (of: (p: PriceInfo) => number) => parts.reduce((total, { price, qty }) => total + of(price) * qty, 0);
  return priceOf(sum((p) => p.regular), sum((p) => p.final), config);
}

/** spec catalogue §3.1: a grouped product's price sums its loaded associated parts' prices times their qty (1). */
export function groupedProductPrice(product: Product, now: number, config: ShopConfig, options: PriceOptions = {}): PriceInfo {
  const parts = (product.product_links ?? [])
    .filter((l) => l.link_type === 'associated' && l.product)
    .map((l) => ({ price: productPrice(l.product!, now, config, options), qty: nonNegativeQty(l.product!.qty ?? l.qty) }));
  return sumPrices(parts, config);
}

/** spec catalogue §4.4: a bundle quantity is used only when it is 0 or more (else 1). */
function nonNegativeQty(qty: unknown): number {
  const q = num(qty);
  return q !== undefined && q >= 0 ? q : 1;
}

/** A bundle option lets the shopper tick several links (checkbox, multi); the others (radio, select) hold one. */
export function bundleOptionIsMulti(option: Pick<BundleOption, 'type'>): boolean {
  return option.type === 'checkbox' || option.type === 'multi';
}

/** The shopper may change how many of this link the bundle holds (single-choice options whose link allows it). */
export function bundleLinkQtyChangeable(option: Pick<BundleOption, 'type'>, link: Pick<BundleProductLink, 'selection_can_change_quantity'>): boolean {
  const flag = link.selection_can_change_quantity;
  return !bundleOptionIsMulti(option) && (flag === true || flag === 1 || flag === '1');
}

/**
 * spec catalogue §3.1, §4.4: how many of a chosen link the bundle holds: the selection's option_qty (when 0 or more)
 * where the link's quantity may change, else the link's own qty (else 1).
 */
function bundleLinkQty(option: BundleOption, link: BundleProductLink, selection: BundleOptionSelection): number {
  const chosen = num(typeof selection.option_qty === 'string' ? Number(selection.option_qty) : selection.option_qty);
  if (chosen !== undefined && chosen >= 0 && bundleLinkQtyChangeable(option, link)) return chosen;
  return nonNegativeQty(link.qty);
}

/** The links a selection chooses, option by option (unknown options and links are ignored), with their quantities. */
export function chosenBundleLinks(product: Pick<Product, 'bundle_options'>, selections: readonly BundleOptionSelection[]): Array<{ option: BundleOption; link: BundleProductLink; qty: number }> {
  return (product.bundle_options ?? []).flatMap((option) => {
    const selection = selections.find((s) => String(s.option_id) === String(option.option_id));
    if (!selection) return [];
    const ids = new Set((selection.option_selections ?? []).map(String));
    const links = (option.product_links ?? []).filter((l) => ids.has(String(l.id)));
    return links.map((link) => ({ option, link, qty: bundleLinkQty(option, link, selection) }));
  });
}

/** spec catalogue §3.1, §4.4: a bundle starts with each option's default link (is_default, else the first). */
export function defaultBundleSelections(product: Pick<Product, 'bundle_options'>): BundleOptionSelection[] {
  return (product.bundle_options ?? []).flatMap((option) => {
    const link = option.product_links?.find((l) => l.is_default) ?? option.product_links?.[0];
    if (!link) return [];
    return [{ option_id: option.option_id, option_qty: nonNegativeQty(link.qty), option_selections: [link.id] }];
  });
}

/** The selection a product carries (product_option.extension_attributes.bundle_options), or its defaults. */
export function bundleSelectionsOf(product: Pick<Product, 'bundle_options' | 'product_option'>): BundleOptionSelection[] {
  const chosen = product.product_option?.extension_attributes?.bundle_options;
  return chosen && chosen.length > 0 ? chosen : defaultBundleSelections(product);
}

/**
 * spec catalogue §3.1, §4.4: the price of a bundle for a selection: the chosen links' prices times their quantities.
 * A link's price is its product's price when loaded (special prices included), else the link's own price.
 */
export function bundleSelectionPrice(product: Product, selections: readonly BundleOptionSelection[], now: number, config: ShopConfig, options: PriceOptions = {}): PriceInfo {
  const parts = chosenBundleLinks(product, selections).map(({ link, qty }) => ({ price: bundleLinkPrice(link, now, config, options), qty }));
  return sumPrices(parts, config);
}

/** One bundle link's unit price: its loaded product's price, else the link's own price (excl. tax, as Magento's selection price). */
export function bundleLinkPrice(link: BundleProductLink, now: number, config: ShopConfig, options: PriceOptions = {}): PriceInfo {
  return productPrice(link.product ?? { price: num(link.price) ?? 0 }, now, config, options);
}

/**
 * spec catalogue §3.1, §4.4: a bundle's price sums only the default links (is_default, else the first) times
 * their qty; a bundle the shopper configured (product_option's bundle_options) sums its chosen links instead.
 */
export function bundleProductPrice(product: Product, now: number, config: ShopConfig, options: PriceOptions = {}): PriceInfo {
  return bundleSelectionPrice(product, bundleSelectionsOf(product), now, config, options);
}

/** The price of any product type (dispatches to grouped and bundle rules). */
export function anyProductPrice(product: Product, now: number, config: ShopConfig, options: PriceOptions = {}): PriceInfo {
  if (product.type_id === 'grouped' && product.product_links?.some((l) => l.product)) return groupedProductPrice(product, now, config, options);
  // a bundle whose chosen links are loaded sums them (catalogue §3.1); without them (a listing) the indexed price stands
  if (product.type_id === 'bundle' && product.bundle_options?.length) {
    const chosen = chosenBundleLinks(product, bundleSelectionsOf(product));
    if (chosen.length > 0 && chosen.every((c) => c.link.product)) return bundleProductPrice(product, now, config, options);
  }
  return productPrice(product, now, config, options);
}

/**
 * spec catalogue §3.1, §4.4: the price added by chosen custom option values. Only values with option_type_id
 * above 0 count; 'fixed' adds the price, 'percent' adds that percentage of the base price.
 */
export function customOptionsPrice(values: readonly CustomOptionValue[], basePrice: number, config: ShopConfig): number {
  const counted = values.filter((v) => v.option_type_id > 0);
  const delta = (v: CustomOptionValue) => (v.price_type === 'percent' ? (basePrice * v.price) / 100 : v.price);
  return money(counted.reduce((sum, v) => sum + delta(v), 0), config);
}

/** The custom option values chosen on a product (product_option.extension_attributes.custom_options). */
function chosenCustomOptionValues(product: Product): CustomOptionValue[] {
  return (product.product_option?.extension_attributes.custom_options ?? []).flatMap((c) => {
    const values = product.custom_options?.find((o) => o.option_id === c.option_id)?.values ?? [];
    const ids = String(c.option_value).split(',').map((id) => id.trim());
    return ids.flatMap((id) => values.find((v) => String(v.option_type_id) === id) ?? []);
  });
}

/** The product's price with its chosen custom options added to the final (and regular) price. */
export function productPriceWithOptions(product: Product, now: number, config: ShopConfig, options: PriceOptions = {}): PriceInfo {
  const base = anyProductPrice(product, now, config, options);
  const values = chosenCustomOptionValues(product);
  if (!values.length) return base;
  const withOptions = (amount: number) => amount + customOptionsPrice(values, amount, config);
  return priceOf(withOptions(base.regular), withOptions(base.final), config);
}

/**
 * spec catalogue §9: an amount as EUR with 2 fraction digits in the locale's format, in the price format template;
 * negatives prefixed with '-'. nl-NL '€ 12,50', en-US '€12.50'. Kept per locale, settings and amount (listings repeat).
 */
export function formatPrice(amount: number, locale: LocaleCode, config: ShopConfig): string {
  const { fractionDigits: digits, currencyCode, currencySign, priceFormatTemplate } = config.i18n;
  const key = `${locale}\u0000${currencyCode}\u0000${digits}\u0000${currencySign}\u0000${priceFormatTemplate}\u0000${amount}`;
  return kept(pricesFormatted, key, () => {
    const rounded = money(Math.abs(amount), config);
    let formatted: string;
    try {
      const options = { currency: currencyCode, minimumFractionDigits: digits, maximumFractionDigits: digits };
      formatted = numberFormat(locale, { style: 'currency', ...options }).format(rounded);
    } catch {
      formatted = `${currencySign}${rounded.toFixed(2)}`;
    }
    return priceFormatTemplate.replace('{sign}', amount < 0 && rounded !== 0 ? '-' : '').replace('{amount}', formatted);
  }, PRICES_KEPT);
}

/** spec catalogue §3.1: price display holds a regular and a special string. */
export function priceDisplay(
  product: Product,
  now: number,
  locale: LocaleCode,
  config: ShopConfig,
  options: PriceOptions = {},
) {
  const p = productPriceWithOptions(product, now, config, options);
  return p.special !== undefined
    ? { regular: formatPrice(p.regular, locale, config), special: formatPrice(p.special, locale, config) }
    : { regular: formatPrice(p.regular, locale, config) };
}
