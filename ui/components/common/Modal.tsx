import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What Tab may reach inside a dialog: enabled, tabbable and rendered. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** extra class of the dialog box */
  className?: string;
  /** the close button's accessible name (default: "Close") */
  closeLabel?: string;
  /** 'center' (default): a box in the middle; 'drawer': a full-height panel on the right (the microcart) */
  variant?: 'center' | 'drawer';
  /** where the focus goes on open: the first field or button (default), or the dialog itself (read from its title) */
  initialFocus?: 'first' | 'dialog';
  /** where the focus goes on close when the element that had it before is gone (e.g. the cart button) */
  returnFocus?: () => HTMLElement | null | undefined;
}

/** The dialog of every overlay: focus moves in and stays, Escape closes, focus returns (or to returnFocus()). */
export function Modal({ title, onClose, children, className, closeLabel, variant = 'center', initialFocus = 'first', returnFocus }: ModalProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ onClose, returnFocus });
  latest.current = { onClose, returnFocus };
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const box = ref.current;
    if (!box) return;
    const first = initialFocus === 'first' ? tabbables(box).find((el) => !el.classList.contains('modal__close')) : undefined;
    (first ?? box).focus();
    // Escape closes the dialog wherever the focus is (also when it left the dialog)
    const onDocKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !box.contains(document.activeElement)) latest.current.onClose();
    };
    // focus that leaves the dialog comes back into it (a dialog opened on top keeps its own)
    const onFocusIn = (e: FocusEvent) => {
      const target = e.target as HTMLElement | null;
      if (!target || box.contains(target) || target.closest('[aria-modal="true"]')) return;
      box.focus();
    };
    const listening = new AbortController();
    document.addEventListener('keydown', onDocKey, { signal: listening.signal });
    document.addEventListener('focusin', onFocusIn, { signal: listening.signal });
    return () => {
      listening.abort();
      const back = before && before !== document.body && before.isConnected ? before : latest.current.returnFocus?.();
      back?.focus?.();
    };
    // open once: the dialog's element stays the same while it is open
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const focusables = tabbables(ref.current);
    const [first, last] = [focusables[0], focusables.at(-1)];
    const active = document.activeElement;
    const wrapTo = e.shiftKey
      ? active === first || active === ref.current ? last : undefined
      : active === last || !ref.current.contains(active) ? first : undefined;
    // nothing tabbable: Tab stays on the dialog
    if (wrapTo || !first) e.preventDefault();
    wrapTo?.focus();
  };
  return (
    <div className={`modal modal--${variant}`} onKeyDown={onKeyDown}>
      <div className="modal__backdrop" onClick={onClose} aria-hidden="true" />
      <div className={`modal__box ${className ?? ''}`} role="dialog" aria-modal="true" aria-labelledby={headingId} ref={ref} tabIndex={-1}>
        {/* a div, not <header>: a header outside main/sectioning content would count as a second banner */}
        <div className="modal__header">
          <h2 id={headingId}>{title}</h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label={closeLabel ?? t('common.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal__content">{children}</div>
      </div>
    </div>
  );
}
