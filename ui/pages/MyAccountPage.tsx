import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import '../i18n/account-page-texts';
import { SessionService } from '../../core/user/session-service';
import { useService } from '../hooks/use-service';
import { useDocumentTitle } from '../hooks/use-document-title';
import { LoginFirst } from '../components/account/LoginFirst';
import { useMounted, useSession } from '../hooks/use-transactions';
import { ChangePasswordForm, ProfileForm } from '../components/account/ProfileForm';
import { OrderHistory } from '../components/account/OrderHistory';
import { NewsletterToggle } from '../components/account/NewsletterToggle';
import type { Customer } from '../../core/ports/user-api';
import { checkoutAddressOf, isDefaultFor, savedAddresses } from '../../core/user/address-book';
import { addressLine } from '../../core/checkout/saved-addresses';

/** The account's saved addresses (spec transactions §3 "Address"), with their country and default uses. */
function AddressBook({ current }: { current: Customer }) {
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

/** /my-account (spec transactions §2): profile, password, order history, newsletter, logout. Logged-in users only. */
export function MyAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mounted = useMounted();
  const session = useSession();
  const sessionService = useService(SessionService);
  useDocumentTitle(t('account.title'));
  if (!mounted || !session.localDataLoaded) {
    return (
      <section className="account">
        <h1>{t('account.title')}</h1>
        <p role="status">{t('common.loading')}</p>
      </section>
    );
  }
  const current = session.token ? session.current : undefined;
  if (!current) {
    return <LoginFirst className="account account--anonymous" title={t('account.title')} />;
  }
  return (
    <section className="account">
      <header className="account__header">
        <h1>{t('account.title')}</h1>
        <p>{t('account.greeting', { name: current.firstname })}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={async () => {
            await sessionService.logout();
            navigate('/');
          }}
        >
          {t('account.logout')}
        </button>
      </header>
      <div className="account__grid">
        <ProfileForm key={`${current.email} ${current.firstname} ${current.lastname}`} current={current} />
        <ChangePasswordForm />
        <NewsletterToggle email={current.email} />
        <AddressBook current={current} />
      </div>
      <OrderHistory />
    </section>
  );
}
