import type { Product } from '../../core/catalogue/types';
import { ENGLISH_STORE_ID } from '../catalogue/english';
import type { Context } from './context';
import { badRequest, HttpError, notFound, TEXTS } from './errors';
import { unitPriceInclTax, type ProductView } from './store';

/** The demo shop's own totals (independent of core/): prices incl. 21% VAT, DPD flat rate 4 / 5 incl., coupons. */
export const VAT = 0.21;
export const SHIPPING = { carrier_code: 'flatrate', method_code: 'flatrate', carrier_title: 'DPD', method_title: 'DPD Courier', amount: 4, incl: 5 };
/** a Map: a code a shopper types ('CONSTRUCTOR', '__PROTO__') is looked up among these three only */
export const COUPONS: ReadonlyMap<string, { type: 'percent' | 'fixed'; value: number; label: string }> = new Map([
  ['KORTING10', { type: 'percent', value: 10, label: '10% korting' }],
  ['NIEUWSBRIEF10', { type: 'percent', value: 10, label: 'Nieuwsbriefkorting 10%' }],
  ['VIJFEURO', { type: 'fixed', value: 5, label: '€ 5 korting' }],
]);

const r2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export interface ProductOptionJson {
  extension_attributes?: {
    configurable_item_options?: Array<{ option_id: string | number; option_value: string | number }>;
    bundle_options?: Array<{ option_id: number | string; option_qty?: number; option_selections?: Array<number | string> }>;
    custom_options?: unknown[];
  };
}

export interface ResolvedItem {
  sku: string; // the sku the cart stores (child sku for configurables)
  name: string;
  productType: string;
  unitPrice: number; // incl. VAT
  stockSkus: Array<[string, number]>; // sku and units per item, for stock checks
  product: Product;
  parent?: Product;
  /** a bundle's chosen links as the totals' options */
  bundleLabels?: Array<{ label: string; value: string }>;
}

/** The store view a cart or order call names its lines in: `?storeId=` 1 (Dutch, the default) or 2 (English). */
export function storeView(ctx: Context, query: URLSearchParams): ProductView {
  const id = query.get('storeId');
  if (id === null || id === '1') return ctx.catalogue;
  if (id === String(ENGLISH_STORE_ID)) return ctx.catalogue.englishView;
  throw badRequest(`Invalid request: storeId must be 1 or ${ENGLISH_STORE_ID}`);
}

/** Resolves a requested sku (+ options) to what is sold, its price now and the stock it uses (named in `cat`'s store view); throws 4xx otherwise. */
export function resolveItem(ctx: Context, sku: string, option: ProductOptionJson | undefined, cat: ProductView = ctx.catalogue): ResolvedItem {
  const now = ctx.now();
  let product = cat.bySku.get(sku);
  if (!product) throw notFound(`No such entity with sku = ${sku}`);
  let parent = cat.parentOf.get(sku);
  if (product.type_id === 'configurable') {
    const opts = option?.extension_attributes?.configurable_item_options ?? [];
    const wanted = new Map(opts.map((o) => [String(o.option_id), String(o.option_value)]));
    const attrCodes = new Map((product.configurable_options ?? []).map((o) => [String(o.attribute_id), o.attribute_code]));
    const child = (product.configurable_children ?? []).find((c) => [...attrCodes].every(([id, code]) => wanted.get(id) === String(c[code])));
    if (!child) throw badRequest('You need to choose options for your item.');
    parent = product;
    product = cat.bySku.get(child.sku) as Product;
  }
  if (product.type_id === 'grouped') throw badRequest('A grouped product is added as its associated products.');
  if (product.status !== 1) throw badRequest(TEXTS.productDisabled);
  if (product.type_id === 'bundle') return resolveBundle(cat, product, option?.extension_attributes?.bundle_options ?? [], now);
  return {
    sku: product.sku, name: parent?.name ?? product.name, productType: parent ? 'configurable' : product.type_id,
    unitPrice: unitPriceInclTax(product, now), stockSkus: [[product.sku, 1]], product, parent,
  };
}

type BundleChoice = NonNullable<NonNullable<ProductOptionJson['extension_attributes']>['bundle_options']>[number];
type BundleLinkJson = NonNullable<Product['bundle_options']>[number]['product_links'][number];

/** Most units of one link in one bundle (the storefront's BUNDLE_MAX_LINK_QTY says the same). */
export const BUNDLE_MAX_LINK_QTY = 99;
const multiChoice = (type: unknown) => type === 'checkbox' || type === 'multi';
const qtyChangeable = (type: unknown, link: BundleLinkJson) => !multiChoice(type) && [1, true, '1'].includes(link.selection_can_change_quantity as never);

/**
 * A bundle as the shopper chose it (bundle_options: option_id, option_qty, option_selections), priced from its chosen
 * links' current prices times their quantities; each refusal is a 400 and leaves the cart untouched. Multi-choice
 * options (checkbox) hold each ticked link at its own quantity.
 */
function resolveBundle(cat: ProductView, product: Product, chosen: readonly BundleChoice[], now: Date): ResolvedItem {
  const options = product.bundle_options ?? [];
  const seen = new Set<string>();
  for (const c of chosen) {
    const key = String(c.option_id);
    if (!options.some((o) => String(o.option_id) === key)) throw badRequest(`Unknown bundle option ${key.slice(0, 40)}`);
    if (seen.has(key)) throw badRequest(`Bundle option ${key} is chosen twice`);
    seen.add(key);
  }
  let unit = 0;
  const stockSkus: Array<[string, number]> = [];
  // the totals' options of the line (as Magento answers them): per option its title and "qty × name" of the chosen links
  const labels: Array<{ label: string; value: string }> = [];
  for (const opt of options) {
    const values: string[] = [];
    const sel = chosen.find((c) => String(c.option_id) === String(opt.option_id));
    const links = opt.product_links ?? [];
    const fallback = links.find((l) => l.is_default) ?? links[0];
    // no choice at all: every option's default link (spec catalogue §3.1, §4.4); else an option left out is empty
    // unless required, where its default link counts
    const ids = sel ? (sel.option_selections ?? []).map(String) : (chosen.length === 0 || opt.required) && fallback ? [String(fallback.id)] : [];
    if (new Set(ids).size !== ids.length) throw badRequest(`A selection of bundle option ${opt.option_id} is chosen twice`);
    if (!multiChoice(opt.type) && ids.length > 1) throw badRequest(`Bundle option ${opt.option_id} holds one selection`);
    if (opt.required && ids.length === 0) throw badRequest(`Please select all required options: ${opt.title ?? opt.option_id}`);
    let wantedQty: number | undefined;
    if (sel && sel.option_qty !== undefined && sel.option_qty !== null && !multiChoice(opt.type)) {
      const q = Number(sel.option_qty);
      if (!Number.isInteger(q) || q < 1 || q > BUNDLE_MAX_LINK_QTY) throw badRequest(`Invalid request: option_qty must be a whole number from 1 to ${BUNDLE_MAX_LINK_QTY}`);
      wantedQty = q;
    }
    for (const id of ids) {
      const link = links.find((l) => String(l.id) === id);
      if (!link) throw badRequest(`Unknown bundle selection ${id.slice(0, 40)}`);
      const linked = cat.bySku.get(link.sku);
      if (!linked) throw notFound(`No such entity with sku = ${link.sku}`);
      if (linked.status !== 1) throw badRequest(TEXTS.productDisabled);
      const own = Number(link.qty) >= 0 ? Number(link.qty) : 1;
      if (wantedQty !== undefined && wantedQty !== own && !qtyChangeable(opt.type, link)) throw badRequest(`The quantity of bundle selection ${id} cannot be changed`);
      const qty = wantedQty !== undefined && qtyChangeable(opt.type, link) ? wantedQty : own;
      unit += unitPriceInclTax(linked, now) * qty;
      stockSkus.push([link.sku, qty]);
      values.push(`${qty} × ${linked.name}`);
    }
    if (values.length) labels.push({ label: opt.title ?? String(opt.option_id), value: values.join(', ') });
  }
  return { sku: product.sku, name: product.name, productType: 'bundle', unitPrice: r2(unit), stockSkus, product, bundleLabels: labels };
}

/** The stored form of a line's product_option: a bundle's choices in the bundle's option order (ids as strings, selections sorted), so the same choice is the same line. */
export function canonicalOption(item: ResolvedItem, option: ProductOptionJson | undefined): string | null {
  if (!option) return null;
  if (item.productType !== 'bundle') return JSON.stringify(option);
  const chosen = option.extension_attributes?.bundle_options ?? [];
  const order = (item.product.bundle_options ?? []).map((o) => String(o.option_id));
  const bundle = [...chosen]
    .sort((a, b) => order.indexOf(String(a.option_id)) - order.indexOf(String(b.option_id)))
    .map((c) => ({
      option_id: c.option_id,
      option_qty: c.option_qty === undefined || c.option_qty === null ? 1 : Number(c.option_qty),
      option_selections: [...(c.option_selections ?? [])].sort((x, y) => String(x).localeCompare(String(y))),
    }));
  return JSON.stringify({ extension_attributes: { ...option.extension_attributes, bundle_options: bundle } });
}

export function checkStock(ctx: Context, item: ResolvedItem, qty: number): void {
  for (const [sku, per] of item.stockSkus) {
    const st = ctx.catalogue.stockOf(sku);
    if (!st || !st.manage_stock) continue;
    if (!st.is_in_stock) throw new HttpError(400, TEXTS.outOfStock);
    if (qty * per > st.qty) throw new HttpError(400, TEXTS.qtyExceeds);
  }
}

export interface LineInput { item_id: number; sku: string; qty: number; product_option: ProductOptionJson | undefined }

export function computeTotals(ctx: Context, lines: LineInput[], coupon: string | null, withShipping: boolean, view: ProductView = ctx.catalogue) {
  const items = lines.map((line) => {
    const resolved = resolveItemSafe(ctx, line, view);
    const unit = resolved?.unitPrice ?? 0;
    const rowIncl = r2(unit * line.qty);
    return {
      item_id: line.item_id, sku: line.sku, qty: line.qty, name: resolved?.name ?? line.sku,
      price: r2(unit / (1 + VAT)), price_incl_tax: unit, base_price: r2(unit / (1 + VAT)), base_price_incl_tax: unit,
      row_total: r2(rowIncl / (1 + VAT)), row_total_incl_tax: rowIncl, base_row_total: r2(rowIncl / (1 + VAT)), base_row_total_incl_tax: rowIncl,
      tax_amount: r2(rowIncl - rowIncl / (1 + VAT)), tax_percent: 21, discount_amount: 0, discount_percent: 0,
      row_total_with_discount: 0, weee_tax_applied_amount: null, weee_tax_applied: null,
      options: JSON.stringify(optionLabels(resolved)),
      product_type: resolved?.productType ?? 'simple',
      // the line's options as ordered (Magento's order items carry product_option too): the order history's lines can
      // be put back into a cart with their colour, size or bundle choice ('Terug naar winkelwagen')
      ...(line.product_option ? { product_option: line.product_option } : {}),
    };
  });
  const subtotalIncl = r2(items.reduce((sum, i) => sum + i.row_total_incl_tax, 0));
  const rule = coupon ? COUPONS.get(coupon) : undefined;
  let discount = 0;
  if (rule && subtotalIncl > 0) discount = rule.type === 'percent' ? r2((subtotalIncl * rule.value) / 100) : Math.min(rule.value, subtotalIncl);
  // spread the discount over the rows; the last row takes the rounding rest
  let left = discount;
  items.forEach((item, k) => {
    const share = k === items.length - 1 ? left : r2((discount * item.row_total_incl_tax) / (subtotalIncl || 1));
    item.discount_amount = share;
    item.discount_percent = rule?.type === 'percent' ? rule.value : 0;
    left = r2(left - share);
    item.row_total_with_discount = r2(item.row_total - share / (1 + VAT));
  });
  const shippingIncl = withShipping && items.length ? SHIPPING.incl : 0;
  const shippingExcl = withShipping && items.length ? SHIPPING.amount : 0;
  const goodsIncl = r2(subtotalIncl - discount);
  const goodsTax = r2(goodsIncl - goodsIncl / (1 + VAT));
  const tax = r2(goodsTax + (shippingIncl - shippingExcl));
  const grand = r2(goodsIncl + shippingIncl);
  const subtotalExcl = r2(items.reduce((sum, i) => sum + i.row_total, 0));
  const segments = [
    { code: 'subtotal', title: 'Subtotaal', value: subtotalIncl },
    ...(withShipping ? [{ code: 'shipping', title: `Verzendkosten (${SHIPPING.method_title})`, value: shippingIncl }] : []),
    ...(rule ? [{ code: 'discount', title: `Korting (${coupon})`, value: -discount }] : []),
    { code: 'tax', title: 'Btw', value: tax, area: 'taxes', extension_attributes: { tax_grandtotal_details: [{ amount: tax, rates: [{ percent: '21', title: 'BTW hoog' }], group_id: 1 }] } },
    { code: 'grand_total', title: 'Totaal', value: grand, area: 'footer' },
  ];
  return {
    grand_total: grand, base_grand_total: grand, subtotal: subtotalExcl, base_subtotal: subtotalExcl, subtotal_incl_tax: subtotalIncl,
    subtotal_with_discount: r2(subtotalExcl - discount / (1 + VAT)), discount_amount: -discount, base_discount_amount: -discount,
    shipping_amount: shippingExcl, base_shipping_amount: shippingExcl, shipping_incl_tax: shippingIncl, base_shipping_incl_tax: shippingIncl,
    shipping_tax_amount: r2(shippingIncl - shippingExcl), shipping_discount_amount: 0, tax_amount: tax, base_tax_amount: tax,
    weee_tax_applied_amount: null, base_currency_code: 'EUR', quote_currency_code: 'EUR', items_qty: items.reduce((s, i) => s + i.qty, 0),
    ...(rule ? { coupon_code: coupon } : {}),
    items, total_segments: segments,
  };
}

/** An order's stored line named in a store view (as stored when its product went away). */
export function lineInView<T extends { sku: string; qty: number; name?: unknown; options?: unknown; product_option?: ProductOptionJson }>(ctx: Context, line: T, view: ProductView): T {
  const resolved = resolveItemSafe(ctx, { item_id: 0, sku: line.sku, qty: line.qty, product_option: line.product_option }, view);
  return resolved ? { ...line, name: resolved.name, options: JSON.stringify(optionLabels(resolved)) } : line;
}

/** resolveItem, or undefined where it refuses (a product that went away, disabled or changed). */
export function resolveItemSafe(ctx: Context, line: LineInput, view: ProductView = ctx.catalogue): ResolvedItem | undefined {
  try {
    return resolveItem(ctx, line.sku, line.product_option, view);
  } catch {
    return undefined;
  }
}

function optionLabels(item: ResolvedItem | undefined): Array<{ label: string; value: string }> {
  if (item?.bundleLabels) return item.bundleLabels;
  if (!item?.parent) return [];
  const out: Array<{ label: string; value: string }> = [];
  for (const o of item.parent.configurable_options ?? []) {
    const v = o.values.find((x) => String(x.value_index) === String(item.product[o.attribute_code]));
    if (v) out.push({ label: o.attribute_code === 'color' ? 'Color' : o.attribute_code === 'size' ? 'Size' : o.label, value: v.label });
  }
  return out;
}
