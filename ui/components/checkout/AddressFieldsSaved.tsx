import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
// the address book's texts are the account pages' (they come with this chunk, not with the checkout's first load)
import '../../i18n/account-page-texts';
import type { addressErrors } from '../../../core/checkout/address-rules';
import type { Customer } from '../../../core/ports/user-api';
import type { AddressUse } from '../../../core/user/address-book';
import { addressLine, chooseAddress, chosenAddress, formValuesOf, NEW_ADDRESS, prefillAddress, savedAddressOptions } from '../../../core/checkout/saved-addresses';
import type { AddressFormValues } from '../../../core/checkout/saved-addresses';
import { useConfig } from '../../hooks/use-service';
import type { FormApi, FormValues } from '../../hooks/use-form';
import { CheckboxField } from '../common/ChoiceFields';

type KeepValues = AddressFormValues & { saveInAccount: boolean };

/** A customer's saved addresses: 'choice', radios above the fields; 'keep', "Save this address" below a new one. */
export default function AddressFieldsSaved<V extends FormValues & AddressFormValues>({
  form,
  use = 'billing',
  blank,
  customer,
  rule,
  part,
}: {
  form: FormApi<V>;
  use?: AddressUse | undefined;
  /** what the fields show before anyone types */
  blank: AddressFormValues;
  customer: Customer;
  /** the address rule, from the checkout's first load: a module this chunk shared with it would split that load */
  rule: typeof addressErrors;
  part: 'choice' | 'keep';
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const options = useMemo(() => savedAddressOptions(customer, use, (a) => Object.keys(rule(a, config)).length === 0), [customer, use, rule, config]);
  // the step starts (or the customer's addresses arrive): the default address into fields nobody typed in
  useEffect(() => {
    if (part !== 'choice') return;
    const filled = prefillAddress(form.values, blank, options);
    // the address fields alone: the form's other fields may have changed since this render
    if (filled !== form.values) form.setAll(formValuesOf(filled) as Partial<V>);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new list of addresses pre-fills
  }, [options]);
  const chosen = chosenAddress(form.values, options);
  if (part === 'keep') {
    if (chosen || !('saveInAccount' in form.values)) return null;
    const keep = form as unknown as FormApi<KeepValues>;
    return <CheckboxField form={keep} name="saveInAccount" label={t('account.addressBook.keep')} />;
  }
  if (options.length === 0) return null;
  const choice = chosen?.key ?? NEW_ADDRESS;
  const name = `${form.id}-saved-address`;
  const pick = (key: string) => form.setAll(formValuesOf(chooseAddress(form.values, key, blank, options)) as Partial<V>);
  const radio = (key: string, label: string) => (
    <label key={key} className="method">
      <input type="radio" name={name} value={key} checked={choice === key} onChange={() => pick(key)} />
      <span className="method__title">{label}</span>
    </label>
  );
  return (
    <fieldset className="methods saved-addresses">
      <legend>{t('account.addressBook.choose')}</legend>
      {options.map((o) => {
        // the country is named when it is not the shop's own (two addresses may differ by it alone)
        const abroad = o.address.country !== config.i18n.defaultCountry ? `, ${t(`country.${o.address.country}`)}` : '';
        return radio(o.key, t('account.addressBook.option', { address: addressLine(o.address) + abroad }));
      })}
      {radio(NEW_ADDRESS, t('account.addressBook.new'))}
    </fieldset>
  );
}
