import { useMounted, useMessageText, useNotifications } from '../../hooks/use-shell';
import { useTransactionUi } from '../../app/transactions';
import { Loader, OfflineBadge, ProgressBar } from './StatusOverlays';
import { useTranslation } from 'react-i18next';
import { NotificationService } from '../../../core/ui-state/notification-service';
import { useConfig, useService } from '../../hooks/use-service';
import { localizeMessage } from '../../../core/server-messages';

/** Notifications (spec transactions §3, §4): translated message, up to two actions, a close button. */
function NotificationHost() {
  const { t } = useTranslation();
  const list = useNotifications();
  const service = useService(NotificationService);
  const config = useConfig();
  const text = useMessageText();
  return (
    <div className="notifications" style={{ zIndex: config.ui.notificationZIndex }} aria-live="polite" aria-label={t('notifications.region')} role="region">
      {list.map((n) => (
        <div key={n.id} className={`notification notification--${n.type}`} role={n.type === 'danger' ? 'alert' : 'status'} data-type={n.type}>
          <p className="notification__message">{text(localizeMessage(n.message, n.params))}</p>
          <div className="notification__actions">
            {(['action1', 'action2'] as const).map((a) => {
              const action = n[a];
              const run = () => void service.runAction(n.id, a);
              return action ? (
                <button key={a} type="button" className="notification__action" onClick={run}>
                  {t(action.label)}
                </button>
              ) : null;
            })}
            <button type="button" className="notification__close" aria-label={t('common.close')} onClick={() => service.remove(n.id)}>
              ×
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}

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
