import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';
import { FailedPaymentActions } from '../components/checkout/FailedPaymentActions';
import { useMounted, useOnline, useOrderStatus } from '../hooks/use-transactions';

/** /order-status/:order_token (spec transactions §2, §4, §8): rendered on the server, hydrated from its state. */
export function OrderStatusPage() {
  const { t } = useTranslation();
  const view = useOrderStatus();
  const online = useOnline();
  const mounted = useMounted();
  useDocumentTitle(t('orderStatus.title'));
  const known = view.kind === 'success' || view.kind === 'pending' || view.kind === 'failed';
  return (
    <section className="order-status" aria-labelledby="order-status-heading">
      {known ? (
        <h1 id="order-status-heading">
          {t('orderStatus.heading', { incrementId: view.incrementId })}{' '}
          <span className={`status-label status-label--${view.kind}`} data-status={view.kind}>
            {t(view.label)}
          </span>
        </h1>
      ) : (
        <h1 id="order-status-heading">{t('orderStatus.title')}</h1>
      )}
      {known ? <p className="order-status__text">{t(view.text, { email: view.email })}</p> : null}
      {view.kind === 'failed' ? (
        <FailedPaymentActions orderToken={view.orderToken} incrementId={view.incrementId} email={view.email} />
      ) : null}
      {view.kind === 'error' ? (
        <p className="order-status__error" role="alert">
          {t(view.error)}
        </p>
      ) : null}
      {known || view.kind === 'error' ? (
        <p>
          <Link to="/" className="button button--secondary">
            {t(known ? 'orderStatus.continueShopping' : 'payment.returnToHomepage')}
          </Link>
        </p>
      ) : (
        <p role="status">{t('progress.paymentStatus')}</p>
      )}
      {mounted && !online ? (
        <p className="order-status__offline" role="status">
          {t('common.youAreOffline')}
        </p>
      ) : null}
    </section>
  );
}
