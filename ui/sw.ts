/// <reference lib="webworker" />
/**
 * The service worker (Workbox; spec catalogue §1), bundled by scripts/build-pwa.mjs; docs/architecture.md "Service
 * worker" says what is cached where. Navigations are network first, kept per build and locale; offline the cached page,
 * else the home page (the app goes on from IndexedDB, catalogue §8), else the offline page. /api/* is never cached.
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

/** pages are kept per build: a cached page names its build's chunks, which only that build's precache holds */
const PAGES_CACHE_PREFIX = 'shop-pages-';
export const PAGES_CACHE = `${PAGES_CACHE_PREFIX}${__BUILD_ID__}`;
/** the home page per locale, out of the pages' limits: a page never visited always opens the app offline */
const SHELL_CACHE_PREFIX = 'shop-shell-';
export const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__BUILD_ID__}`;
/** where the locale a page told the worker is kept, for browsers without the Cookie Store API */
const LOCALE_KEY = '/__shop-locale';
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

type CookieStore = { get(name: string): Promise<{ value?: string } | null> };

/** The `locale` cookie (Cookie Store API), else the locale the pages last told this worker (kept), else the default. */
async function shopperLocale(): Promise<string> {
  try {
    const store = (self as unknown as { cookieStore?: CookieStore }).cookieStore;
    if (store) {
      const value = (await store.get('locale'))?.value;
      return value && value in __OFFLINE_PAGES__ ? value : __DEFAULT_LOCALE__;
    }
    const told = await (await (await caches.open(SHELL_CACHE)).match(LOCALE_KEY))?.text();
    if (told && told in __OFFLINE_PAGES__) return told;
  } catch {
    // unreadable
  }
  return __DEFAULT_LOCALE__;
}

/** A page's cache key: its address and the shopper's locale (the same address is another page in another language). */
function pageKey(url: string, locale: string): string {
  const u = new URL(url, self.location.origin);
  u.searchParams.set('sw-locale', locale);
  return u.href;
}

/** Keeps a locale's home page (an answer with status 200) in the app shell. */
async function keepShell(response: Response, locale: string): Promise<void> {
  if (response.status !== 200) return;
  await (await caches.open(SHELL_CACHE)).put(pageKey('/', locale), response);
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; locale?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // the shop's locale (a page loaded, or the language switch before its reload): the key of the pages that follow
  if (data?.type === 'LOCALE' && typeof data.locale === 'string' && data.locale in __OFFLINE_PAGES__) {
    const done = caches.open(SHELL_CACHE).then((c) => c.put(LOCALE_KEY, new Response(data.locale as string)));
    event.waitUntil(done.then(() => event.ports[0]?.postMessage('ok')).catch(() => undefined));
  }
});

// the home page, so that a page never visited opens the app offline; a failure fails no install
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const locale = await shopperLocale();
      const home = await fetch('/', { credentials: 'same-origin' });
      if (home.status !== 200) throw new Error(`home page ${home.status}`);
      await Promise.all([keepShell(home.clone(), locale), caches.open(PAGES_CACHE).then((c) => c.put(pageKey('/', locale), home))]);
    })().catch((e: unknown) => console.warn('[sw] home page not cached', e)),
  );
});

self.addEventListener('activate', (event) => {
  const old = (k: string) =>
    k.startsWith(LEGACY_CACHE_PREFIX) || (k.startsWith(PAGES_CACHE_PREFIX) && k !== PAGES_CACHE) || (k.startsWith(SHELL_CACHE_PREFIX) && k !== SHELL_CACHE);
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter(old).map((k) => caches.delete(k)))));
});

/** pages are cached and found under their address and the shopper's locale; a home page loaded refreshes the shell */
const perLocale = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => pageKey(request.url, await shopperLocale()),
  cacheDidUpdate: async ({ request, newResponse }: { request: Request; newResponse: Response }) => {
    if (new URL(request.url).pathname === '/') await keepShell(newResponse.clone(), await shopperLocale());
  },
};

const offlineFallback = {
  fetchDidFail: async () => {
    console.log('No internet connection found. App is running in offline mode.');
  },
  // neither network nor a cached copy: a home page (the app goes home with the spec's notice), else the offline page
  handlerDidError: async ({ request }: { request: Request }) => {
    const locale = await shopperLocale();
    const home = pageKey('/', locale);
    const found =
      (new URL(request.url).pathname !== '/' ? await (await caches.open(PAGES_CACHE)).match(home) : undefined) ??
      (await (await caches.open(SHELL_CACHE)).match(home)) ??
      (await (await caches.open(SHELL_CACHE)).match(pageKey('/', __DEFAULT_LOCALE__))) ??
      (await (await caches.open(SHELL_CACHE)).matchAll()).find((r) => r.headers.get('content-type')?.includes('text/html'));
    if (found) return found;
    const url = __OFFLINE_PAGES__[locale] ?? __OFFLINE_PAGES__[__DEFAULT_LOCALE__];
    return url ? matchPrecache(url) : undefined;
  },
};

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGES_CACHE,
      networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
      plugins: [perLocale, new ExpirationPlugin({ ...PAGES_LIMIT, purgeOnQuotaError: true }), offlineFallback],
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
