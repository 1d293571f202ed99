/** Cart entities (spec transactions §3 "Cart item", "Cart state", "Totals", "Coupon"), wire names as spelt there. */
import type { ProductOption, ProductType } from '../catalogue/types';
import type { MessageKey } from '../messages';

/** spec transactions §3 "Cart item" */
export interface CartItem {
  sku: string;
  /** whole number, at least 1 (text converted, defaults to 1: see normalizeQty) */
  qty: number;
  name?: string;
  /** the product id (catalogue) */
  id?: number | string;
  server_item_id?: number | string;
  /** the server cart this line was last synchronised with (a guest cart id or the account cart id) */
  server_cart_id?: string;
  item_id?: number | string;
  quote_id?: string;
  prev_qty?: number;
  product_option?: ProductOption;
  type_id?: ProductType;
  parentSku?: string;
  info?: Record<string, MessageKey>;
  errors?: Record<string, MessageKey>;
  is_in_stock?: boolean;
  totals?: { row_total_incl_tax?: number; discount_amount?: number };
  checksum?: string;
  price_incl_tax?: number;
  options?: unknown;
  image?: string;
  thumbnail?: string;
}

/** An item as GET /api/cart/pull answers it (docs/protocol.md). */
export interface ServerCartItem {
  item_id: number | string;
  sku: string;
  qty: number;
  name?: string;
  price?: number;
  product_type?: string;
  quote_id?: string;
  product_option?: ProductOption;
  /** the server's fingerprint of the line (sku + configuration), when it sends one (spec transactions §3 "Cart item": checksum) */
  checksum?: string;
}

export type TotalSegmentCode = 'subtotal' | 'subtotal_incl_tax' | 'shipping' | 'payment' | 'discount' | 'tax' | 'grand_total';

/** spec transactions §3 "Totals": entries with code, title and value */
export interface TotalSegment {
  code: TotalSegmentCode | string;
  /** an i18n key for offline totals, the server's title otherwise */
  title: string;
  value: number;
}

/** GET /api/cart/totals result (docs/protocol.md has every field; these are the ones the shop reads) */
export interface PlatformTotals {
  grand_total: number;
  subtotal_incl_tax?: number;
  discount_amount?: number;
  shipping_incl_tax?: number;
  coupon_code?: string;
  items?: Array<{
    item_id: number | string;
    sku?: string;
    qty?: number;
    row_total_incl_tax?: number;
    discount_amount?: number;
  }>;
  total_segments: TotalSegment[];
}

/** spec transactions §3 "Coupon" */
export interface Coupon {
  code: string;
  discount: number;
}

/** spec transactions §3 "Shipping method" */
export interface CartShippingMethod {
  method_title: string;
  method_code: string;
  carrier_code: string;
  code?: string;
  amount: number;
  price_incl_tax: number;
  default?: boolean;
  available?: boolean;
  offline?: boolean;
  is_server_method?: boolean;
}

/** spec transactions §3 "Payment method" */
export interface CartPaymentMethod {
  code: string;
  title: string;
  cost_incl_tax?: number;
  default?: boolean;
  is_server_method?: boolean;
  offline?: boolean;
}

/** spec transactions §4 "Cart edit mode": null, then opened with product id, qty and options */
export interface CartEditMode {
  productId: number | string;
  sku: string;
  qty: number;
  options: Record<string, unknown>;
}

/** spec transactions §3 "Cart state" */
export interface CartState {
  cartItems: CartItem[];
  cartServerToken: string | undefined;
  cartItemsHash: string;
  /** last cart sync date (ms) */
  cartServerLastSyncDate: number;
  /** last totals sync date (ms) */
  cartServerLastTotalsSyncDate: number;
  shipping: CartShippingMethod | undefined;
  payment: CartPaymentMethod | undefined;
  platformTotals: PlatformTotals | undefined;
  platformTotalSegments: TotalSegment[] | undefined;
  itemsAfterPlatformTotals: Record<string, { row_total_incl_tax?: number; discount_amount?: number }>;
  isMicrocartOpen: boolean;
  isAddingToCart: boolean;
  connectBypassCount: number;
  /** true once connect gave up (401 after the bypass attempts): the cart works locally only */
  serverSyncDisabled: boolean;
  coupon: Coupon | undefined;
  editMode: CartEditMode | null;
  /** restored from Storage */
  loaded: boolean;
}

export const EMPTY_CART_STATE: CartState = {
  cartItems: [],
  cartServerToken: undefined,
  cartItemsHash: '',
  cartServerLastSyncDate: 0,
  cartServerLastTotalsSyncDate: 0,
  shipping: undefined,
  payment: undefined,
  platformTotals: undefined,
  platformTotalSegments: undefined,
  itemsAfterPlatformTotals: {},
  isMicrocartOpen: false,
  isAddingToCart: false,
  connectBypassCount: 0,
  serverSyncDisabled: false,
  coupon: undefined,
  editMode: null,
  loaded: false,
};
