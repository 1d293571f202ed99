/**
 * Checkout's state and the shapes its parts share (spec transactions §3 checkout details, §4 "Placing an order"): the
 * service, order placement and offline orders read and patch one CheckoutState through a CheckoutContext.
 */
import type { CartService } from '../cart/cart-service';
import type { CartItem, CartShippingMethod, CartState } from '../cart/types';
import { cartItemsHash } from '../cart/hash';
import type { ShopConfig } from '../config';
import type { MessageKey } from '../messages';
import type { ServerShippingMethod } from '../ports/cart-api';
import type { Clock } from '../ports/clock';
import type { CrossTab, TabLocks } from '../ports/cross-tab';
import type { IdGenerator } from '../ports/id-generator';
import type { Logger } from '../ports/logger';
import type { Network } from '../ports/network';
import type { OrderApi, OrderPlacementResult } from '../ports/order-api';
import type { PaymentApi } from '../ports/payment-api';
import type { Storage } from '../ports/storage';
import type { ModalService } from '../ui-state/modal-service';
import type { NotificationService } from '../ui-state/notification-service';
import type { CheckoutStep } from './checkout-step';
import type { OrderStore, StoredOrder } from './order-store';
import type { SessionService } from '../user/session-service';
import type { PaymentChoice } from './payment-choice';
import type { CheckoutPaymentMethod, PaymentDetails, PersonalDetails, ShippingDetails } from './types';

/** The cart as checkout reads it: lines, server id, and the coupon recorded with the order ("back to cart"). */
type CartView = Pick<CartState, 'cartItems' | 'cartServerToken'> & { readonly coupon?: CartState['coupon'] };

/** What checkout needs of the cart: CartService's commands (the server-cart ones optional). */
export type CartForCheckout = {
  snapshot(): CartView;
  /** the cart as stored, re-read when another tab changed it; default: snapshot() */
  current?(): Promise<CartView>;
  clear(options: { sync: boolean; disconnect?: boolean }): Promise<void>;
} & Partial<Pick<CartService, 'serverShippingMethods' | 'applyShippingInformation' | 'syncTotals' | CartMethodSetters>>;
type CartMethodSetters = 'setShippingMethod' | 'setPaymentMethod';

/** spec transactions §3 "Shipping method": a server answer line as a shipping method (server method, availability kept). */
export function fromServerShippingMethod(m: ServerShippingMethod): CartShippingMethod {
  return {
    method_title: m.method_title,
    method_code: m.method_code,
    carrier_code: m.carrier_code,
    code: `${m.carrier_code}_${m.method_code}`,
    amount: m.amount,
    price_incl_tax: m.price_incl_tax,
    available: m.available !== false,
    is_server_method: true,
  };
}

/** What checkout needs of the session: SessionService's commands (the signed-in customer's ones optional). */
export type SessionForCheckout = Pick<SessionService, 'currentUserId' | 'register'> & {
  login(username: string, password: string): Promise<unknown>;
} & Partial<Pick<SessionService, 'withUserToken' | 'issueToken' | 'addAddress'>>;

export interface PlacedOrder {
  readonly order_id: string;
  readonly status: 'placed' | 'queued';
  readonly result?: OrderPlacementResult;
  readonly paymentMethod: string;
  readonly email: string;
  /** another tab of this browser placed it (this tab shows it; it starts no payment of its own) */
  readonly placedElsewhere?: boolean;
  /** why a queued order was not sent: offline (sent once back online, spec §4) or a server failure (§8) */
  readonly queuedBecause?: 'offline' | 'server';
}

export interface CheckoutState {
  readonly loaded: boolean;
  readonly personalDetails: PersonalDetails | undefined;
  readonly shippingDetails: ShippingDetails | undefined;
  readonly paymentDetails: PaymentDetails | undefined;
  /** last change of checkout data (ms), for isInCheckout */
  readonly modifiedAt: number;
  readonly orderPlacedAt: number;
  readonly shippingMethods: readonly CartShippingMethod[];
  readonly paymentMethods: readonly CheckoutPaymentMethod[];
  readonly paymentMethodsError: MessageKey | undefined;
  readonly isThankYouPage: boolean;
  readonly placing: boolean;
  readonly lastOrder: PlacedOrder | undefined;
  readonly orderError: MessageKey | undefined;
  /** untransmitted, unrejected stored orders */
  readonly pendingOrders: number;
  /** the shipping method chosen with selectShippingMethod (its totals come from the server when online) */
  readonly selectedShippingMethod?: CartShippingMethod | undefined;
  readonly selectedPaymentMethod?: CheckoutPaymentMethod | undefined;
  /** the step the shopper is on, persisted with the details (a reload or language switch resumes it) */
  readonly step: CheckoutStep;
  /** the payment method picked on the payment step and not yet confirmed, persisted with the details (payment-choice.ts) */
  readonly paymentChoice?: PaymentChoice | undefined;
}

export const INITIAL_CHECKOUT_STATE: CheckoutState = {
  loaded: false,
  personalDetails: undefined,
  shippingDetails: undefined,
  paymentDetails: undefined,
  modifiedAt: 0,
  orderPlacedAt: 0,
  shippingMethods: [],
  paymentMethods: [],
  paymentMethodsError: undefined,
  isThankYouPage: false,
  placing: false,
  lastOrder: undefined,
  orderError: undefined,
  pendingOrders: 0,
  step: 'personal',
};

/** the keys of Storage collection 'checkout' */
export const CHECKOUT_KEYS = { personal: 'personal-details', shipping: 'shipping-details', payment: 'payment-details', modifiedAt: 'modified-at', step: 'step', paymentChoice: 'payment-choice' } as const;

export interface TransmitReport {
  sent: string[];
  rejected: string[];
  /** still pending (offline or server error) */
  pending: string[];
}

export interface CheckoutDeps {
  readonly storage: Storage;
  readonly orderApi: OrderApi;
  readonly paymentApi: PaymentApi;
  readonly cart: CartForCheckout;
  readonly session: SessionForCheckout;
  readonly notifications: NotificationService;
  readonly modals: ModalService;
  readonly network: Network;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  /** the other tabs hear of placed orders and changed details; orders are placed and sent under TAB_LOCKS.order */
  readonly crossTab?: CrossTab;
  readonly locks?: TabLocks;
}

export interface CheckoutContext {
  readonly deps: CheckoutDeps;
  readonly config: ShopConfig;
  readonly orders: OrderStore;
  readonly tabs: CrossTab;
  readonly locks: TabLocks;
  state(): CheckoutState;
  patch(p: Partial<CheckoutState>): void;
}

/**
 * Which cart an order is for: the cart's server id (or 'local' for a cart that never reached the server) and the hash
 * of its lines. Two tabs showing the same cart compute the same key.
 */
export function cartOrderKey(cartId: string | undefined, items: readonly CartItem[]): string {
  return `${cartId ?? 'local'}-${cartItemsHash(items)}`;
}

/**
 * The order's Idempotency-Key: derived from the cart, so the same cart sent twice (two tabs, a retry) is one order (an
 * ordered server cart is disconnected, its id never returns). A cart that never reached the server has no shared id:
 * its key carries this order's own id, and the order lock + stored orders keep two tabs from ordering it twice.
 */
export function orderIdempotencyKey(cartId: string | undefined, items: readonly CartItem[], orderId: string): string {
  return cartId ? `order-${cartOrderKey(cartId, items)}` : `order-${cartOrderKey(undefined, items)}-${orderId}`;
}

/** A stored order as the thank-you state shows it (placed once the backend answered, else queued). */
export function placedFromStored(o: StoredOrder, last: PlacedOrder | undefined): PlacedOrder {
  const email = String(o.addressInformation?.billingAddress?.email ?? o.addressInformation?.shippingAddress?.email ?? last?.email ?? '');
  const paymentMethod = String(o.addressInformation?.payment_method_code ?? last?.paymentMethod ?? '');
  return o.transmited
    ? { order_id: o.order_id, status: 'placed', ...(o.result ? { result: o.result } : {}), paymentMethod, email }
    : { order_id: o.order_id, status: 'queued', paymentMethod, email };
}
