import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import nl from '../i18n/nl-NL';
import en from '../i18n/en-US';
import { acceptTerms, addProductToCart, choosePayment, closeCookieNotice, fillDetailsAndShipping, placeOrder, simpleProductUrl, storedRows, uniqueEmail, type StoredRow, rootHydrated as hydrated, checkoutWithOneProduct } from './checkout-steps';

// spec catalogue §1, §4.4, §8: catalogue data is cached locally; offline, a visited category still shows its products
// (answered from IndexedDB, flagged offline), and the offline badge shows
test('offline: a category visited before still lists its products', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  // visit the category online (client-side, so its search answers land in the browser's catalogue cache)
  const menu = page.getByRole('navigation', { name: 'Categorieën' });
  await menu.getByRole('link', { name: 'Linten', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Linten' })).toBeVisible();
  const tiles = page.locator('[data-testid="category-products"] .product-tile');
  await expect.poll(() => tiles.count()).toBeGreaterThan(1);
  const online = await tiles.count();
  // back home, then offline, then to the category again through the menu
  await page.getByRole('link', { name: /startpagina/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Nieuwe collectie' })).toBeVisible();
  await context.setOffline(true);
  await menu.getByRole('link', { name: 'Linten', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Linten' })).toBeVisible();
  await expect.poll(() => tiles.count()).toBe(online);
  await expect(page.getByText('Offline', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/offline-category.png' });
  await context.setOffline(false);
});

/** A category page loaded (server-rendered) and hydrated, once it shows more than `moreThan` product tiles: the tiles. */
async function loadedCategory(page: Page, path: string, moreThan: number) {
  await page.goto(path);
  await hydrated(page);
  const tiles = page.locator('[data-testid="category-products"] .product-tile');
  await expect.poll(() => tiles.count()).toBeGreaterThan(moreThan);
  return tiles;
}

/** The home page loaded and hydrated, the browser gone offline, then the Linten category opened by the category menu. */
async function offlineLintenByMenu(page: Page, context: BrowserContext) {
  await page.goto('/');
  await hydrated(page);
  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Categorieën' }).getByRole('link', { name: 'Linten', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Linten' })).toBeVisible();
}

/**
 * The browser keeps what a server-rendered page showed in IndexedDB after hydration (core/catalogue/offline-seed.ts);
 * a test that leaves the page at once waits for it, as a shopper who stays a moment would have it: the url mapping of
 * `slug`, and at least `products` product entries.
 */
const kept = (page: Page, slug: string, products: number) =>
  storedSoon(page, (rows) => rows.some((r) => r.collection === 'url' && r.key.includes(slug)) && rows.filter((r) => r.collection === 'products').length >= products);

/** ... and, once idle, a category page's filter fields and aggregations (offline-seed.ts completeRendered) */
const completed = (page: Page, products: number) =>
  storedSoon(page, (rows) => rows.filter((r) => r.collection === 'products' && r.value.includes('"category_ids"')).length >= products && rows.some((r) => r.collection === 'elasticCache' && r.value.includes('"agg_terms_color"')));

/** Waits until the shop's IndexedDB rows hold what `has` looks for. */
const storedSoon = (page: Page, has: (rows: StoredRow[]) => boolean) =>
  expect.poll(async () => has(await storedRows(page)), { timeout: 15_000 }).toBe(true);

// spec catalogue §1, §2.3: pages the server rendered (loaded, not navigated to) open offline by a link as
// they do by a reload: their url mapping and answers were kept in the browser's catalogue cache when they hydrated
test('offline: a loaded category and product open by link exactly as by reload, never "not found"', async ({ page, context }) => {
  const tiles = await loadedCategory(page, '/linten', 1);
  const online = await tiles.allInnerTexts();
  await kept(page, 'linten', online.length);
  const href = (await tiles.first().locator('a').first().getAttribute('href'))!;
  await page.goto(href);
  await hydrated(page);
  await kept(page, new URL(href, 'http://x').pathname.replace(/^\//, ''), online.length);
  const name = (await page.locator('#main h1').innerText()).trim();
  const price = (await page.getByTestId('product-price').innerText()).trim();
  await offlineLintenByMenu(page, context);
  await expect.poll(() => tiles.allInnerTexts()).toEqual(online);
  await expect(page.getByText('Pagina niet gevonden')).toHaveCount(0);

  await tiles.first().locator('a').first().click();
  await expect(page.locator('#main h1')).toHaveText(name);
  await expect(page.getByTestId('product-price')).toHaveText(price);
  await expect(page.getByText('Pagina niet gevonden')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/e2e/offline-link-product.png' });
  await context.setOffline(false);
});

// spec catalogue §3.4, §8: the hydration state carries no aggregations, so offline the filter panel of a
// server-rendered category is computed over the products this browser kept (core/catalogue/local-search.ts), and a
// filter chosen offline answers from them too
test('offline: a loaded category opened by link shows its filters, and a colour filter works offline', async ({ page, context }) => {
  const tiles = await loadedCategory(page, '/linten', 1);
  const shown = await tiles.count();
  const colours = page.locator('[data-filter="color"] .filter-option');
  await expect(colours.first()).toBeVisible();
  const onlineLabels = await colours.locator('.filter-option__label').allInnerTexts();
  await kept(page, 'linten', shown);
  await completed(page, shown);
  await offlineLintenByMenu(page, context);
  await expect.poll(() => tiles.count()).toBe(shown);
  await expect(colours.first()).toBeVisible();
  // the same colours, labelled as online (the category shows all its products on one page)
  const offlineLabels = await colours.locator('.filter-option__label').allInnerTexts();
  expect(offlineLabels.length).toBeGreaterThan(0);
  expect(onlineLabels).toEqual(expect.arrayContaining(offlineLabels));
  const first = colours.first();
  const count = Number(/\d+/.exec(await first.locator('.filter-option__count').innerText())![0]);
  expect(count).toBeLessThan(shown);
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => tiles.count()).toBe(count);
  await expect(page).toHaveURL(/[?&]color=/);
  await page.screenshot({ path: 'test-results/e2e/offline-filters.png' });
  await context.setOffline(false);
});

/** the texts of the offline journeys per locale (the shop's own i18n files) */
const TEXTS = {
  'nl-NL': { notice: nl.catalogue.offlineRedirectHome, home: nl.home.newCollection, notFound: nl.notFound.title, unavailable: nl.unavailable.title },
  'en-US': { notice: en.catalogue.offlineRedirectHome, home: en.home.newCollection, notFound: en.notFound.title, unavailable: en.unavailable.title },
} as const;

/** the shopper's language is the `locale` cookie (set before the first page, so the worker keeps that locale's home) */
async function inLocale(context: BrowserContext, locale: keyof typeof TEXTS): Promise<void> {
  if (locale !== 'nl-NL') await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
}

/** the page ended on home with the spec's notice: never "not found", never "the shop is unavailable" */
async function wentHomeWithNotice(page: Page, t: (typeof TEXTS)[keyof typeof TEXTS]): Promise<void> {
  await expect(page.locator('.notification', { hasText: t.notice })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: t.home })).toBeVisible();
  await expect(page.getByText(t.notFound)).toHaveCount(0);
  await expect(page.getByText(t.unavailable)).toHaveCount(0);
}

for (const locale of ['nl-NL', 'en-US'] as const) {
  const t = TEXTS[locale];
  // spec catalogue §2.3, §8: offline, a page the browser never had ('query returned empty result' offline) notifies
  // 'not available in Offline mode. Redirecting to Home.' and goes to the home route; never "not found". Whatever
  // navigator.onLine says (see the hard load below).
  for (const onLine of ['as the browser reports it', 'true'] as const) {
    test(`offline (${locale}): an unvisited product by link shows the offline notice and goes home (navigator.onLine ${onLine})`, async ({ page, context }) => {
      if (onLine === 'true') await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true, configurable: true }));
      await inLocale(context, locale);
      await page.goto('/');
      await hydrated(page);
      const link = page.locator('#main .product-tile a').first();
      const href = (await link.getAttribute('href'))!;
      expect(href).not.toBe('/');
      await context.setOffline(true);
      await link.click();
      await wentHomeWithNotice(page, t);
      if (onLine !== 'true') await page.screenshot({ path: `test-results/e2e/offline-unvisited-${locale}.png` });
      await context.setOffline(false);
    });
  }

  // the same for a hard load: the worker answers a never-visited address with the cached home page (the app), which
  // finds nothing for the path offline and goes home with the notice (without a cached home: the worker's offline
  // page, pwa.spec). Whatever navigator.onLine says: Chromium 150 said true in the document the worker answered.
  for (const onLine of ['as the browser reports it', 'true'] as const) {
    test(`offline (${locale}): a hard load of an unvisited page shows the offline notice and goes home (navigator.onLine ${onLine})`, async ({ page, context }) => {
      if (onLine === 'true') await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true, configurable: true }));
      await inLocale(context, locale);
      await page.goto('/');
      await hydrated(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await context.setOffline(true);
      await page.goto('/kaarten-en-enveloppen/wenskaarten/nooit-bezocht-999.html');
      await wentHomeWithNotice(page, t);
      await context.setOffline(false);
    });
  }
}

const euros = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

// spec transactions §3 "Totals", §4 "Sync need", §9 (shipping once): offline the platform's totals no longer
// describe the lines, so the microcart adds up the lines itself; a visited product's thumbnail comes from the worker's
// image cache (the sizes the visited page loaded)
test('offline: a product added offline shows its thumbnail and the microcart total follows the lines', async ({ page, context }) => {
  const product = await simpleProductUrl(page.request, 3);
  await page.goto('/');
  await hydrated(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await closeCookieNotice(page);
  // online: one product in the cart, its totals synced by the server
  await addProductToCart(page, product.url);
  const cartButton = page.getByRole('banner').getByRole('button', { name: /^Winkelwagen/ });
  const drawer = page.getByRole('dialog', { name: 'Winkelwagen' });
  if (!(await drawer.isVisible())) await cartButton.click();
  const grand = drawer.locator('.cart-totals__row--grand_total dd');
  await expect.poll(async () => euros(await grand.innerText())).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  // a second product, visited online (its page loaded its gallery image)
  const second = await simpleProductUrl(page.request, 5);
  await page.goto(second.url);
  await hydrated(page);
  const firstImage = page.locator('.gallery img').first();
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
  if (!(await drawer.isVisible())) await cartButton.click();
  const lines = drawer.locator('.cart-line');
  await expect(lines).toHaveCount(2);
  // the first line's quantity changed offline too
  await lines.first().getByLabel('Aantal').fill('2');
  await lines.first().getByLabel('Aantal').press('Enter');
  await expect(lines.first().getByLabel('Aantal')).toHaveValue('2');

  const lineTotals = async () => (await drawer.locator('.cart-line__price').allInnerTexts()).map(euros);
  const shipping = async () => ((await drawer.locator('.cart-totals__row--shipping dd').count()) ? euros(await drawer.locator('.cart-totals__row--shipping dd').innerText()) : 0);
  // lines, shipping and the grand total are read together on every poll (the total may still be settling)
  await expect
    .poll(async () => {
      const sum = (await lineTotals()).reduce((a, b) => a + b, 0);
      return Math.round((sum + (await shipping()) - euros(await grand.innerText())) * 100) / 100;
    })
    .toBe(0);
  expect(euros(await grand.innerText())).toBeGreaterThan(0);
  expect(Math.min(...(await lineTotals()))).toBeGreaterThan(0);
  await expect(drawer.locator('.cart-totals__row--subtotal_incl_tax dd')).toHaveText(/€/);

  // the thumbnail of the product added offline loads (from the worker's image cache)
  await expect.poll(() => lines.nth(1).locator('img.cart-line__image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/e2e/offline-microcart.png' });
  await context.setOffline(false);
});

// spec catalogue §8 ('Search failure on the client, offline: ... flagged offline'), §9 (the text rule read
// locally): offline, the search answers from the products this browser already has, marked as offline results
test('offline: the search finds the products already seen, marked as offline results', async ({ page, context }) => {
  const tiles = await loadedCategory(page, '/inpakpapier/kerst', 0);
  const shown = await tiles.allInnerTexts();
  let seen = shown.join('\n').toLowerCase();
  // the category's products are kept in IndexedDB after hydration: leaving at once could leave without them
  await kept(page, 'kerst', shown.length);
  await page.goto('/');
  await hydrated(page);
  // the home lists' products were seen too
  seen += (await page.locator('#main .product-tile').allInnerTexts()).join('\n').toLowerCase();
  await context.setOffline(true);
  const field = page.getByRole('combobox', { name: 'Zoeken' });
  await field.click();
  await field.fill('kerst');
  const results = page.locator('#search-panel .search-result');
  await expect(results.first()).toBeVisible();
  await expect(page.locator('#search-panel')).toContainText('Je bent offline: deze resultaten komen uit de producten die op dit apparaat zijn bewaard.');
  const names = await results.locator('.search-result__name').allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  // every result is a product this browser saw, and matches the text
  for (const name of names) expect(seen).toContain(name.toLowerCase());
  expect(names.some((n) => /kerst/i.test(n))).toBe(true);
  await page.screenshot({ path: 'test-results/e2e/offline-search.png' });
  await context.setOffline(false);
});

// spec transactions §4 "Task queue" ('Order waiting!' with its confirmation), §8 'order.queued': an order
// confirmed offline, sent after reconnection, shows the number the backend returned, and the waiting notice goes
async function queueOfflineOrder(page: import('@playwright/test').Page, context: import('@playwright/test').BrowserContext, offset: number): Promise<void> {
  await checkoutWithOneProduct(page, offset);
  await fillDetailsAndShipping(page, { firstName: 'Fenna', lastName: 'de Vries', email: uniqueEmail('offline-nr') });
  await choosePayment(page, 'Betalen bij levering');
  await acceptTerms(page);
  await context.setOffline(true);
  await placeOrder(page);
  await expect(page.locator('[data-outcome="queued"]')).toBeVisible();
}

test('offline order: confirmed in the modal after reconnecting, the order number the backend gave is shown and "Bestelling wacht!" goes', async ({ page, context }) => {
  await queueOfflineOrder(page, context, 6);
  await page.locator('[data-outcome="queued"]').getByRole('link', { name: 'Verder winkelen' }).click();
  await expect(page).toHaveURL(/\/$/);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/order') && r.request().method() === 'POST');
  await context.setOffline(false);
  const waiting = page.locator('.notification', { hasText: 'Bestelling wacht!' });
  await expect(waiting).toBeVisible();
  // confirmed in the modal, not through the notice's own button: the notice must go all the same
  const modal = page.getByRole('dialog', { name: 'Bestelling wacht!' });
  // an i18next plural: one order is "1 bestelling", never "1 bestelling(en)"
  await expect(modal).toContainText('Je hebt offline 1 bestelling geplaatst. Bevestig om die nu te versturen.');
  await modal.getByRole('button', { name: 'Bevestigen en versturen' }).click();
  const body = (await (await sent).json()) as { result: { increment_id: string } };
  const number = body.result.increment_id;
  expect(number).toMatch(/^\d+$/);
  await expect(page.locator('.notification', { hasText: `bestelnummer ${number}` })).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await page.screenshot({ path: 'test-results/e2e/offline-order-number.png' });
});

test('offline order: on the thank-you page, reconnecting sends it and the page shows the backend\'s order number', async ({ page, context }) => {
  await queueOfflineOrder(page, context, 7);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/order') && r.request().method() === 'POST');
  await context.setOffline(false);
  const body = (await (await sent).json()) as { result: { increment_id: string } };
  const placed = page.locator('[data-outcome="placed"]');
  await expect(placed).toBeVisible();
  await expect(placed.getByRole('status')).toContainText(body.result.increment_id);
  await expect(page.locator('.notification', { hasText: 'Bestelling wacht!' })).toHaveCount(0);
});
