import { expect, test, type Page } from '@playwright/test';
import { rootHydrated as hydrated } from './checkout-steps';

// spec catalogue §2.1 route table: error /error — an error page with 500, not the not-found page with 404
test('/error renders the error page with status 500', async ({ page, request }) => {
  const res = await request.get('/error');
  expect(res.status()).toBe(500);
  const html = await res.text();
  expect(html).toContain('Er ging iets mis');
  expect(html).not.toContain('Pagina niet gevonden');
  await page.goto('/error');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Er ging iets mis' })).toBeVisible();
  await page.getByRole('link', { name: 'Neem contact op' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
});

// spec catalogue §4.3 (out-of-stock children), the swatch of an out-of-stock child is marked before the click,
// for the eye (class, struck pattern) and for screen readers (its accessible name says it)
test('an out-of-stock child is marked unavailable on its option before it is clicked', async ({ page }) => {
  await page.goto('/inpakpapier/kerst/modern/kadopapier-kerstballen-noorderlicht-21.html');
  await hydrated(page);
  const colour = page.getByRole('group', { name: /Kleur/ });
  const size = page.getByRole('group', { name: /Formaat/ });
  // Wit may already be the preselected default child (then the URL keeps no childSku): what matters is that it is chosen
  const wit = colour.getByRole('radio', { name: /^Wit/ });
  await wit.check({ force: true });
  await expect(wit).toBeChecked();
  // Wit 70 x 5 (IP-00021-wit-70x5) is out of stock; the other sizes of Wit are not
  const sold = size.getByRole('radio', { name: '70 cm x 5 m (niet op voorraad)' });
  await expect(sold).toHaveCount(1);
  await expect(sold).not.toBeChecked();
  await expect(page.locator('[data-option="size"] .option-value--out-of-stock')).toHaveCount(1);
  await expect(page.locator('[data-option="size"] .option-value--out-of-stock label')).toContainText('70 cm x 5 m');
  await expect(size.getByRole('radio', { name: '50 cm x 3 m', exact: true })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/e2e/catalogue-out-of-stock-swatch.png' });
});

// 'load more' depth lives in the URL (?page=N), so a refresh (and the server render) keeps the shopper's place
test("'load more' writes ?page=2 into the URL and a reload shows the same products", async ({ page }) => {
  await page.goto('/inpakpapier');
  await hydrated(page);
  const tiles = page.locator('.category-page .product-tile');
  await expect(tiles).toHaveCount(50);
  await page.getByRole('link', { name: 'Meer producten laden' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(tiles).toHaveCount(100);
  const skus = await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-sku')));
  // the server renders both pages from the URL alone
  const html = await (await page.request.get(page.url())).text();
  expect(html.match(/class="product-tile"/g)?.length).toBe(100);
  await page.reload();
  await hydrated(page);
  await expect(tiles).toHaveCount(100);
  expect(await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-sku')))).toEqual(skus);
  await expect(page.getByText(/100 van \d+ producten getoond/)).toBeVisible();
});
