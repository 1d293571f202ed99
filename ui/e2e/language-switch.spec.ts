import { expect, test } from '@playwright/test';
import { hydrated } from './checkout-steps';

/**
 * the shopper changes the shop's language from the footer; the choice is the `locale` cookie (kept after a
 * reload and on other pages), the page comes back in that language with that store view's data (category names).
 */
test('the footer\'s language switch: English, kept after a reload and on the next page, then back to Dutch', async ({ page, context }) => {
  await page.goto('/inpakpapier');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  const dutch = page.getByRole('navigation', { name: 'Taal' });
  await expect(dutch.getByRole('button', { name: 'Nederlands' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dutch.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'false');
  await expect(dutch.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  await dutch.getByRole('button', { name: 'English' }).focus();
  await page.keyboard.press('Enter');

  // the same page in English, with the English store view's category name
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL(/\/inpakpapier$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wrapping paper');
  const english = page.getByRole('navigation', { name: 'Language' });
  await expect(english.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('en-US');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wrapping paper');
  await page.goto('/i/veel-gestelde-vragen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  await hydrated(page);
  await page.screenshot({ path: 'test-results/e2e/language-switch-en.png' });

  // and back
  await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: 'Nederlands' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Veel gestelde vragen');
  expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('nl-NL');
});
