/**
 * The transaction half of the browser, one chunk: its part of the wiring (adapters/wiring-transactions.ts, added to the
 * page's graph), the state the server sent for its services, the start-up that restores the shopper's session and
 * cart, and the shell's live parts (cart button, microcart, modals). ui/app/transactions.ts loads it.
 */
import type { ShopServices } from '../../adapters/wiring';
import type { i18n } from 'i18next';
import { addTexts } from '../i18n';
import { DEFERRED_TEXTS } from '../i18n/deferred-texts';
import { TRANSACTIONS, restoreSession, restoreShopperData } from '../../adapters/wiring-transactions';
import { CartService } from '../../core/cart/cart-service';
import { UiFlagsService } from '../../core/ui-state/ui-flags-service';
import { hydrateServices, TRANSACTION_HYDRATED, type DehydratedState } from './dehydrate';
import { CartButtonLive } from '../components/cart/CartButtonLive';
import { ShellTransactionExtras } from '../components/common/ShellTransactionExtras';
import { preloadModals } from '../components/common/ModalHost';
import { whenIdle } from './transactions';

export { CartButtonLive, ShellTransactionExtras };

/**
 * Adds the half's texts, adds its part to the page's graph, hydrates its services from the page's state, and restores
 * the session (`i18n`: the page's instance when it was made before); resolves then (what a shopper's first command
 * needs), while checkout details, lists and the cart are restored on (a cart command that runs meanwhile starts from
 * the stored cart, so neither undoes the other).
 */
export async function startTransactions(services: ShopServices, state: DehydratedState, i18n?: i18n): Promise<void> {
  // the default locale's texts of the half (ui/i18n/deferred-texts.ts), before any of its parts renders
  for (const [locale, texts] of Object.entries(DEFERRED_TEXTS)) addTexts(locale as keyof typeof DEFERRED_TEXTS, texts, i18n);
  // the half's services are members of the page's one graph: they share its notifications, modals and storage
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
