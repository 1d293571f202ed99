import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartService } from '../../../core/cart/cart-service';
import { backToCart } from '../../../core/checkout/back-to-cart';
import { CheckoutService } from '../../../core/checkout/checkout-service';
import { loadedIssuers, paymentChoiceChecks } from '../../../core/checkout/form-validation';
import { PaymentService } from '../../../core/checkout/payment-service';
import { SessionService } from '../../../core/user/session-service';
import { useForm } from '../../hooks/use-form';
import { useConfig, useService } from '../../hooks/use-service';
import { useCheckout, useMessageText, useMicrocartToggle, useOnline, usePayment } from '../../hooks/use-transactions';
import { Refusal, useServerAction } from '../../hooks/use-server-action';
import { FormMessage, Form } from '../common/Field';
import { localizeMessage } from '../../../core/server-messages';
import { PaymentMethodChoice } from './PaymentStep';

type V = { paymentMethod: string; issuer: string };

/** A failed, cancelled or expired payment: pay again for the same order, or put its lines back in the cart. */
export function FailedPaymentActions({ orderToken, incrementId, email }: { orderToken: string; incrementId: string; email: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const online = useOnline();
  const checkout = useService(CheckoutService);
  const paymentService = useService(PaymentService);
  const cart = useService(CartService);
  const sessionService = useService(SessionService);
  const toggleCart = useMicrocartToggle();
  const messageText = useMessageText();
  const action = useServerAction();
  const checkoutState = useCheckout();
  const payment = usePayment();
  const [retrying, setRetrying] = useState(false);

  const methods = checkoutState.paymentMethods.filter((m) => paymentService.isProviderMethod(m.code));
  const validate = (v: V) => paymentChoiceChecks(v.paymentMethod, v.issuer, loadedIssuers(payment), config);
  const form = useForm<V>({ paymentMethod: '', issuer: '' }, validate);
  // the form opened: its methods and banks are asked for
  const toggleRetry = () => {
    if (!retrying) void Promise.all([checkout.loadPaymentMethods(), paymentService.fetchIssuers()]);
    setRetrying(!retrying);
  };

  const restoreCart = () =>
    action.run(async () => {
      const outcome = await backToCart({ orders: checkout.orders, cart, session: sessionService }, { orderToken, incrementId });
      if (outcome.kind === 'lines-unknown') throw new Refusal(t('orderStatus.linesUnknown'));
      toggleCart(true);
    }, t('orderStatus.restored'));

  return (
    <div className="order-status__recovery">
      <div className="order-status__actions">
        <button type="button" className="button button--primary" aria-expanded={retrying} onClick={toggleRetry} disabled={!online}>
          {t('orderStatus.payAgain')}
        </button>
        <button type="button" className="button button--secondary" onClick={restoreCart} disabled={action.busy}>
          {t('orderStatus.backToCart')}
        </button>
      </div>
      <FormMessage kind="success">{action.done}</FormMessage>
      <FormMessage kind="error">{action.error}</FormMessage>
      {retrying ? (
        <Form form={form} className="order-status__retry" aria-labelledby="retry-heading" onSubmit={async (v) => {
          await action.run(async () => {
            const outcome = await paymentService.retryPayment({ orderToken, incrementId, email }, v.paymentMethod, v.issuer || undefined);
            if (outcome.ok) return window.location.assign(outcome.redirectUrl);
            const failure = paymentService.snapshot().error;
            const text = failure && messageText(localizeMessage(failure.key, failure.params));
            throw new Refusal(text || t(outcome.error, { message: '' }));
          });
        }}>
          <h2 id="retry-heading">{t('orderStatus.payAgainTitle', { incrementId })}</h2>
          <PaymentMethodChoice
            form={form}
            methods={methods}
            notice={methods.length === 0 ? <p role="status">{checkoutState.paymentMethodsError ? t(checkoutState.paymentMethodsError) : t('common.loading')}</p> : null}
          />
          <button type="submit" className="button button--primary" disabled={action.busy || !online}>
            {t('orderStatus.payNow')}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
