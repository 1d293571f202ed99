import { chromium, expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { controlled, hydrated as partsHydrated, rootHydrated as hydrated } from './checkout-steps';

// the shop is installable, and its Workbox service worker answers pages, images and build files offline.
// Lighthouse 12 dropped its PWA category (and the installable-manifest audit with it); Chrome's own verdict, which
// that audit reported, is the DevTools Protocol's Page.getInstallabilityErrors: it must be empty. Chrome never installs
// from an incognito profile (Playwright's contexts are), so that test runs in a persistent profile, as a shopper does.

/** every URL the worker's caches hold, by cache name */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    return out;
  });

test('installable: Chrome reports no installability error and reads the manifest, its icons and theme colour', async ({ request, baseURL }, info) => {
  const profile = mkdtempSync(join(tmpdir(), 'shop-pwa-'));
  const context = await chromium.launchPersistentContext(profile, { ...info.project.use.launchOptions, baseURL, locale: 'nl-NL' });
  try {
    await installable(context, request);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function installable(context: import('@playwright/test').BrowserContext, request: import('@playwright/test').APIRequestContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await hydrated(page);
  await controlled(page);
  await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute('content', '#a8323e');
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors).toEqual([]);
  const app = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
  expect(app.url).toMatch(/\/manifest\.webmanifest$/);
  expect(app.errors).toEqual([]);

  const manifest = JSON.parse(app.data ?? '{}') as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ lang: 'nl', display: 'standalone', start_url: '/', short_name: 'Papier & Lint', theme_color: '#a8323e' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
    const png = await answer.body();
    // the PNG's own header says the size the manifest declares
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
  }
}

test('the worker precaches the build, keeps visited images in shop-images and never caches /api/', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  await controlled(page);
  const menu = page.getByRole('navigation', { name: 'Categorieën' });
  await menu.getByRole('link', { name: 'Linten', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Linten' })).toBeVisible();
  const firstImage = page.locator('[data-testid="category-products"] .product-tile img').first();
  await expect(firstImage).toBeVisible();
  const src = new URL((await firstImage.getAttribute('src')) ?? '', page.url()).pathname;
  expect(src).toMatch(/^\/img\//);
  await expect.poll(async () => (await cachedUrls(page))['shop-images'] ?? []).toContain(src);
  // the shop's own banner images (ui/static, unhashed) go to the same cache
  const banner = '/dist/static/banners/groothandel.svg';
  expect(await page.evaluate(async (url) => (await fetch(url)).status, banner)).toBe(200);
  await expect.poll(async () => (await cachedUrls(page))['shop-images'] ?? []).toContain(banner);

  const caches = await cachedUrls(page);
  const precache = Object.entries(caches).find(([name]) => name.startsWith('shop-precache'))?.[1] ?? [];
  const entry = await page.evaluate(() => new URL((document.querySelector('script[type="module"]') as HTMLScriptElement).src).pathname);
  expect(precache).toContain(entry);
  expect(precache).toEqual(expect.arrayContaining(['/dist/offline/nl-NL.html', '/dist/offline/en-US.html']));
  expect(Object.values(caches).flat().filter((u) => u.startsWith('/api/'))).toEqual([]);

  // offline, the image comes from the worker's cache
  await context.setOffline(true);
  const offline = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength };
  }, src);
  expect(offline.status).toBe(200);
  expect(offline.bytes).toBeGreaterThan(0);
  await context.setOffline(false);
});

test('offline, a visited page reloads from the cache; an unvisited one opens the cached app, or without it the translated offline page', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  await controlled(page);
  // visited while controlled: its HTML is in this build's shop-pages; the home page was put there when the worker installed
  await page.goto('/linten');
  await hydrated(page);
  const pages = Object.entries(await cachedUrls(page)).filter(([name]) => name.startsWith('shop-pages-'));
  expect(pages).toHaveLength(1);
  expect(pages[0]?.[1]).toEqual(expect.arrayContaining(['/', '/linten']));
  await context.setOffline(true);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Linten' })).toBeVisible();

  // never visited: the cached home page answers, and the app (not the static offline page) handles the path
  await page.goto('/nooit-bezocht-deze-pagina');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Je bent offline' })).toHaveCount(0);

  // the pages' limits dropped the home page: the app shell's copy (kept apart, out of those limits) still opens the app,
  // which says the page is not available offline and goes home (spec catalogue §8)
  await page.evaluate(async (name) => (await caches.open(name)).delete('/', { ignoreSearch: true }), pages[0]![0]);
  await page.goto('/nooit-bezocht-deze-pagina');
  await expect(page.locator('.notification', { hasText: 'offline niet beschikbaar' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Nieuwe collectie' })).toBeVisible();

  // no home page could ever be fetched (no shell either): the translated offline page
  await page.evaluate(async () => {
    for (const name of await caches.keys()) if (name.startsWith('shop-shell-') || name.startsWith('shop-pages-')) await caches.delete(name);
  });
  await page.goto('/nooit-bezocht-deze-pagina');
  await expect(page.getByRole('heading', { level: 1, name: 'Je bent offline' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/');
  // styled by the precached stylesheet of this build
  await expect(page.getByRole('link', { name: 'Opnieuw proberen' })).toHaveCSS('background-color', 'rgb(168, 50, 62)');
  const axe = await new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // the shopper's language (the locale cookie) picks the page
  await context.addCookies([{ name: 'locale', value: 'en-US', url: page.url() }]);
  await page.goto('/never-visited-this-page');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.screenshot({ path: 'test-results/e2e/offline-page.png' });

  // back online, "try again" loads the real page
  await context.setOffline(false);
  await context.clearCookies({ name: 'locale' });
  await page.goto('/linten');
  await expect(page.getByRole('heading', { level: 1, name: 'Linten' })).toBeVisible();
});

// the worker keeps pages per locale (the `locale` cookie, read with the Cookie Store API): after switching to
// English, an offline reload shows the English page, and the Dutch copy of the same address is still there for Dutch
test('offline, a reload shows the page in the language the shopper chose, not the other language\'s copy of the address', async ({ page, context }) => {
  await page.goto('/linten');
  await hydrated(page);
  await controlled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await page.reload();
  // the footer hydrated too: its buttons answer once its code has loaded (on demand, ui/app/boundaries.tsx)
  await partsHydrated(page);
  // the language switch in the footer: the cookie, then the same address again in English
  await page.getByRole('navigation', { name: 'Taal' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ribbons' })).toBeVisible();
  await hydrated(page);
  const keys = async () =>
    page.evaluate(async () => {
      const out: string[] = [];
      for (const name of await caches.keys()) if (name.startsWith('shop-pages-')) for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname + new URL(r.url).search);
      return out;
    });
  await expect.poll(keys).toEqual(expect.arrayContaining(['/linten?sw-locale=nl-NL', '/linten?sw-locale=en-US']));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Ribbons' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // back to Dutch (the cookie), still offline: the Dutch copy
  await context.addCookies([{ name: 'locale', value: 'nl-NL', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Linten' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await context.setOffline(false);
  await context.clearCookies({ name: 'locale' });
});

// network first with a timeout: a page whose network answer does not come (a stalled connection, not an offline
// browser) is answered from the cache after NAVIGATION_TIMEOUT_SECONDS (6 s) instead of leaving the shopper waiting.
// The shop is reached through a loopback proxy of the test that holds the answers of the paths it is told to stall.
test('a stalled navigation is answered from the cached page after the timeout', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const upstream = new URL(baseURL!);
  const stalled = new Set<string>();
  const held: ServerResponse[] = [];
  const proxy = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (stalled.has(new URL(req.url ?? '/', 'http://x').pathname) && req.headers['sec-fetch-mode'] === 'navigate') {
      held.push(res);
      return;
    }
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  try {
    await page.goto(`${origin}/`);
    await hydrated(page);
    await controlled(page);
    await page.goto(`${origin}/linten`);
    await hydrated(page);
    stalled.add('/linten');
    await page.goto(`${origin}/linten`);
    await expect(page.getByRole('heading', { level: 1, name: 'Linten' })).toBeVisible();
    // the network answer never came: the page is the cached copy
    expect(held.length).toBe(1);
    expect(held[0]!.headersSent).toBe(false);
  } finally {
    for (const r of held) r.destroy();
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  }
});
