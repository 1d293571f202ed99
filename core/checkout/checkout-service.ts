/**
 * CheckoutService (spec transactions §3 checkout details, §4 "Placing an order", "Task queue" offline orders, §5, §9).
 *
 * - Personal, shipping and payment details are persisted in Storage collection 'checkout' (never the password).
 * - placeOrder(): the order is stored in 'orders' first, then sent with a stable Idempotency-Key. On success (or a
 *   missing result code): timestamp recorded, cart cleared WITHOUT sync, password and createAccount dropped.
 *   Offline, no answer, or a 5xx: the order stays stored with transmited:false and the outcome is 'queued'
 *   ('order.queued'), never a success (vue-storefront #2740). A 4xx is final: the stored order is marked rejected
 *   and never re-sent (#2663).
 * - Creating an account at checkout registers first, places the order for the new customer, clears the cart, and
 *   only then logs in: the login's cart merge meets an empty local cart, so no item is doubled (#4205).
 * - Going online: with config.queue.automaticOrderTransmission or on the thank-you page the stored orders are sent;
 *   otherwise the offline-order-confirmation event fires ('order.waiting' notification whose action,
 *   'order.waitingConfirm', sends them, and the order-confirmation modal).
 */
import { BehaviorSubject, distinctUntilChanged, pairwise, startWith, Subject, type Observable, type Subscription } from 'rxjs';
import type { CartItem, CartPaymentMethod, CartShippingMethod, CartState } from '../cart/types';
import type { AddressInformation, ServerShippingMethod, ShippingMethodsAddress } from '../ports/cart-api';
import { taxCountry } from '../cart/tax-country';
import type { ShopConfig } from '../config';
import { MESSAGES, ShopError, type MessageKey } from '../messages';
import { isApiError, isNetworkError } from '../ports/api-error';
import type { Clock } from '../ports/clock';
import type { IdGenerator } from '../ports/id-generator';
import type { Logger } from '../ports/logger';
import type { Network } from '../ports/network';
import type { OrderApi, OrderPlacementResult, OrderProduct, OrderResponse } from '../ports/order-api';
import type { PaymentApi } from '../ports/payment-api';
import { STORAGE_COLLECTIONS, type Storage } from '../ports/storage';
import type { Customer, NewCustomer } from '../ports/user-api';
import { MODALS, type ModalService } from '../ui-state/modal-service';
import type { NotificationService } from '../ui-state/notification-service';
import {
  buildOrderBody,
  defaultShippingMethod,
  isInCheckout,
  orderAccepted,
  paymentMethods as paymentMethodsRule,
  shippingMethods as shippingMethodsRule,
} from './checkout-rules';
import { CHECKOUT_STEPS, resumeStep, type CheckoutStep } from './checkout-step';
import { validateCountry } from './form-validation';
import { OrderStore, type StoredOrder } from './order-store';
import type { CheckoutPaymentMethod, PaymentDetails, PersonalDetails, ShippingDetails } from './types';
import { cartItemsHash } from '../cart/hash';
import { TAB_LOCKS, type CrossTab, type TabLocks } from '../ports/cross-tab';
import { InProcessLocks, NoOtherTabs } from '../tabs/single-tab';

/**
 * issue 11: which cart an order is for — the cart's server id (or 'local' for a cart that never reached the server)
 * and the hash of its lines. Two tabs showing the same cart compute the same key.
 */
export function cartOrderKey(cartId: string | undefined, items: readonly CartItem[]): string {
  return `${cartId ?? 'local'}-${cartItemsHash(items)}`;
}

/**
 * The order's Idempotency-Key (issue 11): derived from the cart, so the same cart sent twice — two tabs, a retry after
 * a lost answer — is one order at the backend. A server cart is disconnected once ordered, so its id never returns.
 * A cart that never reached the server has no id shared by anyone: its key carries this order's own id (unique per
 * browser and order), and two tabs of the browser are kept from ordering it twice by the order lock + stored orders.
 */
export function orderIdempotencyKey(cartId: string | undefined, items: readonly CartItem[], orderId: string): string {
  return cartId ? `order-${cartOrderKey(cartId, items)}` : `order-${cartOrderKey(undefined, items)}-${orderId}`;
}

/** What checkout needs of the cart (the engine's CartService satisfies it). */
export interface CartForCheckout {
  snapshot(): Pick<CartState, 'cartItems' | 'cartServerToken'>;
  /** the cart as stored, re-read when another tab changed it (issue 11); default: snapshot() */
  current?(): Promise<Pick<CartState, 'cartItems' | 'cartServerToken'>>;
  /** spec §4 "Cart clear": empties items, optionally syncs, optionally disconnects */
  clear(options: { sync: boolean; disconnect?: boolean }): Promise<void>;
  /** spec §4, §7: the server's shipping methods for an address ([] when not available) */
  serverShippingMethods?(address: ShippingMethodsAddress): Promise<ServerShippingMethod[]>;
  /** spec §7: POST shipping-information; the answer's totals become the cart's. False when not sent. */
  applyShippingInformation?(addressInformation: AddressInformation): Promise<boolean>;
  setShippingMethod?(method: CartShippingMethod | undefined): Promise<void>;
  setPaymentMethod?(method: CartPaymentMethod | undefined): Promise<void>;
  /** totals sync (collect-totals when shipping and payment are chosen) */
  syncTotals?(): Promise<void>;
}

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

/** What checkout needs of the session (SessionService satisfies it). */
export interface SessionForCheckout {
  currentUserId(): string | number | undefined;
  register(customer: NewCustomer, password: string): Promise<Customer>;
  login(username: string, password: string): Promise<unknown>;
  /** Runs `fn` with the signed-in customer's access token (refreshed once on a 401); undefined for a guest. */
  withUserToken?<T>(fn: (token: string | undefined) => Promise<T>): Promise<T>;
  /** An access token for a just-registered account without signing in (the cart is not touched, #4205). */
  issueToken?(username: string, password: string): Promise<string>;
}

export interface PlacedOrder {
  readonly order_id: string;
  readonly status: 'placed' | 'queued';
  readonly result?: OrderPlacementResult;
  readonly paymentMethod: string;
  readonly email: string;
  /** issue 11: another tab of this browser placed it (this tab shows it; it starts no payment of its own) */
  readonly placedElsewhere?: boolean;
}

export interface CheckoutState {
  readonly loaded: boolean;
  readonly personalDetails: PersonalDetails | undefined;
  readonly shippingDetails: ShippingDetails | undefined;
  readonly paymentDetails: PaymentDetails | undefined;
  /** last change of checkout data (ms), for isInCheckout */
  readonly modifiedAt: number;
  /** the timestamp recorded when an order was placed */
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
  /** the payment method chosen with selectPaymentMethod */
  readonly selectedPaymentMethod?: CheckoutPaymentMethod | undefined;
  /** the step the shopper is on, persisted with the details (a reload or language switch resumes it) */
  readonly step: CheckoutStep;
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

const KEYS = { personal: 'personal-details', shipping: 'shipping-details', payment: 'payment-details', modifiedAt: 'modified-at', step: 'step' } as const;

/** A stored order as the thank-you state shows it (placed once the backend answered, else queued). */
function placedFromStored(o: StoredOrder, last: PlacedOrder | undefined): PlacedOrder {
  const email = String(o.addressInformation?.billingAddress?.email ?? o.addressInformation?.shippingAddress?.email ?? last?.email ?? '');
  const paymentMethod = String(o.addressInformation?.payment_method_code ?? last?.paymentMethod ?? '');
  return o.transmited
    ? { order_id: o.order_id, status: 'placed', ...(o.result ? { result: o.result } : {}), paymentMethod, email }
    : { order_id: o.order_id, status: 'queued', paymentMethod, email };
}

export interface TransmitReport {
  sent: string[];
  rejected: string[];
  /** still pending (offline or server error) */
  pending: string[];
}

export class CheckoutService {
  private readonly state = new BehaviorSubject<CheckoutState>(INITIAL_CHECKOUT_STATE);
  readonly state$: Observable<CheckoutState> = this.state.pipe(distinctUntilChanged());
  private readonly offlineConfirmation = new Subject<readonly StoredOrder[]>();
  /** the offline-order-confirmation event (spec transactions §2, §4) */
  readonly offlineOrderConfirmation$: Observable<readonly StoredOrder[]> = this.offlineConfirmation.asObservable();
  readonly orders: OrderStore;
  private transmitting: Promise<TransmitReport> | undefined;
  /** the 'Order waiting!' notification on screen (removed once no stored order waits: issue 11) */
  private waitingNotice: string | undefined;
  /** the backend's order numbers of the orders this tab sent, by order id */
  private readonly sentNumbers = new Map<string, string>();
  private networkSub: Subscription | undefined;

  constructor(
    private readonly deps: {
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
      /**
       * issue 11: orders are placed and sent under TAB_LOCKS.order; a placed order and changed details are announced
       * to the other tabs, which show the thank-you state / re-read the details.
       */
      readonly crossTab?: CrossTab;
      readonly locks?: TabLocks;
    },
    private readonly config: ShopConfig,
  ) {
    this.orders = new OrderStore(deps.storage);
    this.tabs = deps.crossTab ?? new NoOtherTabs();
    this.locks = deps.locks ?? new InProcessLocks();
    this.tabs.messages$.subscribe((m) => {
      const done = (p: Promise<void>) => p.catch((e: unknown) => this.deps.logger.warn(`checkout not re-read: ${String(e)}`, 'checkout'));
      if (m.topic === 'checkout') void done(this.load());
      else if (m.topic === 'orders') void done(this.onOrdersChanged(m.data as { orderId?: string; placed?: boolean } | undefined));
    });
  }

  private readonly tabs: CrossTab;
  private readonly locks: TabLocks;

  /**
   * Another tab placed or sent an order. The browser has one cart, so an order placed elsewhere was this tab's cart:
   * this tab shows its thank-you state rather than offering to place it again; a sent order updates the one shown.
   */
  private async onOrdersChanged(data: { orderId?: string; placed?: boolean } | undefined): Promise<void> {
    const pendingOrders = (await this.orders.pending()).length;
    const stored = data?.orderId ? await this.orders.get(data.orderId) : undefined;
    if (!stored) {
      this.patch({ pendingOrders });
      return;
    }
    const last = this.state.value.lastOrder;
    if (data?.placed) {
      this.patch({ lastOrder: { ...placedFromStored(stored, undefined), placedElsewhere: true }, pendingOrders });
    } else if (last?.order_id === stored.order_id) {
      this.patch({ lastOrder: { ...placedFromStored(stored, last), ...(last.placedElsewhere ? { placedElsewhere: true } : {}) }, pendingOrders });
    } else {
      this.patch({ pendingOrders });
    }
  }

  snapshot(): CheckoutState {
    return this.state.value;
  }

  hydrate(state: CheckoutState): void {
    this.state.next(state);
  }

  private patch(p: Partial<CheckoutState>): void {
    this.state.next({ ...this.state.value, ...p });
  }

  /** Restore saved details (spec §7 browser storage: checkout personal, shipping and payment details). */
  async load(): Promise<void> {
    const s = this.deps.storage;
    const c = STORAGE_COLLECTIONS.checkout;
    const [personalDetails, shippingDetails, paymentDetails, modifiedAt, savedStep] = await Promise.all([
      s.get<PersonalDetails>(c, KEYS.personal),
      s.get<ShippingDetails>(c, KEYS.shipping),
      s.get<PaymentDetails>(c, KEYS.payment),
      s.get<number>(c, KEYS.modifiedAt),
      s.get<string>(c, KEYS.step),
    ]);
    const pendingOrders = (await this.orders.pending()).length;
    const step = resumeStep(savedStep, { personalDetails, shippingDetails, paymentDetails }, modifiedAt, this.deps.clock.now(), this.config);
    this.patch({ loaded: true, personalDetails, shippingDetails, paymentDetails, modifiedAt: modifiedAt ?? 0, pendingOrders, step });
  }

  /** The shopper moved to a step (next, or back to edit one): kept in Storage with the details. */
  async setStep(step: CheckoutStep): Promise<void> {
    if (!CHECKOUT_STEPS.includes(step)) return;
    this.patch({ step });
    await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, KEYS.step, step);
    this.patch({ modifiedAt: await this.touch() });
  }

  /**
   * After a resume (reload, language switch) the methods chosen before are chosen again once offered, so the totals
   * carry the shipping and payment costs as they did before the reload.
   */
  async restoreSelections(): Promise<void> {
    const s = this.state.value;
    const shipping = s.shippingDetails;
    if (!s.selectedShippingMethod && shipping?.shippingMethod && CHECKOUT_STEPS.indexOf(s.step) > CHECKOUT_STEPS.indexOf('shipping')) {
      await this.selectShippingMethod(shipping.shippingMethod, shipping.shippingCarrier);
    }
    const payment = this.state.value.paymentDetails;
    if (!this.state.value.selectedPaymentMethod && payment?.paymentMethod && s.step === 'review') await this.selectPaymentMethod(payment.paymentMethod);
  }

  /** spec §4, §9: in checkout within 30 minutes of the last change */
  isInCheckout(): boolean {
    return isInCheckout(this.state.value.modifiedAt, this.deps.clock.now(), this.config);
  }

  private async touch(): Promise<number> {
    const now = this.deps.clock.now();
    await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, KEYS.modifiedAt, now);
    return now;
  }

  async savePersonalDetails(details: PersonalDetails): Promise<void> {
    const { password: _pw, ...persisted } = details;
    await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, KEYS.personal, persisted);
    this.patch({ personalDetails: details, modifiedAt: await this.touch() });
    this.tabs.publish({ topic: 'checkout' });
  }

  async saveShippingDetails(details: ShippingDetails): Promise<void> {
    await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, KEYS.shipping, details);
    this.patch({ shippingDetails: details, modifiedAt: await this.touch() });
    this.tabs.publish({ topic: 'checkout' });
  }

  async savePaymentDetails(details: PaymentDetails): Promise<void> {
    await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, KEYS.payment, details);
    this.patch({ paymentDetails: details, modifiedAt: await this.touch() });
    this.tabs.publish({ topic: 'checkout' });
  }

  /** spec §4 Logout: saved checkout personal, shipping and payment details are cleared */
  async clearDetails(): Promise<void> {
    const c = STORAGE_COLLECTIONS.checkout;
    await Promise.all([KEYS.personal, KEYS.shipping, KEYS.payment, KEYS.modifiedAt, KEYS.step].map((k) => this.deps.storage.remove(c, k)));
    this.patch({ personalDetails: undefined, shippingDetails: undefined, paymentDetails: undefined, modifiedAt: 0, selectedShippingMethod: undefined, selectedPaymentMethod: undefined, step: 'personal' });
    this.tabs.publish({ topic: 'checkout' });
  }

  setThankYouPage(isThankYouPage: boolean): void {
    this.patch({ isThankYouPage });
  }

  /** spec §5, §9: configured DPD flat rate plus the server's, unavailable dropped */
  loadShippingMethods(serverMethods: readonly CartShippingMethod[] = []): readonly CartShippingMethod[] {
    const methods = shippingMethodsRule(this.config, serverMethods);
    this.patch({ shippingMethods: methods });
    return methods;
  }

  /**
   * spec transactions §4, §5, §9: the shipping methods for the chosen country — the server's (POST /api/cart/shipping-methods)
   * merged with the configured DPD flat rate, unavailable ones dropped. Offline, without a server cart, or when the call
   * fails: the configured methods only. The country is the address's, else the saved shipping details', else the default.
   */
  async fetchShippingMethods(address: Partial<ShippingMethodsAddress> = {}): Promise<readonly CartShippingMethod[]> {
    const details = this.state.value.shippingDetails;
    const query: ShippingMethodsAddress = {
      country_id: address.country_id ?? details?.country ?? taxCountry(this.config),
      ...(details?.zipCode ? { postcode: details.zipCode } : {}),
      ...(details?.city ? { city: details.city } : {}),
      ...(details?.streetAddress ? { street: [details.streetAddress, ...(details.apartmentNumber ? [details.apartmentNumber] : [])] } : {}),
      ...(details?.state ? { region: details.state } : {}),
      ...(details?.region_id !== undefined ? { region_id: details.region_id } : {}),
      ...address,
    };
    let server: ServerShippingMethod[] = [];
    if (this.deps.cart.serverShippingMethods && this.deps.network.isOnline()) {
      try {
        server = await this.deps.cart.serverShippingMethods(query);
      } catch (e) {
        this.deps.logger.warn('shipping methods could not be loaded', 'checkout', e);
      }
    }
    const methods = this.loadShippingMethods(server.map(fromServerShippingMethod));
    // a chosen method that is no longer offered is dropped
    const chosen = this.state.value.selectedShippingMethod;
    if (chosen && !methods.some((m) => m.carrier_code === chosen.carrier_code && m.method_code === chosen.method_code)) {
      this.patch({ selectedShippingMethod: undefined });
      await this.deps.cart.setShippingMethod?.(undefined);
    }
    return methods;
  }

  /**
   * Choose a shipping method (one of state.shippingMethods) and refresh the totals with it (spec transactions §4, §7:
   * shipping-information, then collect-totals when a payment method is chosen too). Undefined when it is not offered.
   */
  async selectShippingMethod(methodCode: string, carrierCode?: string): Promise<CartShippingMethod | undefined> {
    const method = this.state.value.shippingMethods.find((m) => m.method_code === methodCode && (carrierCode === undefined || m.carrier_code === carrierCode));
    if (!method) return undefined;
    const details = this.state.value.shippingDetails;
    if (details) {
      const next: ShippingDetails = { ...details, shippingMethod: method.method_code, shippingCarrier: method.carrier_code };
      await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, KEYS.shipping, next);
      this.patch({ shippingDetails: next, modifiedAt: await this.touch() });
    }
    this.patch({ selectedShippingMethod: method });
    await this.deps.cart.setShippingMethod?.(method);
    await this.refreshTotals();
    return method;
  }

  /** Choose a payment method (one of state.paymentMethods) and refresh the totals (collect-totals). */
  async selectPaymentMethod(code: string): Promise<CheckoutPaymentMethod | undefined> {
    const method = this.paymentMethod(code);
    if (!method) return undefined;
    this.patch({ selectedPaymentMethod: method });
    const cartMethod: CartPaymentMethod = { code: method.code, title: method.title, cost_incl_tax: method.cost_incl_tax ?? method.costInclTax ?? method.cost ?? 0 };
    if (method.default !== undefined) cartMethod.default = method.default;
    if (method.offline !== undefined) cartMethod.offline = method.offline;
    if (method.is_server_method !== undefined) cartMethod.is_server_method = method.is_server_method;
    await this.deps.cart.setPaymentMethod?.(cartMethod);
    await this.refreshTotals();
    return method;
  }

  /**
   * Totals after a change of shipping method, payment method or address (spec transactions §4, §7): with a chosen
   * shipping method its address information is sent (shipping-information, whose totals the cart keeps); with a payment
   * method too, collect-totals follows. Offline the cart's own totals apply (shipping counted once).
   */
  async refreshTotals(): Promise<void> {
    const cart = this.deps.cart;
    const shipping = this.state.value.selectedShippingMethod;
    const payment = this.state.value.selectedPaymentMethod;
    if (!this.deps.network.isOnline()) return;
    try {
      if (shipping && cart.applyShippingInformation) {
        const sent = await cart.applyShippingInformation(this.addressInformation(shipping));
        if (sent && !payment) return;
      }
      await cart.syncTotals?.();
    } catch (e) {
      this.deps.logger.warn('totals could not be refreshed', 'checkout', e);
    }
  }

  private addressInformation(method: CartShippingMethod): AddressInformation {
    const s = this.state.value;
    const email = s.personalDetails?.emailAddress ?? '';
    const toAddress = (d: ShippingDetails | PaymentDetails | undefined): Record<string, unknown> => {
      if (!d) return { country_id: taxCountry(this.config) };
      const a: Record<string, unknown> = {
        firstname: d.firstName,
        lastname: d.lastName,
        country_id: d.country || taxCountry(this.config),
        city: d.city,
        postcode: d.zipCode,
        street: [d.streetAddress, ...(d.apartmentNumber ? [d.apartmentNumber] : [])],
      };
      if (email) a.email = email;
      if (d.state) a.region = d.state;
      if (d.region_id !== undefined) a.region_id = d.region_id;
      if (d.phoneNumber) a.telephone = d.phoneNumber;
      return a;
    };
    const info: AddressInformation = {
      shippingAddress: toAddress(s.shippingDetails),
      shipping_method_code: method.method_code,
      shipping_carrier_code: method.carrier_code,
    };
    if (s.paymentDetails) info.billingAddress = toAddress(s.paymentDetails);
    return info;
  }

  /** spec §3, §5: provider methods filtered by the mapping, plus cash on delivery unless the cart is virtual only */
  async loadPaymentMethods(): Promise<readonly CheckoutPaymentMethod[]> {
    let provider: Awaited<ReturnType<PaymentApi['paymentMethods']>> = [];
    try {
      provider = await this.deps.paymentApi.paymentMethods();
    } catch (e) {
      this.deps.logger.warn('payment methods could not be loaded', 'checkout', e);
    }
    const { methods, error } = paymentMethodsRule(provider, this.deps.cart.snapshot().cartItems, this.config);
    if (error) this.deps.logger.error('No payment methods configured', 'checkout');
    this.patch({ paymentMethods: methods, paymentMethodsError: error });
    return methods;
  }

  paymentMethod(code: string): CheckoutPaymentMethod | undefined {
    return this.state.value.paymentMethods.find((m) => m.code === code);
  }

  /**
   * Place the order (spec §4 "Placing an order"). Resolves with status 'placed' or 'queued'; rejects with a
   * ShopError: 'cart.cartEmptyCheckout', 'validation.fieldRequired', 'validation.countryNotAllowed',
   * 'order.placeError' (a final 4xx) or the registration error when creating the account failed.
   */
  async placeOrder(comment?: string): Promise<PlacedOrder> {
    if (this.state.value.placing) throw new ShopError(MESSAGES.orderPlaceError);
    // the cart this tab shows; under the lock it is compared with the stored one (issue 11: at most one order per cart)
    const seen = this.deps.cart.snapshot();
    const seenKey = cartOrderKey(seen.cartServerToken, seen.cartItems);
    return this.locks.exclusive(TAB_LOCKS.order, () => this.placeOrderLocked(seenKey, seen.cartItems.length > 0, comment));
  }

  private async placeOrderLocked(seenKey: string, sawItems: boolean, comment: string | undefined): Promise<PlacedOrder> {
    const s = this.state.value;
    if (s.placing) throw new ShopError(MESSAGES.orderPlaceError);
    const cart = this.deps.cart.current ? await this.deps.cart.current() : this.deps.cart.snapshot();
    const items: CartItem[] = [...cart.cartItems];
    if (sawItems && cartOrderKey(cart.cartServerToken, items) !== seenKey) {
      // the cart changed in another tab: if that was its order, show it instead of placing the cart again
      const elsewhere = (await this.orders.all()).reverse().find((o) => o.cart_key === seenKey && !o.rejected);
      if (elsewhere) {
        const placed: PlacedOrder = { ...placedFromStored(elsewhere, undefined), placedElsewhere: true };
        this.patch({ lastOrder: placed, isThankYouPage: true, orderPlacedAt: this.deps.clock.now(), pendingOrders: (await this.orders.pending()).length });
        return placed;
      }
    }
    if (items.length === 0) throw new ShopError(MESSAGES.cartEmptyCheckout);
    const { personalDetails: personal, shippingDetails: shipping, paymentDetails: payment } = s;
    if (!personal || !shipping || !payment) throw new ShopError(MESSAGES.fieldRequired);
    for (const country of [shipping.country, payment.country]) {
      const e = validateCountry(country, this.config);
      if (e) throw new ShopError(e.key);
    }
    const shippingMethod =
      s.shippingMethods.find((m) => m.method_code === shipping.shippingMethod && (!shipping.shippingCarrier || m.carrier_code === shipping.shippingCarrier)) ??
      this.config.shipping.methods.find((m) => m.method_code === shipping.shippingMethod) ??
      defaultShippingMethod(shippingMethodsRule(this.config));
    if (!shippingMethod) throw new ShopError(MESSAGES.fieldRequired);

    this.patch({ placing: true, orderError: undefined });
    try {
      // #4205: register first (no cart effect), log in only after the cart is cleared
      let userId = this.deps.session.currentUserId();
      let newAccountToken: string | undefined;
      const createAccount = Boolean(personal.createAccount && personal.password && userId === undefined);
      if (createAccount) {
        const customer = await this.deps.session.register(
          { email: personal.emailAddress, firstname: personal.firstName, lastname: personal.lastName },
          personal.password as string,
        );
        userId = customer.id;
        // an order for a customer carries that customer's token (the backend refuses it otherwise)
        newAccountToken = await this.deps.session.issueToken?.(personal.emailAddress, personal.password as string);
      }
      const orderId = this.deps.ids.next();
      const body = buildOrderBody({
        orderId,
        cartId: cart.cartServerToken,
        userId,
        items,
        personal,
        shipping,
        payment,
        shippingMethod,
        now: this.deps.clock.now(),
        ...(comment ? { comment } : {}),
      });
      const stored = await this.orders.add({
        ...body,
        idempotency_key: orderIdempotencyKey(cart.cartServerToken, items, orderId),
        cart_key: cartOrderKey(cart.cartServerToken, items),
      });

      const outcome = await this.send(stored, newAccountToken);
      if (outcome.kind === 'rejected') {
        this.deps.notifications.notify({ type: 'danger', message: MESSAGES.orderPlaceError });
        this.patch({ orderError: MESSAGES.orderPlaceError, pendingOrders: (await this.orders.pending()).length });
        throw new ShopError(MESSAGES.orderPlaceError, {}, outcome.status);
      }

      // the order (stored, or accepted) now owns the items: clear the cart without sync, drop the secrets; the ordered
      // server cart is disconnected (the backend closed it), so the next cart is a new one with a new order key
      const placedAt = this.deps.clock.now();
      await this.deps.cart.clear({ sync: false, disconnect: true });
      const { password, createAccount: _ca, ...keptPersonal } = personal;
      await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, KEYS.personal, keptPersonal);
      await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, KEYS.modifiedAt, placedAt);
      // the next checkout starts at the first step again
      await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, KEYS.step, 'personal');
      const placed: PlacedOrder =
        outcome.kind === 'sent'
          ? { order_id: orderId, status: 'placed', result: outcome.result, paymentMethod: payment.paymentMethod, email: personal.emailAddress }
          : { order_id: orderId, status: 'queued', paymentMethod: payment.paymentMethod, email: personal.emailAddress };
      this.patch({
        personalDetails: keptPersonal,
        modifiedAt: placedAt,
        orderPlacedAt: placedAt,
        lastOrder: placed,
        isThankYouPage: true,
        step: 'personal',
        pendingOrders: (await this.orders.pending()).length,
      });
      this.tabs.publish({ topic: 'orders', data: { orderId, placed: true } });
      if (placed.status === 'queued') this.deps.notifications.notify({ type: 'warning', message: MESSAGES.orderQueued });
      if (createAccount && password) {
        try {
          await this.deps.session.login(personal.emailAddress, password);
        } catch (e) {
          this.deps.logger.warn('login after account creation failed', 'checkout', e);
        }
      }
      return placed;
    } finally {
      this.patch({ placing: false });
    }
  }

  /** One attempt to send a stored order; updates its stored copy. */
  private async send(order: StoredOrder, userToken?: string): Promise<{ kind: 'sent'; result: OrderPlacementResult | undefined } | { kind: 'pending' } | { kind: 'rejected'; status: number }> {
    if (!this.deps.network.isOnline()) return { kind: 'pending' };
    const { idempotency_key, transmited_at: _t, result: _r, resultCode: _c, rejected: _x, seq: _s, cart_key: _k, ...wire } = order;
    try {
      const place = (token: string | undefined): Promise<OrderResponse> => this.deps.orderApi.place(wire, idempotency_key, token);
      const session = this.deps.session;
      const resp: OrderResponse = wire.user_id && !userToken && session.withUserToken ? await session.withUserToken(place) : await place(userToken);
      if (!orderAccepted(resp.code)) {
        await this.orders.save({ ...order, rejected: true, resultCode: resp.code });
        return { kind: 'rejected', status: resp.code ?? 0 };
      }
      const sent: StoredOrder = { ...order, transmited: true, transmited_at: this.deps.clock.now(), resultCode: resp.code ?? 200 };
      if (resp.result !== undefined) sent.result = resp.result;
      await this.orders.save(sent);
      return { kind: 'sent', result: resp.result };
    } catch (e) {
      if (isApiError(e) && e.status >= 400 && e.status < 500) {
        this.deps.logger.error('order rejected by the server', 'checkout', e);
        await this.orders.save({ ...order, rejected: true, resultCode: e.status });
        return { kind: 'rejected', status: e.status };
      }
      if (isNetworkError(e) || isApiError(e)) {
        this.deps.logger.warn('order not transmitted, kept for later', 'checkout', e);
        return { kind: 'pending' };
      }
      throw e;
    }
  }

  /**
   * The lines of an order this browser placed, by the order's signed token (the order-status URL carries it), from the
   * stored copy of the order (core/checkout/order-store.ts). Undefined when this browser has no such order.
   */
  async orderLines(orderToken: string): Promise<OrderProduct[] | undefined> {
    if (!orderToken) return undefined;
    const order = (await this.orders.all()).find((o) => o.result?.order_token === orderToken);
    return order ? order.products : undefined;
  }

  /** Send every stored untransmitted order, oldest first (single flight). Stops at the first network/server failure. */
  transmitStoredOrders(): Promise<TransmitReport> {
    // one tab at a time: the next one re-reads the stored orders and finds the sent ones sent (issue 11)
    this.transmitting ??= this.locks.exclusive(TAB_LOCKS.order, () => this.doTransmit()).finally(() => (this.transmitting = undefined));
    return this.transmitting;
  }

  private async doTransmit(): Promise<TransmitReport> {
    const report: TransmitReport = { sent: [], rejected: [], pending: [] };
    const pending = await this.orders.pending();
    for (let i = 0; i < pending.length; i++) {
      const order = pending[i]!;
      const outcome = await this.send(order);
      if (outcome.kind !== 'pending') this.tabs.publish({ topic: 'orders', data: { orderId: order.order_id } });
      if (outcome.kind === 'sent') {
        report.sent.push(order.order_id);
        const incrementId = outcome.result?.increment_id;
        if (incrementId) this.sentNumbers.set(order.order_id, String(incrementId));
        const last = this.state.value.lastOrder;
        if (last?.order_id === order.order_id) this.patch({ lastOrder: { ...last, status: 'placed', ...(outcome.result ? { result: outcome.result } : {}) } });
      } else if (outcome.kind === 'rejected') {
        report.rejected.push(order.order_id);
        this.deps.notifications.notify({ type: 'danger', message: MESSAGES.orderPlaceError });
      } else {
        report.pending.push(...pending.slice(i).map((o) => o.order_id));
        break;
      }
    }
    const pendingOrders = (await this.orders.pending()).length;
    this.patch({ pendingOrders });
    this.afterTransmit(report, pendingOrders);
    return report;
  }

  /**
   * issue 11, spec transactions §4 "Task queue" (offline orders, 'Order waiting!'): once the stored orders are sent the
   * waiting notice and the confirmation modal go, whichever way the shopper confirmed (the notice's action, the modal,
   * the thank-you page, another tab); each order the backend accepted is announced with the number it gave
   * ('order.offlineSent': increment_id), the thank-you state shows it too (lastOrder).
   */
  private afterTransmit(report: TransmitReport, pendingOrders: number): void {
    if (pendingOrders === 0) {
      if (this.waitingNotice !== undefined) this.deps.notifications.remove(this.waitingNotice);
      this.waitingNotice = undefined;
      this.deps.modals.close(MODALS.orderConfirmation);
    }
    for (const id of report.sent) {
      const incrementId = this.sentNumbers.get(id);
      if (incrementId) this.deps.notifications.notify({ type: 'success', message: MESSAGES.offlineOrderSent, params: { incrementId } });
    }
  }

  /** The shopper confirmed the orders made offline. */
  async confirmOfflineOrders(): Promise<TransmitReport> {
    this.deps.modals.close(MODALS.orderConfirmation);
    return this.transmitStoredOrders();
  }

  /** spec §4 "Going online ... processes the offline order queue". */
  async handleOnline(): Promise<void> {
    if (this.config.queue.automaticOrderTransmission || this.state.value.isThankYouPage) {
      await this.transmitStoredOrders();
      return;
    }
    const pending = await this.orders.pending();
    this.patch({ pendingOrders: pending.length });
    if (pending.length === 0) return;
    this.offlineConfirmation.next(pending);
    this.deps.modals.open(MODALS.orderConfirmation, { orders: pending.map((o) => o.order_id) });
    if (this.waitingNotice !== undefined) this.deps.notifications.remove(this.waitingNotice);
    this.waitingNotice = this.deps.notifications.notify({
      type: 'warning',
      message: MESSAGES.orderWaiting,
      hasNoTimeout: true,
      action1: { label: MESSAGES.orderWaitingConfirm, action: () => this.confirmOfflineOrders().then(() => undefined) },
    });
  }

  /** Watch the network: every offline → online transition runs handleOnline(). */
  start(): void {
    this.networkSub?.unsubscribe();
    this.networkSub = this.deps.network.online$
      .pipe(startWith(this.deps.network.isOnline()), distinctUntilChanged(), pairwise())
      .subscribe(([was, is]) => {
        if (!was && is) this.handleOnline().catch((e) => this.deps.logger.error('offline orders', 'checkout', e));
      });
  }

  stop(): void {
    this.networkSub?.unsubscribe();
    this.networkSub = undefined;
  }
}
