/** The cart calls (spec transactions §7 "Cart", docs/protocol.md); `token` is the user token, '' for a guest. */
import type { ProductOption } from '../catalogue/types';
import type { CartPaymentMethod, PlatformTotals, ServerCartItem } from '../cart/types';

export interface CartItemPayload {
  sku: string;
  qty?: number;
  quoteId: string;
  item_id?: number | string;
  product_option?: ProductOption;
}

export interface ShippingMethodsAddress {
  country_id: string;
  region?: string;
  region_id?: number | string;
  street?: string[];
  postcode?: string;
  city?: string;
}

/** one answer line of POST /api/cart/shipping-methods (the fields the shop reads; docs/protocol.md has them all) */
export interface ServerShippingMethod {
  carrier_code: string;
  method_code: string;
  method_title: string;
  amount: number;
  available: boolean;
  price_incl_tax: number;
}

export interface AddressInformation {
  shippingAddress: Record<string, unknown>;
  billingAddress?: Record<string, unknown>;
  shipping_method_code: string;
  shipping_carrier_code: string;
}

export type ShippingInformationAnswer = { payment_methods: CartPaymentMethod[]; totals: PlatformTotals };

export interface CollectTotalsMethods {
  paymentMethod: { method: string };
  shippingCarrierCode: string;
  shippingMethodCode: string;
}

export interface CartApi {
  /** POST /api/cart/create → the cart id (token) */
  create(token: string): Promise<string>;
  pull(token: string, cartId: string): Promise<ServerCartItem[]>;
  /** POST /api/cart/update (the idempotency key makes a repeated call change nothing) */
  update(token: string, cartId: string, cartItem: CartItemPayload, idempotencyKey?: string): Promise<ServerCartItem>;
  delete(token: string, cartId: string, cartItem: CartItemPayload, idempotencyKey?: string): Promise<boolean>;
  totals(token: string, cartId: string): Promise<PlatformTotals>;
  paymentMethods(token: string, cartId: string): Promise<CartPaymentMethod[]>;
  shippingMethods(token: string, cartId: string, address: ShippingMethodsAddress): Promise<ServerShippingMethod[]>;
  /** POST /api/cart/shipping-information → { payment_methods, totals } */
  shippingInformation(token: string, cartId: string, info: AddressInformation): Promise<ShippingInformationAnswer>;
  collectTotals(token: string, cartId: string, methods: CollectTotalsMethods): Promise<PlatformTotals>;
  /** POST /api/cart/apply-coupon?coupon= → true; an unknown code → ApiError 400 */
  applyCoupon(token: string, cartId: string, coupon: string): Promise<boolean>;
  deleteCoupon(token: string, cartId: string): Promise<boolean>;
}
