import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An accessible modal dialog: labelled by its heading, focus moves in on open and back on close, Escape and the
 * close button close it, Tab stays inside.
 */
export function Modal({ title, onClose, children, className }: { title: string; onClose: () => void; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const box = ref.current;
    const first = box?.querySelector<HTMLElement>('input, select, textarea, button:not(.modal__close), a[href]');
    (first ?? box)?.focus();
    // Escape closes the dialog wherever the focus is (also when it left the dialog)
    const onDocKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !box?.contains(document.activeElement)) onCloseRef.current();
    };
    document.addEventListener('keydown', onDocKey);
    return () => {
      document.removeEventListener('keydown', onDocKey);
      before?.focus?.();
    };
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const focusables = [...ref.current.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]')].filter((el) => !el.hasAttribute('disabled'));
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="modal" onKeyDown={onKeyDown}>
      <div className="modal__backdrop" onClick={onClose} aria-hidden="true" />
      <div className={`modal__box ${className ?? ''}`} role="dialog" aria-modal="true" aria-labelledby={headingId} ref={ref} tabIndex={-1}>
        <header className="modal__header">
          <h2 id={headingId}>{title}</h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label={t('common.close')}>
            ×
          </button>
        </header>
        <div className="modal__content">{children}</div>
      </div>
    </div>
  );
}
