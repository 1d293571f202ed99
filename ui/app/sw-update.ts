/** How to activate a waiting service worker, or null: UpdatePrompt's state, small as it is in the first load. */
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
