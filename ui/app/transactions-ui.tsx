/** The browser's transaction half (ui/app/transactions.ts loads it): its wiring, restore and the shell's live parts. */
import type { ShopServices } from '../../adapters/wiring';
import type { i18n } from 'i18next';
import { addTexts } from '../i18n';
// the default locale's texts only this half shows
import checkoutTexts from '../i18n/nl-NL/checkout.json';
import { TRANSACTIONS, restoreSession, restoreShopperData } from '../../adapters/wiring-transactions';
import { CartService } from '../../core/cart/cart-service';
import { UiFlagsService } from '../../core/ui-state/ui-flags-service';
import { hydrateServices, TRANSACTION_HYDRATED, type DehydratedState } from './dehydrate';
import { preloadModals, ModalHost } from '../components/common/ModalHost';
import { whenIdle } from './transactions';
import { useCartSummary, useMicrocartToggle, useUiFlags } from '../hooks/use-transactions';
import { CartButton } from '../components/cart/MicrocartButton';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '../../core/messages';
import { NotificationService } from '../../core/ui-state/notification-service';
import { useService } from '../hooks/use-service';
import { Microcart } from '../components/cart/Microcart';
import { announce } from '../components/common/LiveRegion';

/** Adds the half's texts and wiring, hydrates its services and restores the session; the rest restores on after. */
export async function startTransactions(services: ShopServices, state: DehydratedState, i18n?: i18n): Promise<void> {
  addTexts('nl-NL', checkoutTexts, i18n);
  services.add(TRANSACTIONS);
  hydrateServices(services, state, TRANSACTION_HYDRATED);
  await restoreSession(services);
  void restoreShopperData(services).catch((e: unknown) => console.error('[startup]', e));
  // the login and review modals' code, once idle, so that they open at once later (also offline)
  whenIdle(() => void preloadModals().catch((e: unknown) => console.warn('[startup] modals not loaded', e)), 5000);
}

/** The microcart opened from the header's cart button clicked before the half had loaded. */
export function openMicrocart(container: ShopServices): void {
  container.get(UiFlagsService).setPanel('microcart', true);
  container.get(CartService).toggleMicrocart(true);
}

export type TransactionUi = typeof import('./transactions-ui');

/** The header cart button once the cart is here (transaction half): the count badge and the microcart toggle. */
export function CartButtonLive() {
  const toggle = useMicrocartToggle();
  return <CartButton count={useCartSummary().count} open={useUiFlags().microcart} onClick={() => toggle()} />;
}

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
