import { useTranslation } from 'react-i18next';
import type { NewsletterService } from '../../../core/content/newsletter-service';
import { validateEmail } from '../../../core/checkout/field-rules';
import { useConfig } from '../../hooks/use-service';
import { useForm } from '../../hooks/use-form';
import { useServerAction } from '../../hooks/use-server-action';
import { TX } from '../../../adapters/wiring';
import { useTransactionGetter } from '../../app/transactions';
import { Field, Form, ActionSubmit } from '../common/Field';

/** Newsletter subscription (spec transactions §4, §7; §9 text: 10% coupon). For the footer or the newsletter modal. */
export function NewsletterForm() {
  const { t } = useTranslation();
  const config = useConfig();
  // the service comes with the transaction half: loaded on submit when it is not there yet
  const tx = useTransactionGetter();
  const action = useServerAction();
  const validate = (v: { email: string }) => ({ email: validateEmail(v.email) });
  const form = useForm({ email: '' }, validate);
  return (
    <Form form={form} className="newsletter-form" onSubmit={async (v) => {
      const ok = await action.run(async () => {
        const newsletter = await tx<NewsletterService>(TX.Newsletter);
        if (!newsletter) throw new Error('newsletter service not available');
        await newsletter.subscribe(v.email.trim());
      }, t('newsletter.subscribed'));
      if (ok) form.reset();
    }}>
      <p>{t('texts.newsletterCoupon', { percent: config.texts.newsletterCouponPercent })}</p>
      <Field form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" required />
      <ActionSubmit action={action} label={t('newsletter.subscribe')} />
    </Form>
  );
}
