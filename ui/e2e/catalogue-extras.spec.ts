import { expect, test, type Page } from '@playwright/test';

async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.getElementById('app') ?? {}).some((k) => k.startsWith('__reactContainer')));
}

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

// spec catalogue §4.3 (out-of-stock children), issue 12: the swatch of an out-of-stock child is marked before the click,
// for the eye (class, struck pattern) and for screen readers (its accessible name says it)
test('an out-of-stock child is marked unavailable on its option before it is clicked', async ({ page }) => {
  await page.goto('/inpakpapier/kerst/modern/kadopapier-kerstballen-noorderlicht-21.html');
  await hydrated(page);
  const colour = page.getByRole('group', { name: /Kleur/ });
  const size = page.getByRole('group', { name: /Formaat/ });
  await colour.getByRole('radio', { name: /^Wit/ }).check({ force: true });
  await expect(page).toHaveURL(/childSku=IP-00021-wit-/);
  // Wit 70 x 5 (IP-00021-wit-70x5) is out of stock; the other sizes of Wit are not
  const sold = size.getByRole('radio', { name: '70 cm x 5 m (niet op voorraad)' });
  await expect(sold).toHaveCount(1);
  await expect(sold).not.toBeChecked();
  await expect(page.locator('[data-option="size"] .option-value--out-of-stock')).toHaveCount(1);
  await expect(page.locator('[data-option="size"] .option-value--out-of-stock label')).toContainText('70 cm x 5 m');
  await expect(size.getByRole('radio', { name: '50 cm x 3 m', exact: true })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/e2e/catalogue-out-of-stock-swatch.png' });
});
