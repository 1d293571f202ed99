import { expect, test, type Page } from '@playwright/test';
import { englishProduct } from '../../test-fixtures/catalogue/english';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { hydrated, pageProblems } from './checkout-steps';

/**
 * The English shop is English end to end: a category's tiles and a product page show the English store view's
 * product texts (names, short description, description), the Dutch shop the catalogue's Dutch ones, on the same URLs.
 */
const catalogue = generateCatalogue();
const CATEGORY = '/inpakpapier/kerst';
const category = catalogue.categories.find((c) => c.url_path === CATEGORY.slice(1))!;
const listed = catalogue.products.filter((p) => p.visibility === 4 && p.status === 1 && p.category_ids?.map(Number).includes(category.id));
const bySku = new Map(listed.map((p) => [p.sku, p]));
/** a simple product among the tiles shown (the page's first tiles: the category's default sort) */
const shownSimple = (tiles: Array<[string, string]>) => tiles.map(([sku]) => bySku.get(sku)).find((p) => p?.type_id === 'simple' && p.short_description)!;
const text = (html: string | undefined) => (html ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

async function tileNames(page: Page): Promise<Array<[string, string]>> {
  const tiles = page.locator('.product-tile');
  await expect(tiles.first()).toBeVisible();
  return tiles.evaluateAll((els) => els.map((e) => [e.getAttribute('data-sku') ?? '', e.querySelector('.product-tile__name')?.textContent ?? ''] as [string, string]));
}

test.describe('product texts per language', () => {
  test('Dutch: the category and the product page show the Dutch names and texts', async ({ page }) => {
    const problems = pageProblems(page);
    await page.goto(CATEGORY);
    await hydrated(page);
    const tiles = await tileNames(page);
    expect(tiles.length).toBeGreaterThan(3);
    for (const [sku, name] of tiles) if (bySku.has(sku)) expect(name).toBe(bySku.get(sku)!.name);
    const product = shownSimple(tiles);
    await page.goto(`/${product.url_path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.locator('.product-page__short')).toHaveText(text(product.short_description));
    await expect(page.locator('.product-page__description')).toContainText(text(product.description).slice(0, 60));
    expect(problems).toEqual([]);
  });

  test('English: the same URLs show the English store view\'s names and texts, no Dutch product text', async ({ page, context, baseURL, request }) => {
    await context.addCookies([{ name: 'locale', value: 'en-US', url: baseURL! }]);
    const problems = pageProblems(page);
    await page.goto(CATEGORY);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Christmas');
    const tiles = await tileNames(page);
    expect(tiles.length).toBeGreaterThan(3);
    let checked = 0;
    for (const [sku, name] of tiles) {
      const p = bySku.get(sku);
      if (!p) continue;
      expect(name).toBe(englishProduct(p, catalogue.english).name);
      expect(name).not.toBe(p.name);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
    const product = shownSimple(tiles);
    const english = englishProduct(product, catalogue.english);
    // the product page, opened from the category as a shopper does (a client-side navigation), then loaded afresh
    await page.locator(`.product-tile[data-sku="${product.sku}"] a`).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(english.name);
    // the server's HTML is English already (no Dutch flash before hydration)
    const html = await (await request.get(`/${product.url_path}`, { headers: { cookie: 'locale=en-US' } })).text();
    expect(html).toContain(`<h1>${english.name}</h1>`);
    expect(html).not.toContain(`<h1>${product.name}</h1>`);
    await page.goto(`/${product.url_path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(english.name);
    await expect(page.locator('.product-page__short')).toHaveText(text(english.short_description));
    await expect(page.locator('.product-page__description')).toContainText(text(english.description).slice(0, 60));
    await expect(page.locator('.product-page__description')).not.toContainText(text(product.description).slice(0, 30));
    await expect(page).toHaveTitle(new RegExp(english.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    expect(problems).toEqual([]);
  });
});
