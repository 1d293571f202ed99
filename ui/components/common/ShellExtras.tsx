import { useMounted } from '../../hooks/use-shell';
import { useTransactionUi } from '../../app/transactions';
import { NotificationHost } from './NotificationHost';
import { Loader, OfflineBadge, ProgressBar } from './StatusOverlays';

/**
 * The shell's overlays of both layouts (spec catalogue §2.4, transactions §2): browser-side state only, so rendered
 * after mount; the cart's and the modals' come with the transaction half.
 */
export function ShellExtras() {
  const mounted = useMounted();
  const tx = useTransactionUi();
  if (!mounted) return null;
  return (
    <>
      <ProgressBar />
      {tx ? <tx.ShellTransactionExtras /> : null}
      <OfflineBadge />
      <Loader />
      <NotificationHost />
    </>
  );
}
