import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../core/ports/user-api';
import { checkoutAddressOf, isDefaultFor, savedAddresses } from '../../../core/user/address-book';
import { addressLine } from '../../../core/checkout/saved-addresses';

/** The account's saved addresses (spec transactions §3 "Address"), with their country and default uses. */
export function AddressBook({ current }: { current: Customer }) {
  const { t } = useTranslation();
  const id = useId();
  const addresses = savedAddresses(current);
  return (
    <div className="address-book">
      <h2 id={id}>{t('account.addressBook.title')}</h2>
      {addresses.length === 0 ? (
        <p>{t('account.addressBook.none')}</p>
      ) : (
        <ul aria-labelledby={id}>
          {addresses.map((a, i) => {
            const address = checkoutAddressOf(a, current);
            const defaults = [isDefaultFor(a, 'shipping') ? t('account.addressBook.defaultShipping') : '', isDefaultFor(a, 'billing') ? t('account.addressBook.defaultBilling') : ''].filter(Boolean);
            return (
              <li key={i}>
                {`${address.firstName} ${address.lastName}, ${addressLine(address)}${address.country ? `, ${t(`country.${address.country}`, { defaultValue: address.country })}` : ''}`}
                {defaults.length > 0 ? ` (${defaults.join(', ')})` : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
