import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutService } from '../../../core/checkout/checkout-service';
import { billingAddressErrors } from '../../../core/checkout/address-rules';
import {
  loadedIssuers, needsIssuer, paymentChoiceChecks, paymentMethodUnavailable,
} from '../../../core/checkout/form-validation';
import { billingIsShipping, keptPaymentChoice, resolvePaymentChoice } from '../../../core/checkout/payment-choice';
import { MESSAGES } from '../../../core/messages';
import type { CheckoutPaymentMethod } from '../../../core/checkout/types';
import { useConfig, useService } from '../../hooks/use-service';
import { useForm, type FormApi, type FormValues } from '../../hooks/use-form';
import { useCheckout, useMoney, usePayment } from '../../hooks/use-transactions';
import { Field, FieldError, Form } from '../common/Field';
import { CheckboxField, SelectField } from '../common/ChoiceFields';
import { AddressFields, addressFromDetails, addressFromValues, EMPTY_ADDRESS } from './AddressFields';
import type { AddressFormValues } from '../../../core/checkout/saved-addresses';
import { usePaymentMethodTitle } from './payment-method-title';

type V = AddressFormValues & { sameAsShipping: boolean; company: string; taxId: string } & PaymentFields;
type PaymentFields = { paymentMethod: string; issuer: string; saveInAccount: boolean };

/** Step 3: billing address (same as shipping by default), payment method and the iDEAL issuer (spec §3, §5). */
export function PaymentStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const money = useMoney();
  const checkout = useService(CheckoutService);
  const state = useCheckout();
  const payment = usePayment();
  const methods = state.paymentMethods;
  const saved = state.paymentDetails;
  const shipping = state.shippingDetails;
  // spec transactions §5: the billing address rule; iDEAL needs one of the provider's banks ('No issuers' without)
  const validate = (v: V) => ({
    ...(v.sameAsShipping ? {} : billingAddressErrors(v, config)),
    ...paymentChoiceChecks(v.paymentMethod, v.issuer, loadedIssuers(payment), config),
  });
  // the method picked before, or the default when it is no longer offered (offline: unknown, not withdrawn)
  const offline = state.paymentMethodsError === MESSAGES.paymentMethodsOffline;
  const chosen = resolvePaymentChoice(keptPaymentChoice(state.paymentChoice, saved), methods, offline);
  const title = usePaymentMethodTitle();
  const sameAsShipping = billingIsShipping(saved, shipping);
  const form = useForm<V>(
    {
      ...(saved ? addressFromDetails(saved) : EMPTY_ADDRESS(config)),
      company: saved?.company ?? '',
      taxId: saved?.taxId ?? '',
      sameAsShipping,
      paymentMethod: chosen.method,
      issuer: chosen.issuer,
      saveInAccount: !!saved?.saveInAccount,
    },
    validate,
  );
  // the shown pick follows the core: the methods arriving, a fallback, a pick made in another tab
  const { setAll } = form;
  useEffect(() => setAll({ paymentMethod: chosen.method, issuer: chosen.issuer }), [setAll, chosen.method, chosen.issuer]);
  // the shopper's pick (method, bank) is kept with the checkout details until the step is confirmed
  const { paymentMethod: picked, issuer: pickedIssuer } = form.values;
  useEffect(() => {
    if (picked === chosen.method && pickedIssuer === chosen.issuer) return;
    if (!methods.some((m) => m.code === picked)) return;
    void checkout.choosePaymentMethod({ method: picked, ...(needsIssuer(picked, config) && pickedIssuer ? { issuer: pickedIssuer } : {}) });
    // only a change of the form's values is the shopper's (the core's pick is followed above)
  }, [picked, pickedIssuer]);
  return (
    <Form form={form} onSubmit={async (v) => {
      const method = methods.find((m) => m.code === v.paymentMethod);
      if (!method || !shipping) return;
      const address = v.sameAsShipping ? addressFromDetails(shipping) : addressFromValues(v);
      await checkout.savePaymentDetails({
        ...address,
        // a billing address of its own may be kept in the account after the order (core/checkout/saved-addresses.ts)
        ...(v.sameAsShipping ? {} : { company: v.company.trim(), taxId: v.taxId.trim(), saveInAccount: v.saveInAccount }),
        paymentMethod: method.code,
        ...(needsIssuer(method.code, config) && v.issuer ? { paymentMethodAdditional: { issuer: v.issuer } } : {}),
      });
      // the core records the method on the cart and refreshes the totals (collect-totals)
      await checkout.selectPaymentMethod(method.code);
      onDone();
    }}>
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
      <PaymentMethodChoice
        form={form}
        methods={methods}
        price={(m) => (m.cost_incl_tax ? money(m.cost_incl_tax) : undefined)}
        notice={
          <>
            {methods.length === 0 && !state.paymentMethodsError ? <p role="status">{t('common.loading')}</p> : null}
            {/* spec transactions §5, §8: none offered, or offline (cash on delivery still works: sent later) */}
            {state.paymentMethodsError ? (
              <p className="methods__notice" role="status" data-notice={offline ? 'offline' : 'no-payment-methods'}>
                {t(state.paymentMethodsError)}
                {offline && methods.length > 0 ? ` ${t('payment.offlineOrder')}` : null}
              </p>
            ) : null}
            {chosen.replaced ? (
              <p className="methods__notice" role="status" data-notice="method-replaced">
                {t('payment.methodReplaced', { method: title({ code: chosen.replaced, title: chosen.replaced }) })}
              </p>
            ) : null}
          </>
        }
      />
      <button type="submit" className="button button--primary">
        {t('checkout.continueToReview')}
      </button>
    </Form>
  );
}

/** The payment methods as radios and the bank select for iDEAL (spec transactions §5, §8); also the retry's. */
export function PaymentMethodChoice<V extends FormValues & { paymentMethod: string; issuer: string }>({
  form,
  methods,
  notice,
  price,
}: {
  form: FormApi<V>;
  methods: readonly CheckoutPaymentMethod[];
  notice: ReactNode;
  price?: (m: CheckoutPaymentMethod) => string | undefined;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const payment = usePayment();
  const title = usePaymentMethodTitle();
  const method = 'paymentMethod';
  const inputId = form.inputId(method);
  const error = form.error(method);
  return (
    <>
      <fieldset className="methods" aria-describedby={`${inputId}-error`}>
        <legend>{t('checkout.paymentMethod')}</legend>
        {notice}
        {methods.map((m, i) => {
          // spec transactions §8 'No issuers': a method that cannot be chosen says why
          const unavailable = paymentMethodUnavailable(m.code, payment, config);
          const noteId = `${inputId}-${m.code}-note`;
          return (
            <label key={m.code} className={`method${unavailable ? ' method--unavailable' : ''}`}>
              <input
                type="radio"
                name={method}
                value={m.code}
                id={i === 0 ? inputId : undefined}
                checked={form.values[method] === m.code}
                onChange={form.onChange(method)}
                disabled={unavailable}
                aria-describedby={unavailable ? noteId : undefined}
              />
              {m.image?.svg ? <img className="method__logo" src={m.image.svg} alt="" width={48} height={30} /> : null}
              <span className="method__title">{title(m)}</span>
              {price?.(m) ? <span className="method__price">{price(m)}</span> : null}
              {unavailable ? (
                <span className="method__note" id={noteId}>
                  {t('payment.noIssuers')}
                </span>
              ) : null}
            </label>
          );
        })}
        <FieldError id={`${inputId}-error`} text={error ? t(error.key) : undefined} />
      </fieldset>
      {needsIssuer(form.values.paymentMethod, config) && payment.issuers.length > 0 ? (
        <SelectField
          form={form}
          name="issuer"
          label={t('checkout.issuer')}
          placeholder={t('checkout.chooseIssuer')}
          options={payment.issuers.map((i) => ({ value: i.id, label: i.name }))}
          required
        />
      ) : null}
    </>
  );
}
