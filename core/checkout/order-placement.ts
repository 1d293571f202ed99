/**
 * Placing an order (spec transactions §4 "Placing an order", §5): stored in 'orders', then sent (sendOrder).
 * Accepted: the cart cleared WITHOUT sync, the secrets dropped, kept addresses added to the account. Offline, no
 * answer or 5xx: 'queued', never a success; a 4xx is final. A new account logs in last, so the login's cart merge
 * meets an empty cart. At most one order per cart across the browser's tabs (TAB_LOCKS.order).
 */
import type { CartItem } from '../cart/types';
import { MESSAGES, ShopError } from '../messages';
import { TAB_LOCKS } from '../ports/cross-tab';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import { addressErrors, billingAddressErrors, InvalidAddressError } from './address-rules';
import { buildOrderBody, defaultMethod, shippingMethods as shippingMethodsRule } from './checkout-rules';
import { CHECKOUT_KEYS, cartOrderKey, orderIdempotencyKey, placedFromStored, type CheckoutContext, type PlacedOrder } from './checkout-state';
import { sendOrder } from './offline-orders';

/**
 * Place the order. Resolves with status 'placed' or 'queued'; rejects with a ShopError: 'cart.cartEmptyCheckout',
 * 'validation.fieldRequired', an InvalidAddressError (spec transactions §5, e.g. 'validation.countryNotAllowed'),
 * 'order.placeError' (a final 4xx) or the registration error when creating the account failed.
 */
export async function placeOrder(ctx: CheckoutContext, comment?: string): Promise<PlacedOrder> {
  if (ctx.state().placing) throw new ShopError(MESSAGES.orderPlaceError);
  // the cart this tab shows; under the lock it is compared with the stored one (at most one order per cart)
  const seen = ctx.deps.cart.snapshot();
  const seenKey = cartOrderKey(seen.cartServerToken, seen.cartItems);
  return ctx.locks.exclusive(TAB_LOCKS.order, () => placeOrderLocked(ctx, seenKey, seen.cartItems.length > 0, comment));
}

async function placeOrderLocked(ctx: CheckoutContext, seenKey: string, sawItems: boolean, comment: string | undefined): Promise<PlacedOrder> {
  const { deps, config, orders } = ctx;
  const s = ctx.state();
  if (s.placing) throw new ShopError(MESSAGES.orderPlaceError);
  const cart = deps.cart.current ? await deps.cart.current() : deps.cart.snapshot();
  const items: CartItem[] = [...cart.cartItems];
  if (sawItems && cartOrderKey(cart.cartServerToken, items) !== seenKey) {
    // the cart changed in another tab: if that was its order, show it instead of placing the cart again
    const elsewhere = (await orders.all()).reverse().find((o) => o.cart_key === seenKey && !o.rejected);
    if (elsewhere) {
      const placed: PlacedOrder = { ...placedFromStored(elsewhere, undefined), placedElsewhere: true };
      ctx.patch({ lastOrder: placed, isThankYouPage: true, orderPlacedAt: deps.clock.now(), pendingOrders: (await orders.pending()).length });
      return placed;
    }
  }
  if (items.length === 0) throw new ShopError(MESSAGES.cartEmptyCheckout);
  const { personalDetails: personal, shippingDetails: shipping, paymentDetails: payment } = s;
  if (!personal || !shipping || !payment) throw new ShopError(MESSAGES.fieldRequired);
  // details stored before this rule, or written around CheckoutService, are checked again (spec transactions §5)
  const wrongShipping = addressErrors(shipping, config);
  if (Object.keys(wrongShipping).length > 0) throw new InvalidAddressError(wrongShipping);
  const wrongBilling = billingAddressErrors(payment, config);
  if (Object.keys(wrongBilling).length > 0) throw new InvalidAddressError(wrongBilling);
  const shippingMethod =
    s.shippingMethods.find((m) => m.method_code === shipping.shippingMethod && (!shipping.shippingCarrier || m.carrier_code === shipping.shippingCarrier)) ??
    config.shipping.methods.find((m) => m.method_code === shipping.shippingMethod) ??
    defaultMethod(shippingMethodsRule(config));
  if (!shippingMethod) throw new ShopError(MESSAGES.fieldRequired);

  ctx.patch({ placing: true, orderError: undefined });
  try {
    // register first (no cart effect), log in only after the cart is cleared (#4205)
    let userId = deps.session.currentUserId();
    let newAccountToken: string | undefined;
    const createAccount = Boolean(personal.createAccount && personal.password && userId === undefined);
    if (createAccount) {
      const customer = await deps.session.register(
        { email: personal.emailAddress, firstname: personal.firstName, lastname: personal.lastName },
        personal.password as string,
      );
      userId = customer.id;
      // an order for a customer carries that customer's token (the backend refuses it otherwise)
      newAccountToken = await deps.session.issueToken?.(personal.emailAddress, personal.password as string);
    }
    const orderId = deps.ids.next();
    const body = buildOrderBody({
      orderId,
      cartId: cart.cartServerToken,
      userId,
      items,
      personal,
      shipping,
      payment,
      shippingMethod,
      now: deps.clock.now(),
      ...(comment ? { comment } : {}),
    });
    const stored = await orders.add({
      ...body,
      idempotency_key: orderIdempotencyKey(cart.cartServerToken, items, orderId),
      cart_key: cartOrderKey(cart.cartServerToken, items),
      ...(cart.coupon?.code ? { coupon_code: cart.coupon.code } : {}),
    });

    const outcome = await sendOrder(ctx, stored, newAccountToken);
    if (outcome.kind === 'rejected') {
      deps.notifications.notify({ type: 'danger', message: MESSAGES.orderPlaceError });
      ctx.patch({ orderError: MESSAGES.orderPlaceError, pendingOrders: (await orders.pending()).length });
      throw new ShopError(MESSAGES.orderPlaceError, {}, outcome.status);
    }

    // the order (stored, or accepted) now owns the items: clear the cart without sync, drop the secrets; the ordered
    // server cart is disconnected (the backend closed it), so the next cart is a new one with a new order key
    const placedAt = deps.clock.now();
    await deps.cart.clear({ sync: false, disconnect: true });
    const { password, createAccount: _ca, ...keptPersonal } = personal;
    const c = STORAGE_COLLECTIONS.checkout;
    await deps.storage.set(c, CHECKOUT_KEYS.personal, keptPersonal);
    await deps.storage.set(c, CHECKOUT_KEYS.modifiedAt, placedAt);
    // the next checkout starts at the first step again
    await deps.storage.set(c, CHECKOUT_KEYS.step, 'personal');
    const placed: PlacedOrder =
      outcome.kind === 'sent'
        ? { order_id: orderId, status: 'placed', result: outcome.result, paymentMethod: payment.paymentMethod, email: personal.emailAddress }
        : { order_id: orderId, status: 'queued', paymentMethod: payment.paymentMethod, email: personal.emailAddress, queuedBecause: deps.network.isOnline() ? 'server' : 'offline' };
    ctx.patch({
      personalDetails: keptPersonal,
      modifiedAt: placedAt,
      orderPlacedAt: placedAt,
      lastOrder: placed,
      isThankYouPage: true,
      step: 'personal',
      pendingOrders: (await orders.pending()).length,
    });
    ctx.tabs.publish({ topic: 'orders', data: { orderId, placed: true } });
    // the addresses the customer asked to keep go to the account now the order has them (saved-addresses.ts, its code
    // loaded only then); the order stands whatever becomes of that
    if (shipping.saveInAccount || payment.saveInAccount) {
      const { addressesToKeep } = await import('./saved-addresses');
      for (const { address, uses } of addressesToKeep(shipping, payment)) await deps.session.addAddress?.(address, uses).catch((e: unknown) => deps.logger.warn('address not kept', 'checkout', e));
    }
    if (placed.status === 'queued') deps.notifications.notify({ type: 'warning', message: placed.queuedBecause === 'offline' ? MESSAGES.orderQueuedOffline : MESSAGES.orderQueued });
    if (createAccount && password) {
      const failed = (e: unknown) => deps.logger.warn('login after account creation failed', 'checkout', e);
      await deps.session.login(personal.emailAddress, password).catch(failed);
    }
    return placed;
  } finally {
    ctx.patch({ placing: false });
  }
}
