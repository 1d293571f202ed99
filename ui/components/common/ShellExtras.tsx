import { useMounted } from '../../hooks/use-shell';
import { useTransactionUi } from '../../app/transactions';
import { NotificationHost } from './NotificationHost';
import { Loader, OfflineBadge, ProgressBar } from './StatusOverlays';

/**
 * The shell's overlays shared by both layouts (spec catalogue §2.4, transactions §2): notifications, modal host,
 * offline badge, microcart, loader, progress bar. They show browser-side state only, so they render after mount (the
 * server HTML and the hydrating render hold none of them); the cart's and the modals' come with the transaction half
 * (ui/app/transactions.ts). The cookie notice is no overlay of this list: it is in the server's HTML and first in the
 * layouts' Tab order (CookieBanner).
 */
export function ShellExtras() {
  const mounted = useMounted();
  const tx = useTransactionUi();
  return (
    <>
      {mounted ? (
        <>
          <ProgressBar />
          {tx ? <tx.ShellTransactionExtras /> : null}
          <OfflineBadge />
          <Loader />
          <NotificationHost />
        </>
      ) : null}
    </>
  );
}
