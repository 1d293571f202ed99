/**
 * Journey-level tests (no browser): the real CartService, TaskQueue, SessionService, CheckoutService and PaymentService
 * over the ky adapters, against the demo backend on loopback.
 * spec transactions §4 "Placing an order", "Payment flow", "Task queue" (offline orders); docs/protocol.md.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBackend } from '../../test-fixtures/backend';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import type { Logger } from '../ports/logger';
import { createTokenLock } from '../user/token-lock';
import { SessionService } from '../user/session-service';
import { whenBackOnline } from './going-online';
import { CompareService, WishlistService } from '../user/sku-list-service';
import { ModalService, MODALS } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { ProgressService } from '../ui-state/progress-service';
import { CheckoutService } from './checkout-service';
import { PaymentService } from './payment-service';
import { OrderStatusService } from './order-status-service';
import type { PaymentDetails, PersonalDetails, ShippingDetails } from './types';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { StaticNetwork } from '../../adapters/node/static-network';
import { SystemClock } from '../../adapters/common/system-clock';
import { TimerScheduler } from '../../adapters/common/timer-scheduler';
import { UuidGenerator } from '../../adapters/common/uuid-generator';
import { createApiClient } from '../../adapters/http/api-client';
import { HttpCartApi } from '../../adapters/http/cart-api';
import { HttpTaskTransport } from '../../adapters/http/task-transport';
import { HttpUserApi } from '../../adapters/http/user-api';
import { HttpOrderApi } from '../../adapters/http/order-api';
import { HttpPaymentApi } from '../../adapters/http/payment-api';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const cat = generateCatalogue();
const products = cat.products.filter((p) => p.type_id === 'simple' && p.visibility !== 1 && p.status === 1 && p.stock?.is_in_stock && Number(p.stock.qty) >= 10);

let backend: { url: string; close(): Promise<void> };
beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
});
afterAll(async () => backend.close());

function shop(online: boolean) {
  const config = DEFAULT_CONFIG;
  const client = createApiClient({ baseUrl: backend.url, timeoutMs: 5000 });
  const storage = new MemoryStorage();
  const network = new StaticNetwork(online);
  const clock = new SystemClock();
  const scheduler = new TimerScheduler();
  const ids = new UuidGenerator();
  const notifications = new NotificationService(scheduler, ids, config);
  const modals = new ModalService();
  const progress = new ProgressService(scheduler, config);
  const userApi = new HttpUserApi(client);
  const session = new SessionService({ userApi, storage, network, clock, logger, notifications, modals }, config);
  const tokenLock = createTokenLock({ scheduler, config, getToken: () => session.getToken(), refresh: session.refreshTokens, onLoggedOut: session.handleLoggedOut, logger });
  const { cart, queue } = cartWithQueue({
    api: new HttpCartApi(client), transport: new HttpTaskTransport({ baseUrl: backend.url, timeoutMs: 5000 }), storage, network, clock, ids, config, logger, tokenLock, getToken: () => session.getToken(),
  });
  const paymentApi = new HttpPaymentApi(client, config);
  const checkout = new CheckoutService({ storage, orderApi: new HttpOrderApi(client), paymentApi, cart, session, notifications, modals, network, clock, ids, logger }, config);
  session.link({ cart, queue, tokenLock, checkout, wishlist: new WishlistService(storage), compare: new CompareService(storage) });
  const payment = new PaymentService({ paymentApi, checkout, notifications, progress, clock, logger }, config, { storefrontOrigin: 'http://127.0.0.1:3000' });
  const orderStatus = new OrderStatusService({ paymentApi, progress, logger });
  const backOnline = whenBackOnline({ network, queue, checkout, logger });
  return { config, storage, network, notifications, modals, queue, cart, session, checkout, payment, orderStatus, dispose: () => { backOnline.unsubscribe(); cart.dispose(); queue.dispose(); } };
}

const PERSONAL: PersonalDetails = { firstName: 'Anna', lastName: 'de Vries', emailAddress: 'anna@papier.nl' };
const SHIPPING: ShippingDetails = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB', shippingMethod: 'flatrate', shippingCarrier: 'flatrate' };
const billing = (paymentMethod: string, issuer?: string): PaymentDetails => ({
  firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB', paymentMethod,
  ...(issuer ? { paymentMethodAdditional: { issuer } } : {}),
});

/** the three detail steps filled (shipping to SHIPPING, cash on delivery), as a shopper does in order */
async function fillCashOnDelivery(s: ReturnType<typeof shop>, personal: PersonalDetails): Promise<void> {
  await s.checkout.savePersonalDetails(personal);
  s.checkout.loadShippingMethods();
  await s.checkout.saveShippingDetails(SHIPPING);
  await s.checkout.loadPaymentMethods();
  await s.checkout.savePaymentDetails(billing('cashondelivery'));
}

describe('journey: guest checkout with iDEAL up to the payment URL (spec transactions §4)', () => {
  it('add to cart → shipping → place order → create payment → payment_gateway_url; the order-status page reads the result', async () => {
    const s = shop(true);
    await s.cart.connect();
    await s.cart.addItem(products[0]!, 2);
    await s.cart.addItem(products[1]!, 1);
    await s.queue.process();
    expect(s.cart.snapshot().cartServerToken).toEqual(expect.any(String));
    expect(s.cart.snapshot().cartItems.every((i) => i.server_item_id !== undefined)).toBe(true);

    await s.checkout.savePersonalDetails(PERSONAL);
    expect(s.checkout.loadShippingMethods()).toMatchObject([{ method_title: 'DPD Courier', price_incl_tax: 5 }]);
    await s.checkout.saveShippingDetails(SHIPPING);
    expect((await s.checkout.loadPaymentMethods()).map((m) => m.code)).toEqual(['ideal', 'creditcard', 'banktransfer', 'cashondelivery']);
    const issuers = await s.payment.fetchIssuers();
    await s.checkout.savePaymentDetails(billing('ideal', issuers[0]!.id));

    const done = await s.payment.completeCheckout();
    expect(done.kind).toBe('redirect');
    if (done.kind !== 'redirect') return;
    expect(done.url).toMatch(new RegExp(`^${backend.url}/payment-simulator/`));
    expect(done.order).toMatchObject({ status: 'placed', result: { increment_id: expect.any(String), order_token: expect.any(String) } });
    expect(s.cart.snapshot().cartItems).toEqual([]);
    expect(s.checkout.snapshot()).toMatchObject({ isThankYouPage: true, pendingOrders: 0 });

    // the shopper pays at the simulator, comes back to /order-status/{order_token}
    const page = await fetch(done.url);
    expect(page.status).toBe(200);
    const paid = await fetch(done.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'paid' }) });
    expect(paid.status).toBeLessThan(400);
    const view = await s.orderStatus.load(done.order.result!.order_token!);
    expect(view).toMatchObject({ kind: 'success', incrementId: done.order.result!.increment_id, email: 'anna@papier.nl', text: MESSAGES.orderStatusSuccess });
    s.dispose();
  });
});

describe('journey: an order made offline is stored, then sent after reconnecting and confirming (spec transactions §4 Task queue)', () => {
  it('offline → queued (not a success) → online → order.waiting → confirm → placed once', async () => {
    const s = shop(false);
    await s.cart.addItem(products[2]!, 1);
    await fillCashOnDelivery(s, { ...PERSONAL, emailAddress: 'offline@papier.nl' });

    const done = await s.payment.completeCheckout();
    expect(done.kind).toBe('queued');
    expect(done.order.result).toBeUndefined();
    expect(s.notifications.snapshot().map((n) => n.message)).toContain(MESSAGES.orderQueuedOffline);
    expect((await s.checkout.orders.pending())).toHaveLength(1);
    s.checkout.setThankYouPage(false); // the shopper browsed on

    s.network.set(true);
    await vi.waitFor(() => expect(s.notifications.snapshot().some((n) => n.message === MESSAGES.orderWaiting)).toBe(true), { timeout: 5000 });
    expect(MODALS.orderConfirmation in s.modals.snapshot()).toBe(true);
    expect(await s.checkout.orders.pending()).toHaveLength(1);

    const waiting = s.notifications.snapshot().find((n) => n.message === MESSAGES.orderWaiting)!;
    await s.notifications.runAction(waiting.id, 'action1');
    expect(await s.checkout.orders.pending()).toEqual([]);
    const [stored] = await s.checkout.orders.all();
    expect(stored).toMatchObject({ transmited: true, resultCode: 200, result: { increment_id: expect.any(String) } });
    expect(s.checkout.snapshot().lastOrder).toMatchObject({ status: 'placed', result: { increment_id: stored!.result!.increment_id } });

    // sending again (a lost answer, a second confirmation) creates no second order: same Idempotency-Key
    const { HttpOrderApi: Api } = await import('../../adapters/http/order-api');
    const { idempotency_key, transmited_at: _a, result: _b, resultCode: _c, seq: _d, cart_key: _e, ...wire } = stored!;
    const again = await new Api(createApiClient({ baseUrl: backend.url, timeoutMs: 5000 })).place(wire, idempotency_key);
    expect(again.result?.increment_id).toBe(stored!.result!.increment_id);
    s.dispose();
  });
});

describe('journey: creating an account at checkout does not duplicate items (vue-storefront #4205)', () => {
  it('the order holds each line once, belongs to the new customer, and the account cart stays empty after login', async () => {
    const s = shop(true);
    await s.cart.connect();
    await s.cart.addItem(products[3]!, 2);
    await s.queue.process();
    await fillCashOnDelivery(s, { ...PERSONAL, emailAddress: 'new-at-checkout@papier.nl', password: 'Secret12!', createAccount: true });
    const done = await s.payment.completeCheckout();
    expect(done.kind).toBe('thank-you');
    expect(s.session.isLoggedIn()).toBe(true);
    expect(s.checkout.snapshot().personalDetails).not.toHaveProperty('password');
    expect(s.checkout.snapshot().personalDetails).not.toHaveProperty('createAccount');
    await s.queue.process();
    expect(s.cart.snapshot().cartItems).toEqual([]);
    const history = await s.session.loadOrderHistory();
    expect(history.items).toHaveLength(1);
    const items = (history.items[0]!.items ?? []) as Array<{ sku: string; qty?: number; qty_ordered?: number }>;
    expect(items.map((i) => [i.sku, i.qty ?? i.qty_ordered])).toEqual([[products[3]!.sku, 2]]);
    s.dispose();
  });
});

describe("journey: a logged-in customer's saved addresses at checkout (spec transactions §3 Address, §5, §7 /api/user/me)", () => {
  /** A customer registered with a default shipping address (Keizersgracht 12), logged in, one product in the cart. */
  async function customerWithHome(prefix: string) {
    const s = shop(true);
    const email = `${prefix}-${Date.now()}@papier.nl`;
    const home = { firstname: 'Anna', lastname: 'de Vries', street: ['Keizersgracht 12'], city: 'Amsterdam', postcode: '1015 CX', country_id: 'NL', default_shipping: true };
    await s.session.register({ email, firstname: 'Anna', lastname: 'de Vries', addresses: [home] }, 'Secret12!');
    await s.session.login(email, 'Secret12!');
    await s.cart.addItem(products[4]!, 1);
    await s.queue.process();
    return { s, email };
  }

  it('the default shipping address fills the step; a new address the customer keeps is in the account after the order', async () => {
    const { prefillAddress, savedAddressOptions, formValuesOf } = await import('./saved-addresses');
    const { s, email } = await customerWithHome('saved-address');

    // the step starts with the default shipping address, which the address rule accepts
    const { addressErrors } = await import('./address-rules');
    const options = savedAddressOptions(s.session.snapshot().current, 'shipping', (a) => Object.keys(addressErrors(a, s.config)).length === 0);
    const blank = { ...formValuesOf({ ...SHIPPING, streetAddress: '', zipCode: '', city: '' }), country: 'NL' };
    const filled = prefillAddress(blank, blank, options);
    expect(filled).toMatchObject({ streetAddress: 'Keizersgracht 12', zipCode: '1015 CX', city: 'Amsterdam' });
    await s.checkout.savePersonalDetails({ ...PERSONAL, emailAddress: email });
    s.checkout.loadShippingMethods();
    await s.checkout.saveShippingDetails({ ...filled, shippingMethod: 'flatrate', shippingCarrier: 'flatrate' });

    // the customer ships to a new address instead, and keeps it
    await s.checkout.saveShippingDetails({ ...SHIPPING, streetAddress: 'Oudegracht 1', zipCode: '3511 AA', city: 'Utrecht', saveInAccount: true });
    await s.checkout.loadPaymentMethods();
    await s.checkout.savePaymentDetails(billing('cashondelivery'));
    const done = await s.payment.completeCheckout();
    expect(done.kind).toBe('thank-you');
    await s.queue.process();

    const addresses = (await s.session.refreshProfile()).addresses ?? [];
    expect(addresses.map((a) => [a.street?.[0], a.postcode, a.default_shipping === true])).toEqual([
      ['Keizersgracht 12', '1015 CX', true],
      ['Oudegracht 1', '3511 AA', false],
    ]);
    // the order went to the new address, without the keep flag
    const history = await s.session.loadOrderHistory();
    const shipped = (history.items[0]?.extension_attributes as { shipping_assignments: Array<{ shipping: { address: Record<string, unknown> } }> }).shipping_assignments[0]!.shipping.address;
    expect(shipped).toMatchObject({ street: ['Oudegracht 1'], postcode: '3511 AA' });
    expect(shipped).not.toHaveProperty('saveInAccount');
    s.dispose();
  });

  it('a new billing address the customer keeps is in the account after the order, the default billing address of an account without one', async () => {
    // spec transactions §5 (the payment step's billing address), §7 (POST /api/user/me): saved-addresses.ts addressesToKeep
    const { s, email } = await customerWithHome('billing-address');
    await s.checkout.savePersonalDetails({ ...PERSONAL, emailAddress: email });
    s.checkout.loadShippingMethods();
    await s.checkout.saveShippingDetails({ ...SHIPPING, streetAddress: 'Keizersgracht 12', zipCode: '1015 CX', city: 'Amsterdam' });
    await s.checkout.loadPaymentMethods();
    await s.checkout.savePaymentDetails({ ...billing('cashondelivery'), saveInAccount: true });
    expect((await s.payment.completeCheckout()).kind).toBe('thank-you');
    await s.queue.process();

    const addresses = (await s.session.refreshProfile()).addresses ?? [];
    expect(addresses.map((a) => [a.street?.[0], a.default_shipping === true, a.default_billing === true])).toEqual([
      ['Keizersgracht 12', true, false],
      ['Kalverstraat 1', false, true],
    ]);
    const history = await s.session.loadOrderHistory();
    expect(history.items).toHaveLength(1);
    expect(JSON.stringify(history.items[0])).not.toContain('saveInAccount');
    s.dispose();
  });
});
