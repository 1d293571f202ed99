import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewsletterService } from '../../../core/content/newsletter-service';
import { useService } from '../../hooks/use-service';
import { useErrorText, useNewsletter } from '../../hooks/use-transactions';

/** The account's newsletter switch (spec transactions §4: subscribe/unsubscribe only when it changes something). */
export function NewsletterToggle({ email }: { email: string }) {
  const { t } = useTranslation();
  const id = useId();
  const newsletter = useService(NewsletterService);
  const state = useNewsletter();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  // the wanted state while the call runs (the box follows the click at once)
  const [pending, setPending] = useState<boolean>();
  const [error, setError] = useState<string>();
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
          disabled={busy || state.email !== email}
          aria-describedby={`${id}-err`}
          onChange={async (e) => {
            const want = e.target.checked;
            setBusy(true);
            setPending(want);
            setError(undefined);
            try {
              if (want) await newsletter.subscribe(email);
              else await newsletter.unsubscribe(email);
            } catch (err) {
              setError(errorText(err));
            } finally {
              setPending(undefined);
              setBusy(false);
            }
          }}
        />
        <label htmlFor={`${id}-cb`}>{t('newsletter.toggleLabel')}</label>
        <p id={`${id}-err`} className="field__error" aria-live="polite">
          {error}
        </p>
      </div>
    </div>
  );
}
