import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopConfig } from '../../../core/config';
import { addressErrors } from '../../../core/checkout/address-rules';
import type { AddressFormValues } from '../../../core/checkout/saved-addresses';
import { useConfig } from '../../hooks/use-service';
import { useSession } from '../../hooks/use-transactions';
import type { FormApi, FormValues } from '../../hooks/use-form';
import { Field } from '../common/Field';
import { SelectField } from '../common/ChoiceFields';

/** the address fields as a form holds them (core's AddressFormValues as a type alias, which a form's values need) */
export type AddressValues = Record<keyof AddressFormValues, string>;

export const EMPTY_ADDRESS = (config: ShopConfig): AddressValues => ({
  firstName: '',
  lastName: '',
  streetAddress: '',
  apartmentNumber: '',
  zipCode: '',
  city: '',
  country: config.i18n.defaultCountry,
  phoneNumber: '',
});

/** The address as the form holds it, trimmed for saving (country is a select: kept as it is). */
export function addressFromValues(v: AddressValues): AddressValues {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    streetAddress: v.streetAddress.trim(),
    apartmentNumber: v.apartmentNumber.trim(),
    zipCode: v.zipCode.trim(),
    city: v.city.trim(),
    country: v.country,
    phoneNumber: v.phoneNumber.trim(),
  };
}

// a logged-in customer's saved addresses: their code comes when a customer is logged in (not with a guest's checkout)
const Saved = lazy(() => import('./AddressFieldsSaved'));

/**
 * The address inputs of the shipping and billing steps, checked by the core's rule (spec transactions §5). For a
 * logged-in customer the saved addresses are offered above them and a new one can be kept below (AddressFieldsSaved);
 * `blank` is what the step shows before anyone types (default: EMPTY_ADDRESS).
 */
export function AddressFields<V extends FormValues & AddressValues>({ form, use, blank }: { form: FormApi<V>; use?: 'shipping'; blank?: AddressValues }) {
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
