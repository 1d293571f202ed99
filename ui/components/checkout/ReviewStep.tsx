import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PaymentService, type CheckoutCompletion } from '../../../core/checkout/payment-service';
import { validateTerms } from '../../../core/checkout/form-validation';
import { useService } from '../../hooks/use-service';
import { useForm } from '../../hooks/use-form';
import { useCheckout, useOnline, usePayment } from '../../hooks/use-transactions';
import { useServerAction } from '../../hooks/use-server-action';
import { FormMessage, Form } from '../common/Field';
import { CheckboxField } from '../common/ChoiceFields';
import { usePaymentMethodTitle } from './payment-method-title';

/** Step 4: order review, terms and conditions, place order (the outcome: PaymentService.completeCheckout). */
export function ReviewStep({ onCompleted }: { onCompleted: (c: CheckoutCompletion) => void }) {
  const { t } = useTranslation();
  const payment = useService(PaymentService);
  const state = useCheckout();
  const paymentState = usePayment();
  const online = useOnline();
  const methodTitle = usePaymentMethodTitle();
  const action = useServerAction();
  const validate = (v: { terms: boolean }) => ({ terms: validateTerms(v.terms) });
  const form = useForm({ terms: false }, validate);
  const { personalDetails: p, shippingDetails: s, paymentDetails: pay } = state;
  const method = state.paymentMethods.find((m) => m.code === pay?.paymentMethod);
  const issuer = paymentState.issuers.find((i) => i.id === pay?.paymentMethodAdditional?.['issuer']);
  const busy = state.placing || paymentState.creating;
  return (
    <Form form={form} onSubmit={async () => {
      await action.run(async () => onCompleted(await payment.completeCheckout()));
    }}>
      <dl className="review">
        <div>
          <dt>{t('checkout.personalDetails')}</dt>
          <dd>
            {p?.firstName} {p?.lastName}
            <br />
            {p?.emailAddress}
          </dd>
        </div>
        <div>
          <dt>{t('checkout.shippingAddress')}</dt>
          <dd>
            {s?.streetAddress} {s?.apartmentNumber}
            <br />
            {s?.zipCode} {s?.city}, {s ? t(`country.${s.country}`) : null}
          </dd>
        </div>
        <div>
          <dt>{t('checkout.paymentMethod')}</dt>
          <dd>
            {method ? methodTitle(method) : pay?.paymentMethod}
            {issuer ? ` (${issuer.name})` : null}
          </dd>
        </div>
      </dl>
      <CheckboxField
        form={form}
        name="terms"
        label={
          <>
            {t('checkout.acceptTerms')}{' '}
            <Link to="/i/leveringsvoorwaarden" target="_blank">
              {t('checkout.termsLink')}
            </Link>
          </>
        }
      />
      {!online ? <FormMessage kind="info">{t('checkout.offlineNote')}</FormMessage> : null}
      <FormMessage kind="error">{action.error}</FormMessage>
      <button type="submit" className="button button--primary button--large" disabled={busy} aria-busy={busy}>
        {busy ? t('checkout.placing') : t('checkout.placeOrder')}
      </button>
    </Form>
  );
}
