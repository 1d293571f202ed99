import { useEffect, useId, useState } from 'react';
import { useServerAction } from '../../hooks/use-server-action';
import { useTranslation } from 'react-i18next';
import { NewsletterService } from '../../../core/content/newsletter-service';
import { useService } from '../../hooks/use-service';
import { useNewsletter } from '../../hooks/use-transactions';
import { FieldError } from '../common/Field';

/** The account's newsletter switch (spec transactions §4: subscribe/unsubscribe only when it changes something). */
export function NewsletterToggle({ email }: { email: string }) {
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
