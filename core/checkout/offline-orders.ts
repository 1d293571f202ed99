/**
 * Stored orders and how they reach the backend (spec transactions §3 "Offline order", §4 "Task queue"): going online
 * sends them (config.queue.automaticOrderTransmission, or on the thank-you page), else the shopper is asked to confirm.
 */
import { Subject, type Observable } from 'rxjs';
import { MESSAGES } from '../messages';
import { isApiError, isNetworkError } from '../ports/api-error';
import { TAB_LOCKS } from '../ports/cross-tab';
import type { OrderPlacementResult, OrderResponse } from '../ports/order-api';
import { MODALS } from '../ui-state/modal-service';
import { orderAccepted } from './checkout-rules';
import { placedFromStored, type CheckoutContext, type PlacedOrder, type TransmitReport } from './checkout-state';
import type { StoredOrder } from './order-store';

export type SendOutcome = { kind: 'sent'; result: OrderPlacementResult | undefined } | { kind: 'pending' } | { kind: 'rejected'; status: number };

/** One attempt to send a stored order: offline, no answer or a 5xx is pending; a 4xx is final (rejected). */
export async function sendOrder(ctx: CheckoutContext, order: StoredOrder, userToken?: string): Promise<SendOutcome> {
  const { deps, orders } = ctx;
  if (!deps.network.isOnline()) return { kind: 'pending' };
  // what is kept only in this browser never goes on the wire
  const { idempotency_key, transmited_at: _t, result: _r, resultCode: _c, rejected: _x, seq: _s, cart_key: _k, coupon_code: _cc, ...wire } = order;
  try {
    const place = (token: string | undefined): Promise<OrderResponse> => deps.orderApi.place(wire, idempotency_key, token);
    const session = deps.session;
    const resp: OrderResponse = wire.user_id && !userToken && session.withUserToken ? await session.withUserToken(place) : await place(userToken);
    if (!orderAccepted(resp.code)) {
      await orders.save({ ...order, rejected: true, resultCode: resp.code });
      return { kind: 'rejected', status: resp.code ?? 0 };
    }
    const sent: StoredOrder = { ...order, transmited: true, transmited_at: deps.clock.now(), resultCode: resp.code ?? 200 };
    if (resp.result !== undefined) sent.result = resp.result;
    await orders.save(sent);
    return { kind: 'sent', result: resp.result };
  } catch (e) {
    if (isApiError(e) && e.status >= 400 && e.status < 500) {
      deps.logger.error('order rejected by the server', 'checkout', e);
      await orders.save({ ...order, rejected: true, resultCode: e.status });
      return { kind: 'rejected', status: e.status };
    }
    if (isNetworkError(e) || isApiError(e)) {
      deps.logger.warn('order not transmitted, kept for later', 'checkout', e);
      return { kind: 'pending' };
    }
    throw e;
  }
}

export class OfflineOrders {
  private readonly confirmation = new Subject<readonly StoredOrder[]>();
  /** the offline-order-confirmation event (spec transactions §2, §4) */
  readonly confirmation$: Observable<readonly StoredOrder[]> = this.confirmation.asObservable();
  private transmitting: Promise<TransmitReport> | undefined;
  /** the 'Order waiting!' notification on screen (removed once no stored order waits) */
  private waitingNotice: string | undefined;

  constructor(private readonly ctx: CheckoutContext) {}

  /** Another tab placed (this tab's cart: its thank-you state is shown here too) or sent an order. */
  async onOrdersChanged(data: { orderId?: string; placed?: boolean } | undefined): Promise<void> {
    const { ctx } = this;
    const pendingOrders = (await ctx.orders.pending()).length;
    const stored = data?.orderId ? await ctx.orders.get(data.orderId) : undefined;
    let lastOrder = ctx.state().lastOrder;
    if (stored && data?.placed) lastOrder = { ...placedFromStored(stored, undefined), placedElsewhere: true };
    else if (stored && lastOrder?.order_id === stored.order_id) {
      const elsewhere = lastOrder.placedElsewhere ? { placedElsewhere: true } : {};
      lastOrder = { ...placedFromStored(stored, lastOrder), ...elsewhere };
    }
    ctx.patch({ lastOrder, pendingOrders });
  }

  /** Send every stored untransmitted order, oldest first (single flight). Stops at the first network/server failure. */
  transmit(): Promise<TransmitReport> {
    // one tab at a time: the next one re-reads the stored orders and finds the sent ones sent
    this.transmitting ??= this.ctx.locks.exclusive(TAB_LOCKS.order, () => this.doTransmit()).finally(() => (this.transmitting = undefined));
    return this.transmitting;
  }

  private async doTransmit(): Promise<TransmitReport> {
    const { ctx } = this;
    const { deps } = ctx;
    const report: TransmitReport = { sent: [], rejected: [], pending: [] };
    /** the backend's numbers of the orders sent now */
    const sentNumbers: string[] = [];
    const pending = await ctx.orders.pending();
    for (let i = 0; i < pending.length; i++) {
      const order = pending[i]!;
      const outcome = await sendOrder(ctx, order);
      if (outcome.kind !== 'pending') ctx.tabs.publish({ topic: 'orders', data: { orderId: order.order_id } });
      if (outcome.kind === 'sent') {
        report.sent.push(order.order_id);
        const incrementId = outcome.result?.increment_id;
        if (incrementId) sentNumbers.push(String(incrementId));
        const last: PlacedOrder | undefined = ctx.state().lastOrder;
        if (last?.order_id === order.order_id) ctx.patch({ lastOrder: { ...last, status: 'placed', ...(outcome.result ? { result: outcome.result } : {}) } });
      } else if (outcome.kind === 'rejected') {
        report.rejected.push(order.order_id);
        deps.notifications.notify({ type: 'danger', message: MESSAGES.orderPlaceError });
      } else {
        report.pending.push(...pending.slice(i).map((o) => o.order_id));
        break;
      }
    }
    const pendingOrders = (await ctx.orders.pending()).length;
    ctx.patch({ pendingOrders });
    // spec transactions §4 "Task queue": once the stored orders are sent, the waiting notice and the confirmation
    // modal go (however the shopper confirmed), and each accepted order is announced with its number
    // ('order.offlineSent')
    if (pendingOrders === 0) {
      if (this.waitingNotice !== undefined) deps.notifications.remove(this.waitingNotice);
      this.waitingNotice = undefined;
      deps.modals.close(MODALS.orderConfirmation);
    }
    for (const incrementId of sentNumbers) {
      deps.notifications.notify({ type: 'success', message: MESSAGES.offlineOrderSent, params: { incrementId } });
    }
    return report;
  }

  /** The shopper confirmed the orders made offline. */
  async confirm(): Promise<TransmitReport> {
    this.ctx.deps.modals.close(MODALS.orderConfirmation);
    return this.transmit();
  }

  /** spec §4 "Going online ... processes the offline order queue". */
  async handleOnline(): Promise<void> {
    const { ctx } = this;
    const { deps } = ctx;
    if (ctx.config.queue.automaticOrderTransmission || ctx.state().isThankYouPage) {
      await this.transmit();
      return;
    }
    const pending = await ctx.orders.pending();
    ctx.patch({ pendingOrders: pending.length });
    if (pending.length === 0) return;
    this.confirmation.next(pending);
    deps.modals.open(MODALS.orderConfirmation, { orders: pending.map((o) => o.order_id) });
    if (this.waitingNotice !== undefined) deps.notifications.remove(this.waitingNotice);
    this.waitingNotice = deps.notifications.notify({
      type: 'warning',
      message: MESSAGES.orderWaiting,
      hasNoTimeout: true,
      action1: { label: MESSAGES.orderWaitingConfirm, action: () => this.confirm().then(() => undefined) },
    });
  }
}
