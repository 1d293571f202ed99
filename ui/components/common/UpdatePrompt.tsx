import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from './LiveRegion';

/** How to activate a waiting service worker, or null: UpdatePrompt's state, small as it is in the first load. */
type Listener = () => void;

let activate: (() => void) | null = null;
const listeners = new Set<Listener>();

export function offerUpdate(activateWaitingWorker: (() => void) | null): void {
  activate = activateWaitingWorker;
  for (const l of listeners) l();
}

function waitingUpdate(): (() => void) | null {
  return activate;
}

function onUpdateOffer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A field the shopper types into (not the header search, not a quantity or a choice). */
const TYPED = 'input:is([type="text"], [type="email"], [type="tel"], [type="password"], :not([type])):not([role="combobox"]), textarea';

/** Whether a form of the page holds text the shopper typed: reloading would lose it. */
export function hasTypedInput(root: ParentNode): boolean {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(`form :is(${TYPED})`)].some((f) => !f.readOnly && !f.disabled && f.value.trim() !== '');
}

/** "A new version — reload" while a new build's worker waits; asks first when a form holds typed text. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const activate = useSyncExternalStore(onUpdateOffer, waitingUpdate, () => null);
  const ready = activate !== null;
  useEffect(() => {
    if (ready) announce(`${t('pwa.update.available')} — ${t('pwa.update.reload')}`);
  }, [ready, t]);
  if (!activate) return null;
  return (
    <section className="update-prompt" aria-labelledby="update-prompt-text">
      <p id="update-prompt-text" className="update-prompt__text">
        {t('pwa.update.available')}
        <span aria-hidden="true"> — </span>
      </p>
      <button type="button" className="button button--primary update-prompt__button" onClick={() => (!hasTypedInput(document) || window.confirm(t('pwa.update.confirmLoseForm'))) && activate()}>
        {t('pwa.update.reload')}
      </button>
    </section>
  );
}
