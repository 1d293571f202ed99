import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useConfig, useService } from '../../hooks/use-service';
import {
  useCookieNotice, useMounted, useOnline, useProgress, useUiFlags, useMessageText, useNotifications,
} from '../../hooks/use-shell';
import { mirrorCookieNotice } from '../../head/cookie-notice-mirror';
import { useTransactionUi } from '../../app/transactions';
import { NotificationService } from '../../../core/ui-state/notification-service';
import { localizeMessage } from '../../../core/server-messages';

/** spec transactions §4 "Cookie notice": shown while the cookiesAccepted claim is not true; accept or decline. */
export function CookieBanner() {
  const { t } = useTranslation();
  const config = useConfig();
  const mounted = useMounted();
  const { state, service } = useCookieNotice();
  const box = useRef<HTMLElement>(null);
  // closed while the focus was in it: the focus goes to the page's heading, not to <body> (WCAG 2.4.3)
  const refocus = useRef(false);
  useEffect(() => {
    if (state.loaded) mirrorCookieNotice(state.visible);
    if (state.loaded && !state.visible && refocus.current) {
      refocus.current = false;
      const target = document.querySelector<HTMLElement>('#main h1') ?? document.getElementById('main');
      if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target?.focus({ preventScroll: true });
    }
  }, [state]);
  if (mounted && state.loaded && !state.visible) return null;
  const close = () => {
    refocus.current = !!box.current?.contains(document.activeElement);
    void service.accept();
  };
  return (
    <section ref={box} className="cookie-banner" aria-label={t('cookies.label')} style={{ minHeight: `${config.ui.cookieBarMinHeightRem}rem` }}>
      <p>
        {t('cookies.text')} <Link to="/privacy">{t('cookies.privacyLink')}</Link>
      </p>
      <button type="button" className="button" disabled={!mounted || !state.loaded} onClick={close}>
        {t('cookies.accept')}
      </button>
      <button type="button" className="button" disabled={!mounted || !state.loaded} onClick={() => void service.decline()}>
        {t('cookies.decline')}
      </button>
    </section>
  );
}

/** The offline badge (Network online$). */
function OfflineBadge() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-badge" role="status">
      <strong>{t('offline.badge')}</strong> <span>{t('common.youAreOffline')}</span>
    </div>
  );
}

/** The loader overlay (UI flag loader). */
function Loader() {
  const { t } = useTranslation();
  const flags = useUiFlags();
  if (!flags.loader) return null;
  return (
    <div className="loader" role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** The progress bar (spec transactions §8 "Progress"; config.ui.progress). */
function ProgressBar() {
  const { t } = useTranslation();
  const config = useConfig();
  const p = useProgress();
  if (!p.active) return null;
  const { thicknessPx, color, failedColor } = config.ui.progress;
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(p.percent)}
      aria-label={p.message ? t(p.message) : t('common.loading')}
      style={{ height: thicknessPx, width: `${p.percent}%`, background: p.failed ? failedColor : color }}
    />
  );
}

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
