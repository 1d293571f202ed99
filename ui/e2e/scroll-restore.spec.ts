import { expect, test } from '@playwright/test';
import { closeCookieNotice, hydrated } from './checkout-steps';

// Back from a product to a long category list returns to the same place in the same list (ui/app/ScrollRestore.tsx;
// the list's depth is in its URL, ?page=N)
test('Back from a product restores the category list: the same number of tiles, scrolled within 10 px', async ({ page }) => {
  await page.goto('/inpakpapier');
  await hydrated(page);
  await closeCookieNotice(page);
  const tiles = page.locator('[data-testid="category-products"] .product-tile');
  await expect.poll(() => tiles.count()).toBeGreaterThan(1);
  // a few pages deep, as far as the category lists
  const more = page.locator('.category-page__more a');
  for (let i = 0; i < 2 && (await more.count()) > 0; i++) {
    const before = await tiles.count();
    await more.click();
    await expect.poll(() => tiles.count()).toBeGreaterThan(before);
  }
  const count = await tiles.count();
  const last = tiles.last();
  await last.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(500);

  await last.locator('a[href]').first().click();
  await expect(page.locator('.product-page h1')).toBeVisible();
  await page.goBack();
  await expect.poll(() => tiles.count()).toBe(count);
  await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThanOrEqual(10);
});
