/// <reference lib="webworker" />
/**
 * The service worker (Workbox; spec catalogue §1: a progressive web app). Bundled by scripts/build-pwa.mjs, which
 * defines the precache manifest. What is cached where (docs/architecture.md, "Service worker"):
 * - precache `shop-precache-*`: every JS/CSS file of this build, the offline pages and an icon, each with the hash of
 *   its content as revision. Answers /dist/* of this build, so a page keeps loading its own build's chunks after the
 *   server moved on to the next build. Entries of earlier builds are removed when this worker activates.
 * - navigations: network first (timeout NAVIGATION_TIMEOUT_SECONDS), copies kept in `shop-pages-<build>`; without
 *   network the cached copy of that page, else the cached home page (the app then finds the path in its own IndexedDB
 *   cache or gives the spec's 'not available in Offline mode' notice and goes home), else the offline page of the
 *   shopper's locale.
 * - /img/* and /dist/static/*: stale-while-revalidate in `shop-images` (a stable name: offline thumbnails of visited
 *   products come from it).
 * - /api/*: never cached here; the core keeps catalogue data in IndexedDB and queues cart and user calls itself.
 * Updates: a new worker installs (precaches its build) and waits; the page offers the update and sends SKIP_WAITING
 * only when the shopper clicks (ui/app/sw-registration.ts). Errors are only logged (spec catalogue §8).
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];
/** locale -> URL of its offline page */
declare const __OFFLINE_PAGES__: Record<string, string>;
declare const __DEFAULT_LOCALE__: string;
/** a hash of this build's precache manifest */
declare const __BUILD_ID__: string;

/**
 * Pages are kept per build: a cached page names its build's chunks, which only that build's precache holds. A new
 * worker starts an empty one (with the home page) and drops the older ones when it activates.
 */
const PAGES_CACHE_PREFIX = 'shop-pages-';
export const PAGES_CACHE = `${PAGES_CACHE_PREFIX}${__BUILD_ID__}`;
export const IMAGES_CACHE = 'shop-images';
const DAY = 24 * 60 * 60;
/** a navigation waits this long for the network before a cached copy of the page is shown */
export const NAVIGATION_TIMEOUT_SECONDS = 6;
export const PAGES_LIMIT = { maxEntries: 50, maxAgeSeconds: 7 * DAY };
export const IMAGES_LIMIT = { maxEntries: 300, maxAgeSeconds: 30 * DAY };
/** the caches of the hand-written worker this one replaces */
const LEGACY_CACHE_PREFIX = 'shop-v1-';

setCacheNameDetails({ prefix: 'shop', suffix: '' });
precacheAndRoute(__PRECACHE_MANIFEST__);
cleanupOutdatedCaches();
// the first worker takes the open pages at once (so their later chunks come from its precache); an update waits
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// the home page of this build, so that a page never visited still opens the app offline (the server already serves
// this build: the browser installs a worker only after fetching its script from it). Failing this fails no install.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PAGES_CACHE)
      .then((cache) => cache.add('/'))
      .catch((e: unknown) => console.warn('[sw] home page not cached', e)),
  );
});

self.addEventListener('activate', (event) => {
  const old = (k: string) => k.startsWith(LEGACY_CACHE_PREFIX) || (k.startsWith(PAGES_CACHE_PREFIX) && k !== PAGES_CACHE);
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter(old).map((k) => caches.delete(k)))));
});

/** The shopper's locale: the `locale` cookie the shop sets (Cookie Store API where the browser has it), else the default. */
async function shopperLocale(): Promise<string> {
  try {
    const store = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value?: string } | null> } }).cookieStore;
    const value = (await store?.get('locale'))?.value;
    if (value && value in __OFFLINE_PAGES__) return value;
  } catch {
    // no Cookie Store: the default locale
  }
  return __DEFAULT_LOCALE__;
}

const offlineFallback = {
  fetchDidFail: async () => {
    console.log('No internet connection found. App is running in offline mode.');
  },
  // neither network nor a cached copy: the home page (the app), else the offline page
  handlerDidError: async ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname !== '/') {
      const home = await (await caches.open(PAGES_CACHE)).match('/');
      if (home) return home;
    }
    const url = __OFFLINE_PAGES__[await shopperLocale()] ?? __OFFLINE_PAGES__[__DEFAULT_LOCALE__];
    return url ? matchPrecache(url) : undefined;
  },
};

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGES_CACHE,
      networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
      plugins: [new ExpirationPlugin({ ...PAGES_LIMIT, purgeOnQuotaError: true }), offlineFallback],
    }),
    { denylist: [/^\/(api|img|dist)\//, /^\/invalidate/, /^\/sw\.js/] },
  ),
);

registerRoute(
  // product images, and the shop's own unhashed files of ui/static (banner images), served as /dist/static/
  ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/img/') || url.pathname.startsWith('/dist/static/')),
  new StaleWhileRevalidate({
    cacheName: IMAGES_CACHE,
    plugins: [new ExpirationPlugin({ ...IMAGES_LIMIT, purgeOnQuotaError: true })],
  }),
);
