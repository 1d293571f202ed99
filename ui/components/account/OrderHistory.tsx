import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { orderRef } from '../../../core/user/order-details';
import { SessionService } from '../../../core/user/session-service';
import { useConfig, useService } from '../../hooks/use-service';
import { useMoney, useOnline, useSession } from '../../hooks/use-transactions';
import { useServerAction } from '../../hooks/use-server-action';
import { formatCalendarDay } from '../../i18n/format-date';

/** Order history, 20 per page (spec transactions §7, §9). */
export function OrderHistory() {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useService(SessionService);
  const history = useSession().orderHistory;
  const money = useMoney();
  const action = useServerAction();
  const [page, setPage] = useState(config.user.orderHistoryPage);
  const online = useOnline();
  // entering the account page refreshes the first page (orders placed since the login show up); offline the cached one stays
  useEffect(() => {
    if (online) void go(config.user.orderHistoryPage);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);
  const pages = history ? Math.max(1, Math.ceil(history.total_count / config.user.orderHistoryPageSize)) : 1;

  async function go(p: number) {
    await action.run(async () => {
      await session.loadOrderHistory(p);
      setPage(p);
    });
  }

  return (
    <section className="order-history" aria-labelledby="order-history-heading" aria-busy={action.busy}>
      <h2 id="order-history-heading">{t('account.orderHistory')}</h2>
      {action.error ? <p role="alert">{action.error}</p> : null}
      {!history ? (
        <p role="status">{t('common.loading')}</p>
      ) : history.items.length === 0 ? (
        <p>{t('account.noOrders')}</p>
      ) : (
        <table className="order-history__table">
          <thead>
            <tr>
              <th scope="col">{t('account.orderNumber')}</th>
              <th scope="col">{t('account.orderDate')}</th>
              <th scope="col">{t('account.orderTotal')}</th>
              <th scope="col">{t('account.orderStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {history.items.map((o) => (
              <tr key={String(o.entity_id)} data-order={o.increment_id}>
                <td>
                  <Link to={`/my-account/orders/${encodeURIComponent(orderRef(o))}`} aria-label={t('orderDetails.open', { incrementId: orderRef(o) })}>
                    {orderRef(o)}
                  </Link>
                </td>
                <td>{formatCalendarDay(o.created_at, t)}</td>
                <td>{money(o.grand_total ?? o.total_due ?? 0)}</td>
                <td>{o.status ? t(`account.status.${o.status}`, { defaultValue: o.status }) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={t('account.pager')}>
          <button type="button" className="button button--small" disabled={action.busy || page <= 1} onClick={() => void go(page - 1)}>
            {t('account.previous')}
          </button>
          <span>{t('account.pageOf', { page, pages })}</span>
          <button type="button" className="button button--small" disabled={action.busy || page >= pages} onClick={() => void go(page + 1)}>
            {t('account.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
