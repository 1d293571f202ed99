import { expect, test, type Page } from '@playwright/test';
import { hydrated, pageProblems as watch } from './checkout-steps';

/** Tab until the focused element matches, at most `max` presses. */
async function tabTo(page: Page, predicate: string, max = 60): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(predicate)) return true;
  }
  return false;
}

// spec catalogue §2.5 ("Aside banners come from promoted offers"), §2.11 (menu aside banners of the local content file);
// they existed in the content file but were not shown
test('the open mega menu shows the aside banner, reached by keyboard, and it leads to the wholesale page', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/');
  await hydrated(page);
  const toggle = page.getByRole('navigation', { name: 'Categorieën' }).getByRole('button', { name: 'Toon de subcategorieën van Inpakpapier' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator('#megamenu-3');
  const offers = panel.getByRole('group', { name: 'Uitgelicht' });
  const banner = offers.getByRole('link', { name: /Groothandel/ });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Kadoverpakkingen voor winkels');
  // the image: decorative, lazy, with its size (no layout shift), and it loads once the panel shows it
  const image = banner.locator('img');
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('width', '240');
  await expect(image).toHaveAttribute('height', '140');
  await expect(image).toHaveAttribute('alt', '');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // keyboard: Tab from the toggle through the columns reaches the banner, Enter follows it
  expect(await tabTo(page, `document.activeElement?.classList.contains('megamenu-banner') ?? false`)).toBe(true);
  await expect(banner).toBeFocused();
  await page.screenshot({ path: 'test-results/e2e/megamenu-aside-banner.png' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kadoverpakkingen-groothandel\.html$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(panel).toBeHidden();
  expect(problems).toEqual([]);
});

// The English store view names the category 'Wrapping paper' (English category data)
test('the English shop shows the English banner text', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addCookies([{ name: 'locale', value: 'en-US', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Show the subcategories of Wrapping paper' }).click();
  const banner = page.locator('#megamenu-3').getByRole('group', { name: 'Featured' }).getByRole('link', { name: /Wholesale/ });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Gift packaging for shops');
  await expect(banner).toHaveAttribute('href', '/kadoverpakkingen-groothandel.html');
  await context.close();
});

// SEO basics: the head follows a client-side navigation (for crawlers that run the page's JavaScript)
test('after a client-side navigation the canonical, description and JSON-LD are the new page', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/inpakpapier/kerst');
  await hydrated(page);
  const head = () =>
    page.evaluate(() => ({
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      types: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => (JSON.parse(s.textContent ?? '{}') as { '@type': string })['@type']),
      count: document.querySelectorAll('link[rel="canonical"]').length,
    }));
  const first = await head();
  expect(first.canonical).toMatch(/\/inpakpapier\/kerst$/);
  expect(first.types).toEqual(['BreadcrumbList']);
  const tile = page.locator('[data-testid="category-products"] .product-tile a').first();
  const href = await tile.getAttribute('href');
  await tile.click();
  await expect(page.locator('.product-page h1')).toBeVisible();
  // every part of the head read together in each poll (none is assumed to follow the others at once)
  await expect
    .poll(async () => {
      const h = await head();
      return { types: h.types, count: h.count, path: h.canonical ? new URL(h.canonical).pathname : null, newDescription: h.description !== first.description };
    })
    .toEqual({ types: ['Product', 'BreadcrumbList'], count: 1, path: new URL(href!, 'http://x').pathname, newDescription: true });
  // leaving for a page without data of its own puts the default head back
  await page.getByRole('link', { name: 'Sitemap' }).click();
  await expect(page).toHaveURL(/\/sitemap$/);
  await expect.poll(async () => ({ types: (await head()).types, sitemap: /\/sitemap$/.test((await head()).canonical ?? '') })).toEqual({ types: [], sitemap: true });
  expect(problems).toEqual([]);
});

test('a first page without data of its own, then a category by client-side navigation: the category head', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/sitemap');
  await hydrated(page);
  expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
  await page.locator('#main').getByRole('link', { name: 'Linten', exact: true }).first().click();
  await expect(page).toHaveURL(/\/linten$/);
  await expect
    .poll(() =>
      page.evaluate(() => ({
        types: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => (JSON.parse(s.textContent ?? '{}') as { '@type': string })['@type']),
        linten: /\/linten$/.test(document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? ''),
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      })),
    )
    .toEqual({ types: ['BreadcrumbList'], linten: true, description: 'Linten en koorden om elk cadeau af te maken.' });
  expect(problems).toEqual([]);
});
