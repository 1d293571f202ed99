import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CheckoutService } from '../../core/checkout/checkout-service';
import { CHECKOUT_STEPS, type CheckoutStep } from '../../core/checkout/checkout-step';
import { stepStatus } from '../../core/checkout/step-status';
import { PaymentService, type CheckoutCompletion } from '../../core/checkout/payment-service';
import { MESSAGES } from '../../core/messages';
import { useService } from '../hooks/use-service';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useCart, useCartSummary, useCheckout, useMounted, useOnline } from '../hooks/use-transactions';
import { PersonalStep } from '../components/checkout/PersonalStep';
import { ShippingStep } from '../components/checkout/ShippingStep';
import { usePaymentMethodTitle } from '../components/checkout/payment-method-title';
import { recoverChunk } from '../app/chunk-recovery';
import { ReviewStep } from '../components/checkout/ReviewStep';
import { cartItemIdentity } from '../../core/cart/identity';
import { addressLine } from '../../core/checkout/saved-addresses';
import { CartLine } from '../components/cart/CartLine';
import { CartTotals } from '../components/cart/CartTotals';

/** The payment step's form loads once the page is mounted: the first step shown is mostly another one. */
const loadPaymentStep = () => recoverChunk(import('../components/checkout/PaymentStep'));
const PaymentStep = lazy(() => loadPaymentStep().then((m) => ({ default: m.PaymentStep })));

function Outcome({ completion }: { completion: CheckoutCompletion }) {
  const { t } = useTranslation();
  const state = useCheckout();
  // a queued order sent later (back online on this page) becomes a placed one
  const last = state.lastOrder?.order_id === completion.order.order_id ? state.lastOrder : completion.order;
  if (completion.kind === 'redirect') {
    return (
      <section className="checkout-outcome" aria-live="polite">
        <h1>{t('checkout.redirecting')}</h1>
        <p role="status">{t('progress.creatingPayment')}</p>
      </section>
    );
  }
  // queued offline (spec transactions §4 "Task queue"; another tab's order counts so) or on a server failure (§8)
  const queued = last.status === 'queued';
  const offline = queued && last.queuedBecause !== 'server';
  const increment = last.result?.increment_id;
  const kind = queued ? 'queued' : 'placed';
  return (
    <section className={`checkout-outcome checkout-outcome--${kind}`} data-outcome={kind}>
      <h1>{t(queued ? 'checkout.queuedTitle' : 'checkout.thankYouTitle')}</h1>
      <p role="status">
        {queued
          ? t(offline ? MESSAGES.orderQueuedOffline : MESSAGES.orderQueued)
          : increment
            ? t('checkout.thankYouOrder', { incrementId: increment })
            : t('checkout.thankYouSent')}
      </p>
      {offline ? <p>{t('checkout.queuedText')}</p> : null}
      {queued ? null : <p>{t('checkout.thankYouText', { email: last.email })}</p>}
      <Link to="/" className="button button--secondary">
        {t('orderStatus.continueShopping')}
      </Link>
    </section>
  );
}

type StepProps = { step: CheckoutStep; title: string; summary?: ReactNode; children: ReactNode };

/** One checkout step: the active one shows its form, a done one its summary and 'edit'; its heading takes the focus. */
function Step({ step, title, summary, children }: StepProps) {
  const { t } = useTranslation();
  const checkout = useService(CheckoutService);
  // the step lives in the core with the saved details: a reload or a language switch resumes it
  const state = stepStatus(step, useCheckout().step);
  const index = CHECKOUT_STEPS.indexOf(step) + 1;
  const edit = () => void checkout.setStep(step);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (state === 'active' && !first.current) heading.current?.focus();
    first.current = false;
  }, [state]);
  return (
    <section className={`checkout-step checkout-step--${state}`} aria-labelledby={`step-${index}`} data-step={index}>
      <header className="checkout-step__header">
        <h2 id={`step-${index}`} ref={heading} tabIndex={-1}>
          <span className="checkout-step__number" aria-hidden="true">
            {index}
          </span>{' '}
          {title}
        </h2>
        {state === 'done' ? (
          <button type="button" className="link-button" onClick={edit} aria-label={t('checkout.editStep', { step: title })}>
            {t('checkout.edit')}
          </button>
        ) : null}
      </header>
      {state === 'active' ? <div className="checkout-step__body">{children}</div> : null}
      {state === 'done' && summary ? <div className="checkout-step__summary">{summary}</div> : null}
    </section>
  );
}

function Steps({ onCompleted }: { onCompleted: (c: CheckoutCompletion) => void }) {
  const { t } = useTranslation();
  const state = useCheckout();
  const checkout = useService(CheckoutService);
  const methodTitle = usePaymentMethodTitle();
  const next = (step: CheckoutStep) => () => void checkout.setStep(step);
  const p = state.personalDetails;
  const sh = state.shippingDetails;
  const pay = state.paymentDetails;
  const method = state.paymentMethods.find((m) => m.code === pay?.paymentMethod);
  const shipMethod = state.shippingMethods.find((m) => m.method_code === sh?.shippingMethod);
  return (
    <div className="checkout__steps">
      <Step
        step="personal"
        title={t('checkout.personalDetails')}
        summary={p ? `${p.firstName} ${p.lastName} · ${p.emailAddress}` : null}
      >
        <PersonalStep onDone={next('shipping')} />
      </Step>
      <Step
        step="shipping"
        title={t('checkout.shipping')}
        summary={sh ? `${addressLine(sh)}, ${t(`country.${sh.country}`)} · ${shipMethod?.method_title ?? ''}` : null}
      >
        <ShippingStep onDone={next('payment')} />
      </Step>
      <Step step="payment" title={t('checkout.payment')} summary={method ? methodTitle(method) : null}>
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
          <PaymentStep onDone={next('review')} />
        </Suspense>
      </Step>
      <Step step="review" title={t('checkout.review')}>
        <ReviewStep onCompleted={onCompleted} />
      </Step>
    </div>
  );
}

/** The order summary beside the steps: the lines (read-only) and the totals segments from the core. */
function OrderSummary() {
  const { t } = useTranslation();
  const { state, totals } = useCartSummary();
  return (
    <aside className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">{t('checkout.orderSummary')}</h2>
      <ul className="cart-lines cart-lines--compact">
        {state.cartItems.map((item) => (
          <CartLine key={cartItemIdentity(item)} item={item} editable={false} />
        ))}
      </ul>
      <CartTotals totals={totals} />
    </aside>
  );
}

/** /checkout (spec transactions §2): personal → shipping → payment → review, once the cart is restored. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mounted = useMounted();
  const cart = useCart();
  const checkoutState = useCheckout();
  const checkout = useService(CheckoutService);
  const payment = useService(PaymentService);
  const online = useOnline();
  const [completion, setCompletion] = useState<CheckoutCompletion>();
  useDocumentTitle(t('checkout.title'));

  // methods from the core: the configured shipping rate, the provider's mapped methods + cash on delivery, iDEAL issuers
  useEffect(() => {
    // the server's methods for the chosen country merged with the configured DPD rate (offline: the configured rate)
    if (online) void checkout.fetchShippingMethods().catch(() => checkout.loadShippingMethods());
    else checkout.loadShippingMethods();
    void checkout.loadPaymentMethods();
    void payment.fetchIssuers();
  }, [checkout, payment, online]);
  // a checkout resumed at a later step chooses its saved methods again once offered (the totals carry their costs)
  const methodsReady = checkoutState.loaded && checkoutState.shippingMethods.length > 0 && checkoutState.paymentMethods.length > 0;
  useEffect(() => {
    if (methodsReady) void checkout.restoreSelections();
  }, [checkout, methodsReady]);
  // a failed fetch is tried again when the step renders
  useEffect(() => void loadPaymentStep().catch(() => undefined), []);
  // leaving the page ends the thank-you view (spec §4: offline orders then wait for confirmation)
  useEffect(() => () => checkout.setThankYouPage(false), [checkout]);

  function onCompleted(c: CheckoutCompletion) {
    setCompletion(c);
    window.scrollTo(0, 0);
    if (c.kind === 'redirect') window.location.assign(c.url);
    else if (c.kind === 'payment-error') navigate(c.url);
  }

  if (completion) return <Outcome completion={completion} />;
  const loading = !mounted || !cart.loaded || !checkoutState.loaded;
  const empty = !loading && cart.cartItems.length === 0;
  // this cart was ordered in another tab of the browser: show that order, not an empty cart
  const elsewhere = empty && checkoutState.lastOrder?.placedElsewhere ? checkoutState.lastOrder : undefined;
  if (elsewhere) {
    const kind = elsewhere.status === 'queued' ? 'queued' : 'thank-you';
    return <Outcome completion={{ kind, order: elsewhere }} />;
  }
  return (
    <section className={empty ? 'checkout checkout--empty' : 'checkout'}>
      <h1>{t('checkout.title')}</h1>
      {loading ? (
        <p role="status">{t('common.loading')}</p>
      ) : empty ? (
        <>
          <p>{t('cart.cartEmptyCheckout')}</p>
          <Link to="/" className="button button--secondary">
            {t('notFound.home')}
          </Link>
        </>
      ) : (
        <div className="checkout__layout">
          <Steps onCompleted={onCompleted} />
          <OrderSummary />
        </div>
      )}
    </section>
  );
}
