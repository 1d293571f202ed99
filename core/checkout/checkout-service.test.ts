import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createConfig, DEFAULT_CONFIG, type ShopConfig } from '../config';
import { MESSAGES, ShopError } from '../messages';
import type { CartItem } from '../cart/types';
import { ApiError, NetworkError } from '../ports/api-error';
import type { OrderApi, OrderBody, OrderResponse } from '../ports/order-api';
import type { PaymentApi } from '../ports/payment-api';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import type { Logger } from '../ports/logger';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { StaticNetwork } from '../../adapters/node/static-network';
import { ModalService, MODALS } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { SequentialIds, VirtualTime } from '../testing/virtual-time';
import { whenBackOnline } from './going-online';
import { CheckoutService, type CartForCheckout, type SessionForCheckout } from './checkout-service';
import type { PaymentDetails, PersonalDetails, ShippingDetails } from './types';

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** An order endpoint that honours Idempotency-Key like the demo backend, with switchable failures. */
class FakeOrderApi implements OrderApi {
  readonly created = new Map<string, OrderBody>();
  /** order ids in the order they were first created */
  readonly createdOrder: string[] = [];
  private readonly answers = new Map<string, OrderResponse>();
  calls = 0;
  mode: 'ok' | 'network' | 'lostAnswer' | 'server' | 'invalid' | 'noCode' = 'ok';
  async place(order: OrderBody, key: string): Promise<OrderResponse> {
    this.calls++;
    if (this.mode === 'network') throw new NetworkError();
    if (this.mode === 'server') throw new ApiError(500, 'boom');
    if (this.mode === 'invalid') throw new ApiError(400, 'Some of the ordered products are not available!');
    const known = this.answers.get(key);
    if (known) return known;
    const n = this.created.size + 1;
    this.created.set(key, order);
    this.createdOrder.push(order.order_id);
    const answer: OrderResponse = this.mode === 'noCode' ? { result: { increment_id: `0000${n}` } } : { code: 200, result: { increment_id: `0000${n}`, backendOrderId: n, order_token: `tok-${n}` } };
    this.answers.set(key, answer);
    if (this.mode === 'lostAnswer') throw new NetworkError('answer lost');
    return answer;
  }
}

class FakeCart implements CartForCheckout {
  items: CartItem[] = [];
  token: string | undefined = 'guest-cart';
  clears: Array<{ sync: boolean; disconnect?: boolean }> = [];
  private carts = 0;
  coupon: { code: string; discount: number } | undefined;
  snapshot() {
    return { cartItems: this.items, cartServerToken: this.token, coupon: this.coupon };
  }
  async clear(o: { sync: boolean; disconnect?: boolean }) {
    this.clears.push(o);
    this.items = [];
    // a disconnected cart: the next lines go to a new server cart (CartService connects on the next add)
    if (o.disconnect) this.token = `guest-cart-${++this.carts}`;
  }
}

const paymentApi: PaymentApi = {
  paymentMethods: async () => [
    { id: 'ideal', description: 'iDEAL' },
    { id: 'creditcard', description: 'Credit card' },
  ],
  fetchIssuers: async () => [],
  createPayment: async () => Promise.reject(new Error('unused')),
  postOrderComment: async () => undefined,
  paymentStatus: async () => Promise.reject(new Error('unused')),
};

const PERSONAL: PersonalDetails = { firstName: 'Anna', lastName: 'de Vries', emailAddress: 'anna@papier.nl' };
const SHIPPING: ShippingDetails = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB', shippingMethod: 'flatrate' };
const PAYMENT: PaymentDetails = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB', paymentMethod: 'cashondelivery' };

function setup(config: ShopConfig = DEFAULT_CONFIG, online = true) {
  const storage = new MemoryStorage();
  const time = new VirtualTime(1_767_000_000_000);
  const ids = new SequentialIds();
  const network = new StaticNetwork(online);
  const orderApi = new FakeOrderApi();
  const cart = new FakeCart();
  cart.items = [
    { sku: 'WP-ROSE-50', qty: 2, price_incl_tax: 4.95, type_id: 'simple' },
    { sku: 'TAPE-GOLD', qty: 1, price_incl_tax: 2.5, type_id: 'simple' },
  ];
  const session: SessionForCheckout & { registered: unknown[]; logins: string[]; userId: string | number | undefined } = {
    registered: [],
    logins: [],
    userId: undefined,
    currentUserId() {
      return this.userId;
    },
    async register(customer) {
      this.registered.push(customer);
      return { ...customer, id: 77 };
    },
    async login(username) {
      // the login triggers the cart's merge; it must find nothing local to push twice (#4205)
      this.logins.push(username);
      this.userId = 77;
    },
  };
  const notifications = new NotificationService(time, ids, config);
  const modals = new ModalService();
  const checkout = new CheckoutService({ storage, orderApi, paymentApi, cart, session, notifications, modals, network, clock: time, ids, logger: silentLogger }, config);
  return { storage, time, network, orderApi, cart, session, notifications, modals, checkout };
}

async function fill(checkout: CheckoutService, personal: PersonalDetails = PERSONAL) {
  await checkout.savePersonalDetails(personal);
  await checkout.saveShippingDetails(SHIPPING);
  await checkout.savePaymentDetails(PAYMENT);
  checkout.loadShippingMethods();
}

describe('CheckoutService details (spec transactions §3, §7 browser storage)', () => {
  it('persists details in the checkout collection, never the password, and restores them', async () => {
    // spec transactions §7: browser storage holds checkout personal, shipping and payment details
    const { checkout, storage, time } = setup();
    await fill(checkout, { ...PERSONAL, password: 'Secret12!', createAccount: true });
    const saved = await storage.get<PersonalDetails>(STORAGE_COLLECTIONS.checkout, 'personal-details');
    expect(saved).toEqual({ ...PERSONAL, createAccount: true });
    expect(checkout.isInCheckout()).toBe(true);
    await time.advance(DEFAULT_CONFIG.checkout.inCheckoutWindowMs + 1);
    expect(checkout.isInCheckout()).toBe(false);

    const { checkout: again } = setup();
    (again as unknown as { deps: { storage: MemoryStorage } }).deps.storage = storage;
    await again.load();
    expect(again.snapshot()).toMatchObject({ loaded: true, shippingDetails: SHIPPING, paymentDetails: PAYMENT });
    await again.clearDetails();
    expect(await storage.keys(STORAGE_COLLECTIONS.checkout)).toEqual([]);
  });

  it('payment methods: mapped provider methods plus cash on delivery', async () => {
    // spec transactions §5: only mapped methods offered; cash on delivery hidden for virtual-only carts
    const { checkout, cart } = setup();
    expect((await checkout.loadPaymentMethods()).map((m) => m.code)).toEqual(['ideal', 'creditcard', 'cashondelivery']);
    cart.items = [{ sku: 'EGIFT', qty: 1, type_id: 'virtual' }];
    expect((await checkout.loadPaymentMethods()).map((m) => m.code)).toEqual(['ideal', 'creditcard']);
  });
});

describe('placeOrder (spec transactions §4 Placing an order)', () => {
  it('on success: timestamp recorded, cart cleared without sync, password and createAccount dropped', async () => {
    // spec transactions §4: on success clear the cart without sync, drop the password and create-account flag
    const { checkout, cart, orderApi, time } = setup();
    await fill(checkout);
    await time.advance(5000);
    const placed = await checkout.placeOrder();
    expect(placed).toMatchObject({ status: 'placed', result: { increment_id: '00001' } });
    // the ordered server cart is disconnected, so its id (part of the order key) never comes back
    expect(cart.clears).toEqual([{ sync: false, disconnect: true }]);
    expect(orderApi.created.size).toBe(1);
    const body = [...orderApi.created.values()][0]!;
    expect(body.products.map((p) => [p.sku, p.qty])).toEqual([['WP-ROSE-50', 2], ['TAPE-GOLD', 1]]);
    expect(body.cart_id).toBe('guest-cart');
    const s = checkout.snapshot();
    expect(s.orderPlacedAt).toBe(time.now());
    expect(s.isThankYouPage).toBe(true);
    expect(s.pendingOrders).toBe(0);
  });

  it("keeps the cart's coupon with the stored order (for 'back to cart'), never on the wire: the platform reads it from the cart", async () => {
    const { checkout, cart, orderApi } = setup();
    cart.coupon = { code: 'WELKOM10', discount: 1.2 };
    await fill(checkout);
    const placed = await checkout.placeOrder();
    expect((await checkout.orders.get(placed.order_id))?.coupon_code).toBe('WELKOM10');
    expect([...orderApi.created.values()][0]).not.toHaveProperty('coupon_code');
  });

  it('a shipping address the customer asked to keep goes to the account once the order is placed or queued; its failure leaves the order standing', async () => {
    // spec transactions §3 "Address", §7 POST /api/user/me: saved-addresses.ts
    const { checkout, session, orderApi } = setup();
    const kept: Array<[string, readonly string[]]> = [];
    session.addAddress = async (address, uses) => void kept.push([address.streetAddress, uses]);
    await fill(checkout);
    await checkout.saveShippingDetails({ ...SHIPPING, streetAddress: 'Oudegracht 1', saveInAccount: true });
    expect((await checkout.placeOrder()).status).toBe('placed');
    expect(kept).toEqual([['Oudegracht 1', ['shipping']]]);
    // the flag is the shopper's wish, never part of the order
    expect(JSON.stringify([...orderApi.created.values()][0])).not.toContain('saveInAccount');

    const queued = setup();
    queued.orderApi.mode = 'network';
    queued.session.addAddress = async () => Promise.reject(new Error('profile not queued'));
    await fill(queued.checkout);
    await queued.checkout.saveShippingDetails({ ...SHIPPING, saveInAccount: true });
    expect((await queued.checkout.placeOrder()).status).toBe('queued');

    // not asked: nothing kept
    const plain = setup();
    const none: unknown[] = [];
    plain.session.addAddress = async (a) => void none.push(a);
    await fill(plain.checkout);
    await plain.checkout.placeOrder();
    expect(none).toEqual([]);
  });

  it('a missing result code counts as success', async () => {
    // spec transactions §4: on success or missing result code
    const { checkout, orderApi, cart } = setup();
    orderApi.mode = 'noCode';
    await fill(checkout);
    expect((await checkout.placeOrder()).status).toBe('placed');
    expect(cart.items).toEqual([]);
  });

  it('creating an account registers, places for the customer, clears the cart, then logs in (#4205)', async () => {
    // spec transactions §4: drop password and create-account; vue-storefront #4205: no duplicated items
    const { checkout, session, orderApi, cart, storage } = setup();
    await fill(checkout, { ...PERSONAL, password: 'Secret12!', createAccount: true });
    const order: string[] = [];
    const clear = cart.clear.bind(cart);
    cart.clear = async (o) => {
      order.push('clear');
      await clear(o);
    };
    const login = session.login.bind(session);
    session.login = async (u, p) => {
      order.push(`login with ${cart.items.length} local items`);
      await login(u, p);
    };
    await checkout.placeOrder();
    expect(session.registered).toEqual([{ email: 'anna@papier.nl', firstname: 'Anna', lastname: 'de Vries' }]);
    expect(order).toEqual(['clear', 'login with 0 local items']);
    const body = [...orderApi.created.values()][0]!;
    expect(body.user_id).toBe('77');
    expect(body.products).toHaveLength(2);
    expect(checkout.snapshot().personalDetails).toEqual(PERSONAL);
    expect(await storage.get(STORAGE_COLLECTIONS.checkout, 'personal-details')).toEqual(PERSONAL);
  });

  it('offline: stored with transmited:false and shown as queued, not success (#2740)', async () => {
    // spec transactions §4 Task queue / §8 'Order has been queued'; vue-storefront #2740
    const { checkout, orderApi, storage, notifications } = setup(DEFAULT_CONFIG, false);
    await fill(checkout);
    const placed = await checkout.placeOrder();
    expect(placed.status).toBe('queued');
    expect(placed.result).toBeUndefined();
    expect(orderApi.calls).toBe(0);
    const stored = await storage.entries<{ transmited: boolean }>(STORAGE_COLLECTIONS.orders);
    expect(stored).toHaveLength(1);
    expect(stored[0]![1].transmited).toBe(false);
    // offline is no server error: the order is kept and sent once the connection is back (spec transactions §4 "Task queue")
    expect(placed.queuedBecause).toBe('offline');
    expect(notifications.snapshot().map((n) => n.message)).toEqual([MESSAGES.orderQueuedOffline]);
    expect(checkout.snapshot().pendingOrders).toBe(1);
  });

  it('network failure or 5xx while online also queues', async () => {
    // spec transactions §8: 'The order can not be transfered because of server error. Order has been queued'
    for (const mode of ['network', 'server'] as const) {
      const { checkout, orderApi, notifications } = setup();
      orderApi.mode = mode;
      await fill(checkout);
      expect(await checkout.placeOrder()).toMatchObject({ status: 'queued', queuedBecause: 'server' });
      expect(notifications.snapshot().map((n) => n.message)).toEqual([MESSAGES.orderQueued]);
      expect(checkout.snapshot().pendingOrders).toBe(1);
    }
  });

  it('a 4xx answer is final: rejected, never re-sent (#2663)', async () => {
    // spec transactions §8 'Error placing an order'; vue-storefront #2663
    const { checkout, orderApi, cart } = setup();
    orderApi.mode = 'invalid';
    await fill(checkout);
    const err = await checkout.placeOrder().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShopError);
    expect((err as ShopError).key).toBe(MESSAGES.orderPlaceError);
    expect((err as ShopError).status).toBe(400);
    expect(cart.items).toHaveLength(2);
    orderApi.mode = 'ok';
    const report = await checkout.transmitStoredOrders();
    expect(report).toEqual({ sent: [], rejected: [], pending: [] });
    expect(orderApi.calls).toBe(1);
  });

  it('refuses an empty cart and countries outside BE/NL', async () => {
    // spec transactions §5: countries BE and NL; §8 'Shopping cart is empty'
    const { checkout, cart } = setup();
    await fill(checkout);
    await expect(checkout.saveShippingDetails({ ...SHIPPING, country: 'DE' })).rejects.toMatchObject({ key: MESSAGES.countryNotAllowed, status: 400 });
    // details stored before the rule was kept at saving are checked again when the order is placed
    checkout.hydrate({ ...checkout.snapshot(), shippingDetails: { ...SHIPPING, country: 'DE' } });
    await expect(checkout.placeOrder()).rejects.toMatchObject({ key: MESSAGES.countryNotAllowed, fields: { country: { key: MESSAGES.countryNotAllowed } } });
    checkout.hydrate({ ...checkout.snapshot(), shippingDetails: SHIPPING });
    cart.items = [];
    await expect(checkout.placeOrder()).rejects.toMatchObject({ key: MESSAGES.cartEmptyCheckout });
  });
});

describe('offline orders after reconnecting (spec transactions §4 Task queue)', () => {
  it('automatic transmission off: confirmation event + notification whose action sends them', async () => {
    // spec transactions §4: untransmitted stored orders trigger an offline-order-confirmation event
    const { checkout, network, orderApi, notifications, modals } = setup(DEFAULT_CONFIG, false);
    const online = whenBackOnline({ network, queue: { process: async () => undefined }, checkout });
    await fill(checkout);
    await checkout.placeOrder();
    checkout.setThankYouPage(false);
    const events: unknown[] = [];
    checkout.offlineOrderConfirmation$.subscribe((o) => events.push(o));
    network.set(true);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(orderApi.calls).toBe(0);
    expect(MODALS.orderConfirmation in modals.snapshot()).toBe(true);
    const waiting = notifications.snapshot().find((n) => n.message === MESSAGES.orderWaiting)!;
    expect(waiting).toMatchObject({ hasNoTimeout: true, action1: { label: MESSAGES.orderWaitingConfirm } });
    await notifications.runAction(waiting.id, 'action1');
    expect(orderApi.created.size).toBe(1);
    expect(checkout.snapshot().pendingOrders).toBe(0);
    expect(checkout.snapshot().lastOrder?.status).toBe('placed');
    expect(MODALS.orderConfirmation in modals.snapshot()).toBe(false);
    online.unsubscribe();
  });

  it('once sent, the waiting notice and the modal go whichever way it was confirmed, and the backend\'s order number is announced // spec transactions §4', async () => {
    for (const via of ['modal', 'notice', 'thankYouPage'] as const) {
      const { checkout, network, orderApi, notifications, modals } = setup(DEFAULT_CONFIG, false);
      const online = whenBackOnline({ network, queue: { process: async () => undefined }, checkout });
      await fill(checkout);
      await checkout.placeOrder();
      expect(checkout.snapshot().lastOrder?.status).toBe('queued');
      checkout.setThankYouPage(via === 'thankYouPage');
      network.set(true);
      const waitingShown = () => notifications.snapshot().some((n) => n.message === MESSAGES.orderWaiting);
      if (via !== 'thankYouPage') {
        await vi.waitFor(() => expect(waitingShown()).toBe(true));
        if (via === 'modal') await checkout.confirmOfflineOrders();
        else await notifications.runAction(notifications.snapshot().find((n) => n.message === MESSAGES.orderWaiting)!.id, 'action1');
      }
      await vi.waitFor(() => expect(orderApi.created.size).toBe(1));
      await vi.waitFor(() => expect(checkout.snapshot().pendingOrders).toBe(0));
      expect(waitingShown()).toBe(false);
      expect(MODALS.orderConfirmation in modals.snapshot()).toBe(false);
      const last = checkout.snapshot().lastOrder!;
      expect(last.status).toBe('placed');
      const number = last.result?.increment_id;
      expect(number).toBeTruthy();
      const sent = notifications.snapshot().find((n) => n.message === MESSAGES.offlineOrderSent);
      expect(sent).toMatchObject({ type: 'success', params: { incrementId: number } });
      online.unsubscribe();
    }
  });

  it('automatic transmission on, or the thank-you page shown: sent without asking', async () => {
    // spec transactions §4: if automatic transmission is enabled or the thank-you page is shown the queue is processed
    for (const [config, thankYou] of [[createConfig({ queue: { automaticOrderTransmission: true } }), false], [DEFAULT_CONFIG, true]] as const) {
      const { checkout, network, orderApi } = setup(config, false);
      await fill(checkout);
      await checkout.placeOrder();
      checkout.setThankYouPage(thankYou);
      network.set(true);
      await checkout.handleOnline();
      expect(orderApi.created.size).toBe(1);
    }
  });

  it('any sequence of failures, lost answers and retries creates each order exactly once, queued ones oldest first (property)', async () => {
    // spec transactions §4: an order is sent once; docs/protocol.md Idempotency-Key
    const mode = fc.constantFrom('ok', 'network', 'lostAnswer', 'server', 'noCode') as fc.Arbitrary<FakeOrderApi['mode']>;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ online: fc.boolean(), mode }), { minLength: 1, maxLength: 6 }), fc.array(mode, { maxLength: 6 }), async (placements, retries) => {
        const { checkout, network, orderApi, cart } = setup();
        const placedIds: string[] = [];
        await fill(checkout);
        for (const p of placements) {
          cart.items = [{ sku: 'WP-ROSE-50', qty: 1, type_id: 'simple' }];
          network.set(p.online);
          orderApi.mode = p.mode;
          placedIds.push((await checkout.placeOrder()).order_id);
        }
        const createdDuringPlacement = orderApi.createdOrder.length;
        network.set(true);
        for (const m of retries) {
          orderApi.mode = m;
          await checkout.transmitStoredOrders();
        }
        orderApi.mode = 'ok';
        await checkout.transmitStoredOrders();
        const ids = (await checkout.orders.all()).map((o) => o.order_id);
        expect(ids).toHaveLength(placements.length);
        expect(orderApi.created.size).toBe(placements.length);
        expect(placedIds).toEqual(ids);
        expect([...orderApi.createdOrder].sort()).toEqual([...ids].sort());
        // orders sent later (queued) are sent oldest first
        const late = orderApi.createdOrder.slice(createdDuringPlacement);
        expect(late).toEqual(ids.filter((id) => late.includes(id)));
        expect((await checkout.orders.pending()).length).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});
