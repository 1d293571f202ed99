/**
 * CheckoutService (spec transactions §3 checkout details, §4, §5, §9): the shopper's details (Storage 'checkout',
 * never the password; addresses keep the rule of §5), the shipping and payment methods and their totals.
 * Placing an order: order-placement.ts; stored orders sent later: offline-orders.ts; shared shapes: checkout-state.ts.
 */
import type { Observable } from 'rxjs';
import { StateHolder } from '../state-holder';
import type { CartShippingMethod } from '../cart/types';
import type { AddressInformation, ServerShippingMethod, ShippingMethodsAddress } from '../ports/cart-api';
import { taxCountry } from '../cart/tax-country';
import type { ShopConfig } from '../config';
import type { OrderAddress } from '../ports/order-api';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import type { CrossTab } from '../ports/cross-tab';
import { InProcessLocks, NoOtherTabs } from '../tabs/single-tab';
import { addressErrors, billingAddressErrors, InvalidAddressError } from './address-rules';
import { isInCheckout, orderAddress, shippingMethods as shippingMethodsRule } from './checkout-rules';
import { MESSAGES } from '../messages';
import { paymentMethodsOffer, storedPaymentChoice, type PaymentChoice } from './payment-choice';
import {
  CHECKOUT_KEYS as KEYS,
  INITIAL_CHECKOUT_STATE,
  fromServerShippingMethod,
  type CheckoutContext,
  type CheckoutDeps,
  type CheckoutState,
  type PlacedOrder,
  type TransmitReport,
} from './checkout-state';
import { CHECKOUT_STEPS, resumeStep, type CheckoutStep } from './checkout-step';
import { OfflineOrders } from './offline-orders';
import { placeOrder } from './order-placement';
import { OrderStore, type StoredOrder } from './order-store';
import type { CheckoutPaymentMethod, PaymentDetails, PersonalDetails, ShippingDetails } from './types';

export {
  INITIAL_CHECKOUT_STATE,
  fromServerShippingMethod,
  type CartForCheckout,
  type CheckoutDeps,
  type CheckoutState,
  type PlacedOrder,
  type SessionForCheckout,
  type TransmitReport,
} from './checkout-state';

export class CheckoutService extends StateHolder<CheckoutState> {
  readonly orders: OrderStore;
  private readonly tabs: CrossTab;
  private readonly ctx: CheckoutContext;
  private readonly offline: OfflineOrders;
  /** the offline-order-confirmation event (spec transactions §2, §4) */
  readonly offlineOrderConfirmation$: Observable<readonly StoredOrder[]>;

  constructor(
    private readonly deps: CheckoutDeps,
    private readonly config: ShopConfig,
  ) {
    super(INITIAL_CHECKOUT_STATE);
    this.orders = new OrderStore(deps.storage);
    this.tabs = deps.crossTab ?? new NoOtherTabs();
    const locks = deps.locks ?? new InProcessLocks();
    this.ctx = { deps, config, orders: this.orders, tabs: this.tabs, locks, state: () => this.state.value, patch: (p) => this.patch(p) };
    this.offline = new OfflineOrders(this.ctx);
    this.offlineOrderConfirmation$ = this.offline.confirmation$;
    this.tabs.messages$.subscribe((m) => {
      const done = (p: Promise<void>) => p.catch((e: unknown) => this.deps.logger.warn(`checkout not re-read: ${String(e)}`, 'checkout'));
      if (m.topic === 'checkout') void done(this.load());
      else if (m.topic === 'orders') void done(this.offline.onOrdersChanged(m.data as { orderId?: string; placed?: boolean } | undefined));
    });
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
    // the payment method picked but not yet confirmed (payment-choice.ts)
    const paymentChoice = storedPaymentChoice(await s.get<unknown>(c, KEYS.paymentChoice), this.config);
    const pendingOrders = (await this.orders.pending()).length;
    const details = { personalDetails, shippingDetails, paymentDetails };
    const step = resumeStep(savedStep, details, modifiedAt, this.deps.clock.now(), this.config);
    this.patch({ ...details, loaded: true, modifiedAt: modifiedAt ?? 0, pendingOrders, step, paymentChoice });
  }

  /** The shopper moved to a step (next, or back to edit one): kept in Storage with the details. */
  async setStep(step: CheckoutStep): Promise<void> {
    if (!CHECKOUT_STEPS.includes(step)) return;
    this.patch({ step });
    await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, KEYS.step, step);
    this.patch({ modifiedAt: await this.touch() });
  }

  /** After a resume (reload, language switch) the methods chosen before are chosen again, with their costs. */
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
    await this.storeDetails(KEYS.personal, persisted, { personalDetails: details });
  }

  /** spec transactions §5: refused with an InvalidAddressError (nothing stored) unless the address keeps the rule */
  async saveShippingDetails(details: ShippingDetails): Promise<void> {
    const wrong = addressErrors(details, this.config);
    if (Object.keys(wrong).length > 0) throw new InvalidAddressError(wrong);
    await this.storeDetails(KEYS.shipping, details, { shippingDetails: details });
  }

  /** spec transactions §5: the billing address (and tax ID) is refused with an InvalidAddressError unless it keeps the rule */
  async savePaymentDetails(details: PaymentDetails): Promise<void> {
    const wrong = billingAddressErrors(details, this.config);
    if (Object.keys(wrong).length > 0) throw new InvalidAddressError(wrong);
    await this.storeDetails(KEYS.payment, details, { paymentDetails: details });
    // confirmed: the details carry the method from now on
    await this.deps.storage.remove(STORAGE_COLLECTIONS.checkout, KEYS.paymentChoice);
    this.patch({ paymentChoice: undefined });
  }

  /** spec transactions §3 "paymentDetails": the method (and bank) picked, kept before the step is confirmed */
  async choosePaymentMethod(choice: PaymentChoice): Promise<void> {
    const kept: PaymentChoice = choice.issuer ? { method: choice.method, issuer: choice.issuer } : { method: choice.method };
    // shown at once, in the order the picks are made: a form following the state never sees an older pick return
    this.patch({ paymentChoice: kept });
    await this.storeDetails(KEYS.paymentChoice, kept, {});
  }

  /** one step's details stored and shown, the change time kept, the other tabs told */
  private async storeDetails(key: string, stored: unknown, shown: Partial<CheckoutState>): Promise<void> {
    await this.deps.storage.set(STORAGE_COLLECTIONS.checkout, key, stored);
    this.patch({ ...shown, modifiedAt: await this.touch() });
    this.tabs.publish({ topic: 'checkout' });
  }

  /** spec §4 Logout: saved checkout personal, shipping and payment details are cleared */
  async clearDetails(): Promise<void> {
    const c = STORAGE_COLLECTIONS.checkout;
    await Promise.all(Object.values(KEYS).map((k) => this.deps.storage.remove(c, k)));
    const none = { personalDetails: undefined, shippingDetails: undefined, paymentDetails: undefined, paymentChoice: undefined };
    this.patch({ ...none, modifiedAt: 0, selectedShippingMethod: undefined, selectedPaymentMethod: undefined, step: 'personal' });
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

  /** spec §4, §5, §9: the configured methods plus the server's for the address (else saved details', or default). */
  async fetchShippingMethods(address: Partial<ShippingMethodsAddress> = {}): Promise<readonly CartShippingMethod[]> {
    const details = this.state.value.shippingDetails;
    // the saved address's place as the order sends it (orderAddress), without the person
    const { firstname: _f, lastname: _l, telephone: _t, email: _e, ...place }: Partial<OrderAddress> = details ? orderAddress(details, '') : {};
    const query: ShippingMethodsAddress = { country_id: taxCountry(this.config), ...place, ...address };
    let server: ServerShippingMethod[] = [];
    if (this.deps.cart.serverShippingMethods && this.deps.network.isOnline()) {
      server = await this.deps.cart.serverShippingMethods(query).catch((e: unknown) => {
        this.deps.logger.warn('shipping methods could not be loaded', 'checkout', e);
        return [];
      });
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

  /** Choose an offered shipping method (loading the methods if none are) and refresh the totals (spec §4, §7). */
  async selectShippingMethod(methodCode: string, carrierCode?: string): Promise<CartShippingMethod | undefined> {
    const offered = (methods: readonly CartShippingMethod[]) =>
      methods.find((m) => m.method_code === methodCode && (carrierCode === undefined || m.carrier_code === carrierCode));
    const method = offered(this.state.value.shippingMethods) ?? (this.state.value.shippingMethods.length === 0 ? offered(await this.fetchShippingMethods()) : undefined);
    if (!method) return undefined;
    const details = this.state.value.shippingDetails;
    if (details) {
      const next: ShippingDetails = { ...details, shippingMethod: method.method_code, shippingCarrier: method.carrier_code };
      await this.storeDetails(KEYS.shipping, next, { shippingDetails: next });
    }
    this.patch({ selectedShippingMethod: method });
    await this.deps.cart.setShippingMethod?.(method);
    await this.refreshTotals();
    return method;
  }

  /** Choose a payment method (one of state.paymentMethods) and refresh the totals (collect-totals). */
  async selectPaymentMethod(code: string): Promise<CheckoutPaymentMethod | undefined> {
    const method = this.state.value.paymentMethods.find((m) => m.code === code);
    if (!method) return undefined;
    this.patch({ selectedPaymentMethod: method });
    const { title, cost_incl_tax = 0, default: isDefault, offline, is_server_method } = method;
    const cartMethod = { code, title, cost_incl_tax, default: isDefault, offline, is_server_method };
    await this.deps.cart.setPaymentMethod?.(cartMethod);
    await this.refreshTotals();
    return method;
  }

  /** Totals after a change (spec §4, §7): shipping-information, then collect-totals once a payment is chosen. */
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
    const info: AddressInformation = {
      shippingAddress: { ...(s.shippingDetails ? orderAddress(s.shippingDetails, email) : { country_id: taxCountry(this.config) }) },
      shipping_method_code: method.method_code,
      shipping_carrier_code: method.carrier_code,
    };
    if (s.paymentDetails) info.billingAddress = { ...orderAddress(s.paymentDetails, email) };
    return info;
  }

  /** spec §3, §5: the provider's mapped methods plus cash on delivery; offline, those that work offline */
  async loadPaymentMethods(): Promise<readonly CheckoutPaymentMethod[]> {
    const provider = await this.deps.paymentApi.paymentMethods().catch((e: unknown) => {
      this.deps.logger.warn('payment methods could not be loaded', 'checkout', e);
      return undefined;
    });
    const { methods, error } = paymentMethodsOffer(provider, this.deps.network.isOnline(), this.deps.cart.snapshot().cartItems, this.config);
    if (error === MESSAGES.noPaymentMethods) this.deps.logger.error('No payment methods configured', 'checkout');
    this.patch({ paymentMethods: methods, paymentMethodsError: error });
    return methods;
  }

  /** spec §4 "Placing an order" (order-placement.ts) */
  placeOrder(comment?: string): Promise<PlacedOrder> {
    return placeOrder(this.ctx, comment);
  }

  /** Send every stored untransmitted order, oldest first (single flight). Stops at the first network/server failure. */
  transmitStoredOrders(): Promise<TransmitReport> {
    return this.offline.transmit();
  }

  confirmOfflineOrders(): Promise<TransmitReport> {
    return this.offline.confirm();
  }

  /** spec §4 "Going online ... processes the offline order queue". */
  handleOnline(): Promise<void> {
    return this.offline.handleOnline();
  }
}
