/**
 * The shop's analytics rules (spec catalogue §2.4: the tag manager's hooks): the shop's state and changes as Google
 * Analytics 4 e-commerce events, in the shape Google Tag Manager reads from its dataLayer, and page views.
 *
 * Items: item_id the line's sku, item_name its name, item_variant the chosen options' labels, price the unit price
 * incl. tax, quantity. Amounts are summed in whole cents: goods = Σ price × quantity; the cart's events have value =
 * goods − discount; purchase has value = goods − discount + shipping, with tax, shipping and coupon beside it (the
 * cart's totals segments; a missing one counts 0). The payment method's cost has no GA4 field and is not in value.
 */
import type { ShopConfig } from '../config';
import type { Product } from '../catalogue/types';
import { productToCartItem } from '../cart/add';
import { cartItemIdentity } from '../cart/identity';
import { segmentValue } from '../cart/totals';
import type { CartItem, TotalSegment } from '../cart/types';
import type { CheckoutStep } from '../checkout/checkout-step';
import type { ResolvedPageKind } from '../routing/page-resolution';
import { PAGE_NOT_FOUND, routeByName, type RouteDef } from '../routing/routes';

export interface GaItem {
  readonly item_id: string;
  readonly item_name: string;
  readonly item_variant?: string;
  readonly price: number;
  readonly quantity: number;
  readonly index?: number;
  readonly item_list_name?: string;
}

type ListEventName = 'view_item_list' | 'select_item' | 'view_item' | 'add_to_cart' | 'remove_from_cart';
type CartEventName = 'view_cart' | 'begin_checkout' | 'add_shipping_info' | 'add_payment_info' | 'purchase';
export type EcommerceEventName = ListEventName | CartEventName;

export interface Ecommerce {
  readonly currency: string;
  readonly items: readonly GaItem[];
  readonly value?: number;
  readonly item_list_name?: string;
  readonly transaction_id?: string;
  readonly tax?: number;
  readonly shipping?: number;
  readonly coupon?: string;
  readonly shipping_tier?: string;
  readonly payment_type?: string;
}

export interface EcommerceEvent {
  readonly event: EcommerceEventName;
  readonly ecommerce: Ecommerce;
}

export interface PageViewEvent {
  readonly event: 'page_view';
  /** the route's meta name for the tag manager (spec catalogue §2.4) */
  readonly page_type: string;
  /** the path without query or hash (a query may carry a token) */
  readonly page_path: string;
}

export type AnalyticsEvent = EcommerceEvent | PageViewEvent;

type Money = Pick<ShopConfig, 'i18n'>;

const cents = (amount: number, config: Money): number => Math.round(amount * 10 ** config.i18n.fractionDigits);
const fromCents = (c: number, config: Money): number => c / 10 ** config.i18n.fractionDigits;

/** An e-commerce event in the shop's currency. */
function ecommerceEvent(event: EcommerceEventName, fields: Omit<Ecommerce, 'currency'>, config: Money): EcommerceEvent {
  return { event, ecommerce: { currency: config.i18n.currencyCode, ...fields } };
}

/** Σ price × quantity, summed in whole cents (no float drift across many lines). */
export function goodsValue(items: readonly GaItem[], config: Money): number {
  const total = items.reduce((sum, i) => sum + cents(i.price, config) * i.quantity, 0);
  return fromCents(total, config);
}

function isLabelValue(o: unknown): o is { label: string; value: string } {
  return typeof o === 'object' && o !== null && typeof (o as { label?: unknown }).label === 'string' && typeof (o as { value?: unknown }).value === 'string';
}

/** The chosen options' labels: a configured variant's values ("Rood / A4"), a bundle's choices ("Papier: 1 × Kraft"). */
function variantOf(line: Pick<CartItem, 'options' | 'product_option'>): string | undefined {
  const configured = (line.product_option?.extension_attributes?.configurable_item_options ?? []).map((o) => o.value).filter((v): v is string => typeof v === 'string' && v !== '');
  if (configured.length) return configured.join(' / ');
  const chosen = Array.isArray(line.options) ? line.options.filter(isLabelValue) : [];
  return chosen.length ? chosen.map((o) => `${o.label}: ${o.value}`).join('; ') : undefined;
}

/** A cart line as a GA4 item (quantity: the line's, or the part of it an event is about). */
export function itemFromLine(line: CartItem, config: Money, quantity: number = line.qty): GaItem {
  const variant = variantOf(line);
  return {
    item_id: line.sku,
    item_name: line.name ?? line.sku,
    ...(variant !== undefined ? { item_variant: variant } : {}),
    price: fromCents(cents(line.price_incl_tax ?? 0, config), config),
    quantity,
  };
}

/** A product (a tile, the product page) as a GA4 item: the line it would become in the cart, quantity 1. */
export function itemFromProduct(product: Product, config: Money, extra: { index?: number; item_list_name?: string } = {}): GaItem {
  return { ...itemFromLine(productToCartItem(product, 1), config), ...extra };
}

/** view_item_list: the products a list shows, with their positions. */
export function viewItemList(listName: string, products: readonly Product[], config: ShopConfig): EcommerceEvent | undefined {
  if (products.length === 0) return undefined;
  const items = products.map((p, index) => itemFromProduct(p, config, { index, item_list_name: listName }));
  return ecommerceEvent('view_item_list', { item_list_name: listName, items }, config);
}

/** select_item: the shopper opened a list's product. */
export function selectItem(listName: string, product: Product, index: number, config: ShopConfig): EcommerceEvent {
  const items = [itemFromProduct(product, config, { index, item_list_name: listName })];
  return ecommerceEvent('select_item', { item_list_name: listName, items }, config);
}

/** view_item: the product page shows a product (value: its price). */
export function viewItem(product: Product, config: ShopConfig): EcommerceEvent {
  const item = itemFromProduct(product, config);
  return ecommerceEvent('view_item', { value: item.price, items: [item] }, config);
}

/**
 * add_to_cart / remove_from_cart for one change of the cart's lines (an add, a quantity change, a removal): per line
 * identity the quantity that came (add) or went (remove), priced as the line is.
 */
export function cartChangeEvents(before: readonly CartItem[], after: readonly CartItem[], config: ShopConfig): EcommerceEvent[] {
  const was = new Map(before.map((l) => [cartItemIdentity(l), l]));
  const now = new Map(after.map((l) => [cartItemIdentity(l), l]));
  const added: GaItem[] = [];
  const removed: GaItem[] = [];
  for (const [id, line] of now) {
    const diff = line.qty - (was.get(id)?.qty ?? 0);
    if (diff > 0) added.push(itemFromLine(line, config, diff));
    else if (diff < 0) removed.push(itemFromLine(line, config, -diff));
  }
  for (const [id, line] of was) if (!now.has(id)) removed.push(itemFromLine(line, config, line.qty));
  const event = (name: 'add_to_cart' | 'remove_from_cart', items: GaItem[]) =>
    ecommerceEvent(name, { value: goodsValue(items, config), items }, config);
  return [...(added.length ? [event('add_to_cart', added)] : []), ...(removed.length ? [event('remove_from_cart', removed)] : [])];
}

/** The cart as the funnel's events need it: its lines and totals segments (core/cart/totals.ts cartTotals), its coupon. */
export interface CartSnapshot {
  readonly items: readonly CartItem[];
  readonly totals: readonly TotalSegment[];
  readonly coupon?: { readonly code: string } | undefined;
}

/** The cart's funnel events, valued as the header comment says. */
export function cartEvent(
  name: CartEventName,
  cart: CartSnapshot,
  config: ShopConfig,
  extra: Partial<Ecommerce> = {},
): EcommerceEvent | undefined {
  if (cart.items.length === 0) return undefined;
  const items = cart.items.map((l) => itemFromLine(l, config));
  const segment = (code: string) => cents(segmentValue(cart.totals, code), config);
  const shipping = segment('shipping');
  const discount = cents(Math.abs(segmentValue(cart.totals, 'discount')), config);
  const value = cents(goodsValue(items, config), config) - discount + (name === 'purchase' ? shipping : 0);
  const coupon = cart.coupon?.code ? { coupon: cart.coupon.code } : {};
  const tax = fromCents(segment('tax'), config);
  const paid = name === 'purchase' ? { tax, shipping: fromCents(shipping, config) } : {};
  return ecommerceEvent(name, { value: fromCents(value, config), ...coupon, ...paid, ...extra, items }, config);
}

/** purchase: the order id as transaction_id. */
export function purchase(orderId: string, cart: CartSnapshot, config: ShopConfig): EcommerceEvent | undefined {
  return cartEvent('purchase', cart, config, { transaction_id: orderId });
}

/**
 * The checkout's step moved forward by one (the shopper finished a step): leaving shipping gives add_shipping_info
 * (shipping_tier: the chosen method's title), leaving payment gives add_payment_info (payment_type: the method's
 * code). A resume (a reload lands on a later step) or a step back gives nothing.
 */
export function checkoutStepEvent(
  from: CheckoutStep,
  to: CheckoutStep,
  cart: CartSnapshot,
  chosen: { shippingTier?: string | undefined; paymentType?: string | undefined },
  config: ShopConfig,
): EcommerceEvent | undefined {
  if (from === 'shipping' && to === 'payment') return cartEvent('add_shipping_info', cart, config, chosen.shippingTier ? { shipping_tier: chosen.shippingTier } : {});
  if (from === 'payment' && to === 'review') return cartEvent('add_payment_info', cart, config, chosen.paymentType ? { payment_type: chosen.paymentType } : {});
  return undefined;
}

/** The route the URL dispatcher resolved a path to (spec catalogue §2.3) for page-view purposes. */
const DISPATCHED_ROUTE: Readonly<Record<ResolvedPageKind, string>> = {
  product: 'simple-product',
  category: 'category',
  cms_page: 'cms-page',
  'not-found': PAGE_NOT_FOUND,
};

/**
 * page_view (spec catalogue §2.4): none for a route excluded from page-view tracking by its meta; page_type is the
 * route's meta name for the tag manager. A path the table leaves to the URL dispatcher counts as the route of the
 * page it resolved to.
 */
export function pageView(route: RouteDef, path: string, resolvedKind?: ResolvedPageKind): PageViewEvent | undefined {
  const shown = route.name === PAGE_NOT_FOUND && resolvedKind ? (routeByName(DISPATCHED_ROUTE[resolvedKind]) ?? route) : route;
  if (shown.excludeFromPageView) return undefined;
  return { event: 'page_view', page_type: shown.tagManagerName ?? shown.name, page_path: path.split(/[?#]/)[0]! };
}
