import { expect, test } from '@playwright/test';

// spec catalogue §2.11: the home page shows new_collection and bestsellers, 8 items each, in Dutch
test('home page: both lists, Dutch heading, hydrated without mismatch', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Nieuwe collectie' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bestsellers' })).toBeVisible();
  await expect(page.locator('[data-list="new_collection"] .product-tile')).toHaveCount(8);
  await expect(page.locator('[data-list="bestsellers"] .product-tile')).toHaveCount(8);
  // spec catalogue §1's title template, translated for the Dutch shop
  await expect(page).toHaveTitle(/^Home - .* - inpakpapier en luxe cadeauverpakkingen$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  // hydration is done once React has attached its root to #app (a mismatch would have logged an error above)
  await page.waitForFunction(() => Object.keys(document.getElementById('app') ?? {}).some((k) => k.startsWith('__reactContainer')));
  await page.screenshot({ path: 'test-results/e2e/home.png', fullPage: true });
  expect(problems).toEqual([]);
});

// spec catalogue §2.11: banners and content items from the store view's local file, linking into the shop
test('home banner leads to its category', async ({ page }) => {
  await page.goto('/');
  const banner = page.locator('.banner-main').first();
  await expect(banner).toContainText('Kerst inpakken begint hier');
  await expect(page.locator('.home-usps')).toContainText('Gratis retourneren');
  await banner.click();
  await expect(page).toHaveURL(/\/inpakpapier$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inpakpapier' })).toBeVisible();
});

test('home page HTML is server-rendered with product names', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  const names = [...html.matchAll(/class="product-tile__name">([^<]+)</g)].map((m) => m[1]);
  expect(names.length).toBe(16);
  expect(html).toContain('Nieuwe collectie');
  expect(html).toContain('<script type="application/json" id="shop-boot">');
});

test('unknown path answers 404 with the not-found page', async ({ request }) => {
  const res = await request.get('/dit-bestaat-niet-xyz');
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain('Pagina niet gevonden');
});
