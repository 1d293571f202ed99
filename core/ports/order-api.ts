/** POST /api/order (spec transactions §7 "Order"): a repeated Idempotency-Key gets the first answer, no new order. */
export interface OrderAddress {
  firstname: string;
  lastname: string;
  city: string;
  postcode: string;
  street: string[];
  country_id: string;
  region?: string;
  region_id?: number | string;
  company?: string;
  telephone?: string;
  email?: string;
  vat_id?: string;
}

export interface OrderProduct {
  sku: string;
  qty: number;
  name?: string;
  price_incl_tax?: number;
  product_type?: string;
  product_option?: unknown;
  server_item_id?: number | string;
  [extra: string]: unknown;
}

/** The wire body of POST /api/order (spelling kept: `transmited`). */
export interface OrderBody {
  user_id: string;
  /** the server cart (quote) id; absent for a cart that never connected */
  cart_id?: string;
  order_id: string;
  products: OrderProduct[];
  addressInformation: {
    shippingAddress: OrderAddress;
    billingAddress: OrderAddress;
    shipping_method_code: string;
    shipping_carrier_code: string;
    payment_method_code: string;
    payment_method_additional: Record<string, unknown>;
  };
  comment?: string;
  transmited: boolean;
  created_at: string;
  updated_at: string;
}

export interface OrderPlacementResult {
  magentoOrderId?: string | number;
  backendOrderId?: string | number;
  increment_id?: string;
  order_token?: string;
  [extra: string]: unknown;
}

/** The envelope as received: `code` may be missing (spec §4: "on success or missing result code"). */
export interface OrderResponse {
  code?: number;
  result?: OrderPlacementResult;
}

export interface OrderApi {
  /** `userToken`: the customer's access token, sent for an order with a user_id (the backend refuses it otherwise) */
  place(order: OrderBody, idempotencyKey: string, userToken?: string): Promise<OrderResponse>;
}
