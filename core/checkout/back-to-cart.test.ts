import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../adapters/common/system-clock';
import { TimerScheduler } from '../../adapters/common/timer-scheduler';
import { UuidGenerator } from '../../adapters/common/uuid-generator';
import { createApiClient } from '../../adapters/http/api-client';
import { HttpCartApi } from '../../adapters/http/cart-api';
import { HttpOrderApi } from '../../adapters/http/order-api';
import { HttpTaskTransport } from '../../adapters/http/task-transport';
import { StaticNetwork } from '../../adapters/node/static-network';
import { startBackend } from '../../test-fixtures/backend';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { segmentValue } from '../cart/totals';
import { ModalService } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { CheckoutService } from './checkout-service';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { FakeCartBackend } from '../../test-fixtures/arbitraries/cart-fake-backend';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';
import { CartService } from '../cart/cart-service';
import { DEFAULT_CONFIG } from '../config';
import type { OrderHistoryItem } from '../ports/user-api';
import { ManualNetwork, MemoryLogger, VirtualScheduler } from '../testing/virtual-time';
import { backToCart } from './back-to-cart';
import { OrderStore } from './order-store';

async function setup(options: { coupon?: string; loggedIn?: boolean; history?: OrderHistoryItem[] } = {}) {
  const storage = new MemoryStorage();
  const orders = new OrderStore(storage);
  await orders.add({
    order_id: 'c-1', idempotency_key: 'order-c-1', user_id: '', transmited: true, created_at: '', updated_at: '',
    products: [{ sku: 'IP-1', qty: 2, name: 'Inpakpapier', price_incl_tax: 4.49 }, { sku: 'LINT', qty: 1 }],
    addressInformation: {} as never,
    result: { increment_id: '000000042', order_token: 'T.sig' },
    ...(options.coupon ? { coupon_code: options.coupon } : {}),
  });
  const scheduler = new VirtualScheduler();
  const backend = new FakeCartBackend();
  const network = new ManualNetwork(true);
  const { cart } = cartWithQueue({ api: backend.api, transport: backend, storage: new MemoryStorage(), network, clock: scheduler.clock, config: DEFAULT_CONFIG, logger: new MemoryLogger() });
  await cart.load();
  const session = {
    isLoggedIn: () => options.loggedIn ?? false,
    findOrder: async (ref: string) => (options.history ?? []).find((o) => o.increment_id === ref),
  };
  return { deps: { orders, cart, session }, cart, backend, network };
}

const lines = (cart: CartService) => cart.snapshot().cartItems.map((i) => `${i.sku}x${i.qty}`);

describe('back to the cart after a failed payment (beyond the spec; spec transactions §4 "Coupon")', () => {
  it("puts the stored order's lines back, in the cart and the server cart; again adds up, never duplicates", async () => {
    const { deps, cart, backend } = await setup();
    expect(await backToCart(deps, { orderToken: 'someone-elses-token', incrementId: '000000042' })).toEqual({ kind: 'lines-unknown' });
    const out = await backToCart(deps, { orderToken: 'T.sig', incrementId: '000000042' });
    expect(out).toMatchObject({ kind: 'restored' });
    expect(out.kind === 'restored' && out.coupon).toBeFalsy();
    expect(lines(cart)).toEqual(['IP-1x2', 'LINTx1']);
    expect(backend.cart(cart.cartId!).pull().map((i) => `${i.sku}x${i.qty}`).sort()).toEqual(['IP-1x2', 'LINTx1']);
    await backToCart(deps, { orderToken: 'T.sig', incrementId: '000000042' });
    expect(lines(cart)).toEqual(['IP-1x4', 'LINTx2']);
  });

  it("keeps the order's coupon: it is applied to the new cart and the totals carry its discount again", async () => {
    const { deps, cart, backend } = await setup({ coupon: 'WELKOM10' });
    const out = await backToCart(deps, { orderToken: 'T.sig', incrementId: '000000042' });
    expect(out).toMatchObject({ kind: 'restored', coupon: { code: 'WELKOM10', applied: true } });
    expect(cart.snapshot().coupon?.code).toBe('WELKOM10');
    expect(backend.coupons.get(cart.cartId!)).toBe('WELKOM10');
    const discount = cart.totals.find((s) => s.code === 'discount')?.value ?? 0;
    expect(discount).toBeLessThan(0);
    const subtotal = cart.totals.find((s) => s.code === 'subtotal')!.value;
    expect(cart.totals.find((s) => s.code === 'grand_total')!.value).toBeCloseTo(subtotal + discount, 2);
  });

  it('a coupon the platform refuses now (expired) leaves the lines back and says it was not applied', async () => {
    const { deps, cart } = await setup({ coupon: 'VERLOPEN' });
    const out = await backToCart(deps, { orderToken: 'T.sig', incrementId: '000000042' });
    expect(out).toMatchObject({ kind: 'restored', coupon: { code: 'VERLOPEN', applied: false } });
    expect(lines(cart)).toEqual(['IP-1x2', 'LINTx1']);
    expect(cart.snapshot().coupon).toBeUndefined();
  });

  it("another browser: a signed-in customer's order history gives the lines and the coupon; a guest gets lines-unknown", async () => {
    const history = [{ entity_id: 7, increment_id: '000000077', items: [{ sku: 'KAART', qty: 3 }], coupon_code: 'WELKOM10' }];
    const guest = await setup({ history });
    expect(await backToCart(guest.deps, { orderToken: 'T.other', incrementId: '000000077' })).toEqual({ kind: 'lines-unknown' });
    const customer = await setup({ history, loggedIn: true });
    expect(await backToCart(customer.deps, { orderToken: 'T.other', incrementId: '000000077' })).toMatchObject({ kind: 'restored', coupon: { code: 'WELKOM10', applied: true } });
    expect(lines(customer.cart)).toEqual(['KAARTx3']);
  });
});

describe('back to the cart against the demo backend: the coupon is kept (25,49 stayed 25,49, not 30,49)', () => {
  let backend: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  });
  afterAll(async () => backend.close());

  it('an order placed with KORTING10, then back to the cart: same lines, same coupon, same grand total', async () => {
    const config = DEFAULT_CONFIG;
    const client = createApiClient({ baseUrl: backend.url, timeoutMs: 5000 });
    const storage = new MemoryStorage();
    const network = new StaticNetwork(true);
    const logger = new MemoryLogger();
    const { cart, queue } = cartWithQueue({
      api: new HttpCartApi(client), transport: new HttpTaskTransport({ baseUrl: backend.url, timeoutMs: 5000 }), storage, network, clock: new SystemClock(), ids: new UuidGenerator(), config, logger,
    });
    const products = generateCatalogue().products.filter((p) => p.type_id === 'simple' && p.visibility !== 1 && p.status === 1 && p.stock?.is_in_stock && Number(p.stock.qty) >= 10);
    await cart.connect();
    await cart.addItem(products[0]!, 2);
    await cart.addItem(products[1]!, 1);
    await cart.applyCoupon('KORTING10');
    const ordered = segmentValue(cart.totals, 'grand_total');
    expect(cart.snapshot().coupon?.code).toBe('KORTING10');

    const ids = new UuidGenerator();
    const unused = async () => Promise.reject(new Error('unused'));
    const checkout = new CheckoutService(
      {
        storage, orderApi: new HttpOrderApi(client), paymentApi: { paymentMethods: async () => [], fetchIssuers: async () => [], createPayment: unused, postOrderComment: unused, paymentStatus: unused },
        cart, session: { currentUserId: () => undefined, register: unused, login: unused }, notifications: new NotificationService(new TimerScheduler(), ids, config),
        modals: new ModalService(), network, clock: new SystemClock(), ids, logger,
      },
      config,
    );
    const address = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB' };
    await checkout.savePersonalDetails({ firstName: 'Anna', lastName: 'de Vries', emailAddress: 'terug@papier.nl' });
    await checkout.saveShippingDetails({ ...address, shippingMethod: 'flatrate', shippingCarrier: 'flatrate' });
    await checkout.savePaymentDetails({ ...address, paymentMethod: 'banktransfer' });
    const placed = await checkout.placeOrder();
    expect(cart.snapshot().cartItems).toEqual([]);
    expect(cart.snapshot().coupon).toBeUndefined();

    const session = { isLoggedIn: () => false, findOrder: async () => undefined };
    const out = await backToCart({ orders: checkout.orders, cart, session }, { orderToken: placed.result!.order_token!, incrementId: String(placed.result!.increment_id) });
    expect(out).toMatchObject({ kind: 'restored', coupon: { code: 'KORTING10', applied: true } });
    expect(lines(cart).sort()).toEqual([`${products[0]!.sku}x2`, `${products[1]!.sku}x1`].sort());
    expect(cart.snapshot().coupon?.code).toBe('KORTING10');
    expect(segmentValue(cart.totals, 'grand_total')).toBe(ordered);
    cart.dispose();
    queue.dispose();
  });
});
