/** Pure checkout rules (spec transactions §4 "Placing an order", §5, §9). */
import type { CartItem, CartShippingMethod } from '../cart/types';
import type { ShopConfig } from '../config';
import { ownEntry } from '../dictionary';
import { MESSAGES, type MessageKey } from '../messages';
import type { OrderAddress, OrderBody } from '../ports/order-api';
import type { ProviderPaymentMethodWire } from '../ports/payment-api';
import type { CheckoutPaymentMethod, PaymentDetails, PersonalDetails, ShippingDetails } from './types';

/** spec transactions §4, §9: "in checkout" when modified within inCheckoutWindowMs (a future time counts too). */
export function isInCheckout(lastModified: number | undefined, now: number, config: Pick<ShopConfig, 'checkout'>): boolean {
  if (!lastModified) return false;
  return now - lastModified <= config.checkout.inCheckoutWindowMs;
}

/** spec transactions §5, §9: the configured methods plus the server's (which win), the unavailable ones dropped. */
export function shippingMethods(config: Pick<ShopConfig, 'shipping'>, serverMethods: readonly CartShippingMethod[] = []): CartShippingMethod[] {
  const key = (m: CartShippingMethod) => `${m.carrier_code}_${m.method_code}`;
  const out = new Map<string, CartShippingMethod>();
  for (const m of config.shipping.methods) out.set(key(m), { ...m, code: key(m), available: true, is_server_method: false });
  for (const m of serverMethods) {
    const base = out.get(key(m));
    out.set(key(m), { ...base, ...m, code: m.code ?? key(m), default: m.default ?? base?.default ?? false, is_server_method: m.is_server_method ?? true });
  }
  return [...out.values()].filter((m) => m.available !== false);
}

/** spec transactions §5: the default shipping or payment method: the first flagged default, else the first offered. */
export function defaultMethod<M extends { readonly default?: boolean }>(methods: readonly M[]): M | undefined {
  return methods.find((m) => m.default) ?? methods[0];
}

const VIRTUAL_TYPES: readonly string[] = ['virtual', 'downloadable'];

/** spec transactions §5: true when every item of a non-empty cart is virtual or downloadable */
export function cartIsVirtualOnly(items: readonly Pick<CartItem, 'type_id'>[]): boolean {
  return items.length > 0 && items.every((i) => i.type_id !== undefined && VIRTUAL_TYPES.includes(i.type_id));
}

/** spec transactions §3 "Provider payment method": title from description, code from id, pspMethod, default false, offline false */
export function providerPaymentMethod(m: ProviderPaymentMethodWire): CheckoutPaymentMethod {
  const method: CheckoutPaymentMethod = {
    title: m.description,
    code: m.id,
    pspMethod: true,
    cost_incl_tax: 0,
    default: false,
    offline: false,
    is_server_method: false,
  };
  if (m.image) method.image = m.image;
  return method;
}

/** spec transactions §3 "Cash on delivery method": title, code cashondelivery, cost 0, default, offline, not a server method */
export function cashOnDeliveryMethod(config: Pick<ShopConfig, 'payment'>): CheckoutPaymentMethod {
  const c = config.payment.cashOnDelivery;
  return {
    title: c.title, code: c.code, cost_incl_tax: c.cost, default: c.default, offline: c.offline, is_server_method: false,
  };
}

export interface PaymentMethodsResult {
  methods: CheckoutPaymentMethod[];
  /** MESSAGES.noPaymentMethods when the provider offers none of the configured methods */
  error?: MessageKey;
}

/** spec §5, §9: the mapped provider methods ('No payment methods' if none), plus cash on delivery unless virtual. */
export function paymentMethods(
  provider: readonly ProviderPaymentMethodWire[],
  items: readonly Pick<CartItem, 'type_id'>[],
  config: Pick<ShopConfig, 'payment'>,
): PaymentMethodsResult {
  const mapped = provider.filter((m) => Object.hasOwn(config.payment.mapping, m.id)).map(providerPaymentMethod);
  const methods = cartIsVirtualOnly(items) ? mapped : [...mapped, cashOnDeliveryMethod(config)];
  return mapped.length === 0 ? { methods, error: MESSAGES.noPaymentMethods } : { methods };
}

/** The provider method's code as the payment service expects it (config.payment.mapping) */
export function providerMethodCode(code: string, config: Pick<ShopConfig, 'payment'>): string | undefined {
  return ownEntry(config.payment.mapping, code);
}

/** Shipping or payment details as the wire's address (the order's, and shipping-information's): the e-mail when known. */
export function orderAddress(d: ShippingDetails | PaymentDetails, email: string): OrderAddress {
  const street = d.apartmentNumber?.trim() ? [d.streetAddress, d.apartmentNumber] : [d.streetAddress];
  const { firstName: firstname, lastName: lastname, city, zipCode: postcode, country: country_id } = d;
  const a: OrderAddress = { firstname, lastname, street, city, postcode, country_id };
  if (email) a.email = email;
  if (d.state) a.region = d.state;
  if (d.region_id !== undefined) a.region_id = d.region_id;
  if (d.phoneNumber) a.telephone = d.phoneNumber;
  if ('company' in d && d.company) a.company = d.company;
  if ('taxId' in d && d.taxId) a.vat_id = d.taxId;
  return a;
}

export interface OrderInput {
  orderId: string;
  cartId: string | undefined;
  userId: string | number | undefined;
  items: readonly CartItem[];
  personal: PersonalDetails;
  shipping: ShippingDetails;
  payment: PaymentDetails;
  shippingMethod: Pick<CartShippingMethod, 'method_code' | 'carrier_code'>;
  now: number;
  comment?: string;
}

/** The body of POST /api/order (docs/protocol.md "Order"); never carries the password. */
export function buildOrderBody(input: OrderInput): OrderBody {
  const at = new Date(input.now).toISOString();
  const body: OrderBody = {
    user_id: input.userId === undefined ? '' : String(input.userId),
    order_id: input.orderId,
    products: input.items.map(({ sku, qty, name, price_incl_tax, type_id, product_option, server_item_id }) => {
      return { sku, qty, name, price_incl_tax, product_type: type_id, product_option, server_item_id };
    }),
    addressInformation: {
      shippingAddress: orderAddress(input.shipping, input.personal.emailAddress),
      billingAddress: orderAddress(input.payment, input.personal.emailAddress),
      shipping_method_code: input.shippingMethod.method_code,
      shipping_carrier_code: input.shippingMethod.carrier_code,
      payment_method_code: input.payment.paymentMethod,
      payment_method_additional: { ...(input.payment.paymentMethodAdditional ?? {}) },
    },
    transmited: false,
    created_at: at,
    updated_at: at,
  };
  if (input.cartId) body.cart_id = input.cartId;
  if (input.comment) body.comment = input.comment;
  return body;
}

/** spec transactions §4: "on success or missing result code" the order counts as placed */
export function orderAccepted(code: number | undefined): boolean {
  return code === undefined || code === 200;
}
