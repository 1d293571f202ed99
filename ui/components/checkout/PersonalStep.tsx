import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutService } from '../../../core/checkout/checkout-service';
import {
  validateEmail, validateName, validatePassword, validatePasswordRepeat,
} from '../../../core/checkout/form-validation';
import type { PersonalDetails } from '../../../core/checkout/types';
import { personalDetailsFromCustomer } from '../../../core/checkout/personal-defaults';
import { ModalService } from '../../../core/ui-state/modal-service';
import { useConfig, useService } from '../../hooks/use-service';
import { useForm } from '../../hooks/use-form';
import { useCheckout, useSession } from '../../hooks/use-transactions';
import { Field, Form, NewPasswordFields } from '../common/Field';
import { CheckboxField } from '../common/ChoiceFields';

type V = { firstName: string; lastName: string; emailAddress: string; createAccount: boolean; password: string; passwordRepeat: string };

/** Step 1: personal details, with optional account creation (password rule, passwords identical; spec §3, §5). */
export function PersonalStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const checkout = useService(CheckoutService);
  const modals = useService(ModalService);
  const saved = useCheckout().personalDetails;
  const session = useSession();
  const loggedIn = !!session.token && !!session.current;
  const validate = (v: V) => ({
    firstName: validateName(v.firstName, config),
    lastName: validateName(v.lastName, config),
    emailAddress: validateEmail(v.emailAddress),
    createAccount: null,
    password: v.createAccount && !loggedIn ? validatePassword(v.password, config) : null,
    passwordRepeat: v.createAccount && !loggedIn ? validatePasswordRepeat(v.password, v.passwordRepeat) : null,
  });
  const form = useForm<V>(
    {
      firstName: saved?.firstName ?? session.current?.firstname ?? '',
      lastName: saved?.lastName ?? session.current?.lastname ?? '',
      emailAddress: saved?.emailAddress ?? session.current?.email ?? '',
      createAccount: false,
      password: '',
      passwordRepeat: '',
    },
    validate,
  );
  // logging in partway through this step fills what the shopper left empty (never what they typed)
  const customer = session.current;
  useEffect(() => {
    if (!customer) return;
    const { firstName, lastName, emailAddress } = form.values;
    const filled = personalDetailsFromCustomer({ firstName, lastName, emailAddress }, customer);
    if (filled.firstName !== firstName || filled.lastName !== lastName || filled.emailAddress !== emailAddress) form.setAll(filled);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of customer refills
  }, [customer]);
  return (
    <Form form={form} onSubmit={async (v) => {
      const details: PersonalDetails = { firstName: v.firstName.trim(), lastName: v.lastName.trim(), emailAddress: v.emailAddress.trim() };
      if (v.createAccount && !loggedIn) {
        details.createAccount = true;
        details.password = v.password;
      }
      await checkout.savePersonalDetails(details);
      onDone();
    }}>
      {!loggedIn ? (
        <p className="checkout__login-hint">
          {t('checkout.haveAccount')}{' '}
          <button type="button" className="link-button" onClick={() => modals.openAuth('login')}>
            {t('auth.loginLink')}
          </button>
        </p>
      ) : null}
      <div className="form__row">
        <Field form={form} name="firstName" label={t('checkout.firstName')} autoComplete="given-name" required />
        <Field form={form} name="lastName" label={t('checkout.lastName')} autoComplete="family-name" required />
      </div>
      <Field form={form} name="emailAddress" type="email" label={t('checkout.email')} autoComplete="email" required />
      {!loggedIn ? <CheckboxField form={form} name="createAccount" label={t('checkout.createAccount')} /> : null}
      {form.values.createAccount && !loggedIn ? (
        <div className="form__row">
          <NewPasswordFields form={form} password="password" repeat="passwordRepeat" label={t('auth.password')} />
        </div>
      ) : null}
      <button type="submit" className="button button--primary">
        {t('checkout.continueToShipping')}
      </button>
    </Form>
  );
}
