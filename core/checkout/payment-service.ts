/**
 * The payment provider flow (spec transactions §4 "Payment flow", §5, §8 "Payment"): a placed order gets a payment
 * (post-payment), a pending_payment comment, and the browser goes to payment_gateway_url; on failure a persistent
 * 'payment.notCreated' notice, a canceled comment, no thank-you page. Other methods complete with the placement.
 */
import { StateHolder } from '../state-holder';
import type { ShopConfig } from '../config';
import { MESSAGES, ShopError, type MessageKey } from '../messages';
import { loadedIssuers, needsIssuer, validateIssuer } from './form-validation';
import { errorText } from '../queue/task-error-notices';
import type { Clock } from '../ports/clock';
import type { Logger } from '../ports/logger';
import type { Issuer, PaymentApi, PaymentCreationResponse } from '../ports/payment-api';
import type { NotificationService } from '../ui-state/notification-service';
import type { ProgressService } from '../ui-state/progress-service';
import { providerMethodCode } from './checkout-rules';
import type { PlacedOrder } from './checkout-service';
import { paymentRedirectUrl } from './payment-status';

export const ORDER_COMMENT_STATUS = { pendingPayment: 'pending_payment', canceled: 'canceled' } as const;

export interface PaymentState {
  readonly issuers: readonly Issuer[];
  readonly issuersError: MessageKey | undefined;
  readonly creating: boolean;
  readonly error: { readonly key: MessageKey; readonly params: Readonly<Record<string, string>> } | undefined;
}

export type PaymentOutcome =
  | { readonly ok: true; readonly redirectUrl: string; readonly payment: PaymentCreationResponse }
  | { readonly ok: false; readonly redirectUrl: string; readonly error: MessageKey };

/** What the payment flow needs of checkout (CheckoutService satisfies it). */
export interface CheckoutForPayment {
  setThankYouPage(value: boolean): void;
  placeOrder(comment?: string): Promise<PlacedOrder>;
  snapshot(): { paymentDetails?: { paymentMethod: string; paymentMethodAdditional?: Record<string, unknown> } | undefined };
}

export type CheckoutCompletion =
  | { readonly kind: 'thank-you'; readonly order: PlacedOrder }
  | { readonly kind: 'queued'; readonly order: PlacedOrder }
  | { readonly kind: 'redirect'; readonly order: PlacedOrder; readonly url: string }
  | { readonly kind: 'payment-error'; readonly order: PlacedOrder; readonly url: string; readonly error: MessageKey };

/** amount as the service answers it: a number, a numeric string, or `{ value, currency }` */
export function formatPaymentAmount(amount: PaymentCreationResponse['amount'], config: Pick<ShopConfig, 'i18n'>): string {
  if (typeof amount === 'object' && amount !== null) return `${amount.value} ${amount.currency}`;
  const n = Number(amount);
  return Number.isFinite(n) ? `${n.toFixed(config.i18n.fractionDigits)} ${config.i18n.currencyCode}` : String(amount);
}

export class PaymentService extends StateHolder<PaymentState> {
  constructor(
    private readonly deps: {
      readonly paymentApi: PaymentApi;
      readonly checkout: CheckoutForPayment;
      readonly notifications: NotificationService;
      readonly progress: ProgressService;
      readonly clock: Clock;
      readonly logger: Logger;
    },
    private readonly config: ShopConfig,
    private readonly options: { readonly storefrontOrigin: string },
  ) {
    super({ issuers: [], issuersError: undefined, creating: false, error: undefined });
  }

  /** spec §5: empty issuer list gives 'No issuers' */
  async fetchIssuers(): Promise<readonly Issuer[]> {
    const issuers = await this.deps.paymentApi.fetchIssuers().catch((e: unknown) => {
      this.deps.logger.warn('issuers could not be loaded', 'payment', e);
      return [];
    });
    this.patch({ issuers, issuersError: issuers.length === 0 ? MESSAGES.noIssuers : undefined });
    return issuers;
  }

  /** Is this a method of the payment provider (redirect flow)? */
  isProviderMethod(code: string): boolean {
    return providerMethodCode(code, this.config) !== undefined;
  }

  private async comment(orderId: string, orderToken: string | undefined, status: string, comment: string): Promise<void> {
    await this.deps.paymentApi.postOrderComment({
      order_id: orderId,
      ...(orderToken ? { order_token: orderToken } : {}),
      status_history: {
        comment,
        created_at: new Date(this.deps.clock.now()).toISOString(),
        is_customer_notified: 0,
        is_visible_on_front: 0,
        parent_id: orderId,
        status,
      },
    });
  }

  /** Create the payment for a placed order and answer where the browser goes next. */
  async startPayment(order: PlacedOrder, method: string, issuer?: string): Promise<PaymentOutcome> {
    const r = order.result ?? {};
    const orderId = String(r.backendOrderId ?? r.magentoOrderId ?? r.increment_id ?? order.order_id);
    this.patch({ creating: true, error: undefined });
    this.deps.progress.start(MESSAGES.progressCreatingPayment);
    try {
      if (!r.order_token) throw new Error('the order has no order_token');
      const providerMethod = providerMethodCode(method, this.config);
      if (!providerMethod) throw new Error(`not a payment provider method: ${method}`);
      const payment = await this.deps.paymentApi.createPayment({
        currency: this.config.i18n.currencyCode,
        order_id: orderId,
        description: `${this.config.shop.name} ${r.increment_id ?? orderId}`,
        redirectUrl: paymentRedirectUrl(this.options.storefrontOrigin, this.config.payment.redirectPath, r.order_token),
        method: providerMethod,
        ...(issuer ? { issuer } : {}),
        order_token: r.order_token,
      });
      // the back office reads the comments (spec §4 wording), not the shopper; the payment exists: whatever becomes of
      // the comment, the shopper goes on to the provider
      const amount = formatPaymentAmount(payment.amount, this.config);
      const created = `Payment is created for amount ${amount}`;
      await this.comment(orderId, r.order_token, ORDER_COMMENT_STATUS.pendingPayment, created)
        .catch((e: unknown) => this.deps.logger.warn('pending_payment comment failed', 'payment', e));
      this.deps.progress.finish();
      this.patch({ creating: false });
      return { ok: true, redirectUrl: payment.payment_gateway_url, payment };
    } catch (e) {
      const message = errorText(e);
      this.deps.logger.error('payment not created', 'payment', e);
      this.deps.progress.fail();
      this.deps.notifications.notify({ type: 'danger', message: MESSAGES.paymentNotCreated, params: { message }, hasNoTimeout: true });
      const notCreated = `Payment could not be created: ${message}`;
      await this.comment(orderId, r.order_token, ORDER_COMMENT_STATUS.canceled, notCreated)
        .catch((ce: unknown) => this.deps.logger.warn('canceled comment failed', 'payment', ce));
      this.deps.checkout.setThankYouPage(false);
      this.patch({ creating: false, error: { key: MESSAGES.paymentNotCreated, params: { message } } });
      return { ok: false, redirectUrl: this.config.payment.errorRedirectPath, error: MESSAGES.paymentNotCreated };
    }
  }

  /** A new payment (spec §4 "Payment flow") for an order whose payment failed; refused for a method it cannot use. */
  async retryPayment(order: { readonly orderToken: string; readonly incrementId: string; readonly email?: string }, method: string, issuer?: string): Promise<PaymentOutcome> {
    if (!this.isProviderMethod(method)) throw new ShopError(MESSAGES.serverPaymentMethodUnavailable);
    const bank = validateIssuer(method, issuer, loadedIssuers(this.state.value), this.config);
    if (bank) throw new ShopError(bank.key);
    const placed: PlacedOrder = {
      order_id: order.incrementId,
      status: 'placed',
      result: { increment_id: order.incrementId, order_token: order.orderToken },
      paymentMethod: method,
      email: order.email ?? '',
    };
    return this.startPayment(placed, method, needsIssuer(method, this.config) ? issuer : undefined);
  }

  /** Place the order, then create the payment for a provider method (spec §4); a queued order gets none yet. */
  async completeCheckout(comment?: string): Promise<CheckoutCompletion> {
    const order = await this.deps.checkout.placeOrder(comment);
    if (order.status === 'queued') return { kind: 'queued', order };
    // another tab placed this cart and handles its payment; this tab only shows the order
    if (order.placedElsewhere) return { kind: 'thank-you', order };
    if (!this.isProviderMethod(order.paymentMethod)) return { kind: 'thank-you', order };
    const issuer = this.deps.checkout.snapshot().paymentDetails?.paymentMethodAdditional?.['issuer'];
    const outcome = await this.startPayment(order, order.paymentMethod, typeof issuer === 'string' ? issuer : undefined);
    return outcome.ok ? { kind: 'redirect', order, url: outcome.redirectUrl } : { kind: 'payment-error', order, url: outcome.redirectUrl, error: outcome.error };
  }
}
