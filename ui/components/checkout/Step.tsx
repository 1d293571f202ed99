import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One checkout step: the active one shows its form, a done one its summary; its heading takes the focus. */
export function Step({
  index,
  title,
  state,
  summary,
  onEdit,
  children,
}: {
  index: number;
  title: string;
  state: 'active' | 'done' | 'todo';
  summary?: ReactNode;
  onEdit?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (state === 'active' && !first.current) heading.current?.focus();
    first.current = false;
  }, [state]);
  return (
    <section className={`checkout-step checkout-step--${state}`} aria-labelledby={`step-${index}`} data-step={index}>
      <header className="checkout-step__header">
        <h2 id={`step-${index}`} ref={heading} tabIndex={-1}>
          <span className="checkout-step__number" aria-hidden="true">
            {index}
          </span>{' '}
          {title}
        </h2>
        {state === 'done' && onEdit ? (
          <button type="button" className="link-button" onClick={onEdit} aria-label={t('checkout.editStep', { step: title })}>
            {t('checkout.edit')}
          </button>
        ) : null}
      </header>
      {state === 'active' ? <div className="checkout-step__body">{children}</div> : null}
      {state === 'done' && summary ? <div className="checkout-step__summary">{summary}</div> : null}
    </section>
  );
}
