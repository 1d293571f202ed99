import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CartService } from '../../../core/cart/cart-service';
import { MESSAGES } from '../../../core/messages';
import { NotificationService } from '../../../core/ui-state/notification-service';
import { useService } from '../../hooks/use-service';
import { useCartSummary } from '../../hooks/use-transactions';
import { Microcart } from '../cart/Microcart';
import { announce } from './LiveRegion';
import { ModalHost } from './ModalHost';

/** Cart notices become notifications (spec transactions §4 "Adding", §8), the added one offering checkout. */
function useCartNotices() {
  const cart = useService(CartService);
  const notifications = useService(NotificationService);
  const navigate = useNavigate();
  useEffect(() => {
    const sub = cart.notices$.subscribe((n) => {
      notifications.notify({
        type: n.type === 'error' ? 'danger' : n.type,
        message: n.key,
        ...(n.params ? { params: n.params } : {}),
        ...(n.key === MESSAGES.productAdded ? { action1: { label: MESSAGES.proceedToCheckout, action: () => navigate('/checkout') } } : {}),
      });
    });
    return () => sub.unsubscribe();
  }, [cart, notifications, navigate]);
}

/** Announces a change of the cart's count (not the count first read from storage). */
function useCartCountAnnouncer() {
  const { t } = useTranslation();
  const { state, count } = useCartSummary();
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!state.loaded) return;
    if (last.current !== undefined && last.current !== count) announce(t('a11y.cartCountChanged', { count }));
    last.current = count;
  }, [state.loaded, count, t]);
}

/** The shell's overlays of the transaction half (ui/app/transactions.ts): cart notices, count announcer, microcart, modals. */
export function ShellTransactionExtras() {
  useCartNotices();
  useCartCountAnnouncer();
  return (
    <>
      <Microcart />
      <ModalHost />
    </>
  );
}
