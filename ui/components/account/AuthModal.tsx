import { useTranslation } from 'react-i18next';
import { SessionService } from '../../../core/user/session-service';
import { ModalService, MODALS, type AuthModalMode } from '../../../core/ui-state/modal-service';
import { NotificationService } from '../../../core/ui-state/notification-service';
import { MESSAGES, type MessageKey } from '../../../core/messages';
import {
  validateEmail, validateName, validatePassword, validatePasswordRepeat, validateRequired, validateTerms,
} from '../../../core/checkout/form-validation';
import { useConfig, useService } from '../../hooks/use-service';
import { useForm } from '../../hooks/use-form';
import { useServerAction } from '../../hooks/use-server-action';
import { Modal } from '../common/Modal';
import { Field, FormMessage, Form, ActionSubmit, NewPasswordFields } from '../common/Field';
import { CheckboxField } from '../common/ChoiceFields';

/** What the forms share; `signIn` runs a command that ends logged in, says so and closes the modal. */
function useAuthForm() {
  const modals = useService(ModalService);
  const notifications = useService(NotificationService);
  const action = useServerAction();
  return {
    session: useService(SessionService),
    action,
    modals,
    link: (mode: AuthModalMode, label: string) => (
      <button type="button" className="link-button" onClick={() => modals.openAuth(mode)}>
        {label}
      </button>
    ),
    signIn: (command: () => Promise<unknown>, message: MessageKey) =>
      action.run(async () => {
        await command();
        notifications.notify({ type: 'success', message });
        modals.close(MODALS.signup);
      }),
  };
}

function LoginForm() {
  const { t } = useTranslation();
  const { session, action, link, signIn } = useAuthForm();
  const validate = (v: { email: string; password: string }) =>
    ({ email: validateEmail(v.email), password: validateRequired(v.password) });
  const form = useForm({ email: '', password: '' }, validate);
  return (
    <Form form={form} onSubmit={async (v) => {
      await signIn(() => session.login(v.email.trim(), v.password), MESSAGES.loggedIn);
    }}>
      <Field form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" required />
      <Field form={form} name="password" type="password" label={t('auth.password')} autoComplete="current-password" required />
      <ActionSubmit action={action} label={t('auth.login')} />
      <p className="form__links">
        {link('forgot-pass', t('auth.forgotLink'))}
        <span>
          {t('auth.noAccount')} {link('register', t('auth.registerLink'))}
        </span>
      </p>
    </Form>
  );
}

function RegisterForm() {
  const { t } = useTranslation();
  const config = useConfig();
  const { session, action, link, signIn } = useAuthForm();
  type V = { email: string; firstName: string; lastName: string; password: string; passwordRepeat: string; terms: boolean };
  const validate = (v: V) => ({
    email: validateEmail(v.email),
    firstName: validateName(v.firstName, config),
    lastName: validateName(v.lastName, config),
    password: validatePassword(v.password, config),
    passwordRepeat: validatePasswordRepeat(v.password, v.passwordRepeat),
    terms: validateTerms(v.terms),
  });
  const form = useForm<V>({ email: '', firstName: '', lastName: '', password: '', passwordRepeat: '', terms: false }, validate);
  return (
    <Form form={form} onSubmit={async (v) => {
      await signIn(async () => {
        await session.register({ email: v.email.trim(), firstname: v.firstName.trim(), lastname: v.lastName.trim() }, v.password);
        await session.login(v.email.trim(), v.password);
      }, MESSAGES.accountCreated);
    }}>
      <Field form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" required />
      <Field form={form} name="firstName" label={t('auth.firstName')} autoComplete="given-name" required />
      <Field form={form} name="lastName" label={t('auth.lastName')} autoComplete="family-name" required />
      <NewPasswordFields form={form} password="password" repeat="passwordRepeat" label={t('auth.password')} />
      <CheckboxField form={form} name="terms" label={t('auth.acceptTerms')} />
      <ActionSubmit action={action} label={t('auth.register')} />
      <p className="form__links">
        {t('auth.haveAccount')} {link('login', t('auth.loginLink'))}
      </p>
    </Form>
  );
}

function ForgotForm() {
  const { t } = useTranslation();
  const { session, action, modals, link } = useAuthForm();
  const validate = (v: { email: string }) => ({ email: validateEmail(v.email) });
  const form = useForm({ email: '' }, validate);
  if (action.done) {
    return (
      <div className="form">
        <FormMessage kind="success">{action.done}</FormMessage>
        <button type="button" className="button" onClick={() => modals.openAuth('login')}>
          {t('auth.backToLogin')}
        </button>
      </div>
    );
  }
  return (
    <Form form={form} onSubmit={async (v) => {
      await action.run(() => session.resetPassword(v.email.trim()), t('auth.resetSent', { email: v.email }));
    }}>
      <p>{t('auth.forgotIntro')}</p>
      <Field form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" required />
      <ActionSubmit action={action} label={t('auth.sendReset')} />
      <p className="form__links">{link('login', t('auth.backToLogin'))}</p>
    </Form>
  );
}

/** The authentication modal (spec transactions §2): login, register or forgot password. */
export function AuthModal({ mode }: { mode: AuthModalMode }) {
  const { t } = useTranslation();
  const modals = useService(ModalService);
  const title = mode === 'register' ? t('auth.registerTitle') : mode === 'forgot-pass' ? t('auth.forgotTitle') : t('auth.loginTitle');
  return (
    <Modal key={mode} title={title} onClose={() => modals.close(MODALS.signup)} className="auth-modal">
      {mode === 'register' ? <RegisterForm key="register" /> : mode === 'forgot-pass' ? <ForgotForm key="forgot" /> : <LoginForm key="login" />}
    </Modal>
  );
}
