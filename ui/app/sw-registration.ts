import { Workbox } from 'workbox-window';
import { tellWorkerLocale } from './sw-locale';

/** how often an open tab asks the server whether a new build is out (besides when the tab becomes visible again) */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers ui/sw.ts and runs the update flow (docs/architecture.md, "Updates"): a waiting worker is activated on the
 * shopper's click only; a page whose worker is replaced reloads once, never mixing two builds' chunks. `offerUpdate` is
 * passed in: a module shared with the entry would be one more chunk for every first page.
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
  // also for a worker another tab's check found: SKIP_WAITING goes to whichever worker waits at the click
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
