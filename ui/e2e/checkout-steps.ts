import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';

/** Shared steps and waits of the journeys (Dutch texts: the shop's default locale). */

/** Console errors, hydration warnings and page errors of a page (a hydration mismatch would show here). */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/** hydrateRoot has attached to the server HTML (its Suspense parts may follow: `hydrated` waits for them too). */
export async function rootHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.getElementById('app') ?? {}).some((k) => k.startsWith('__reactContainer')));
}

/** A simple, visible, enabled product with plenty of stock, from the backend's search API (through the storefront). */
export async function simpleProductUrl(request: APIRequestContext, offset = 0): Promise<{ url: string; name: string }> {
  const res = await request.post('/api/catalog/vue_storefront_catalog/product/_search', {
    data: {
      query: { bool: { filter: [{ term: { type_id: 'simple' } }, { term: { visibility: 4 } }, { term: { status: 1 } }, { range: { 'stock.qty': { gte: 20 } } }] } },
      size: 1,
      from: offset,
      _source: ['sku', 'url_path', 'name'],
    },
  });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { hits: { hits: Array<{ _source: { url_path: string; name: string } }> } };
  const hit = body.hits.hits[0]?._source;
  if (!hit) throw new Error('no simple product in stock');
  return { url: `/${hit.url_path}`, name: hit.name };
}

/** React has attached to the server HTML (so clicks reach handlers). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const app = document.getElementById('app');
    if (!app || !Object.keys(app).some((k) => k.startsWith('__reactContainer'))) return false;
    // the root is marked when hydrateRoot is called; the header, the page and the footer are Suspense boundaries
    // hydrated after it at a lower priority (ui/app/DefaultLayout.tsx), and a key pressed on a part not yet
    // hydrated could be lost on a loaded machine (a mega-menu toggle's Enter did nothing once): each part's element
    // carries React's props once its boundary is hydrated
    const parts = ['header.header', '#main > *', 'footer'].map((s) => document.querySelector(s)).filter((e): e is Element => e !== null);
    return parts.every((e) => Object.keys(e).some((k) => k.startsWith('__reactProps')));
  });
}

/**
 * Every finite CSS transition and animation has finished (what a scan or a measurement then reads is the settled page,
 * not a frame of a transition; infinite ones, a spinner, are not waited for).
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/**
 * Hydrated, mounted, and the transaction half loaded on idle after hydration (ui/entry-client.tsx): the live cart
 * button names its count. Whatever the first load does after hydration (recoverable hydration errors, the idle chunk
 * loads) has happened by then.
 */
export async function settled(page: Page): Promise<void> {
  await hydrated(page);
  await expect(page.getByRole('button', { name: /^Winkelwagen, \d+ artikel/, includeHidden: true }).first()).toBeAttached();
}

/**
 * The page's requests, counted from this call: `idle()` waits until every request made so far has its answer (or
 * failed). A state, not a quiet period (some hundred ms without a request): it returns as
 * soon as the last answer is in.
 */
export function requestsInFlight(page: Page): { idle(): Promise<void> } {
  const pending = new Set<Request>();
  const done = (r: Request) => void pending.delete(r);
  page.on('request', (r) => void pending.add(r));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { idle: () => expect.poll(() => pending.size).toBe(0) };
}

/** The service worker of this build controls the page (registered after load, installed, claimed the page). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Close the cookie notice (spec transactions §4) when it shows, so it covers nothing in screenshots. */
export async function closeCookieNotice(page: Page): Promise<void> {
  const banner = page.getByRole('region', { name: 'Cookies' });
  await banner.getByRole('button', { name: 'OK, sluiten' }).click();
  await expect(banner).toHaveCount(0);
}

/** Open the product page and add it: the cart notification confirms it. */
export async function addProductToCart(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
  const button = page.getByRole('button', { name: 'In winkelwagen' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
}

/** One simple product (the `offset`th in stock) in the cart, then the checkout opened and hydrated. */
export async function checkoutWithOneProduct(page: Page, offset: number): Promise<{ url: string; name: string }> {
  const product = await simpleProductUrl(page.request, offset);
  await addProductToCart(page, product.url);
  await closeCookieNotice(page);
  await page.goto('/checkout');
  await hydrated(page);
  return product;
}

export interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
}

/** Personal details and shipping steps of /checkout. */
export async function fillDetailsAndShipping(page: Page, shopper: Shopper, options: { skipPersonal?: boolean } = {}): Promise<void> {
  const personal = page.locator('[data-step="1"]');
  if (!options.skipPersonal) {
    await personal.getByLabel('Voornaam').fill(shopper.firstName);
    await personal.getByLabel('Achternaam').fill(shopper.lastName);
    await personal.getByLabel('E-mailadres').fill(shopper.email);
  }
  await personal.getByRole('button', { name: 'Verder naar verzending' }).click();
  const shipping = page.locator('[data-step="2"]');
  await shipping.getByLabel('Straat en huisnummer').fill('Keizersgracht 12');
  await shipping.getByLabel('Postcode').fill('1015 CX');
  await shipping.getByLabel('Plaats').fill('Amsterdam');
  await shipping.getByLabel('Land').selectOption('NL');
  await expect(shipping.getByRole('radio', { name: /DPD Courier/ })).toBeChecked();
  await shipping.getByRole('button', { name: 'Verder naar betalen' }).click();
}

/** Payment step: a method by its label, the iDEAL bank when given. */
export async function choosePayment(page: Page, method: RegExp | string, bank?: string): Promise<void> {
  const payment = page.locator('[data-step="3"]');
  await payment.getByRole('radio', { name: method }).check();
  if (bank) await payment.getByLabel('Je bank').selectOption({ label: bank });
  await payment.getByRole('button', { name: 'Verder naar overzicht' }).click();
}

/** Review step: accept the terms (the review step is then ready to place the order). */
export async function acceptTerms(page: Page): Promise<void> {
  const review = page.locator('[data-step="4"]');
  await review.getByLabel(/Ik ga akkoord met de/).check();
}

export async function placeOrder(page: Page): Promise<void> {
  await page.locator('[data-step="4"]').getByRole('button', { name: 'Bestelling plaatsen' }).click();
}

/** Every row of the shop's IndexedDB store (adapters/storage/idb-storage.ts: collection, key, JSON value). */
export interface StoredRow {
  collection: string;
  key: string;
  value: string;
}
export const storedRows = (page: Page): Promise<StoredRow[]> =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('papier-shop');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    try {
      if (!db.objectStoreNames.length) return [];
      return await new Promise<StoredRow[]>((resolve, reject) => {
        const r = db.transaction(db.objectStoreNames[0]!).objectStore(db.objectStoreNames[0]!).getAll();
        r.onsuccess = () => resolve(r.result as StoredRow[]);
        r.onerror = () => reject(r.error);
      });
    } finally {
      db.close();
    }
  });

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.nl`;
