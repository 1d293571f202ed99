import { useCallback, useMemo } from 'react';
import { CartService } from '../../core/cart/cart-service';
import { cartTotals } from '../../core/cart/totals';
import { minicartCount } from '../../core/cart/minicart';
import type { CartState, TotalSegment } from '../../core/cart/types';
import { CheckoutService, type CheckoutState } from '../../core/checkout/checkout-service';
import { PaymentService, type PaymentState } from '../../core/checkout/payment-service';
import { OrderStatusService, type OrderStatusView } from '../../core/checkout/order-status-service';
import { SessionService, type SessionState } from '../../core/user/session-service';
import { UiFlagsService } from '../../core/ui-state/ui-flags-service';
import { ContactService, type ContactState } from '../../core/content/contact-service';
import { NewsletterService, type NewsletterState } from '../../core/content/newsletter-service';
import { useConfig, useService, useObservable } from './use-service';

export { useModals, useUiFlags, useMounted, useOnline, useMoney, useMessageText, useErrorText } from './use-shell';

/** Transaction-side hooks: each is useObservable(useService(X)), the one bridge from the core to React. */
export const useCart = (): CartState => useObservable(useService(CartService));
export const useCheckout = (): CheckoutState => useObservable(useService(CheckoutService));
export const usePayment = (): PaymentState => useObservable(useService(PaymentService));
export const useOrderStatus = (): OrderStatusView => useObservable(useService(OrderStatusService));
export const useSession = (): SessionState => useObservable(useService(SessionService));
export const useContact = (): ContactState => useObservable(useService(ContactService));
export const useNewsletter = (): NewsletterState => useObservable(useService(NewsletterService));

/** The totals to show (platform totals once synced, else the core's offline totals) and the badge count. */
export function useCartSummary(): { state: CartState; totals: TotalSegment[]; count: number } {
  const state = useCart();
  const config = useConfig();
  return useMemo(
    () => ({
      state,
      totals: cartTotals(state.platformTotals, state.cartItems, state.shipping, state.payment, config, state.coupon),
      count: minicartCount(state.cartItems, config),
    }),
    [state, config],
  );
}

/** Opens or closes the microcart: the UI flags' panel shows it, the cart's isMicrocartOpen follows. */
export function useMicrocartToggle(): (open?: boolean) => void {
  const cart = useService(CartService);
  const flags = useService(UiFlagsService);
  return useCallback(
    (open?: boolean) => {
      const next = open ?? !flags.snapshot().microcart;
      flags.setPanel('microcart', next);
      cart.toggleMicrocart(next);
    },
    [cart, flags],
  );
}
