import { Fragment, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import '../i18n/account-page-texts';
import { CartService } from '../../core/cart/cart-service';
import { orderDetails, type OrderDetails, type OrderDetailsAddress } from '../../core/user/order-details';
import { reorder } from '../../core/user/reorder';
import { SessionService } from '../../core/user/session-service';
import { useService } from '../hooks/use-service';
import { useDocumentTitle } from '../hooks/use-document-title';
import { LoginFirst } from '../components/account/LoginFirst';
import { Refusal, useServerAction } from '../hooks/use-server-action';
import { FormMessage } from '../components/common/Field';
import { useErrorText, useMicrocartToggle, useMoney, useMounted, useSession } from '../hooks/use-transactions';
import { usePaymentMethodTitle } from '../components/checkout/payment-method-title';
import { CartTotals } from '../components/cart/CartTotals';

function Address({ title, address }: { title: string; address: OrderDetailsAddress | undefined }) {
  const { t } = useTranslation();
  if (!address) return null;
  const { name, street, postcode, city, countryId, telephone } = address;
  const country = countryId && t(`country.${countryId}`, { defaultValue: countryId });
  const lines = [name, ...street, `${postcode} ${city}`, country, telephone].filter(Boolean);
  return (
    <section className="order-details__address">
      <h2>{title}</h2>
      <address>
        {lines.map((line, i) => (
          <Fragment key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
      </address>
    </section>
  );
}

/** "Order again": the order's products into the cart (core/user/reorder.ts), then the microcart opens. */
function OrderAgain({ order }: { order: OrderDetails }) {
  const { t } = useTranslation();
  const session = useService(SessionService);
  const cart = useService(CartService);
  const toggleCart = useMicrocartToggle();
  const action = useServerAction();
  const orderAgain = () =>
    action.run(async () => {
      const outcome = await reorder({ session, cart }, order.ref);
      if (outcome.kind === 'not-found') throw new Refusal(t('server.orderNotFound'));
      if (outcome.kind === 'nothing-to-add') throw new Refusal(t('orderDetails.nothingToAdd'));
      toggleCart(true);
    }, t('orderDetails.added'));
  return (
    <div className="order-details__again">
      <button type="button" className="button button--primary" onClick={() => void orderAgain()} disabled={action.busy}>
        {t('orderDetails.orderAgain')}
      </button>
      <FormMessage kind="success">{action.done}</FormMessage>
      <FormMessage kind="error">{action.error}</FormMessage>
    </div>
  );
}

function Details({ order }: { order: OrderDetails }) {
  const { t } = useTranslation();
  const money = useMoney();
  const methodTitle = usePaymentMethodTitle();
  const { subtotalInclTax: subtotal, discount, shippingInclTax: shipping, grandTotal: grand_total, tax } = order.totals;
  const totals = Object.entries({ subtotal, discount, shipping, grand_total, tax }).flatMap(([code, value]) =>
    value === undefined ? [] : [{ code, title: code, value }],
  );
  const method = order.paymentMethod;
  const methodName = t(`orderDetails.method.${method}`, { defaultValue: method });
  const paidBy = method ? methodTitle({ code: method, title: methodName }) : '';
  const status = order.status ? t(`account.status.${order.status}`, { defaultValue: order.status }) : '';
  const facts: [string, string | undefined, object?][] = [
    [t('account.orderDate'), order.createdAt?.slice(0, 10)],
    [t('account.orderStatus'), status, { 'data-order-status': order.status }],
    [t('orderDetails.paymentMethod'), paidBy],
    [t('orderDetails.paymentStatus'), t(order.paymentLabel), { 'data-payment-status': true }],
  ];
  return (
    <>
      <dl className="order-details__facts">
        {facts.map(([label, value, attrs]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd {...attrs}>{value}</dd>
          </div>
        ))}
      </dl>
      <table className="order-details__lines">
        <caption>{t('orderDetails.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orderDetails.product')}</th>
            <th scope="col">{t('cart.qty')}</th>
            <th scope="col">{t('orderDetails.price')}</th>
            <th scope="col">{t('account.orderTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.sku} data-sku={l.sku}>
              <td>
                {l.name}
                {l.options.length > 0 ? <span className="order-details__options"> ({l.options.map((o) => `${o.label}: ${o.value}`).join(', ')})</span> : null}
              </td>
              <td>{l.qty}</td>
              <td>{l.priceInclTax !== undefined ? money(l.priceInclTax) : ''}</td>
              <td>{l.rowTotalInclTax !== undefined ? money(l.rowTotalInclTax) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <CartTotals totals={totals} className="order-details__totals" />
      <div className="order-details__addresses">
        <Address title={t('orderDetails.shippingAddress')} address={order.shippingAddress} />
        <Address title={t('orderDetails.billingAddress')} address={order.billingAddress} />
      </div>
      <OrderAgain order={order} />
    </>
  );
}

/** /my-account/orders/:order_id: an order of the logged-in customer's own history (by their token). */
export function OrderDetailsPage() {
  const { t } = useTranslation();
  const { order_id: ref = '' } = useParams();
  const mounted = useMounted();
  const session = useSession();
  const sessionService = useService(SessionService);
  const errorText = useErrorText();
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'found'; order: OrderDetails } | { kind: 'missing' } | { kind: 'error'; text: string }>({ kind: 'loading' });
  const title = t('orderDetails.title', { incrementId: ref });
  useDocumentTitle(title);
  const loggedIn = Boolean(session.token && session.current);
  useEffect(() => {
    if (!mounted || !session.localDataLoaded || !loggedIn) return;
    let live = true;
    setState({ kind: 'loading' });
    sessionService
      .findOrder(ref)
      .then((item) => live && setState(item ? { kind: 'found', order: orderDetails(item) } : { kind: 'missing' }))
      .catch((e: unknown) => live && setState({ kind: 'error', text: errorText(e) }));
    return () => {
      live = false;
    };
  }, [mounted, session.localDataLoaded, loggedIn, ref, sessionService, errorText]);

  // until the session is read from the browser's storage, the order shows as loading (its state's first kind)
  if (mounted && session.localDataLoaded && !loggedIn) {
    return <LoginFirst className="order-details order-details--anonymous" title={title} />;
  }
  return (
    <section className="order-details" aria-busy={state.kind === 'loading'}>
      <h1>{title}</h1>
      {state.kind === 'loading' ? <p role="status">{t('common.loading')}</p> : null}
      {state.kind === 'missing' ? <p role="alert">{t('server.orderNotFound')}</p> : null}
      {state.kind === 'error' ? <p role="alert">{state.text}</p> : null}
      {state.kind === 'found' ? <Details order={state.order} /> : null}
      <p>
        <Link to="/my-account" className="button button--secondary">
          {t('orderDetails.back')}
        </Link>
      </p>
    </section>
  );
}
