import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsletterService } from '../../../core/content/newsletter-service';
import { collectErrors, validateEmail } from '../../../core/checkout/field-rules';
import { useConfig } from '../../hooks/use-service';
import { useForm } from '../../hooks/use-form';
import { useErrorText } from '../../hooks/use-shell';
import { TX } from '../../../adapters/container-tokens';
import { useTransactionGetter } from '../../app/transactions';
import { Field, FormMessage } from '../common/Field';

/** Newsletter subscription (spec transactions §4, §7; §9 text: 10% coupon). For the footer or the newsletter modal. */
export function NewsletterForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  // the service comes with the transaction half: loaded on submit when it is not there yet
  const tx = useTransactionGetter();
  const errorText = useErrorText();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);
  const validate = useCallback((v: { email: string }) => collectErrors({ email: validateEmail(v.email) }), []);
  const form = useForm({ email: '' }, validate);
  return (
    <form
      noValidate
      className="form newsletter-form"
      onSubmit={form.submit(async (v) => {
        setBusy(true);
        setMessage(undefined);
        try {
          const newsletter = await tx<NewsletterService>(TX.Newsletter);
          if (!newsletter) throw new Error('newsletter service not available');
          await newsletter.subscribe(v.email.trim());
          setMessage({ kind: 'success', text: t('newsletter.subscribed') });
          form.reset();
          onDone?.();
        } catch (e) {
          setMessage({ kind: 'error', text: errorText(e) });
        } finally {
          setBusy(false);
        }
      })}
    >
      <p>{t('texts.newsletterCoupon', { percent: config.texts.newsletterCouponPercent })}</p>
      <Field form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" required />
      <FormMessage kind={message?.kind ?? 'success'}>{message?.text}</FormMessage>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('newsletter.subscribe')}
      </button>
    </form>
  );
}
