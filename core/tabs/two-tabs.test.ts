/**
 * two tabs = two service graphs (queue, token lock, cart, session, checkout, lists)
 * over ONE shared Storage, one fake browser (broadcast bus + locks), one network and one backend.
 * What they prove: a change in one tab reaches the other without reload; logout/login follow; two tabs hitting 401
 * together make one refresh call; a cart ordered in one tab is not ordered again by the other (which shows the thank-you
 * state); and, over any interleaving of the two tabs' commands and network drops, every queued task is applied exactly
 * once and each cart is ordered at most once.
 */
import fc from 'fast-check';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { FakeCartBackend } from '../../test-fixtures/arbitraries/cart-fake-backend';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';
import type { Product } from '../catalogue/types';
import { DEFAULT_CONFIG } from '../config';
import { CartService } from '../cart/cart-service';
import { CheckoutService } from '../checkout/checkout-service';
import type { PaymentDetails, PersonalDetails, ShippingDetails } from '../checkout/types';
import { ApiError, NetworkError } from '../ports/api-error';
import type { OrderApi, OrderBody, OrderResponse } from '../ports/order-api';
import type { PaymentApi } from '../ports/payment-api';
import type { TaskTransport, TransportRequest, TransportResponse } from '../ports/task-transport';
import type { AuthTokens, Customer, UserApi } from '../ports/user-api';
import type { CrossTab, CrossTabMessage } from '../ports/cross-tab';
import { ManualNetwork, MemoryLogger, SequentialIds, VirtualScheduler, flushPromises } from '../testing/virtual-time';
import { ModalService } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { SessionService } from '../user/session-service';
import { CompareService, WishlistService } from '../user/sku-list-service';
import { createTokenLock, type TokenLock } from '../user/token-lock';
import { InProcessLocks } from './single-tab';

/**
 * The browser the tabs share: one lock set and one broadcast bus. A message reaches the other tabs a microtask later
 * (BroadcastChannel delivers asynchronously), never the sender; `cut()` drops messages (the storage-event fallback can
 * miss some), so tests can show the Storage, not the message, is the truth.
 */
class FakeBrowser {
  readonly locks = new InProcessLocks();
  private readonly inboxes = new Map<number, Subject<CrossTabMessage>>();
  private dropping = false;

  tab(): CrossTab {
    const id = this.inboxes.size + 1;
    const inbox = new Subject<CrossTabMessage>();
    this.inboxes.set(id, inbox);
    return {
      messages$: inbox.asObservable(),
      publish: (message) => {
        if (this.dropping) return;
        const copy = structuredClone(message);
        for (const [other, box] of this.inboxes) if (other !== id) void Promise.resolve().then(() => box.next(copy));
      },
    };
  }

  cut(): void {
    this.dropping = true;
  }
  restore(): void {
    this.dropping = false;
  }
}

const product = (sku: string): Product => ({ id: sku, sku, name: sku, type_id: 'simple', price_incl_tax: 10 });

/** The backend's order endpoint: a repeated Idempotency-Key answers the first answer (as the demo backend does). */
class FakeOrders implements OrderApi {
  readonly created: OrderBody[] = [];
  private readonly answers = new Map<string, OrderResponse>();
  online = true;
  loseNextAnswer = false;
  async place(order: OrderBody, key: string): Promise<OrderResponse> {
    await Promise.resolve();
    if (!this.online) throw new NetworkError('offline');
    let answer = this.answers.get(key);
    if (!answer) {
      this.created.push(order);
      answer = { code: 200, result: { increment_id: String(this.created.length).padStart(9, '0') } };
      this.answers.set(key, answer);
    }
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new NetworkError('answer lost');
    }
    return answer;
  }
}

/** Users: tokens expire (and refreshes fail) when the test says; /refresh counts its calls. */
class FakeUsers implements Partial<UserApi> {
  refreshCalls = 0;
  refreshFails = false;
  valid = new Set<string>();
  private n = 0;
  readonly customer: Customer = { id: 7, email: 'anna@papier.nl', firstname: 'Anna', lastname: 'de Vries' } as Customer;
  async login(): Promise<AuthTokens> {
    const token = `tok-${++this.n}`;
    this.valid.add(token);
    return { token, refreshToken: 'refresh-1' };
  }
  async me(token: string): Promise<Customer> {
    await Promise.resolve();
    if (!this.valid.has(token)) throw new ApiError(401, 'expired');
    return this.customer;
  }
  async orderHistory(token: string) {
    if (!this.valid.has(token)) throw new ApiError(401, 'expired');
    return { items: [], total_count: 0 } as never;
  }
  async refresh(): Promise<AuthTokens> {
    this.refreshCalls++;
    await Promise.resolve();
    if (this.refreshFails) throw new ApiError(401, 'refresh token revoked');
    const token = `tok-${++this.n}`;
    this.valid.add(token);
    return { token, refreshToken: 'refresh-1' };
  }
  expireAll(): void {
    this.valid.clear();
  }
}

/** The cart task server, able to apply a task and lose the answer (the connection drops on the way back). */
class LossyTasks implements TaskTransport {
  /** Idempotency-Keys in the order the server applied them */
  readonly applied: string[] = [];
  private readonly answered = new Set<string>();
  loseNext = 0;
  constructor(private readonly backend: FakeCartBackend) {}
  async send(req: TransportRequest): Promise<TransportResponse> {
    await Promise.resolve();
    const res = await this.backend.send(req);
    const key = req.headers['Idempotency-Key']!;
    if (res.status < 300 && !this.answered.has(key)) this.applied.push(key);
    if (res.status < 300) this.answered.add(key);
    if (this.loseNext > 0) {
      this.loseNext--;
      throw new NetworkError('answer lost');
    }
    return res;
  }
}

const paymentApi = { paymentMethods: async () => [], fetchIssuers: async () => [] } as unknown as PaymentApi;
const PERSONAL: PersonalDetails = { firstName: 'Anna', lastName: 'de Vries', emailAddress: 'anna@papier.nl' };
const SHIPPING: ShippingDetails = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB', shippingMethod: 'flatrate' };
const PAYMENT: PaymentDetails = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB', paymentMethod: 'cashondelivery' };

function browser() {
  const storage = new MemoryStorage();
  const network = new ManualNetwork(true);
  const scheduler = new VirtualScheduler();
  const backend = new FakeCartBackend();
  const tasks = new LossyTasks(backend);
  const orders = new FakeOrders();
  const users = new FakeUsers();
  const fake = new FakeBrowser();
  const setOnline = (on: boolean) => {
    backend.online = on;
    orders.online = on;
    network.set(on);
  };
  /** one tab: its own services, everything else shared */
  const tab = (name: string) => {
    const config = DEFAULT_CONFIG;
    const logger = new MemoryLogger();
    const ids = new SequentialIds(`${name}-`);
    const crossTab = fake.tab();
    const locks = fake.locks;
    const notifications = new NotificationService(scheduler, ids, config);
    const modals = new ModalService();
    const clock = scheduler.clock;
    const session = new SessionService({ userApi: users as unknown as UserApi, storage, network, clock, logger, notifications, modals, crossTab, locks }, config);
    const tokenLock: TokenLock = createTokenLock({ scheduler, config, getToken: () => session.getToken(), refresh: session.refreshTokens, onLoggedOut: session.handleLoggedOut, logger });
    const { cart, queue } = cartWithQueue({ api: backend.api, transport: tasks, storage, network, clock, ids, config, logger, tokenLock, getToken: () => session.getToken(), crossTab, locks });
    const checkout = new CheckoutService({ storage, orderApi: orders, paymentApi, cart, session, notifications, modals, network, clock, ids, logger, crossTab, locks }, config);
    const wishlist = new WishlistService(storage, crossTab);
    const compare = new CompareService(storage, crossTab);
    session.link({ cart, queue, tokenLock, checkout, wishlist, compare });
    const start = async () => {
      await queue.ready;
      await session.load();
      await Promise.all([checkout.load(), wishlist.load(), compare.load()]);
      await cart.load();
    };
    return { name, session, tokenLock, queue, cart, checkout, wishlist, compare, start, logger };
  };
  return { storage, network, scheduler, backend, tasks, orders, users, fake, setOnline, tab };
}

/** one browser with two tabs, both started */
async function twoStartedTabs() {
  const b = browser();
  const t1 = b.tab('t1');
  const t2 = b.tab('t2');
  await t1.start();
  await t2.start();
  return { b, t1, t2 };
}

const settle = () => flushPromises(3000);
const lines = (c: CartService) => c.snapshot().cartItems.map((i) => `${i.sku}x${i.qty}`).sort();

async function fillCheckout(c: CheckoutService) {
  await c.savePersonalDetails(PERSONAL);
  await c.saveShippingDetails(SHIPPING);
  await c.savePaymentDetails(PAYMENT);
}

describe('two tabs of one browser', () => {
  it('a product added in tab 1 shows in tab 2 without reload; a quantity changed in tab 2 shows in tab 1', async () => {
    const { b, t1, t2 } = await twoStartedTabs();
    await t1.cart.addItem(product('WRAP-RED'), 2);
    await settle();
    expect(lines(t2.cart)).toEqual(['WRAP-REDx2']);
    expect(t2.cart.count).toBe(2);
    expect(t2.cart.cartId).toBe(t1.cart.cartId);
    // tab 2 changes it: its command starts from the stored cart and reaches the same server cart
    await t2.cart.addItem(product('RIBBON-GOLD'), 1);
    await settle();
    expect(lines(t1.cart)).toEqual(['RIBBON-GOLDx1', 'WRAP-REDx2']);
    expect(b.backend.carts.size).toBe(1);
    expect(b.backend.cart(t1.cart.cartId!).pull().map((i) => `${i.sku}x${i.qty}`).sort()).toEqual(['RIBBON-GOLDx1', 'WRAP-REDx2']);
  });

  it('even when the message is lost, the next command in the other tab starts from the stored cart', async () => {
    const { b, t1, t2 } = await twoStartedTabs();
    b.fake.cut();
    await t1.cart.addItem(product('WRAP-RED'), 1);
    await t2.cart.addItem(product('WRAP-RED'), 1);
    b.fake.restore();
    await settle();
    expect(lines(t2.cart)).toEqual(['WRAP-REDx2']);
    expect(b.backend.carts.size).toBe(1);
    expect(b.backend.cart(t2.cart.cartId!).pull()[0]!.qty).toBe(2);
  });

  it('checkout details, wishlist and compare follow the other tab', async () => {
    const { t1, t2 } = await twoStartedTabs();
    await t1.checkout.savePersonalDetails(PERSONAL);
    await t1.wishlist.add({ sku: 'WRAP-RED' });
    await t1.compare.add({ sku: 'RIBBON-GOLD' });
    await settle();
    expect(t2.checkout.snapshot().personalDetails?.emailAddress).toBe('anna@papier.nl');
    expect(t2.wishlist.has('WRAP-RED')).toBe(true);
    expect(t2.compare.has('RIBBON-GOLD')).toBe(true);
    await t2.wishlist.remove('WRAP-RED');
    await settle();
    expect(t1.wishlist.has('WRAP-RED')).toBe(false);
  });

  it('login in one tab logs the other in; logout in one logs the other out and empties its cart and details', async () => {
    const { t1, t2 } = await twoStartedTabs();
    await t1.session.login('anna@papier.nl', 'secret');
    await settle();
    expect(t2.session.isLoggedIn()).toBe(true);
    expect(t2.session.getToken()).toBe(t1.session.getToken());
    await t2.cart.addItem(product('WRAP-RED'), 1);
    await t2.checkout.savePersonalDetails(PERSONAL);
    await settle();
    expect(lines(t1.cart)).toEqual(['WRAP-REDx1']);
    await t1.session.logout();
    await settle();
    expect(t2.session.isLoggedIn()).toBe(false);
    expect(t2.session.getToken()).toBeUndefined();
    expect(lines(t2.cart)).toEqual([]);
    expect(t2.checkout.snapshot().personalDetails).toBeUndefined();
  });

  it('two tabs hitting a 401 at once make one refresh call in total, and both go on with the new token', async () => {
    const { b, t1, t2 } = await twoStartedTabs();
    await t1.session.login('anna@papier.nl', 'secret');
    await settle();
    b.users.expireAll();
    const before = b.users.refreshCalls;
    const both = Promise.all([t1.session.refreshProfile(), t2.session.refreshProfile()]);
    const [p1, p2] = await b.scheduler.run(both);
    expect(p1.email).toBe('anna@papier.nl');
    expect(p2.email).toBe('anna@papier.nl');
    expect(b.users.refreshCalls - before).toBe(1);
    expect(t1.session.getToken()).toBe(t2.session.getToken());
    expect(t1.session.isLoggedIn() && t2.session.isLoggedIn()).toBe(true);
  });

  // spec transactions §4 "User token lock", "Session": a tab whose lock gave up on a failed refresh takes another tab's
  // new login as a fresh start (a new token, a free lock), not as a session it may no longer use
  it('a login in one tab frees the token lock the other tab gave up', async () => {
    const { b, t1, t2 } = await twoStartedTabs();
    await t1.session.login('anna@papier.nl', 'secret');
    await settle();
    b.users.expireAll();
    b.users.refreshFails = true;
    await expect(b.scheduler.run(t2.session.refreshProfile())).rejects.toThrow();
    await settle();
    expect(t2.tokenLock.state()).toBeLessThan(0);
    b.users.refreshFails = false;
    await t1.session.login('anna@papier.nl', 'secret');
    await settle();
    expect(t2.tokenLock.state()).toBe(0);
    b.users.expireAll();
    await expect(b.scheduler.run(t2.session.refreshProfile())).resolves.toMatchObject({ email: 'anna@papier.nl' });
  });

  it('an order placed in tab 1 is not placed again by tab 2, which shows the thank-you state with the same order', async () => {
    const { b, t1, t2 } = await twoStartedTabs();
    await t1.cart.addItem(product('WRAP-RED'), 2);
    await fillCheckout(t1.checkout);
    await settle();
    // both tabs show the cart and the details; tab 2 has not heard of the order yet when its shopper clicks
    b.fake.cut();
    const first = await t1.checkout.placeOrder();
    const second = await t2.checkout.placeOrder();
    b.fake.restore();
    expect(b.orders.created).toHaveLength(1);
    expect(first.status).toBe('placed');
    expect(second).toMatchObject({ order_id: first.order_id, status: 'placed', result: { increment_id: '000000001' }, placedElsewhere: true });
    expect(t2.checkout.snapshot().isThankYouPage).toBe(true);
    expect(lines(t2.cart)).toEqual([]);
  });

  it('a tab that hears of an order placed elsewhere shows its thank-you state at once', async () => {
    const { t1, t2 } = await twoStartedTabs();
    await t1.cart.addItem(product('WRAP-RED'), 1);
    await fillCheckout(t1.checkout);
    const placed = await t1.checkout.placeOrder();
    await settle();
    expect(t2.checkout.snapshot()).toMatchObject({ lastOrder: { order_id: placed.order_id, status: 'placed', placedElsewhere: true } });
    expect(lines(t2.cart)).toEqual([]);
  });

  type Step =
    | { tab: 0 | 1; kind: 'add'; sku: string; qty: number }
    | { tab: 0 | 1; kind: 'place' }
    | { kind: 'place-both' }
    | { kind: 'messages'; on: boolean }
    | { tab: 0 | 1; kind: 'process' }
    | { tab: 0 | 1; kind: 'send-orders' }
    | { kind: 'offline' }
    | { kind: 'online' }
    | { kind: 'lose-answer' }
    | { kind: 'pause'; rounds: number };
  const tabArb = fc.constantFrom<0 | 1>(0, 1);
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ tab: tabArb, kind: fc.constant('add' as const), sku: fc.constantFrom('WRAP-RED', 'RIBBON-GOLD', 'CARD-XMAS'), qty: fc.integer({ min: 1, max: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ tab: tabArb, kind: fc.constant('place' as const) }) },
    // the shopper clicks "place order" in both tabs at once
    { weight: 1, arbitrary: fc.constant({ kind: 'place-both' as const }) },
    // messages between tabs are lost for a while (the storage-event fallback may drop some): Storage stays the truth
    { weight: 1, arbitrary: fc.boolean().map((on) => ({ kind: 'messages' as const, on })) },
    { weight: 1, arbitrary: fc.record({ tab: tabArb, kind: fc.constant('process' as const) }) },
    { weight: 1, arbitrary: fc.record({ tab: tabArb, kind: fc.constant('send-orders' as const) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'offline' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'online' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'lose-answer' as const }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 40 }).map((rounds) => ({ kind: 'pause' as const, rounds })) },
  );

  /** two tabs run the steps; then back online, both send what is left; the invariants are checked */
  async function twoTabsScenario(steps: Step[]): Promise<void> {
    const b = browser();
    const tabs = [b.tab('t1'), b.tab('t2')] as const;
    await tabs[0].start();
    await tabs[1].start();
    await fillCheckout(tabs[0].checkout);
    await settle();
    const queued: string[] = [];
    /** final outcome per task, whichever tab delivered it: ok, or a final failure (e.g. noCartId: its cart was ordered) */
    const settled: Array<{ key: string; ok: boolean }> = [];
    for (const t of tabs) {
      t.queue.results$.subscribe(({ task, outcome }) => settled.push({ key: task.idempotency_key, ok: outcome.ok }));
      const original = t.queue.queue.bind(t.queue);
      t.queue.queue = async (task) => {
        const stored = await original(task);
        queued.push(stored.idempotency_key);
        return stored;
      };
    }
    const running: Array<Promise<unknown>> = [];
    // commands are started, not awaited: the next one begins while earlier ones are still on their way
    for (const s of steps) {
      if (s.kind === 'add') running.push(tabs[s.tab].cart.addItem(product(s.sku), s.qty));
      else if (s.kind === 'place') running.push(tabs[s.tab].checkout.placeOrder());
      else if (s.kind === 'place-both') running.push(tabs[0].checkout.placeOrder(), tabs[1].checkout.placeOrder());
      else if (s.kind === 'process') running.push(tabs[s.tab].queue.process());
      else if (s.kind === 'send-orders') running.push(tabs[s.tab].checkout.transmitStoredOrders());
      else if (s.kind === 'messages') {
        if (s.on) b.fake.restore();
        else b.fake.cut();
      } else if (s.kind === 'offline') b.setOnline(false);
      else if (s.kind === 'online') b.setOnline(true);
      else if (s.kind === 'lose-answer') {
        b.tasks.loseNext++;
        b.orders.loseNextAnswer = true;
      } else await flushPromises(s.rounds);
    }
    await Promise.allSettled(running);
    b.fake.restore();
    // a new online period for good (the queue stops for the period after too many drops): both tabs send what is left
    b.setOnline(false);
    b.setOnline(true);
    b.tasks.loseNext = 0;
    b.orders.loseNextAnswer = false;
    for (let i = 0; i < 3; i++) {
      await Promise.all(tabs.map((t) => t.queue.process()));
      await Promise.all(tabs.map((t) => t.checkout.transmitStoredOrders()));
      await settle();
    }
    // every task either tab stored settled exactly once in the browser (never lost, never sent on by both tabs),
    // and each one answered ok was applied by the server exactly once
    expect([...new Set(queued)].length).toBe(queued.length);
    for (const k of queued) expect(settled.filter((x) => x.key === k)).toHaveLength(1);
    expect(settled.filter((x) => x.ok).every((x) => b.tasks.applied.includes(x.key))).toBe(true);
    expect(new Set(b.tasks.applied).size).toBe(b.tasks.applied.length);
    expect(b.tasks.applied.every((k) => queued.includes(k))).toBe(true);
    expect(tabs[0].queue.pending() + tabs[1].queue.pending()).toBe(0);
    // at most one order per cart: no two created orders for the same cart id with the same lines
    const perCart = new Map<string, number>();
    for (const o of b.orders.created) {
      const key = `${o.cart_id ?? 'local:' + o.order_id}|${o.products.map((p) => `${p.sku}x${p.qty}`).sort().join(',')}`;
      perCart.set(key, (perCart.get(key) ?? 0) + 1);
    }
    expect([...perCart.values()].every((n) => n === 1)).toBe(true);
    // every stored order reached the backend
    expect((await tabs[0].checkout.orders.pending()).length).toBe(0);
  }

  it('property: over any interleaving of two tabs’ commands and network drops, every task is applied exactly once and each cart is ordered at most once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), (steps) => twoTabsScenario(steps)),
      { numRuns: 150 },
    );
  });
});
