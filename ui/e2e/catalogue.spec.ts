import { expect, test, type Page } from '@playwright/test';
import { hydrated, pageProblems as watch } from './checkout-steps';

const CONFIGURABLE = '/inpakpapier/baby-en-geboorte/inpakpapier-beertjes-amsterdam-1.html';

// spec catalogue §2.5 (mega menu), §2.2 + §4.4 (filters and sort in the route query), §9 (sort options)
test('browse from the mega menu to a category, filter by colour, sort by price', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/');
  await hydrated(page);
  const menu = page.getByRole('navigation', { name: 'Categorieën' });
  await menu.getByRole('button', { name: 'Toon de subcategorieën van Inpakpapier' }).click();
  const panel = page.locator('#megamenu-3');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link').first()).toHaveText('Bekijk alles');
  await panel.getByRole('link', { name: 'Kerst', exact: true }).click();
  await expect(page).toHaveURL(/\/inpakpapier\/kerst$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kerst' })).toBeVisible();
  const tiles = page.locator('[data-testid="category-products"] .product-tile');
  // a client-side navigation: the heading can show before the list and its count (both read once they are there)
  await expect.poll(() => tiles.count()).toBeGreaterThan(1);
  const total = async () => Number((await page.locator('.category-page__count').textContent())?.match(/\d+/)?.[0]);
  await expect.poll(total).toBeGreaterThan(1);
  const totalBefore = await total();

  const colour = page.locator('[data-filter="color"] .filter-option').first();
  await colour.click();
  await expect(page).toHaveURL(/color=\d+/);
  await expect(colour).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(total).toBeLessThan(totalBefore);
  await page.screenshot({ path: 'test-results/e2e/catalogue-category-filtered.png', fullPage: false });

  await page.getByLabel('Sorteren op').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page).toHaveURL(/color=\d+/);
  const prices = async () =>
    (await page.locator('[data-testid="category-products"] .product-tile .price').evaluateAll((els) => els.map((e) => e.lastElementChild?.textContent ?? e.textContent ?? ''))).map((s) =>
      Number(s.replace(/[^\d,]/g, '').replace(',', '.')),
    );
  await expect.poll(async () => {
    const p = await prices();
    return p.length > 1 && p.every((x, i) => i === 0 || p[i - 1]! <= x);
  }).toBe(true);
  // browser back restores the unfiltered list from the route query
  expect(problems).toEqual([]);
});

// spec catalogue §2.8: min 3 characters, typo-tolerant search, results as product links
test('search "kadopapir" in the search panel and open a result', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/');
  await hydrated(page);
  const field = page.getByRole('combobox', { name: 'Zoeken' });
  await field.click();
  await field.fill('ka');
  await expect(page.locator('#search-panel')).toContainText('Typ minstens 3 tekens');
  await field.fill('kadopapir');
  const results = page.locator('#search-panel .search-result');
  await expect(results.first()).toBeVisible();
  await expect(page.locator('#search-panel')).toContainText('producten gevonden voor “kadopapir”');
  const shown = await results.count();
  const more = page.getByRole('button', { name: 'Meer resultaten' });
  if (await more.isVisible()) {
    await more.click();
    await expect.poll(() => results.count()).toBeGreaterThan(shown);
  }
  await page.screenshot({ path: 'test-results/e2e/catalogue-search.png' });
  const name = (await results.first().locator('.search-result__name').textContent())!;
  await results.first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('#search-panel')).toHaveCount(0);
  await field.fill('');
  expect(problems).toEqual([]);
});

// spec catalogue §4.2 (variant choice), §2.2 (childSku in the URL), §3.1 (price of the variant)
test('configurable product: pick colour and size, childSku in the URL, price changes, add to cart', async ({ page }) => {
  const problems = watch(page);
  await page.goto(CONFIGURABLE);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Inpakpapier Beertjes Amsterdam' })).toBeVisible();
  const price = page.getByTestId('product-price');
  const priceBefore = await price.textContent();
  await page.getByRole('group', { name: /Kleur/ }).getByText('Groen').click();
  await expect(page).toHaveURL(/childSku=IP-00001-groen-50x3/);
  await page.getByRole('group', { name: /Formaat/ }).getByText('70 cm x 5 m').click();
  await expect(page).toHaveURL(/childSku=IP-00001-groen-70x5/);
  await expect(page.getByTestId('product-sku')).toHaveText('IP-00001-groen-70x5');
  await expect(price).not.toHaveText(priceBefore!);
  await expect(price).toContainText('18,95');
  // the disabled child (status 2): no such configuration
  await page.getByRole('group', { name: /Formaat/ }).getByText('100 cm x 10 m').click();
  await expect(page.getByRole('alert')).toContainText('Deze combinatie bestaat niet');
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByTestId('product-sku')).toHaveText('IP-00001-groen-70x5');
  // quantity validation texts (spec catalogue §5)
  const qty = page.getByLabel('Aantal');
  await qty.fill('0');
  await expect(page.getByText('Het aantal moet groter zijn dan 0')).toBeVisible();
  await qty.fill('1.5');
  await expect(page.getByText('Het aantal moet een positief geheel getal zijn')).toBeVisible();
  await qty.fill('2');
  await page.screenshot({ path: 'test-results/e2e/catalogue-product.png', fullPage: true });
  const add = page.getByRole('button', { name: 'In winkelwagen' });
  await expect(add).toBeEnabled();
  await add.click();
  // the cart badge counts quantities (spec catalogue §2.5, transactions minicart)
  await expect(page.locator('.header__actions [data-testid="cart-count"]')).toHaveText('2');
  await page.screenshot({ path: 'test-results/e2e/catalogue-added-to-cart.png' });
  expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
});

// spec catalogue §2.2, §4.1: direct access to a configurable child is a 301 to its parent
test('a visibility-1 child answers 301 to the parent URL', async ({ request }) => {
  const res = await request.get('/p/IP-00001-wit-70x5/inpakpapier-beertjes-amsterdam-wit', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe(`${CONFIGURABLE}?childSku=IP-00001-wit-70x5`);
  const page = await request.get(res.headers().location!);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('IP-00001-wit-70x5');
});

// spec catalogue §2.3: a category's url_path is dispatched and server-rendered with 200; nothing matching is a 404
test('dispatcher: a category url_path answers 200 server-rendered, an unknown path 404', async ({ request }) => {
  const res = await request.get('/inpakpapier/kerst');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<h1>Kerst<\/h1>/);
  expect([...html.matchAll(/class="product-tile__name">/g)].length).toBeGreaterThan(5);
  expect(html).toContain('Bekijk alles');
  const missing = await request.get('/inpakpapier/bestaat-niet-xyz');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Pagina niet gevonden');
  const cms = await request.get('/i/privacy');
  expect(cms.status()).toBe(200);
  expect(await cms.text()).toContain('Privacyverklaring');
  const xml = await request.get('/sitemap.xml');
  expect(xml.status()).toBe(200);
  expect(xml.headers()['content-type']).toContain('application/xml');
  expect(await xml.text()).toContain('/inpakpapier/kerst</loc>');
});

// spec catalogue §2.5: keyboard access to the search field and the mega menu; Escape closes the menu
test('keyboard: Tab reaches the search field and the menu; Escape closes the mega menu', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const reach = async (predicate: string, max = 15) => {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(predicate)) return true;
    }
    return false;
  };
  expect(await reach(`document.activeElement?.id === 'header-search'`)).toBe(true);
  await page.keyboard.press('Escape');
  expect(await reach(`!!document.activeElement?.closest('.megamenu') && document.activeElement.tagName === 'BUTTON'`)).toBe(true);
  const toggle = page.locator(':focus');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('Bekijk alles');
  await page.screenshot({ path: 'test-results/e2e/catalogue-megamenu.png' });
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});

// spec catalogue §2.5, §2.7: the mobile menu (up to 3 levels) and the bottom navigation
test('mobile: hamburger menu to a subcategory, bottom navigation opens the search', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
  const page = await context.newPage();
  await page.goto('/');
  await hydrated(page);
  const bottom = page.getByRole('navigation', { name: 'Snelmenu' });
  // the cookie notice sits above the bottom navigation until it is closed (spec catalogue §2.9); a new context has no
  // claim yet, so the notice always comes (after mount): wait for it rather than race it
  const cookies = page.getByRole('button', { name: 'OK, sluiten' });
  await expect(cookies).toBeVisible();
  await cookies.click();
  await expect(cookies).toHaveCount(0);
  await expect(bottom).toBeVisible();
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const menu = page.locator('#mobile-menu');
  await menu.getByRole('button', { name: /Inpakpapier/ }).click();
  await menu.getByRole('button', { name: /Kerst/ }).click();
  await expect(menu.getByRole('link', { name: 'Alles van Kerst' })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/catalogue-mobile-menu.png' });
  await menu.getByRole('link', { name: 'Klassiek' }).click();
  await expect(page).toHaveURL(/\/inpakpapier\/kerst\/klassiek$/);
  await expect(menu).toHaveCount(0);
  await bottom.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page.getByRole('combobox', { name: 'Zoeken' })).toBeFocused();
  await page.screenshot({ path: 'test-results/e2e/catalogue-mobile-category.png' });
  await context.close();
});

// spec transactions §7 (POST /api/review/create) and §1: a shopper writes a review on a product page
test('a shopper writes a review from the product page', async ({ page }) => {
  await page.goto('/');
  await page.locator('[data-list="new_collection"] .product-tile a').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Schrijf een beoordeling' })).toBeVisible();
  // typed into server HTML before hydration, the form's state would not have it (the tile's click may have been a
  // full page load, when it came before the home page hydrated)
  await hydrated(page);
  const form = page.locator('.product-page__review');
  await form.getByLabel('Naam').fill('Anne');
  await form.getByLabel('Samenvatting').fill('Prachtig papier');
  await form.getByLabel('Je beoordeling').fill('Stevig en mooi bedrukt, precies zoals op de foto.');
  await form.getByRole('button', { name: 'Beoordeling versturen' }).click();
  await expect(form).toContainText('Bedankt! Je beoordeling verschijnt na goedkeuring.');
  await page.screenshot({ path: 'test-results/e2e/catalogue-review.png', fullPage: true });
});
