/**
 * The shopper's choices on a bundle product (spec catalogue §3.1 bundle option selection, §3.6, §4.4). The
 * ProductService keeps the selection; the cart sends it as product_option.extension_attributes.bundle_options.
 */
import type { ShopConfig } from '../config';
import { MESSAGES, type MessageKey } from '../messages';
import { bundleLinkQtyChangeable, bundleOptionIsMulti, bundleSelectionPrice } from './prices';
import { bundleSelectionsOf, chosenBundleLinks } from './prices';
import type { BundleOptionSelection, Product } from './types';

/** The most of one link a shopper may put in one bundle (the demo backend refuses more too). */
export const BUNDLE_MAX_LINK_QTY = 99;

const sameId = (a: unknown, b: unknown) => String(a) === String(b);

/**
 * The selection in the product's option order with only known options and links (each link once); options left with
 * no link are dropped. This is the shape sent to the cart.
 */
export function normalizeBundleSelections(product: Pick<Product, 'bundle_options'>, selections: readonly BundleOptionSelection[]): BundleOptionSelection[] {
  return (product.bundle_options ?? []).flatMap((option): BundleOptionSelection[] => {
    const selection = selections.find((s) => sameId(s.option_id, option.option_id));
    const wanted = new Set((selection?.option_selections ?? []).map(String));
    const links = option.product_links.filter((l) => wanted.has(String(l.id)));
    const kept = bundleOptionIsMulti(option) ? links : links.slice(0, 1);
    if (!selection || !kept.length) return [];
    const qty = Number(selection.option_qty);
    const optionQty = Number.isInteger(qty) && qty >= 0 ? qty : 1;
    return [{ option_id: option.option_id, option_qty: optionQty, option_selections: kept.map((l) => l.id) }];
  });
}

/**
 * Choose a link in an option. A single-choice option (radio, select) holds that link only (`null` clears an optional
 * one), keeping the quantity when both links' quantities may change; a multi-choice option (checkbox, multi) adds or
 * removes the link (`checked`).
 */
export function chooseBundleLink(
  product: Pick<Product, 'bundle_options'>,
  selections: readonly BundleOptionSelection[],
  optionId: number | string,
  linkId: number | string | null,
  checked = true,
): BundleOptionSelection[] {
  const option = (product.bundle_options ?? []).find((o) => sameId(o.option_id, optionId));
  if (!option) return [...selections];
  const previous = selections.find((s) => sameId(s.option_id, optionId));
  const others = selections.filter((s) => !sameId(s.option_id, optionId));
  if (linkId === null) return normalizeBundleSelections(product, others);
  const link = option.product_links.find((l) => sameId(l.id, linkId));
  if (!link) return [...selections];
  let next: BundleOptionSelection;
  if (bundleOptionIsMulti(option)) {
    const ids = (previous?.option_selections ?? []).filter((id) => !sameId(id, link.id));
    next = { option_id: option.option_id, option_qty: 1, option_selections: checked ? [...ids, link.id] : ids };
  } else {
    const previousQty = Number(previous?.option_qty);
    const before = previous ? option.product_links.find((l) => sameId(l.id, previous.option_selections[0])) : undefined;
    const keepQty = before !== undefined && bundleLinkQtyChangeable(option, before) && bundleLinkQtyChangeable(option, link) && previousQty >= 1;
    next = { option_id: option.option_id, option_qty: keepQty ? previousQty : Math.max(0, Number(link.qty) || 0) || 1, option_selections: [link.id] };
  }
  return normalizeBundleSelections(product, [...others, next]);
}

/** A valid quantity for a chosen link: a whole number from 1 to BUNDLE_MAX_LINK_QTY. */
export function validBundleQty(qty: unknown): number | undefined {
  const n = typeof qty === 'number' ? qty : typeof qty === 'string' && /^\s*\d+\s*$/.test(qty) ? Number(qty) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= BUNDLE_MAX_LINK_QTY ? n : undefined;
}

/** Set the quantity of an option's chosen link, when that link's quantity may change and the quantity is valid. */
export function setBundleOptionQty(product: Pick<Product, 'bundle_options'>, selections: readonly BundleOptionSelection[], optionId: number | string, qty: unknown): BundleOptionSelection[] {
  const option = (product.bundle_options ?? []).find((o) => sameId(o.option_id, optionId));
  const selection = selections.find((s) => sameId(s.option_id, optionId));
  const n = validBundleQty(qty);
  if (!option || !selection || n === undefined) return [...selections];
  const link = option.product_links.find((l) => sameId(l.id, selection.option_selections[0]));
  if (!link || !bundleLinkQtyChangeable(option, link)) return [...selections];
  return selections.map((s) => (s === selection ? { ...s, option_qty: n } : s));
}

/** What keeps a selection from being added: a required option with nothing chosen, or a chosen link out of stock. */
export function bundleSelectionProblem(product: Pick<Product, 'bundle_options'>, selections: readonly BundleOptionSelection[]): MessageKey | undefined {
  const chosen = chosenBundleLinks(product, selections);
  for (const option of product.bundle_options ?? []) {
    if (option.required && !chosen.some((c) => c.option === option)) return MESSAGES.bundleOptionRequired;
  }
  if (chosen.some((c) => c.link.product?.stock?.is_in_stock === false)) return MESSAGES.bundleLinkOutOfStock;
  return undefined;
}

/**
 * The bundle as the shopper configured it: product_option.extension_attributes.bundle_options holds the (normalised)
 * selection, errors.bundle the problem that keeps it out of the cart (none: no key), and with `now` the price fields
 * hold the selection's price (spec catalogue §3.1: the chosen links times their qty), so the cart line starts with it.
 */
export function configureBundle(product: Product, selections: readonly BundleOptionSelection[], config: ShopConfig, now?: number): Product {
  const chosen = normalizeBundleSelections(product, selections);
  const ext = product.product_option?.extension_attributes;
  const { bundle: _dropped, ...otherErrors } = product.errors ?? {};
  const problem = bundleSelectionProblem(product, chosen);
  const configured: Product = {
    ...product,
    product_option: { extension_attributes: { custom_options: ext?.custom_options ?? [], configurable_item_options: ext?.configurable_item_options ?? [], bundle_options: chosen } },
    errors: problem ? { ...otherErrors, bundle: problem } : otherErrors,
  };
  if (now === undefined) return configured;
  const incl = bundleSelectionPrice(product, chosen, now, config, { inclTax: true });
  const excl = bundleSelectionPrice(product, chosen, now, config, { inclTax: false });
  return {
    ...configured,
    price: excl.regular, price_incl_tax: incl.regular, original_price: excl.regular, original_price_incl_tax: incl.regular,
    final_price: excl.final, final_price_incl_tax: incl.final,
    special_price: excl.special ?? null, special_price_incl_tax: incl.special ?? null, special_from_date: null, special_to_date: null,
  };
}

/** The cart line's text of a bundle's choices: per option its title and the chosen links ("2 × Name"). */
export function bundleChoiceLabels(product: Pick<Product, 'bundle_options' | 'product_option'>): Array<{ label: string; value: string }> {
  const chosen = chosenBundleLinks(product, bundleSelectionsOf(product));
  return (product.bundle_options ?? []).flatMap((option) => {
    const links = chosen.filter((c) => c.option === option);
    if (!links.length) return [];
    const label = option.title?.trim() ? option.title : String(option.option_id);
    return [{ label, value: links.map((c) => `${c.qty} × ${c.link.product?.name ?? c.link.sku}`).join(', ') }];
  });
}
