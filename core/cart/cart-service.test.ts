import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { FakeCartBackend } from '../../test-fixtures/arbitraries/cart-fake-backend';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';
import type { Product } from '../catalogue/types';
import type { TaskTransport } from '../ports/task-transport';
import { createConfig, DEFAULT_CONFIG, type ShopConfig } from '../config';
import { MESSAGES, isShopError } from '../messages';
import { ManualNetwork, MemoryLogger, SequentialIds, VirtualScheduler, flushPromises } from '../testing/virtual-time';
import { CART_STORAGE_KEYS, CartService } from './cart-service';
import { cartItemIdentity } from './identity';
import type { CartNotice } from './add';
import { segmentValue } from './totals';

const product = (sku: string, over: Partial<Product> = {}): Product => ({ id: sku, sku, name: sku, type_id: 'simple', price_incl_tax: 10, ...over });

function setup(opts: { online?: boolean; config?: ShopConfig; storage?: MemoryStorage; backend?: FakeCartBackend; userToken?: string; idPrefix?: string } = {}) {
  const scheduler = new VirtualScheduler();
  const storage = opts.storage ?? new MemoryStorage();
  const network = new ManualNetwork(opts.online ?? true);
  const backend = opts.backend ?? new FakeCartBackend();
  backend.online = opts.online ?? true;
  const logger = new MemoryLogger();
  const config = opts.config ?? DEFAULT_CONFIG;
  let userToken = opts.userToken ?? '';
  const { cart: service, queue } = cartWithQueue({
    api: backend.api, transport: backend, storage, network, clock: scheduler.clock, config, logger, ids: new SequentialIds(opts.idPrefix), getToken: () => userToken,
  });
  const notices: CartNotice[] = [];
  service.notices$.subscribe((n) => notices.push(n));
  const goOnline = async (on: boolean) => {
    backend.online = on;
    network.set(on);
    await flushPromises(2000);
  };
  return { scheduler, storage, network, backend, queue, service, notices, logger, goOnline, setUserToken: (t: string) => (userToken = t) };
}

const skus = (s: CartService) => s.snapshot().cartItems.map((i) => `${i.sku}x${i.qty}`).sort();
const serverSkus = (b: FakeCartBackend, id: string | undefined) => b.cart(id!).pull().map((i) => `${i.sku}x${i.qty}`).sort();

describe('CartService', () => {
  // spec transactions §4 "Cart changes": items, token and hash saved after changes, restored on start
  it('saves items, token and hash after every change and restores them on load', async () => {
    const w = setup();
    await w.service.load();
    await w.service.addItem(product('WRAP-RED'), 2);
    const stored = await w.storage.get<unknown[]>('carts', CART_STORAGE_KEYS.items);
    expect(stored).toHaveLength(1);
    expect(await w.storage.get('carts', CART_STORAGE_KEYS.token)).toBe(w.service.cartId);
    const again = setup({ storage: w.storage, backend: w.backend });
    await again.service.load();
    expect(skus(again.service)).toEqual(['WRAP-REDx2']);
    expect(again.service.cartId).toBe(w.service.cartId);
    expect(again.service.snapshot().cartItemsHash).toBe(w.service.snapshot().cartItemsHash);
  });

  // spec transactions §4 "Cart changes" (items, token and hash saved after changes, restored on start): the
  // browser restores the cart after first paint, so a shopper's add can land before the restore. Neither may undo the
  // other: the stored lines and the line added meanwhile are both in the cart, on the stored server cart.
  it.each([
    ['the add is done before the restore starts', 'add-then-load'],
    ['the add starts before the restore', 'add-first'],
    ['the restore starts before the add', 'load-first'],
  ])('keeps a line added before the stored cart was restored (%s)', async (_name, order) => {
    const w = setup();
    await w.service.load();
    await w.service.addItem(product('WRAP-RED'), 2);
    const cartId = w.service.cartId;
    // the next visit (its own task ids: the backend answers a repeated Idempotency-Key from its memory)
    const again = setup({ storage: w.storage, backend: w.backend, idPrefix: 'visit-2-' });
    const add = () => again.service.addItem(product('CARD-A6'), 1);
    const load = () => again.service.load();
    if (order === 'add-then-load') {
      await add();
      await load();
    } else {
      const [first, second] = order === 'add-first' ? [add, load] : [load, add];
      const a = first();
      const b = second();
      await Promise.all([a, b]);
    }
    await flushPromises(2000);
    expect(skus(again.service)).toEqual(['CARD-A6x1', 'WRAP-REDx2']);
    expect(again.service.cartId).toBe(cartId);
    expect(((await w.storage.get<{ sku: string }[]>('carts', CART_STORAGE_KEYS.items)) ?? []).map((i) => i.sku).sort()).toEqual(['CARD-A6', 'WRAP-RED']);
    expect(serverSkus(w.backend, cartId)).toEqual(['CARD-A6x1', 'WRAP-REDx2']);
    expect(again.service.snapshot().loaded).toBe(true);
  });

  // spec catalogue §4.2 + transactions §4 "Adding": a configurable parent with no option chosen is refused
  // with the spec's message before any call: no cart created, nothing sent, no stock asked
  it('refuses a configurable parent with no option chosen before any call', async () => {
    const w = setup();
    await w.service.load();
    const calls = w.backend.log.length;
    const parent = product('IP-00001', { type_id: 'configurable', configurable_children: [{ sku: 'IP-00001-rood', price_incl_tax: 10 } as Product] });
    const notices = await w.service.addItem(parent, 1);
    expect(notices).toEqual([{ type: 'error', key: MESSAGES.noSuchConfiguration, sku: 'IP-00001' }]);
    expect(w.service.snapshot().cartItems).toEqual([]);
    expect(w.backend.log.slice(calls)).toEqual([]);
    // the same product with its option chosen goes in
    const configured = { ...parent, sku: 'IP-00001-rood', product_option: { extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: 49 }], custom_options: [], bundle_options: [] } } };
    expect((await w.service.addItem(configured, 1)).map((n) => n.key)).toEqual([MESSAGES.productAdded]);
  });

  // spec transactions §4 "Adding" + §8 texts; totals after the server answered
  it('adds, increases an existing line and keeps client and server equal', async () => {
    const w = setup();
    await w.service.load();
    await w.service.addItem(product('WRAP-RED'), 1);
    await w.service.addItem(product('WRAP-RED'), 2);
    await w.service.addItem(product('CARD-A6'), 1);
    expect(skus(w.service)).toEqual(['CARD-A6x1', 'WRAP-REDx3']);
    expect(serverSkus(w.backend, w.service.cartId)).toEqual(['CARD-A6x1', 'WRAP-REDx3']);
    expect(w.notices.map((n) => n.key)).toEqual([MESSAGES.productAdded, MESSAGES.qtyUpdated, MESSAGES.productAdded]);
    expect(segmentValue(w.service.totals, 'grand_total')).toBe(40);
    expect(w.service.count).toBe(4);
  });

  // #2898: an item removed while offline came back after reconnecting
  it('#2898: an item removed offline does not come back after reconnecting', async () => {
    const w = setup();
    await w.service.load();
    await w.service.addItem(product('WRAP-RED'));
    await w.service.addItem(product('BOX-S'));
    await w.goOnline(false);
    await w.service.removeItem(cartItemIdentity({ sku: 'WRAP-RED' }));
    expect(w.queue.pending()).toBe(1);
    await w.goOnline(true);
    await w.service.sync({ forceSync: true });
    expect(skus(w.service)).toEqual(['BOX-Sx1']);
    expect(serverSkus(w.backend, w.service.cartId)).toEqual(['BOX-Sx1']);
  });

  // spec transactions §4 "delete": a line removed while its first update is on the way has no server item id to delete
  // yet; the update's answer gives it one, and the server line the client dropped is deleted then
  it('a line removed while its first update is on the way is deleted on the server once the answer comes', async () => {
    const backend = new FakeCartBackend();
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let updates = 0;
    const transport: TaskTransport = {
      send: async (req) => {
        if (JSON.stringify(req.body).includes('CARD-A6') && ++updates === 1) await held;
        return backend.send(req);
      },
    };
    const { cart, queue } = cartWithQueue({
      api: backend.api, transport, storage: new MemoryStorage(), network: new ManualNetwork(true),
      clock: new VirtualScheduler().clock, config: DEFAULT_CONFIG, logger: new MemoryLogger(), ids: new SequentialIds(),
    });
    await cart.load();
    await cart.addItem(product('WRAP-RED'), 1);
    const adding = cart.addItem(product('CARD-A6'), 1);
    await vi.waitFor(() => expect(updates).toBe(1));
    const card = cart.snapshot().cartItems.find((i) => i.sku === 'CARD-A6')!;
    expect(card.server_item_id).toBeUndefined();
    const removing = cart.removeItem(cartItemIdentity(card));
    await vi.waitFor(() => expect(skus(cart)).toEqual(['WRAP-REDx1']));
    answer();
    await Promise.all([adding, removing]);
    await vi.waitFor(() => expect(queue.pending()).toBe(0));
    expect(skus(cart)).toEqual(['WRAP-REDx1']);
    expect(serverSkus(backend, cart.cartId)).toEqual(['WRAP-REDx1']);
    queue.dispose();
  });

  // #4690: quick successive removals sent duplicate requests and left wrong totals
  it('#4690: quick successive removals send one delete each and end with right totals', async () => {
    const w = setup();
    await w.service.load();
    for (const s of ['A', 'B', 'C', 'D']) await w.service.addItem(product(s));
    const before = w.backend.count('totals');
    await Promise.all(['A', 'B', 'C'].map((s) => w.service.removeItem(cartItemIdentity({ sku: s }))));
    await flushPromises(2000);
    expect(w.backend.log.filter((l) => l.startsWith('delete')).sort()).toHaveLength(3);
    expect(new Set(w.backend.log.filter((l) => l.startsWith('delete'))).size).toBe(3);
    expect(serverSkus(w.backend, w.service.cartId)).toEqual(['Dx1']);
    expect(segmentValue(w.service.totals, 'grand_total')).toBe(10);
    expect(w.backend.count('totals') - before).toBeLessThanOrEqual(3);
  });

  // #2592: an invalid cart token was never replaced
  it('#2592: an invalid cart token (404 on pull) is replaced by a new cart holding the items', async () => {
    const w = setup();
    await w.service.load();
    await w.service.addItem(product('WRAP-RED'), 2);
    const old = w.service.cartId!;
    w.backend.carts.delete(old); // the quote expired on the server
    await w.service.sync({ forceSync: true });
    expect(w.service.cartId).toBeDefined();
    expect(w.service.cartId).not.toBe(old);
    expect(serverSkus(w.backend, w.service.cartId)).toEqual(['WRAP-REDx2']);
  });

  // #4062: clearing the cart never reached the server
  it('#4062: clear() empties the server cart too', async () => {
    const w = setup();
    await w.service.load();
    await w.service.addItem(product('A'));
    await w.service.addItem(product('B'), 3);
    await w.service.clear();
    expect(w.service.snapshot().cartItems).toEqual([]);
    expect(serverSkus(w.backend, w.service.cartId)).toEqual([]);
    // clear({ sync: false }) after an order leaves the server alone
    await w.service.addItem(product('C'));
    await w.service.clear({ sync: false });
    expect(serverSkus(w.backend, w.service.cartId)).toEqual(['Cx1']);
  });

  // #3994: a cart created offline could not check out
  it('#3994: a cart started offline connects when back online and gets a cart id with its items', async () => {
    const w = setup({ online: false });
    await w.service.load();
    await w.service.addItem(product('WRAP-GOLD'), 2);
    expect(w.service.cartId).toBeUndefined();
    await w.goOnline(true);
    expect(w.service.cartId).toBeDefined();
    expect(serverSkus(w.backend, w.service.cartId)).toEqual(['WRAP-GOLDx2']);
  });

  // spec transactions §4 totals sync, §7 calls: GET /api/cart/totals while no shipping and payment method are chosen,
  // POST /api/cart/collect-totals with both (the platform then prices the shipping and the payment)
  it('syncs the totals with collect-totals once a shipping and a payment method are chosen', async () => {
    const w = setup();
    await w.service.load();
    await w.service.addItem(product('WRAP-RED'), 1);
    const asked: unknown[] = [];
    const { totals, collectTotals } = w.backend.api;
    w.backend.api.totals = (...a) => {
      asked.push('totals');
      return totals(...a);
    };
    w.backend.api.collectTotals = (...a) => {
      asked.push(a[2]);
      return collectTotals(...a);
    };
    await w.service.syncTotals();
    await w.service.setShippingMethod({ ...DEFAULT_CONFIG.shipping.methods[0]! });
    await w.service.syncTotals();
    await w.service.setPaymentMethod({ code: 'cashondelivery', title: 'Rembours' });
    await w.service.syncTotals();
    const methods = {
      paymentMethod: { method: 'cashondelivery' }, shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate',
    };
    expect(asked).toEqual(['totals', 'totals', methods]);
  });

  // #5007: totals were not refreshed after a merge
  it('#5007: totals are refreshed after the login merge', async () => {
    const backend = new FakeCartBackend();
    backend.users.set('user-1', 'acct-1');
    const w = setup({ backend });
    await w.service.load();
    await w.service.addItem(product('A'));
    backend.carts.set('acct-1', new (await import('../../test-fixtures/arbitraries/cart-fake-server')).FakeCartServer('acct-1', [{ item_id: 1, sku: 'B', qty: 2, price: 10 }]));
    await w.service.onUserLogin('user-1'); // the token handed over before the session stored it
    expect(w.service.cartId).toBe('acct-1');
    expect(skus(w.service)).toEqual(['Ax1', 'Bx2']);
    expect(segmentValue(w.service.totals, 'grand_total')).toBe(30);
  });

  // #4205: items duplicated when an account is created at checkout
  it('#4205: creating an account at checkout (the new account cart already holds the guest lines) duplicates nothing', async () => {
    const { FakeCartServer } = await import('../../test-fixtures/arbitraries/cart-fake-server');
    const backend = new FakeCartBackend();
    const w = setup({ backend });
    await w.service.load();
    await w.service.addItem(product('A'), 2);
    await w.service.addItem(product('B'), 1);
    // the backend turned the guest quote into the new customer's quote
    const guest = backend.cart(w.service.cartId!);
    backend.users.set('new-user', 'acct-new');
    backend.carts.set('acct-new', new FakeCartServer('acct-new', guest.pull()));
    w.setUserToken('new-user');
    await w.service.onUserLogin();
    expect(skus(w.service)).toEqual(['Ax2', 'Bx1']);
    expect(serverSkus(backend, 'acct-new')).toEqual(['Ax2', 'Bx1']);
    // and a reload afterwards changes nothing (#4220)
    await w.service.sync({ forceSync: true, mergeQtys: true });
    expect(serverSkus(backend, 'acct-new')).toEqual(['Ax2', 'Bx1']);
  });

  // #3995: guest + account summed once at login, never again
  it('#3995: the same product in guest and account cart is summed once at login', async () => {
    const { FakeCartServer } = await import('../../test-fixtures/arbitraries/cart-fake-server');
    const backend = new FakeCartBackend();
    backend.users.set('u', 'acct');
    backend.carts.set('acct', new FakeCartServer('acct', [{ item_id: 1, sku: 'A', qty: 3 }]));
    const w = setup({ backend });
    await w.service.load();
    await w.service.addItem(product('A'), 2);
    w.setUserToken('u');
    await w.service.onUserLogin();
    expect(skus(w.service)).toEqual(['Ax5']);
    await w.service.onUserLogin(); // a second login event in the same session
    await w.service.sync({ forceSync: true, mergeQtys: true });
    expect(skus(w.service)).toEqual(['Ax5']);
    expect(serverSkus(backend, 'acct')).toEqual(['Ax5']);
  });

  // spec transactions §4 "Sync need": connect 401 → guest retry while bypass count < max (1), then sync disabled
  it('connect: a 401 for the user retries as guest; a second 401 disables cart sync', async () => {
    const backend = new FakeCartBackend();
    const w = setup({ backend, userToken: 'stale' });
    await w.service.load();
    expect(w.service.cartId).toMatch(/^guest-/);
    expect(w.service.snapshot().connectBypassCount).toBe(1);
    const backend2 = new FakeCartBackend();
    backend2.rejectAllCreates = true;
    const v = setup({ backend: backend2, userToken: 'stale' });
    await v.service.load();
    expect(v.service.cartId).toBeUndefined();
    expect(v.service.snapshot().serverSyncDisabled).toBe(true);
    await v.service.addItem(product('A'));
    expect(skus(v.service)).toEqual(['Ax1']); // the cart still works locally
    expect(backend2.count('create')).toBe(2);
  });

  // spec transactions §4 "Server item update failing": previous qty restored, or the new line removed
  it('a failing server update restores the previous qty or removes the new line', async () => {
    const w = setup();
    await w.service.load();
    await w.service.addItem(product('A'), 2);
    w.backend.failingSkus.set('A', 400);
    await w.service.updateQuantity(cartItemIdentity({ sku: 'A' }), 50);
    expect(skus(w.service)).toEqual(['Ax2']);
    w.backend.failingSkus.set('B', 400);
    await w.service.addItem(product('B'));
    expect(skus(w.service)).toEqual(['Ax2']);
    expect(w.notices.filter((n) => n.type === 'error').map((n) => n.key)).toEqual([MESSAGES.qtyExceedsMax, MESSAGES.qtyExceedsMax]);
  });

  // spec transactions §4 "Coupon": apply removes the previous first, success syncs totals, reapplied after login
  it('coupons: invalid code refused, previous removed first, totals synced, reapplied after login', async () => {
    const backend = new FakeCartBackend();
    backend.validCoupons.add('ZOMER5');
    backend.users.set('u', 'acct');
    const w = setup({ backend });
    await w.service.load();
    await w.service.addItem(product('A'), 10);
    const err = await w.service.applyCoupon('NOPE').catch((e: unknown) => e);
    expect(isShopError(err) && err.key).toBe(MESSAGES.couponInvalid);
    await w.service.applyCoupon('WELKOM10');
    expect(segmentValue(w.service.totals, 'grand_total')).toBe(90);
    expect(w.service.snapshot().coupon).toEqual({ code: 'WELKOM10', discount: 10 });
    await w.service.applyCoupon('ZOMER5'); // would be refused by the server if the previous one stayed
    expect(backend.log.filter((l) => l.includes('coupon'))).toEqual(['apply-coupon NOPE', 'apply-coupon WELKOM10', 'delete-coupon', 'apply-coupon ZOMER5']);
    w.setUserToken('u');
    await w.service.onUserLogin();
    expect(backend.coupons.get('acct')).toBe('ZOMER5');
    await w.service.removeCoupon();
    expect(w.service.snapshot().coupon).toBeUndefined();
  });

  // spec transactions §4 "Stock sync result", minicart toggle, cart edit mode
  it('stock results, minicart toggle and edit mode', async () => {
    const w = setup({ config: createConfig({ cart: { serverSync: false } }) });
    await w.service.load();
    await w.service.addItem(product('A'));
    await w.service.applyStockResult(cartItemIdentity({ sku: 'A' }), false);
    expect(w.service.snapshot().cartItems[0]?.errors?.stock).toBe(MESSAGES.itemOutOfStock);
    await w.service.applyStockResult(cartItemIdentity({ sku: 'A' }), true);
    expect(w.service.snapshot().cartItems[0]?.info?.stock).toBe(MESSAGES.itemInStock);
    w.service.toggleMicrocart();
    expect(w.service.snapshot().isMicrocartOpen).toBe(true);
    w.service.toggleMicrocart();
    expect(w.service.snapshot().isMicrocartOpen).toBe(false);
    expect(w.service.snapshot().editMode).toBeNull();
    w.service.openEditMode({ productId: 1, sku: 'A', qty: 1, options: { color: 49 } });
    w.service.updateEditMode({ qty: 3, options: { size: 167 } });
    expect(w.service.snapshot().editMode).toEqual({ productId: 1, sku: 'A', qty: 3, options: { color: 49, size: 167 } });
    w.service.closeEditMode();
    expect(w.service.snapshot().editMode).toBeNull();
    // server sync off: offline totals, shipping once
    await w.service.setShippingMethod({ ...DEFAULT_CONFIG.shipping.methods[0]! });
    await w.service.addItem(product('B'), 3);
    expect(segmentValue(w.service.totals, 'grand_total')).toBe(45);
  });

  // spec transactions §4 logout: cart disconnected and cleared; the account cart stays on the server
  it('onUserLogout disconnects and clears locally only', async () => {
    const backend = new FakeCartBackend();
    backend.users.set('u', 'acct');
    const w = setup({ backend, userToken: 'u' });
    await w.service.load();
    await w.service.addItem(product('A'));
    await w.service.onUserLogout();
    expect(w.service.cartId).toBeUndefined();
    expect(w.service.snapshot().cartItems).toEqual([]);
    expect(serverSkus(backend, 'acct')).toEqual(['Ax1']);
    expect(await w.storage.get('carts', CART_STORAGE_KEYS.token)).toBeUndefined();
  });
});
