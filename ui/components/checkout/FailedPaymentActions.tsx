import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartService } from '../../../core/cart/cart-service';
import { backToCart } from '../../../core/checkout/back-to-cart';
import { CheckoutService } from '../../../core/checkout/checkout-service';
import { collectErrors, loadedIssuers, paymentChoiceChecks } from '../../../core/checkout/form-validation';
import { PaymentService } from '../../../core/checkout/payment-service';
import { SessionService } from '../../../core/user/session-service';
import { useForm } from '../../hooks/use-form';
import { useConfig, useService } from '../../hooks/use-service';
import { useCheckout, useErrorText, useMessageText, useMicrocartToggle, useOnline, usePayment } from '../../hooks/use-transactions';
import { localizeMessage } from '../../../core/server-messages';
import { PaymentMethodChoice } from './PaymentStep';

type V = { method: string; issuer: string };

/**
 * A failed, cancelled or expired payment is no dead end (beyond the spec): pay again for the same order
 * (PaymentService.retryPayment), or put the order's lines back into the cart (core/checkout/back-to-cart.ts).
 */
export function FailedPaymentActions({ orderToken, incrementId, email }: { orderToken: string; incrementId: string; email: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const online = useOnline();
  const checkout = useService(CheckoutService);
  const paymentService = useService(PaymentService);
  const cart = useService(CartService);
  const sessionService = useService(SessionService);
  const toggleCart = useMicrocartToggle();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const checkoutState = useCheckout();
  const payment = usePayment();
  const [retrying, setRetrying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();

  const methods = checkoutState.paymentMethods.filter((m) => paymentService.isProviderMethod(m.code));
  const issuerList = loadedIssuers(payment);
  const validate = (v: V) => {
    const { paymentMethod, issuer } = paymentChoiceChecks(v.method, v.issuer, issuerList, config);
    return collectErrors({ method: paymentMethod, issuer });
  };
  const form = useForm<V>({ method: '', issuer: '' }, validate);

  useEffect(() => {
    if (!retrying) return;
    void checkout.loadPaymentMethods();
    void paymentService.fetchIssuers();
  }, [retrying, checkout, paymentService]);

  async function restoreCart() {
    setBusy(true);
    setMessage(undefined);
    try {
      const outcome = await backToCart({ orders: checkout.orders, cart, session: sessionService }, { orderToken, incrementId });
      if (outcome.kind === 'lines-unknown') {
        setMessage({ kind: 'error', text: t('orderStatus.linesUnknown') });
        return;
      }
      setMessage({ kind: 'success', text: t('orderStatus.restored') });
      toggleCart(true);
    } catch (e) {
      setMessage({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="order-status__recovery">
      <div className="order-status__actions">
        <button type="button" className="button button--primary" aria-expanded={retrying} onClick={() => setRetrying((r) => !r)} disabled={!online}>
          {t('orderStatus.payAgain')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void restoreCart()} disabled={busy}>
          {t('orderStatus.backToCart')}
        </button>
      </div>
      {message ? (
        <p className={`form-message form-message--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      {retrying ? (
        <form
          noValidate
          className="order-status__retry form"
          aria-labelledby="retry-heading"
          onSubmit={form.submit(async (v) => {
            setBusy(true);
            setMessage(undefined);
            try {
              const outcome = await paymentService.retryPayment({ orderToken, incrementId, email }, v.method, v.issuer || undefined);
              if (outcome.ok) window.location.assign(outcome.redirectUrl);
              else {
                const failure = paymentService.snapshot().error;
                setMessage({ kind: 'error', text: failure ? messageText(localizeMessage(failure.key, failure.params)) : t(outcome.error, { message: '' }) });
              }
            } catch (e) {
              setMessage({ kind: 'error', text: errorText(e) });
            } finally {
              setBusy(false);
            }
          })}
        >
          <h2 id="retry-heading">{t('orderStatus.payAgainTitle', { incrementId })}</h2>
          <PaymentMethodChoice
            form={form}
            method="method"
            issuer="issuer"
            methods={methods}
            notice={methods.length === 0 ? <p role="status">{checkoutState.paymentMethodsError ? t(checkoutState.paymentMethodsError) : t('common.loading')}</p> : null}
          />
          <button type="submit" className="button button--primary" disabled={busy || !online}>
            {t('orderStatus.payNow')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
