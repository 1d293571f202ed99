import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutService } from '../../../core/checkout/checkout-service';
import { defaultMethod } from '../../../core/checkout/checkout-rules';
import { validateRequired } from '../../../core/checkout/form-validation';
import { useConfig, useService } from '../../hooks/use-service';
import { useForm } from '../../hooks/use-form';
import { useCheckout, useMoney } from '../../hooks/use-transactions';
import { addressFieldChecks } from '../../../core/checkout/address-rules';
import { FieldError, Form } from '../common/Field';
import { AddressFields, addressFromDetails, addressFromValues, EMPTY_ADDRESS } from './AddressFields';
import type { AddressFormValues } from '../../../core/checkout/saved-addresses';

type V = AddressFormValues & { shippingMethod: string; saveInAccount: boolean };
const methodKey = (m: { carrier_code: string; method_code: string }) => `${m.carrier_code}_${m.method_code}`;

/** Step 2: shipping address (BE and NL only) and method (the DPD Courier flat rate; spec §5, §9). */
export function ShippingStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const money = useMoney();
  const checkout = useService(CheckoutService);
  const state = useCheckout();
  const methods = state.shippingMethods;
  const saved = state.shippingDetails;
  const personal = state.personalDetails;
  const validate = (v: V) => ({ ...addressFieldChecks(v, config), shippingMethod: validateRequired(v.shippingMethod) });
  const fallback = defaultMethod(methods);
  // what the step shows before anyone types: a saved default address fills only this (AddressFields)
  const blank = { ...EMPTY_ADDRESS(config), firstName: personal?.firstName ?? '', lastName: personal?.lastName ?? '' };
  const form = useForm<V>(
    {
      ...(saved ? addressFromDetails(saved) : blank),
      shippingMethod: saved ? `${saved.shippingCarrier ?? saved.shippingMethod}_${saved.shippingMethod}` : fallback ? methodKey(fallback) : '',
      saveInAccount: !!saved?.saveInAccount,
    },
    validate,
  );
  // the methods may arrive after the first render: preselect the default one
  useEffect(() => {
    if (!form.values.shippingMethod && fallback) form.setAll({ shippingMethod: methodKey(fallback) });
  }, [fallback, form]);
  const errorId = `${form.inputId('shippingMethod')}-error`;
  const methodError = form.error('shippingMethod');
  return (
    <Form form={form} onSubmit={async (v) => {
      const method = methods.find((m) => methodKey(m) === v.shippingMethod) ?? fallback;
      if (!method) return;
      await checkout.saveShippingDetails({
        ...addressFromValues(v),
        shippingMethod: method.method_code,
        shippingCarrier: method.carrier_code,
        // kept in the account after the order, unless the account has it already (core/checkout/saved-addresses.ts)
        saveInAccount: v.saveInAccount,
      });
      // the core sends the address to the server (shipping-information) so its totals carry the shipping once
      await checkout.selectShippingMethod(method.method_code, method.carrier_code);
      onDone();
    }}>
      <AddressFields form={form} use="shipping" blank={blank} />
      <fieldset className="methods" aria-describedby={errorId}>
        <legend>{t('checkout.shippingMethod')}</legend>
        {methods.map((m, i) => (
          <label key={methodKey(m)} className="method">
            <input
              type="radio"
              name="shippingMethod"
              value={methodKey(m)}
              id={i === 0 ? form.inputId('shippingMethod') : undefined}
              checked={form.values.shippingMethod === methodKey(m)}
              onChange={form.onChange('shippingMethod')}
            />
            <span className="method__title">{m.method_title}</span>
            <span className="method__price">{money(m.price_incl_tax)}</span>
          </label>
        ))}
        <FieldError id={errorId} text={methodError ? t(methodError.key) : undefined} />
      </fieldset>
      <button type="submit" className="button button--primary">
        {t('checkout.continueToPayment')}
      </button>
    </Form>
  );
}
