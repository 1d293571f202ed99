import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CartService } from '../../../core/cart/cart-service';
import { MESSAGES } from '../../../core/messages';
import { NotificationService } from '../../../core/ui-state/notification-service';
import { ModalService } from '../../../core/ui-state/modal-service';
import { UiFlagsService } from '../../../core/ui-state/ui-flags-service';
import { ProgressService } from '../../../core/ui-state/progress-service';
import { ClaimsService } from '../../../core/ui-state/claims-service';
import { useService } from '../../hooks/use-service';
import { useCartSummary, useIsBound, useMounted } from '../../hooks/use-transactions';
import { Microcart } from '../cart/Microcart';
import { NotificationHost } from './NotificationHost';
import { announce } from './LiveRegion';
import { ModalHost } from './ModalHost';
import { CookieBanner, Loader, OfflineBadge, ProgressBar } from './StatusOverlays';

/**
 * Cart notices become notifications (spec transactions §4 "Adding", §8): 'Product has been added to the cart!' offers
 * 'Proceed to checkout'; errors are shown as danger. A repeat of the last message is ignored by the service.
 */
function CartNoticeBridge() {
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
  return null;
}

/**
 * The badge on the cart button changes silently: a change of the count (add, quantity, remove, sync) is announced in
 * the polite live region. The count the cart has when it first loads from storage is not a change.
 */
function CartCountAnnouncer() {
  const { t } = useTranslation();
  const { state, count } = useCartSummary();
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!state.loaded) return;
    if (last.current !== undefined && last.current !== count) announce(t('a11y.cartCountChanged', { count }));
    last.current = count;
  }, [state.loaded, count, t]);
  return null;
}

/**
 * The shell's overlays shared by both layouts (spec catalogue §2.4, transactions §2): notifications, modal host,
 * cookie banner, offline badge, microcart, loader, progress bar. They show browser-side state only, so they render
 * after mount (the server HTML and the hydrating render hold none of them).
 */
export function ShellExtras() {
  const mounted = useMounted();
  const has = {
    cart: useIsBound(CartService),
    notifications: useIsBound(NotificationService),
    modals: useIsBound(ModalService),
    flags: useIsBound(UiFlagsService),
    progress: useIsBound(ProgressService),
    claims: useIsBound(ClaimsService),
  };
  if (!mounted) return null;
  return (
    <>
      {has.progress ? <ProgressBar /> : null}
      {has.cart && has.notifications ? <CartNoticeBridge /> : null}
      {has.cart ? <CartCountAnnouncer /> : null}
      {has.cart && has.flags ? <Microcart /> : null}
      {has.modals ? <ModalHost /> : null}
      <OfflineBadge />
      {has.flags ? <Loader /> : null}
      {has.claims ? <CookieBanner /> : null}
      {has.notifications ? <NotificationHost /> : null}
    </>
  );
}
