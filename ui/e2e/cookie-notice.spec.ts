import { expect, test } from '@playwright/test';
import { hydrated } from './checkout-steps';
import { bootModules } from '../../test-fixtures/boot-document';

// first visit: the cookie notice (spec transactions §4) is in the server's HTML, so it paints with the page
// instead of a second after it (on a phone it was the product page's largest paint); a shopper who closed it never
// sees it again (a copy of "closed" in localStorage hides it before the first paint); the claim stays the truth.
const PRODUCT = '/inpakpapier/baby-en-geboorte/inpakpapier-beertjes-amsterdam-1.html';
const KEY = 'shop:cookie-notice-closed';

test('a first visit paints the notice with the page; it closes once hydrated and stays closed on the next page', async ({ page, request }) => {
  const html = await (await request.get(PRODUCT)).text();
  expect(html).toMatch(/<section class="cookie-banner" aria-label="Cookies"[^>]*><p>We gebruiken cookies/);
  expect(html).toMatch(/<button type="button" class="button" disabled="">OK, sluiten<\/button>/);
  // the JavaScript is named only at the end, by the boot loader (asked for after the first paint)
  expect(html.slice(0, html.indexOf('<div id="app">'))).not.toContain('modulepreload');
  expect(bootModules(html)[0]).toMatch(/^\/dist\/entry-client-/);

  await page.goto(PRODUCT, { waitUntil: 'domcontentloaded' });
  const banner = page.getByRole('region', { name: 'Cookies' });
  await expect(banner).toBeVisible();
  await hydrated(page);
  const close = banner.getByRole('button', { name: 'OK, sluiten' });
  await expect(close).toBeEnabled();
  await close.click();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBe('1');

  // the next page: in the HTML, hidden before the first paint, gone after hydration
  await page.goto('/inpakpapier', { waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('cookie-notice-closed'))).toBe(true);
  await expect(page.locator('.cookie-banner')).toBeHidden();
  await hydrated(page);
  await expect(page.locator('.cookie-banner')).toHaveCount(0);
});

test('the claim decides: a closed notice whose copy was lost shows until the claim is read, then goes and the copy is back', async ({ page }) => {
  await page.goto(PRODUCT);
  await hydrated(page);
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'OK, sluiten' }).click();
  await expect(page.locator('.cookie-banner')).toHaveCount(0);
  await page.evaluate((k) => localStorage.removeItem(k), KEY);
  await page.reload();
  await hydrated(page);
  await expect(page.locator('.cookie-banner')).toHaveCount(0);
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), KEY)).toBe('1');
});
