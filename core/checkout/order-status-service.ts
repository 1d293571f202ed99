/** The order-status page (spec transactions §2 /order-status/{order_token}, §4 payment status groups, §5, §8). */
import { StateHolder } from '../state-holder';
import { MESSAGES, type MessageKey } from '../messages';
import { isApiError } from '../ports/api-error';
import type { Logger } from '../ports/logger';
import type { PaymentApi, PaymentStatusResponse } from '../ports/payment-api';
import type { ProgressService } from '../ui-state/progress-service';
import { paymentStatusGroup, type PaymentStatusGroup } from './payment-status';

export type OrderStatusView =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading'; readonly orderToken: string }
  | {
      readonly kind: PaymentStatusGroup;
      readonly orderToken: string;
      readonly incrementId: string;
      readonly email: string;
      readonly paymentStatus: string;
      /** the text of the group: orderStatus.success / .pending / .failed ({{email}}) */
      readonly text: MessageKey;
      readonly label: MessageKey;
    }
  | { readonly kind: 'error'; readonly orderToken: string; readonly error: MessageKey };

const TEXTS: Readonly<Record<PaymentStatusGroup, { text: MessageKey; label: MessageKey }>> = {
  success: { text: MESSAGES.orderStatusSuccess, label: MESSAGES.orderStatusLabelSuccess },
  pending: { text: MESSAGES.orderStatusPending, label: MESSAGES.orderStatusLabelPending },
  failed: { text: MESSAGES.orderStatusFailed, label: MESSAGES.orderStatusLabelFailed },
};

/**
 * The page for an answer: its status group; or a failure: 403 'payment.hashIncorrect', another error answer
 * 'payment.invalidToken', none 'payment.fetchFailed'; an unknown status 'payment.detailsProblem'.
 */
export function orderStatusView(orderToken: string, outcome: { response: PaymentStatusResponse } | { error: unknown }): OrderStatusView {
  if ('error' in outcome) {
    const e = outcome.error;
    if (isApiError(e)) return { kind: 'error', orderToken, error: e.status === 403 ? MESSAGES.hashIncorrect : MESSAGES.invalidPaymentToken };
    return { kind: 'error', orderToken, error: MESSAGES.paymentFetchFailed };
  }
  const r = outcome.response;
  const status = r?.payment?.status;
  const group = typeof status === 'string' ? paymentStatusGroup(status) : undefined;
  if (!group || !r.order) return { kind: 'error', orderToken, error: MESSAGES.paymentDetailsProblem };
  return { kind: group, orderToken, incrementId: String(r.order.increment_id), email: String(r.order.customer_email), paymentStatus: status as string, ...TEXTS[group] };
}

export class OrderStatusService extends StateHolder<OrderStatusView> {
  constructor(
    private readonly deps: { readonly paymentApi: PaymentApi; readonly progress?: ProgressService; readonly logger: Logger },
  ) {
    super({ kind: 'idle' });
  }

  async load(orderToken: string): Promise<OrderStatusView> {
    this.state.next({ kind: 'loading', orderToken });
    this.deps.progress?.start(MESSAGES.progressPaymentStatus);
    let view: OrderStatusView;
    try {
      view = orderStatusView(orderToken, { response: await this.deps.paymentApi.paymentStatus(orderToken) });
      this.deps.progress?.finish();
    } catch (error) {
      // a 4xx is the visitor's link, not a fault: one plain line; any other failure is logged with its error
      if (isApiError(error) && error.status < 500) this.deps.logger.warn(`payment status refused (${error.status})`, 'payment');
      else this.deps.logger.warn('payment status failed', 'payment', error);
      this.deps.progress?.fail();
      view = orderStatusView(orderToken, { error });
    }
    this.state.next(view);
    return view;
  }
}
