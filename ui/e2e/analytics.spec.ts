import { expect, test, type Page } from '@playwright/test';
import { acceptTerms, choosePayment, fillDetailsAndShipping, hydrated, placeOrder, simpleProductUrl, uniqueEmail } from './checkout-steps';

// spec catalogue §2.4 (routes carry a meta name for the tag manager and can be excluded from page views) with GA4's
// e-commerce events in window.dataLayer, consent first: only after the cookie notice was accepted (spec transactions
// §4 "Cookie notice"; the decline beside it sends nothing). No tag manager is configured here, so no third-party
// script loads and the events stay in window.dataLayer.

interface Item {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
  index?: number;
  item_list_name?: string;
}
interface Entry {
  event?: string;
  ecommerce?: { items: Item[]; value?: number; transaction_id?: string; shipping?: number; tax?: number; currency: string; [k: string]: unknown } | null;
  page_type?: string;
  page_path?: string;
}

/**
 * Every entry any page of the journey pushes to window.dataLayer, in order, across full page loads (a page's
 * dataLayer goes with it): the array is created before the page's scripts run and reports each push.
 */
async function recordDataLayer(page: Page): Promise<Entry[]> {
  const entries: Entry[] = [];
  await page.exposeFunction('__recordDataLayer', (e: Entry) => entries.push(e));
  await page.addInitScript(() => {
    const w = window as unknown as { dataLayer: unknown[]; __recordDataLayer: (e: unknown) => void };
    const layer: unknown[] = [];
    layer.push = (...added: unknown[]) => {
      for (const e of added) w.__recordDataLayer(JSON.parse(JSON.stringify(e)));
      return Array.prototype.push.apply(layer, added);
    };
    w.dataLayer = layer;
  });
  return entries;
}

const events = (entries: readonly Entry[]) => entries.filter((e) => e.event !== undefined);
const names = (entries: readonly Entry[]) => events(entries).map((e) => (e.event === 'page_view' ? `page_view ${e.page_type}` : e.event!));

/** The category page a product's URL sits in (its url_path's folder: the product has a tile there). */
const categoryOf = (productUrl: string) => productUrl.slice(0, productUrl.lastIndexOf('/'));

/** The URLs the page asks for that are not the shop's (127.0.0.1: the storefront and the demo payment page). */
function thirdPartyRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const { hostname, protocol } = new URL(r.url());
    if ((protocol === 'http:' || protocol === 'https:') && hostname !== '127.0.0.1') seen.push(r.url());
  });
  return seen;
}

/** Whether the analytics chunk (ui/app/analytics-runtime.ts) was asked for. */
function analyticsChunkLoads(page: Page): () => boolean {
  let loaded = false;
  page.on('request', (r) => {
    if (/\/analytics-runtime-[^/]*\.js$/.test(new URL(r.url()).pathname)) loaded = true;
  });
  return () => loaded;
}

const euros = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

test('accepted: a list, a product, the cart, checkout and payment give exactly the funnel\'s events', async ({ page }) => {
  const entries = await recordDataLayer(page);
  const foreign = thirdPartyRequests(page);
  const chunkLoaded = analyticsChunkLoads(page);
  const product = await simpleProductUrl(page.request);

  // a list; nothing before the notice is accepted (the analytics code is not even loaded)
  await page.goto(categoryOf(product.url));
  await hydrated(page);
  const banner = page.getByRole('region', { name: 'Cookies' });
  await expect(banner.getByRole('button', { name: 'OK, sluiten' })).toBeEnabled();
  expect(entries).toEqual([]);
  expect(chunkLoaded()).toBe(false);
  await banner.getByRole('button', { name: 'OK, sluiten' }).click();
  // the list shown when the shopper accepts is counted then
  await expect.poll(() => names(entries)).toEqual(['page_view category', 'view_item_list']);

  // the product from its tile, added, the cart opened
  await page.locator(`.product-grid a[href="${product.url}"]`).first().click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const sku = (await page.locator('.product-page').getAttribute('data-sku'))!;
  const add = page.getByRole('button', { name: 'In winkelwagen' });
  await expect(add).toBeEnabled();
  await expect.poll(() => names(entries).at(-1)).toBe('view_item');
  await add.click();
  await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: /^Winkelwagen, 1 artikel/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Winkelwagen' });
  await expect(drawer).toBeVisible();
  const linePrice = euros(await drawer.locator('.cart-line__price').first().innerText());

  // checkout, paid with iDEAL at the demo provider
  await page.goto('/checkout');
  await hydrated(page);
  await fillDetailsAndShipping(page, { firstName: 'Anne', lastName: 'de Vries', email: uniqueEmail('analytics') });
  await choosePayment(page, 'iDEAL', 'ING');
  await acceptTerms(page);
  const summary = page.getByRole('complementary', { name: 'Overzicht van je bestelling' });
  const grandTotal = euros(await summary.locator('.cart-totals__row--grand_total dd').innerText());
  const shipping = euros(await summary.locator('.cart-totals__row--shipping dd').innerText());
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Betaalsimulator' })).toBeVisible();
  await page.getByRole('button', { name: 'Betaald (paid)' }).click();
  await page.waitForURL(/\/order-status\/[^/]+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/# \d+/);
  const orderNumber = /# (\d+)/.exec((await heading.textContent())!)![1]!;
  await hydrated(page);

  // exactly these, in this order (the order-status page is excluded from page views by its route's meta: its
  // address carries the order's token); every e-commerce event behind GTM's reset
  await expect
    .poll(() => names(entries))
    .toEqual([
      'page_view category',
      'view_item_list',
      'select_item',
      'page_view product',
      'view_item',
      'add_to_cart',
      'view_cart',
      'page_view checkout',
      'begin_checkout',
      'add_shipping_info',
      'add_payment_info',
      'purchase',
    ]);
  entries.forEach((e, i) => {
    if (e.event && e.event !== 'page_view') expect(entries[i - 1]).toEqual({ ecommerce: null });
  });
  expect(entries.filter((e) => !e.event)).toHaveLength(9);

  const byName = (n: string) => events(entries).find((e) => e.event === n)!;
  const item = { item_id: sku, item_name: product.name, price: linePrice, quantity: 1 };
  const list = byName('view_item_list').ecommerce!;
  expect(list.items.length).toBeGreaterThan(0);
  expect(list.items.map((i) => i.index)).toEqual(list.items.map((_, i) => i));
  const position = list.items.findIndex((i) => i.item_id === sku);
  expect(list.items[position]).toEqual({ ...item, index: position, item_list_name: list.item_list_name });
  expect(byName('select_item').ecommerce).toEqual({ currency: 'EUR', item_list_name: list.item_list_name, items: [{ ...item, index: position, item_list_name: list.item_list_name }] });
  expect(byName('view_item').ecommerce).toEqual({ currency: 'EUR', value: linePrice, items: [item] });
  for (const n of ['add_to_cart', 'view_cart', 'begin_checkout']) expect(byName(n).ecommerce, n).toEqual({ currency: 'EUR', value: linePrice, items: [item] });
  expect(byName('add_shipping_info').ecommerce).toEqual({ currency: 'EUR', value: linePrice, shipping_tier: 'DPD Courier', items: [item] });
  expect(byName('add_payment_info').ecommerce).toEqual({ currency: 'EUR', value: linePrice, payment_type: 'ideal', items: [item] });
  // purchase: the order number the shopper sees; value = items − discount + shipping = the grand total (iDEAL costs nothing)
  const bought = byName('purchase').ecommerce!;
  expect(bought).toEqual({ transaction_id: orderNumber, currency: 'EUR', value: grandTotal, tax: bought.tax, shipping, items: [item] });
  expect(Math.round((linePrice + shipping) * 100) / 100).toBe(grandTotal);
  expect(bought.tax).toBeGreaterThan(0);
  expect(byName('page_view').page_path).toBe(categoryOf(product.url));
  // no tag manager configured: no third-party script, the events stayed in window.dataLayer
  expect(foreign).toEqual([]);
});

test('declined: the same shopping sends nothing and the analytics code never loads', async ({ page }) => {
  const entries = await recordDataLayer(page);
  const chunkLoaded = analyticsChunkLoads(page);
  const product = await simpleProductUrl(page.request, 1);
  await page.goto(categoryOf(product.url));
  await hydrated(page);
  const banner = page.getByRole('region', { name: 'Cookies' });
  await banner.getByRole('button', { name: 'Weigeren' }).click();
  await expect(banner).toHaveCount(0);

  await page.locator(`.product-grid a[href="${product.url}"]`).first().click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: /^Winkelwagen, 1 artikel/ }).click();
  await expect(page.getByRole('dialog', { name: 'Winkelwagen' })).toBeVisible();
  // the choice is remembered: the next page shows no notice and sends nothing either
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Afrekenen', level: 1 })).toBeVisible();
  await expect(page.locator('.cookie-banner')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBe(0);
  expect(entries).toEqual([]);
  expect(chunkLoaded()).toBe(false);
});
