import { useTranslation } from 'react-i18next';
import '../i18n/account-page-texts';
import { ContactService } from '../../core/content/contact-service';
import { validateEmail, validateName, validateRequired } from '../../core/checkout/form-validation';
import { useConfig, useService } from '../hooks/use-service';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useForm } from '../hooks/use-form';
import { useContact } from '../hooks/use-transactions';
import { Field, FormMessage, Form } from '../components/common/Field';

/** /contact and /contacts (spec transactions §2, §8): the form is cleared on success, kept on failure. */
export function ContactPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const contact = useService(ContactService);
  const state = useContact();
  useDocumentTitle(t('contactPage.title'));
  type V = { name: string; email: string; message: string };
  const validate = (v: V) => ({
    name: validateName(v.name, config),
    email: validateEmail(v.email),
    message: validateRequired(v.message),
  });
  const form = useForm<V>({ name: state.form.name, email: state.form.email, message: state.form.message }, validate);
  return (
    <section className="contact narrow">
      <h1>{t('contactPage.title')}</h1>
      <p>{t('contactPage.intro')}</p>
      <Form form={form} aria-busy={state.sending} onSubmit={async (v) => {
        const ok = await contact.send({ name: v.name.trim(), email: v.email.trim(), message: v.message.trim() });
        if (ok) form.reset({ name: '', email: '', message: '' });
      }}>
        <Field form={form} name="name" label={t('contactPage.name')} autoComplete="name" required />
        <Field form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" required />
        <Field form={form} name="message" type="textarea" label={t('contactPage.message')} required />
        {state.result ? <FormMessage kind={state.result === 'contact.sent' ? 'success' : 'error'}>{t(state.result)}</FormMessage> : null}
        <button type="submit" className="button button--primary" disabled={state.sending}>
          {state.sending ? t('progress.sendingMessage') : t('contactPage.send')}
        </button>
      </Form>
    </section>
  );
}
