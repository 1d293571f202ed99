import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import '../i18n/account-page-texts';
import { SessionService } from '../../core/user/session-service';
import { ModalService } from '../../core/ui-state/modal-service';
import { validateEmail, validatePassword, validatePasswordRepeat } from '../../core/checkout/form-validation';
import { useConfig, useService } from '../hooks/use-service';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useForm } from '../hooks/use-form';
import { useServerAction } from '../hooks/use-server-action';
import { Field, FormMessage, Form, ActionSubmit, NewPasswordFields } from '../components/common/Field';

/** /create-password?resetToken=&email= : a new password from the reset link (spec transactions §2, §7). */
export function CreatePasswordPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const [params] = useSearchParams();
  const session = useService(SessionService);
  const modals = useService(ModalService);
  const action = useServerAction();
  const token = params.get('resetToken') ?? params.get('token') ?? '';
  const [done, setDone] = useState(false);
  useDocumentTitle(t('createPassword.title'));
  type V = { email: string; password: string; repeat: string };
  const validate = (v: V) => ({
    email: validateEmail(v.email),
    password: validatePassword(v.password, config),
    repeat: validatePasswordRepeat(v.password, v.repeat),
  });
  const form = useForm<V>({ email: params.get('email') ?? '', password: '', repeat: '' }, validate);
  return (
    <section className="create-password narrow">
      <h1>{t('createPassword.title')}</h1>
      {!token ? (
        <FormMessage kind="error">{t('createPassword.noToken')}</FormMessage>
      ) : done ? (
        <>
          <FormMessage kind="success">{t('createPassword.done')}</FormMessage>
          <button type="button" className="button button--primary" onClick={() => modals.openAuth('login')}>
            {t('auth.login')}
          </button>
        </>
      ) : (
        <Form form={form} onSubmit={async (v) => {
          await action.run(async () => {
            await session.createPassword(v.email.trim(), v.password, token);
            setDone(true);
          });
        }}>
          <Field form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" required />
          <NewPasswordFields form={form} password="password" repeat="repeat" label={t('account.newPassword')} />
          <ActionSubmit action={action} label={t('createPassword.submit')} />
        </Form>
      )}
    </section>
  );
}
