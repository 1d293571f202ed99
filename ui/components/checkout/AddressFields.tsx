import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopConfig } from '../../../core/config';
import { addressErrors } from '../../../core/checkout/address-rules';
import { useConfig } from '../../hooks/use-service';
import { useSession } from '../../hooks/use-transactions';
import type { FormApi, FormValues } from '../../hooks/use-form';
import { Field } from '../common/Field';
import { SelectField } from '../common/ChoiceFields';

export type AddressValues = {
  firstName: string;
  lastName: string;
  streetAddress: string;
  apartmentNumber: string;
  zipCode: string;
  city: string;
  country: string;
  phoneNumber: string;
};

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

/** A saved address (shipping or payment details) as form values. */
export function addressFromDetails(d: Omit<AddressValues, 'apartmentNumber' | 'phoneNumber'> & { apartmentNumber?: string; phoneNumber?: string }): AddressValues {
  return {
    firstName: d.firstName,
    lastName: d.lastName,
    streetAddress: d.streetAddress,
    apartmentNumber: d.apartmentNumber ?? '',
    zipCode: d.zipCode,
    city: d.city,
    country: d.country,
    phoneNumber: d.phoneNumber ?? '',
  };
}

// a logged-in customer's saved addresses: their code comes when a customer is logged in (not with a guest's checkout)
const Saved = lazy(() => import('./AddressFieldsSaved'));

/**
 * The address inputs of the shipping and billing steps; countries are the allowed ones (BE, NL). The rule they are
 * checked by is the core's (core/checkout/address-rules.ts addressFieldChecks, spec transactions §5). For a logged-in
 * customer the saved addresses are offered above them (the default billing address, or with `use` 'shipping' the
 * default shipping one, fills what nobody typed in: `blank` is what the step shows before anyone types, empty fields and
 * the default country unless given) and, in a form with `saveInAccount`, a new address can be kept in the account below
 * them (AddressFieldsSaved.tsx).
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
        <Saved form={form} use={use} blank={blank} customer={customer} rule={addressErrors} part={part} />
      </Suspense>
    ) : null;
  // the choice and the keep box beside the fields' block: each its own row of the form
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
