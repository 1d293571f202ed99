import { bundleChoiceLabels } from '../catalogue/bundle';
import type { Product } from '../catalogue/types';
import type { ShopConfig } from '../config';
import { MESSAGES, type MessageKey } from '../messages';
import { cartItemIdentity, normalizeQty } from './identity';
import type { CartItem } from './types';

/** spec transactions §4 "Adding": the stock status of an item being added */
export type StockStatus = 'ok' | 'volatile' | 'out_of_stock';

export interface CartNotice {
  type: 'success' | 'warning' | 'error';
  key: MessageKey;
  sku?: string;
  params?: Record<string, string | number>;
}

/** spec transactions §5: no price incl. tax, a negative one, or 0 while zero prices are off is "price unknown". */
export function priceUnknown(product: Pick<Product, 'price_incl_tax' | 'final_price_incl_tax'>, config: Pick<ShopConfig, 'catalogue'>): boolean {
  const price = product.price_incl_tax ?? product.final_price_incl_tax;
  if (price === undefined || price === null || !Number.isFinite(price)) return true;
  return price < 0 || (price === 0 && !config.catalogue.allowZeroPriceProducts);
}

/** spec catalogue §4.2, transactions §4 "Adding": a configurable parent with no option chosen cannot be added. */
export function needsConfiguration(product: Pick<Product, 'type_id' | 'product_option' | 'sku' | 'parentSku'>): boolean {
  if (product.type_id !== 'configurable') return false;
  if ((product.product_option?.extension_attributes?.configurable_item_options?.length ?? 0) > 0) return false;
  // a chosen variant carries its parent's sku as parentSku and its own sku
  return product.parentSku === undefined || product.parentSku === product.sku;
}

/** One product (or a configured variant) as a cart line. */
export function productToCartItem(product: Product, qty: unknown = 1): CartItem {
  const { sku, name, id, type_id, parentSku, product_option, thumbnail, image } = product;
  const lineQty = normalizeQty(qty);
  const item: CartItem = { sku, qty: lineQty, name, id, type_id, parentSku, product_option, thumbnail, image };
  item.price_incl_tax = product.price_incl_tax ?? product.final_price_incl_tax;
  // a bundle line shows the shopper's choices (option title: "1 × name"), kept with the line
  const labels = type_id === 'bundle' ? bundleChoiceLabels(product) : [];
  if (labels.length) item.options = labels;
  return item;
}

/**
 * spec transactions §4 "Cart changes": grouped products add their associated children as separate cart items
 * (each with its link qty, at least 1). Other products are one line.
 */
export function productToCartItems(product: Product, qty: unknown = 1): { product: Product; item: CartItem }[] {
  if (product.type_id === 'grouped') {
    return (product.product_links ?? [])
      .filter((l) => l.link_type === 'associated' && l.product)
      .map((l) => ({ product: l.product as Product, item: productToCartItem(l.product as Product, l.qty ?? 1) }));
  }
  return [{ product, item: productToCartItem(product, qty) }];
}

export interface AddCandidate {
  product: Product;
  item: CartItem;
  stock: StockStatus;
}

export interface AddOutcome {
  items: CartItem[];
  /** the lines that were added or increased (after the change) */
  changed: CartItem[];
  notices: CartNotice[];
}

/** spec transactions §4 "Adding": a line of the same identity gets more (prev_qty: the old qty), else is added. */
export function addCartItem(items: readonly CartItem[], item: CartItem): { items: CartItem[]; line: CartItem; increased: boolean } {
  const id = cartItemIdentity(item);
  const index = items.findIndex((i) => cartItemIdentity(i) === id);
  if (index < 0) {
    const line = { ...item, qty: normalizeQty(item.qty) };
    return { items: [...items, line], line, increased: false };
  }
  const existing = items[index] as CartItem;
  const line: CartItem = { ...existing, qty: existing.qty + normalizeQty(item.qty), prev_qty: existing.qty };
  const next = [...items];
  next[index] = line;
  return { items: next, line, increased: true };
}

/**
 * The add rule (spec transactions §4 "Adding", §5, §8): an unconfigured parent, product errors, an unknown price and
 * out_of_stock refuse with an error; volatile warns unless out-of-stock items are allowed; added lines are announced.
 */
export function addToCart(items: readonly CartItem[], candidates: readonly AddCandidate[], config: Pick<ShopConfig, 'catalogue' | 'cart'>): AddOutcome {
  let current = [...items];
  const changed: CartItem[] = [];
  const notices: CartNotice[] = [];
  for (const c of candidates) {
    if (needsConfiguration(c.product)) {
      notices.push({ type: 'error', key: MESSAGES.noSuchConfiguration, sku: c.item.sku });
      continue;
    }
    const errors = Object.values(c.product.errors ?? {}).filter((e): e is MessageKey => typeof e === 'string' && e !== '');
    notices.push(...errors.map((key) => ({ type: 'error' as const, key, sku: c.item.sku })));
    if (errors.length > 0) continue;
    if (priceUnknown(c.product, config)) {
      notices.push({ type: 'error', key: MESSAGES.priceUnknown, sku: c.item.sku });
      continue;
    }
    if (c.stock === 'out_of_stock') {
      notices.push({ type: 'error', key: MESSAGES.outOfStockCannotAdd, sku: c.item.sku });
      continue;
    }
    if (c.stock === 'volatile' && !config.cart.allowOutOfStockInCart) {
      notices.push({ type: 'warning', key: MESSAGES.volatileStock, sku: c.item.sku });
    }
    const r = addCartItem(current, c.item);
    current = r.items;
    changed.push(r.line);
    notices.push({ type: 'success', key: r.increased ? MESSAGES.qtyUpdated : MESSAGES.productAdded, sku: c.item.sku });
  }
  return { items: current, changed, notices };
}

/** Set the qty of the line with this identity (prev_qty keeps the old one). Unknown identity → unchanged. */
export function updateCartItemQty(items: readonly CartItem[], identity: string, qty: unknown): CartItem[] {
  return items.map((i) => (cartItemIdentity(i) === identity ? { ...i, prev_qty: i.qty, qty: normalizeQty(qty) } : i));
}

/** Remove the line with this identity. */
export function removeCartItem(items: readonly CartItem[], identity: string): CartItem[] {
  return items.filter((i) => cartItemIdentity(i) !== identity);
}
