import { expect, test, type Request } from '@playwright/test';
import { closeCookieNotice, settled } from './checkout-steps';

const isCatalogueCall = (r: Request) => /\/api\/(url\/map|catalog\/[^/]+\/product\/_search\?size=1&)/.test(r.url());

// A tile pointed at asks for its product's URL map answer and document before the click (ui/app/prefetch-product.ts);
// the click's navigation takes them and asks the backend for neither again
test('a product tile pointed at: its data comes before the click, the navigation does not ask for it again', async ({ page }) => {
  await page.goto('/inpakpapier');
  await settled(page);
  await closeCookieNotice(page);
  const link = page.locator('[data-testid="category-products"] .product-tile a[href]').nth(1);
  const asked: string[] = [];
  page.on('request', (r) => void (isCatalogueCall(r) && asked.push(r.url())));

  const mapped = page.waitForResponse((r) => r.url().includes('/api/url/map'));
  const fetched = page.waitForResponse((r) => /\/product\/_search\?size=1&/.test(r.url()));
  await link.hover();
  await Promise.all([mapped, fetched]);
  expect(asked).toHaveLength(2);

  const name = (await link.locator('.product-tile__name').textContent())?.trim() ?? '';
  await link.click();
  await expect(page.locator('.product-page h1')).toHaveText(name);
  expect(asked).toHaveLength(2);

  // Back, and a tile never pointed at (a keyboard's focus) asks for its own product the same way (the pointer away
  // from the tiles first, so that none is pointed at when the list is back)
  await page.mouse.move(0, 0);
  await page.goBack();
  await expect(page.locator('.category-page h1')).toBeVisible();
  const other = page.locator('[data-testid="category-products"] .product-tile a[href]').nth(2);
  const otherMapped = page.waitForResponse((r) => r.url().includes('/api/url/map'));
  await other.focus();
  await otherMapped;
  await expect.poll(() => asked.filter((u) => /size=1&/.test(u)).length).toBe(2);
  const otherName = (await other.locator('.product-tile__name').textContent())?.trim() ?? '';
  const before = asked.length;
  await page.keyboard.press('Enter');
  await expect(page.locator('.product-page h1')).toHaveText(otherName);
  expect(asked.length).toBe(before);
});
