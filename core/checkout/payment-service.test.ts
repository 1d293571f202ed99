import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import { ApiError, NetworkError } from '../ports/api-error';
import type { OrderCommentRequest, PaymentApi, PaymentCreationRequest, PaymentStatusResponse } from '../ports/payment-api';
import type { Logger } from '../ports/logger';
import { NotificationService } from '../ui-state/notification-service';
import { ProgressService } from '../ui-state/progress-service';
import { SequentialIds, VirtualTime } from '../testing/virtual-time';
import type { PlacedOrder } from './checkout-service';
import { formatPaymentAmount, PaymentService, type CheckoutForPayment } from './payment-service';
import { OrderStatusService, orderStatusView } from './order-status-service';

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function fakePaymentApi(over: Partial<PaymentApi> = {}) {
  const created: PaymentCreationRequest[] = [];
  const comments: OrderCommentRequest[] = [];
  const api: PaymentApi = {
    paymentMethods: async () => [],
    fetchIssuers: async () => [{ id: 'ideal_INGBNL2A', name: 'ING' }],
    createPayment: async (req) => {
      created.push(req);
      return { order_id: req.order_id, amount: 17.9, payment_gateway_url: 'https://psp.example/pay/1' };
    },
    postOrderComment: async (c) => {
      comments.push(c);
    },
    paymentStatus: async () => ({ order: { increment_id: '000000001', customer_email: 'anna@papier.nl' }, payment: { status: 'paid' } }),
    ...over,
  };
  return { api, created, comments };
}

function setup(api: PaymentApi, placed?: PlacedOrder) {
  const time = new VirtualTime(Date.UTC(2026, 4, 1));
  const notifications = new NotificationService(time, new SequentialIds(), DEFAULT_CONFIG);
  const progress = new ProgressService(time, DEFAULT_CONFIG);
  const flags = { thankYou: true };
  const checkout: CheckoutForPayment = {
    setThankYouPage: (v) => (flags.thankYou = v),
    placeOrder: async () => placed!,
    snapshot: () => ({ paymentDetails: { paymentMethod: placed?.paymentMethod ?? 'ideal', paymentMethodAdditional: { issuer: 'ideal_INGBNL2A' } } }),
  };
  const service = new PaymentService({ paymentApi: api, checkout, notifications, progress, clock: time, logger }, DEFAULT_CONFIG, { storefrontOrigin: 'https://papier.example' });
  return { service, notifications, flags, time };
}

const ORDER: PlacedOrder = { order_id: 'client-1', status: 'placed', paymentMethod: 'ideal', email: 'anna@papier.nl', result: { backendOrderId: 12, increment_id: '000000012', order_token: 'T.k' } };

describe('payment flow (spec transactions §4 Payment flow)', () => {
  it('creates the payment with the absolute redirect url, posts the pending_payment comment, answers the gateway url', async () => {
    // spec transactions §4: payment request created, order comment pending_payment 'Payment is created for amount {amount}'
    const { api, created, comments } = fakePaymentApi();
    const { service, flags } = setup(api);
    const out = await service.startPayment(ORDER, 'ideal', 'ideal_INGBNL2A');
    expect(out).toMatchObject({ ok: true, redirectUrl: 'https://psp.example/pay/1' });
    expect(created).toEqual([
      { currency: 'EUR', order_id: '12', description: 'Papier & Lint 000000012', redirectUrl: 'https://papier.example/order-status/T.k', method: 'ideal', issuer: 'ideal_INGBNL2A', order_token: 'T.k' },
    ]);
    expect(comments).toEqual([
      {
        order_id: '12',
        order_token: 'T.k',
        status_history: { comment: 'Payment is created for amount 17.90 EUR', created_at: '2026-05-01T00:00:00.000Z', is_customer_notified: 0, is_visible_on_front: 0, parent_id: '12', status: 'pending_payment' },
      },
    ]);
    expect(flags.thankYou).toBe(true);
  });

  it('on failure: persistent error, canceled comment, thank-you flag unset, error redirect', async () => {
    // spec transactions §4: on failure error notice, comment with status canceled, thank-you page flag unset, error redirect
    const { api, comments } = fakePaymentApi({ createPayment: async () => Promise.reject(new ApiError(502, 'provider down')) });
    const { service, notifications, flags, time } = setup(api);
    const out = await service.startPayment(ORDER, 'ideal');
    expect(out).toEqual({ ok: false, redirectUrl: DEFAULT_CONFIG.payment.errorRedirectPath, error: MESSAGES.paymentNotCreated });
    expect(comments.map((c) => [c.status_history.status, c.status_history.comment])).toEqual([['canceled', 'Payment could not be created: provider down']]);
    expect(flags.thankYou).toBe(false);
    await time.advance(60_000);
    expect(notifications.snapshot()).toMatchObject([{ type: 'danger', message: MESSAGES.paymentNotCreated, params: { message: 'provider down' }, hasNoTimeout: true }]);
    expect(service.snapshot().error).toEqual({ key: MESSAGES.paymentNotCreated, params: { message: 'provider down' } });
  });

  it("iDEAL issuers; empty list → 'No issuers'", async () => {
    // spec transactions §5: empty issuer list gives 'No issuers'
    const { service } = setup(fakePaymentApi().api);
    expect(await service.fetchIssuers()).toHaveLength(1);
    expect(service.snapshot().issuersError).toBeUndefined();
    const { service: empty } = setup(fakePaymentApi({ fetchIssuers: async () => [] }).api);
    await empty.fetchIssuers();
    expect(empty.snapshot().issuersError).toBe(MESSAGES.noIssuers);
  });

  it('cash on delivery completes with the placement; a provider method redirects; a queued order creates no payment', async () => {
    // spec transactions §4: cash on delivery and backend-method hooks trigger order placement only
    const cod = fakePaymentApi();
    expect((await setup(cod.api, { ...ORDER, paymentMethod: 'cashondelivery' }).service.completeCheckout()).kind).toBe('thank-you');
    expect(cod.created).toHaveLength(0);
    const ideal = fakePaymentApi();
    expect(await setup(ideal.api, ORDER).service.completeCheckout()).toMatchObject({ kind: 'redirect', url: 'https://psp.example/pay/1' });
    expect(ideal.created[0]?.issuer).toBe('ideal_INGBNL2A');
    const queued = fakePaymentApi();
    expect((await setup(queued.api, { order_id: 'c2', status: 'queued', paymentMethod: 'ideal', email: 'a@b.nl' }).service.completeCheckout()).kind).toBe('queued');
    expect(queued.created).toHaveLength(0);
  });

  it('formats the amount with the currency', () => {
    // spec transactions §9: currency EUR, 2 fraction digits
    expect(formatPaymentAmount(5, DEFAULT_CONFIG)).toBe('5.00 EUR');
    expect(formatPaymentAmount('12.5', DEFAULT_CONFIG)).toBe('12.50 EUR');
    expect(formatPaymentAmount({ value: '9.95', currency: 'EUR' }, DEFAULT_CONFIG)).toBe('9.95 EUR');
  });
});

describe('order-status page (spec transactions §2, §4, §5)', () => {
  const response = (status: string): PaymentStatusResponse => ({ order: { increment_id: '000000012', customer_email: 'anna@papier.nl' }, payment: { status } });

  it('code 200 → the status group with its text and label (property over statuses)', () => {
    // spec transactions §4: success = paid; pending = pending or open; failed = expired, failed or canceled
    const expected: Record<string, string> = { paid: 'success', pending: 'pending', open: 'pending', expired: 'failed', failed: 'failed', canceled: 'failed' };
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...Object.keys(expected)), fc.string()), (status) => {
        const view = orderStatusView('t', { response: response(status) });
        if (status in expected && Object.prototype.hasOwnProperty.call(expected, status)) {
          expect(view).toMatchObject({ kind: expected[status], incrementId: '000000012', email: 'anna@papier.nl', paymentStatus: status });
        } else expect(view).toEqual({ kind: 'error', orderToken: 't', error: MESSAGES.paymentDetailsProblem });
      }),
    );
    expect(orderStatusView('t', { response: response('paid') })).toMatchObject({ text: MESSAGES.orderStatusSuccess, label: MESSAGES.orderStatusLabelSuccess });
    expect(orderStatusView('t', { response: response('open') })).toMatchObject({ text: MESSAGES.orderStatusPending });
    expect(orderStatusView('t', { response: response('expired') })).toMatchObject({ text: MESSAGES.orderStatusFailed });
  });

  it("403 → hash incorrect; other non-200 → 'Invalid payment token'; no answer → fetch failed", () => {
    // spec transactions §5: payment status response valid only with code 200, else 'Invalid payment token'; §2 hash text
    expect(orderStatusView('t', { error: new ApiError(403, 'HASH_INCORRECT') })).toMatchObject({ kind: 'error', error: MESSAGES.hashIncorrect });
    for (const status of [400, 401, 404, 500]) expect(orderStatusView('t', { error: new ApiError(status, 'x') })).toMatchObject({ error: MESSAGES.invalidPaymentToken });
    expect(orderStatusView('t', { error: new NetworkError() })).toMatchObject({ error: MESSAGES.paymentFetchFailed });
  });

  it('the service goes loading → result', async () => {
    // spec transactions §8 Progress: 'Getting payment status'
    const { api } = fakePaymentApi();
    const service = new OrderStatusService({ paymentApi: api, logger });
    const kinds: string[] = [];
    service.state$.subscribe((v) => kinds.push(v.kind));
    await service.load('T.k');
    expect(kinds).toEqual(['idle', 'loading', 'success']);
  });
});
