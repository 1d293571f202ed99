/**
 * The one piece of state the update prompt reads: how to activate a new build's service worker that is waiting, or
 * null when none waits. Written by ui/app/sw-registration.ts (loaded after the page, with workbox-window), read by
 * ui/components/common/UpdatePrompt.tsx. Tiny on purpose: it is part of the first page's bundle.
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
