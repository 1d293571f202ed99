import { useMounted } from '../../hooks/use-shell';
import { useTransactionUi } from '../../app/transactions';
import { NotificationHost } from './NotificationHost';
import { CookieBanner, Loader, OfflineBadge, ProgressBar } from './StatusOverlays';

/**
 * The shell's overlays shared by both layouts (spec catalogue §2.4, transactions §2): notifications, modal host,
 * cookie banner, offline badge, microcart, loader, progress bar. They show browser-side state only, so they render
 * after mount (the server HTML and the hydrating render hold none of them), but the cookie banner, which is in the
 * server's HTML for every page (issue 10, CookieBanner); the cart's and the modals' come with the transaction half
 * (issue 10: ui/app/transactions.ts).
 */
export function ShellExtras() {
  const mounted = useMounted();
  const tx = useTransactionUi();
  return (
    <>
      <CookieBanner />
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
