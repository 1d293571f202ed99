/**
 * What UpdatePrompt reads: how to activate a new build's waiting service worker, or null (written by
 * ui/app/sw-registration.ts). Tiny on purpose: it is part of the first page's bundle.
 */
type Listener = () => void;

let activate: (() => void) | null = null;
const listeners = new Set<Listener>();

export function offerUpdate(activateWaitingWorker: (() => void) | null): void {
  activate = activateWaitingWorker;
  for (const l of listeners) l();
}

export function waitingUpdate(): (() => void) | null {
  return activate;
}

export function onUpdateOffer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
