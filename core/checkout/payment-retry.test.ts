import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES, isShopError } from '../messages';
import type { OrderCommentRequest, PaymentApi, PaymentCreationRequest } from '../ports/payment-api';
import { NotificationService } from '../ui-state/notification-service';
import { ProgressService } from '../ui-state/progress-service';
import { SequentialIds, VirtualTime } from '../testing/virtual-time';
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

describe('a new payment for a failed order (beyond the spec: the failed status page is not a dead end; spec transactions §4 Payment flow)', () => {
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
