import { useId, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import '../i18n/account-page-texts';
import { SessionService } from '../../core/user/session-service';
import { useService, useConfig } from '../hooks/use-service';
import { useDocumentTitle } from '../hooks/use-document-title';
import { LoginFirst } from '../components/account/LoginFirst';
import { useMounted, useSession, useNewsletter, useOnline } from '../hooks/use-transactions';
import { OrderHistory } from '../components/account/OrderHistory';
import type { Customer } from '../../core/ports/user-api';
import { checkoutAddressOf, isDefaultFor, savedAddresses } from '../../core/user/address-book';
import { addressLine } from '../../core/checkout/saved-addresses';
import { useServerAction } from '../hooks/use-server-action';
import { NewsletterService } from '../../core/content/newsletter-service';
import { FieldError, Field, FormMessage, Form, ActionSubmit, NewPasswordFields } from '../components/common/Field';
import {
  validateEmail, validateName, validatePassword, validatePasswordRepeat, validateRequired,
} from '../../core/checkout/form-validation';
import { useForm } from '../hooks/use-form';

/** Profile edit (queued POST /api/user/me; 'Account data has successfully been updated' from the core). */
function ProfileForm({ current }: { current: Customer }) {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useService(SessionService);
  const action = useServerAction();
  type V = { firstName: string; lastName: string; email: string };
  const validate = (v: V) => ({
    firstName: validateName(v.firstName, config),
    lastName: validateName(v.lastName, config),
    email: validateEmail(v.email),
  });
  const form = useForm<V>({ firstName: current.firstname, lastName: current.lastname, email: current.email }, validate);
  return (
    <Form form={form} aria-labelledby="profile-heading" onSubmit={async (v) => {
      await action.run(() => session.updateProfile({ ...current, firstname: v.firstName.trim(), lastname: v.lastName.trim(), email: v.email.trim() }));
    }}>
      <h2 id="profile-heading">{t('account.profile')}</h2>
      <div className="form__row">
        <Field form={form} name="firstName" label={t('auth.firstName')} autoComplete="given-name" required />
        <Field form={form} name="lastName" label={t('auth.lastName')} autoComplete="family-name" required />
      </div>
      <Field form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" required />
      <ActionSubmit action={action} label={t('account.saveProfile')} />
    </Form>
  );
}

/** Change password: online only (spec §5, §8); success then automatic login (core). */
function ChangePasswordForm() {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useService(SessionService);
  const online = useOnline();
  const action = useServerAction();
  type V = { currentPassword: string; newPassword: string; repeat: string };
  const validate = (v: V) => ({
    currentPassword: validateRequired(v.currentPassword),
    newPassword: validatePassword(v.newPassword, config),
    repeat: validatePasswordRepeat(v.newPassword, v.repeat),
  });
  const form = useForm<V>({ currentPassword: '', newPassword: '', repeat: '' }, validate);
  return (
    <Form form={form} aria-labelledby="password-heading" onSubmit={async (v) => {
      const done = t('user.passwordChanged');
      if (await action.run(() => session.changePassword(v.currentPassword, v.newPassword), done)) form.reset();
    }}>
      <h2 id="password-heading">{t('account.changePassword')}</h2>
      {!online ? <FormMessage kind="info">{t('user.resetPasswordOffline')}</FormMessage> : null}
      <Field form={form} name="currentPassword" type="password" label={t('account.currentPassword')} autoComplete="current-password" required />
      <NewPasswordFields form={form} password="newPassword" repeat="repeat" label={t('account.newPassword')} />
      <ActionSubmit action={action} label={t('account.changePassword')} disabled={!online} />
    </Form>
  );
}

/** The account's newsletter switch (spec transactions §4: subscribe/unsubscribe only when it changes something). */
function NewsletterToggle({ email }: { email: string }) {
  const { t } = useTranslation();
  const id = useId();
  const newsletter = useService(NewsletterService);
  const state = useNewsletter();
  const action = useServerAction();
  // the wanted state while the call runs (the box follows the click at once)
  const [pending, setPending] = useState<boolean>();
  useEffect(() => {
    newsletter.status(email).catch(() => undefined);
  }, [newsletter, email]);
  const subscribed = state.email === email && state.isSubscribed === true;
  // a div, not a section: a second landmark named "Nieuwsbrief" (the footer has one) would not be unique
  return (
    <div className="newsletter-toggle">
      <h2 id={`${id}-h`}>{t('newsletter.title')}</h2>
      <div className="field field--checkbox">
        <input
          id={`${id}-cb`}
          type="checkbox"
          checked={pending ?? subscribed}
          disabled={action.busy || state.email !== email}
          aria-describedby={`${id}-err`}
          onChange={async (e) => {
            const want = e.target.checked;
            setPending(want);
            await action.run(() => (want ? newsletter.subscribe(email) : newsletter.unsubscribe(email)));
            setPending(undefined);
          }}
        />
        <label htmlFor={`${id}-cb`}>{t('newsletter.toggleLabel')}</label>
        <FieldError id={`${id}-err`} text={action.error} />
      </div>
    </div>
  );
}

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
