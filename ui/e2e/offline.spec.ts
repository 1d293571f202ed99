import { expect, test } from '@playwright/test';

const hydrated = (page: import('@playwright/test').Page) =>
  page.waitForFunction(() => Object.keys(document.getElementById('app') ?? {}).some((k) => k.startsWith('__reactContainer')));

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
