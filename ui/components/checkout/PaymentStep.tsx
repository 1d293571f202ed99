import { useCallback, useEffect, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutService } from '../../../core/checkout/checkout-service';
import { addressErrors } from '../../../core/checkout/address-rules';
import { collectErrors, loadedIssuers, needsIssuer, paymentChoiceChecks, paymentMethodUnavailable, validateTaxId } from '../../../core/checkout/form-validation';
import type { CheckoutPaymentMethod } from '../../../core/checkout/types';
import { useConfig, useService } from '../../hooks/use-service';
import { useForm } from '../../hooks/use-form';
import { useCheckout, useMoney, usePayment } from '../../hooks/use-transactions';
import { Field } from '../common/Field';
import { CheckboxField, SelectField } from '../common/ChoiceFields';
import { AddressFields, addressFromDetails, addressFromValues, EMPTY_ADDRESS, type AddressValues } from './AddressFields';

type V = AddressValues & { sameAsShipping: boolean; company: string; taxId: string; paymentMethod: string; issuer: string };

/** The title of a method: cash on delivery has its own text, provider methods their description. */
export function usePaymentMethodTitle(): (m: Pick<CheckoutPaymentMethod, 'code' | 'title'>) => string {
  const { t } = useTranslation();
  const config = useConfig();
  return (m) => (m.code === config.payment.cashOnDelivery.code ? t('payment.cashOnDelivery') : m.title);
}

/**
 * Step 3: billing address (same as shipping by default), payment method (the provider's mapped methods plus cash
 * on delivery, from the core) and the iDEAL issuer (spec §3, §5).
 */
export function PaymentStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const money = useMoney();
  const checkout = useService(CheckoutService);
  const state = useCheckout();
  const payment = usePayment();
  const title = usePaymentMethodTitle();
  const methods = state.paymentMethods;
  const saved = state.paymentDetails;
  const shipping = state.shippingDetails;
  const issuers = payment.issuers;
  // the bank list once loaded (an empty list answers 'No issuers'); undefined while it is still on its way
  const issuerList = loadedIssuers(payment);
  const validate = useCallback(
    (v: V) => ({
      ...(v.sameAsShipping ? {} : addressErrors(v, config)),
      ...collectErrors({
        taxId: v.sameAsShipping ? null : validateTaxId(v.taxId, config),
        // spec transactions §5: iDEAL needs one of the provider's banks; with none it cannot be chosen ('No issuers')
        ...paymentChoiceChecks(v.paymentMethod, v.issuer, issuerList, config),
      }),
    }),
    [config, issuerList],
  );
  const sameAsShipping =
    !saved || !shipping || (saved.streetAddress === shipping.streetAddress && saved.zipCode === shipping.zipCode && saved.lastName === shipping.lastName);
  const defaultMethod = methods.find((m) => m.default)?.code ?? '';
  const form = useForm<V>(
    {
      ...(saved ? addressFromDetails(saved) : EMPTY_ADDRESS(config)),
      company: saved?.company ?? '',
      taxId: saved?.taxId ?? '',
      sameAsShipping,
      paymentMethod: saved?.paymentMethod ?? defaultMethod,
      issuer: typeof saved?.paymentMethodAdditional?.['issuer'] === 'string' ? (saved.paymentMethodAdditional['issuer'] as string) : '',
    },
    validate,
  );
  // the methods may arrive after the first render: preselect the default one
  useEffect(() => {
    if (!form.values.paymentMethod && defaultMethod) form.set('paymentMethod', defaultMethod);
  }, [defaultMethod, form]);
  const methodErrorId = `${form.inputId('paymentMethod')}-error`;
  const methodError = form.error('paymentMethod');
  return (
    <form
      noValidate
      className="form"
      onSubmit={form.submit(async (v) => {
        const method = methods.find((m) => m.code === v.paymentMethod);
        if (!method || !shipping) return;
        const address = v.sameAsShipping ? addressFromDetails(shipping) : addressFromValues(v);
        await checkout.savePaymentDetails({
          ...address,
          ...(v.sameAsShipping ? {} : { company: v.company.trim(), taxId: v.taxId.trim() }),
          paymentMethod: method.code,
          ...(needsIssuer(method.code, config) && v.issuer ? { paymentMethodAdditional: { issuer: v.issuer } } : {}),
        });
        // the core records the method on the cart and refreshes the totals (collect-totals)
        await checkout.selectPaymentMethod(method.code);
        onDone();
      })}
    >
      <CheckboxField form={form} name="sameAsShipping" label={t('checkout.sameAsShipping')} />
      {!form.values.sameAsShipping ? (
        <>
          <AddressFields form={form} />
          <div className="form__row">
            <Field form={form} name="company" label={t('checkout.company')} autoComplete="organization" />
            <Field form={form} name="taxId" label={t('checkout.taxId')} />
          </div>
        </>
      ) : null}
      <fieldset className="methods" aria-describedby={methodErrorId}>
        <legend>{t('checkout.paymentMethod')}</legend>
        {methods.length === 0 ? <p role="status">{t('common.loading')}</p> : null}
        {/* spec transactions §5, §8: no provider method offered → 'No payment methods configured' */}
        {state.paymentMethodsError ? (
          <p className="methods__notice" role="status" data-notice="no-payment-methods">
            {t(state.paymentMethodsError)}
          </p>
        ) : null}
        {methods.map((m, i) => (
          <PaymentMethodOption
            key={m.code}
            method={m}
            title={title(m)}
            price={m.cost_incl_tax ? money(m.cost_incl_tax) : undefined}
            inputId={form.inputId('paymentMethod')}
            first={i === 0}
            name="paymentMethod"
            checked={form.values.paymentMethod === m.code}
            onChange={form.onChange('paymentMethod')}
            unavailable={paymentMethodUnavailable(m.code, payment, config)}
          />
        ))}
        <p id={methodErrorId} className="field__error" aria-live="polite">
          {methodError ? t(methodError.key) : null}
        </p>
      </fieldset>
      {needsIssuer(form.values.paymentMethod, config) && issuers.length > 0 ? (
        <SelectField
          form={form}
          name="issuer"
          label={t('checkout.issuer')}
          placeholder={t('checkout.chooseIssuer')}
          options={issuers.map((i) => ({ value: i.id, label: i.name }))}
          required
        />
      ) : null}
      <button type="submit" className="button button--primary">
        {t('checkout.continueToReview')}
      </button>
    </form>
  );
}

/**
 * One payment method as a radio with its logo, title and price; a method that cannot be chosen (iDEAL without banks,
 * spec transactions §8 'No issuers') is disabled and says why. Used by the checkout's payment step and by the
 * failed-payment retry on the order-status page.
 */
export function PaymentMethodOption(props: {
  method: CheckoutPaymentMethod;
  title: string;
  price?: string | undefined;
  inputId: string;
  first: boolean;
  name: string;
  checked: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  unavailable: boolean;
}) {
  const { t } = useTranslation();
  const { method: m, unavailable } = props;
  const noteId = `${props.inputId}-${m.code}-note`;
  return (
    <label className={`method${unavailable ? ' method--unavailable' : ''}`}>
      <input
        type="radio"
        name={props.name}
        value={m.code}
        id={props.first ? props.inputId : undefined}
        checked={props.checked}
        onChange={props.onChange}
        disabled={unavailable}
        aria-describedby={unavailable ? noteId : undefined}
      />
      {m.image?.svg ? <img className="method__logo" src={m.image.svg} alt="" width={48} height={30} /> : null}
      <span className="method__title">{props.title}</span>
      {props.price ? <span className="method__price">{props.price}</span> : null}
      {unavailable ? (
        <span className="method__note" id={noteId}>
          {t('payment.noIssuers')}
        </span>
      ) : null}
    </label>
  );
}
