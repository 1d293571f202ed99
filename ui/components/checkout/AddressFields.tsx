import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopConfig } from '../../../core/config';
import { addressErrors } from '../../../core/checkout/address-rules';
import type { AddressFormValues } from '../../../core/checkout/saved-addresses';
import type { CheckoutAddress } from '../../../core/checkout/types';
import { useConfig } from '../../hooks/use-service';
import { useSession } from '../../hooks/use-transactions';
import type { FormApi, FormValues } from '../../hooks/use-form';
import { Field } from '../common/Field';
import { SelectField } from '../common/ChoiceFields';

/** Saved details as the address fields alone: core's formValuesOf, whose module is over the checkout's byte budget. */
export function addressFromDetails(d: CheckoutAddress): AddressFormValues {
  const { firstName, lastName, streetAddress, apartmentNumber = '', zipCode, city, country, phoneNumber = '' } = d;
  return { firstName, lastName, streetAddress, apartmentNumber, zipCode, city, country, phoneNumber };
}

/** The fields before anyone types: empty, the shop's own country. */
export function EMPTY_ADDRESS(config: ShopConfig): AddressFormValues {
  const country = config.i18n.defaultCountry;
  return addressFromDetails({ firstName: '', lastName: '', streetAddress: '', zipCode: '', city: '', country });
}

/** The address fields of a form, trimmed for saving. */
export const addressFromValues = (v: AddressFormValues): AddressFormValues =>
  Object.fromEntries(Object.entries(addressFromDetails(v)).map(([k, s]) => [k, s.trim()])) as AddressFormValues;

// a logged-in customer's saved addresses: their code comes when a customer is logged in (not with a guest's checkout)
const Saved = lazy(() => import('./AddressFieldsSaved'));

/** The address inputs (spec transactions §5) with a customer's saved addresses; `blank`: the fields before typing. */
export function AddressFields<V extends FormValues & AddressFormValues>({ form, use, blank }: { form: FormApi<V>; use?: 'shipping'; blank?: AddressFormValues }) {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const customer = session.token && session.current;
  const countries = config.checkout.allowedCountries.map((c) => ({ value: c, label: t(`country.${c}`) }));
  const saved = (part: 'choice' | 'keep') =>
    customer ? (
      <Suspense fallback={null}>
        <Saved
          form={form}
          use={use}
          blank={blank ?? EMPTY_ADDRESS(config)}
          customer={customer}
          rule={addressErrors}
          part={part}
        />
      </Suspense>
    ) : null;
  return (
    <>
      {saved('choice')}
      <div className="address-fields">
        <div className="form__row">
          <Field form={form} name="firstName" label={t('checkout.firstName')} autoComplete="given-name" required />
          <Field form={form} name="lastName" label={t('checkout.lastName')} autoComplete="family-name" required />
        </div>
        <div className="form__row">
          <Field form={form} name="streetAddress" label={t('checkout.streetAddress')} autoComplete="address-line1" required />
          <Field form={form} name="apartmentNumber" label={t('checkout.apartmentNumber')} autoComplete="address-line2" />
        </div>
        <div className="form__row">
          <Field form={form} name="zipCode" label={t('checkout.zipCode')} autoComplete="postal-code" required />
          <Field form={form} name="city" label={t('checkout.city')} autoComplete="address-level2" required />
        </div>
        <div className="form__row">
          <SelectField form={form} name="country" label={t('checkout.country')} options={countries} required />
          <Field form={form} name="phoneNumber" type="tel" label={t('checkout.phoneNumber')} autoComplete="tel" />
        </div>
      </div>
      {saved('keep')}
    </>
  );
}
