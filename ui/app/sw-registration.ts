import { Workbox } from 'workbox-window';
import { tellWorkerLocale } from './sw-locale';

/** how often an open tab asks the server whether a new build is out (besides when the tab becomes visible again) */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (ui/sw.ts) and runs the update flow (docs/architecture.md, "Updates"):
 * - a new build's worker installs (precaching its own files) and waits; the page offers it ("Er is een nieuwe versie —
 *   vernieuwen", UpdatePrompt) and sends it SKIP_WAITING only when the shopper clicks;
 * - when a new worker takes control of a page that already had one (the click here, or in another tab of the shop),
 *   the page reloads once, so it runs the new build's code only. Until then the old worker keeps answering the old
 *   build's chunks from its precache: a page never mixes chunks of two builds.
 * Imported lazily after the page loaded (ui/entry-client.tsx), so workbox-window is not in the first page's bundle.
 * `offerUpdate` (ui/app/sw-update.ts) is passed in rather than imported: a module shared by the entry and this chunk
 * would become a chunk of its own, one more request for every first page.
 */
export function registerServiceWorker(offerUpdate: (activate: (() => void) | null) => void, locale?: string): void {
  if (!('serviceWorker' in navigator) || window.location.protocol === 'file:') return;
  const wb = new Workbox('/sw.js');
  let controlled = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // the first worker taking an uncontrolled page (clientsClaim) is no new build: no reload then
    if (controlled && !reloading) {
      reloading = true;
      window.location.reload();
    }
    controlled = true;
  });
  // also for a worker another tab's check found (isExternal): every open tab offers it, and the prompt stays valid
  // through later deploys (SKIP_WAITING goes to whichever worker waits when the shopper clicks)
  wb.addEventListener('waiting', () => offerUpdate(() => wb.messageSkipWaiting()));
  // the first worker takes this page (clientsClaim): it hears the page's locale then
  wb.addEventListener('controlling', () => void (locale ? tellWorkerLocale(locale) : undefined));
  wb.register()
    // the page's locale, for a worker that cannot read the locale cookie (ui/app/sw-locale.ts)
    .then(() => (locale ? tellWorkerLocale(locale) : undefined))
    .catch((e: unknown) => console.warn('[sw] registration failed', e));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  });
  setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
}
