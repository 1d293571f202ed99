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
