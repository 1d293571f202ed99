/// <reference lib="webworker" />
/**
 * The service worker: keeps the app shell working offline (spec catalogue §1: a progressive web app).
 * - /dist/* (hashed, immutable): cache first;
 * - page navigations: network first, falling back to the cached page, then to the cached home page;
 * - /img/*: stale-while-revalidate;
 * - /api/*: never cached here: the core keeps catalogue data in IndexedDB and queues cart/user calls itself.
 * Errors are only logged (spec catalogue §8).
 */
export {};
declare const self: ServiceWorkerGlobalScope;

const VERSION = 'shop-v1';
const SHELL = `${VERSION}-shell`;
const PAGES = `${VERSION}-pages`;
const IMAGES = `${VERSION}-images`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PAGES)
      .then((c) => c.add('/'))
      .catch((e: unknown) => console.warn('[sw] precache failed', e))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => !k.startsWith(VERSION)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function cacheFirst(request: Request): Promise<Response> {
  const hit = await caches.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) void caches.open(SHELL).then((c) => c.put(request, res.clone()));
  return res;
}

async function networkFirstPage(request: Request): Promise<Response> {
  try {
    const res = await fetch(request);
    if (res.ok) {
      const copy = res.clone();
      void caches.open(PAGES).then((c) => c.put(request, copy));
    }
    return res;
  } catch (e) {
    console.log('No internet connection found. App is running in offline mode.');
    const hit = (await caches.match(request)) ?? (await caches.match('/'));
    if (hit) return hit;
    throw e;
  }
}

async function staleWhileRevalidate(request: Request): Promise<Response> {
  const cache = await caches.open(IMAGES);
  const hit = await cache.match(request);
  const refresh = fetch(request)
    .then((res) => {
      if (res.ok) void cache.put(request, res.clone());
      return res;
    })
    .catch(() => hit ?? Response.error());
  return hit ?? refresh;
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/dist/')) event.respondWith(cacheFirst(req));
  else if (url.pathname.startsWith('/img/')) event.respondWith(staleWhileRevalidate(req));
  else if (req.mode === 'navigate') event.respondWith(networkFirstPage(req));
});
