import { useMounted } from '../../hooks/use-shell';
import { useTransactionUi } from '../../app/transactions';
import { NotificationHost } from './NotificationHost';
import { Loader, OfflineBadge, ProgressBar } from './StatusOverlays';

/** The shell's overlays (spec catalogue §2.4): browser state only, so rendered after mount. */
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
