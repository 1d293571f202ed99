import { useTranslation } from 'react-i18next';
import { SessionService } from '../../../core/user/session-service';
import type { Customer } from '../../../core/ports/user-api';
import { validateEmail, validateName, validatePassword, validatePasswordRepeat, validateRequired } from '../../../core/checkout/form-validation';
import { useConfig, useService } from '../../hooks/use-service';
import { useForm } from '../../hooks/use-form';
import { useOnline } from '../../hooks/use-transactions';
import { useServerAction } from '../../hooks/use-server-action';
import { Field, FormMessage, Form, ActionSubmit, NewPasswordFields } from '../common/Field';

/** Profile edit (queued POST /api/user/me; 'Account data has successfully been updated' from the core). */
export function ProfileForm({ current }: { current: Customer }) {
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
export function ChangePasswordForm() {
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
