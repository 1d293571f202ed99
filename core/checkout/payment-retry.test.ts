import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { StaticNetwork } from '../../adapters/node/static-network';
import { FakeCartBackend } from '../../test-fixtures/arbitraries/cart-fake-backend';
import { CartService } from '../cart/cart-service';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES, isShopError } from '../messages';
import type { OrderCommentRequest, PaymentApi, PaymentCreationRequest } from '../ports/payment-api';
import { createTaskQueue } from '../queue/task-queue';
import { ManualNetwork, MemoryLogger, SequentialIds as QueueIds, VirtualScheduler } from '../testing/virtual-time';
import { ModalService } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { ProgressService } from '../ui-state/progress-service';
import { SequentialIds, VirtualTime } from '../testing/virtual-time-combined';
import { CheckoutService } from './checkout-service';
import { OrderStore } from './order-store';
import { PaymentService } from './payment-service';

const logger = { debug() {}, info() {}, warn() {}, error() {} };

function payments(issuers = [{ id: 'ideal_INGBNL2A', name: 'ING' }]) {
  const created: PaymentCreationRequest[] = [];
  const comments: OrderCommentRequest[] = [];
  const api: PaymentApi = {
    paymentMethods: async () => [{ id: 'ideal', description: 'iDEAL' }, { id: 'creditcard', description: 'Creditcard' }],
    fetchIssuers: async () => issuers,
    createPayment: async (req) => {
      created.push(req);
      return { order_id: req.order_id, amount: 9.49, payment_gateway_url: `https://psp.example/pay/${created.length}` };
    },
    postOrderComment: async (c) => void comments.push(c),
    paymentStatus: async () => Promise.reject(new Error('unused')),
  };
  const time = new VirtualTime(Date.UTC(2026, 10, 1));
  const service = new PaymentService(
    {
      paymentApi: api,
      checkout: { setThankYouPage: () => undefined, placeOrder: async () => Promise.reject(new Error('unused')), snapshot: () => ({ paymentDetails: undefined }) },
      notifications: new NotificationService(time, new SequentialIds(), DEFAULT_CONFIG),
      progress: new ProgressService(time, DEFAULT_CONFIG),
      clock: time,
      logger,
    },
    DEFAULT_CONFIG,
    { storefrontOrigin: 'https://papier.example' },
  );
  return { service, created, comments };
}

const FAILED = { orderToken: 'T.sig', incrementId: '000000042', email: 'anne@example.nl' };

describe('a new payment for a failed order (issue 12: the failed status page is not a dead end; spec transactions §4 Payment flow)', () => {
  it('creates a payment for the same order with the chosen method, the order token, and the same status page to return to', async () => {
    const { service, created, comments } = payments();
    await service.fetchIssuers();
    const out = await service.retryPayment(FAILED, 'creditcard');
    expect(out).toMatchObject({ ok: true, redirectUrl: 'https://psp.example/pay/1' });
    expect(created).toEqual([
      { currency: 'EUR', order_id: '000000042', description: 'Papier & Lint 000000042', redirectUrl: 'https://papier.example/order-status/T.sig', method: 'creditcard', order_token: 'T.sig' },
    ]);
    expect(comments.map((c) => [c.order_id, c.order_token, c.status_history.status])).toEqual([['000000042', 'T.sig', 'pending_payment']]);
    await service.retryPayment(FAILED, 'ideal', 'ideal_INGBNL2A');
    expect(created[1]).toMatchObject({ method: 'ideal', issuer: 'ideal_INGBNL2A', order_token: 'T.sig' });
  });

  it('refuses before any call: not a provider method, iDEAL without a bank, iDEAL when the provider lists no banks', async () => {
    const { service, created } = payments();
    await service.fetchIssuers();
    const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => (isShopError(e) ? e.key : e));
    expect(await refusal(service.retryPayment(FAILED, 'cashondelivery'))).toBe(MESSAGES.serverPaymentMethodUnavailable);
    expect(await refusal(service.retryPayment(FAILED, 'ideal'))).toBe(MESSAGES.fieldRequired);
    expect(await refusal(service.retryPayment(FAILED, 'ideal', 'ideal_NOPE'))).toBe(MESSAGES.fieldRequired);
    const none = payments([]);
    await none.service.fetchIssuers();
    expect(await refusal(none.service.retryPayment(FAILED, 'ideal', 'ideal_INGBNL2A'))).toBe(MESSAGES.noIssuers);
    expect(created).toEqual([]);
    expect(none.created).toEqual([]);
  });
});

describe("back to the cart: the failed order's lines (issue 12 'Terug naar winkelwagen')", () => {
  it('finds the lines of the order this browser placed by its token, and the cart gets them (server cart too)', async () => {
    const storage = new MemoryStorage();
    const orders = new OrderStore(storage);
    await orders.add({
      order_id: 'c-1', idempotency_key: 'order-c-1', user_id: '', transmited: true, created_at: '', updated_at: '',
      products: [{ sku: 'IP-1', qty: 2, name: 'Inpakpapier', price_incl_tax: 4.49 }, { sku: 'LINT', qty: 1 }],
      addressInformation: {} as never,
      result: { increment_id: '000000042', order_token: 'T.sig' },
    });
    const time = new VirtualTime(Date.UTC(2026, 10, 1));
    const unused = async () => Promise.reject(new Error('unused'));
    const checkout = new CheckoutService(
      {
        storage, orderApi: { place: unused }, paymentApi: payments().service as never, cart: { snapshot: () => ({ cartItems: [], cartServerToken: undefined }), clear: async () => undefined },
        session: { currentUserId: () => undefined, register: unused, login: unused }, notifications: new NotificationService(time, new SequentialIds(), DEFAULT_CONFIG),
        modals: new ModalService(), network: new StaticNetwork(true), clock: time, ids: new SequentialIds(), logger,
      },
      DEFAULT_CONFIG,
    );
    expect(await checkout.orderLines('someone-elses-token')).toBeUndefined();
    const lines = await checkout.orderLines('T.sig');
    expect(lines?.map((l) => [l.sku, l.qty])).toEqual([['IP-1', 2], ['LINT', 1]]);

    // the cart (emptied when the order was placed) gets the lines, and so does the server cart
    const scheduler = new VirtualScheduler();
    const backend = new FakeCartBackend();
    const network = new ManualNetwork(true);
    let cart!: CartService;
    const queue = createTaskQueue({
      storage: new MemoryStorage(), transport: backend, network, clock: scheduler.clock, ids: new QueueIds(), getToken: () => '',
      getCartId: () => cart.cartId, onCartIdMissing: () => cart.connect(), config: DEFAULT_CONFIG, logger: new MemoryLogger(),
    });
    cart = new CartService({ api: backend.api, queue, storage: new MemoryStorage(), network, clock: scheduler.clock, config: DEFAULT_CONFIG, logger: new MemoryLogger(), getUserToken: () => '' });
    await cart.load();
    await cart.restoreOrderLines(lines!);
    expect(cart.snapshot().cartItems.map((i) => `${i.sku}x${i.qty}`)).toEqual(['IP-1x2', 'LINTx1']);
    expect(backend.cart(cart.cartId!).pull().map((i) => `${i.sku}x${i.qty}`).sort()).toEqual(['IP-1x2', 'LINTx1']);
    // a second time adds up (same identity), never duplicates a line
    await cart.restoreOrderLines(lines!);
    expect(cart.snapshot().cartItems.map((i) => `${i.sku}x${i.qty}`)).toEqual(['IP-1x4', 'LINTx2']);
    expect(backend.cart(cart.cartId!).pull().map((i) => `${i.sku}x${i.qty}`).sort()).toEqual(['IP-1x4', 'LINTx2']);
  });
});
