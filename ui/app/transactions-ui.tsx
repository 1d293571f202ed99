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
import { CartButtonLive } from '../components/cart/CartButtonLive';
import { ShellTransactionExtras } from '../components/common/ShellTransactionExtras';
import { preloadModals } from '../components/common/ModalHost';
import { whenIdle } from './transactions';

export { CartButtonLive, ShellTransactionExtras };

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
