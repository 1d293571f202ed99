/**
 * The transaction half of the browser (issue 10), one chunk: its bindings (adapters/bindings-transactions.ts over the
 * container's CatalogueGraph), the state the server sent for its services, the start-up that restores the shopper's
 * session and cart, and the shell's live parts (cart button, microcart, modals). ui/app/transactions.ts loads it.
 */
import type { FirstRenderServices, ShopServices } from '../../adapters/browser-services';
import type { i18n } from 'i18next';
import { addTexts } from '../i18n';
import { DEFERRED_TEXTS } from '../i18n/deferred-texts';
import { transactionBindings } from '../../adapters/bindings-transactions';
import { TransactionGraph } from '../../adapters/wiring-transactions';
import { recoverChunk } from './chunk-recovery';
import { restoreSession, restoreShopperData } from '../../adapters/startup';
import { CartService } from '../../core/cart/cart-service';
import { UiFlagsService } from '../../core/ui-state/ui-flags-service';
import { hydrateServices, TRANSACTION_HYDRATED, type DehydratedState } from './dehydrate';
import { CartButtonLive } from '../components/cart/CartButtonLive';
import { ShellTransactionExtras } from '../components/common/ShellTransactionExtras';
import { preloadModals } from '../components/common/ModalHost';

export { CartButtonLive, ShellTransactionExtras };

/**
 * Adds the half's texts, binds the half, hydrates its services from the page's state, and restores the session (`i18n`:
 * the page's instance when it was made before); resolves then (what a
 * shopper's first command needs), while checkout details, lists and the cart are restored on (a cart command that
 * runs meanwhile starts from the stored cart, so neither undoes the other).
 */
export async function startTransactions(services: FirstRenderServices, state: DehydratedState, i18n?: i18n): Promise<void> {
  // the default locale's texts of the half (ui/i18n/deferred-texts.ts), before any of its parts renders
  for (const [locale, texts] of Object.entries(DEFERRED_TEXTS)) addTexts(locale as keyof typeof DEFERRED_TEXTS, texts, i18n);
  // the half's services answer from its table over the first render's graph (issue 10: the inversify container, 50 KB
  // minified, is not needed by a first render, a checkout's included; it follows once the browser is idle, below)
  services.provide(transactionBindings(new TransactionGraph(services.graph)));
  hydrateServices(services, state, TRANSACTION_HYDRATED);
  await restoreSession(services);
  void restoreShopperData(services).catch((e: unknown) => console.error('[startup]', e));
  whenIdle(() => {
    void recoverChunk(import('./transactions-container'))
      .then((m) => services.adopt(m.transactionsContainer(services.graph)))
      .catch((e: unknown) => console.warn('[startup] container not loaded', e));
    // the login and review modals' code, so that they open at once later (also offline)
    void preloadModals().catch((e: unknown) => console.warn('[startup] modals not loaded', e));
  });
}

const whenIdle = (run: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 500));

/** The microcart opened from the header's cart button clicked before the half had loaded. */
export function openMicrocart(container: ShopServices): void {
  container.get(UiFlagsService).setPanel('microcart', true);
  container.get(CartService).toggleMicrocart(true);
}

export type TransactionUi = typeof import('./transactions-ui');
