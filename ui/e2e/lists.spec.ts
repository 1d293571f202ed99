import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { animationsDone, closeCookieNotice, hydrated, simpleProductUrl, uniqueEmail } from './checkout-steps';

// wishlist and compare (spec catalogue §1 "keep a cart, a wishlist and a compare list"; spec transactions
// §3 "Compare and wishlist items: keyed by sku; wishlist items get qty 1 on add", §4 "Session" logout clears both,
// §7 browser storage holds compare and wishlist)

const wishlistLink = (page: Page) => page.locator('.header .header__list--wishlist');
const compareLink = (page: Page) => page.locator('.header .header__list--compare');
const live = (page: Page) => page.locator('[data-live-region="polite"]');

/** The first tile of a category page: its sku and name. */
async function firstTile(page: Page, path: string, index = 0): Promise<{ sku: string; name: string }> {
  await page.goto(path);
  await hydrated(page);
  const tile = page.locator('.category-page .product-tile').nth(index);
  const sku = (await tile.getAttribute('data-sku')) ?? '';
  const name = ((await tile.locator('.product-tile__name').textContent()) ?? '').trim();
  expect(sku).not.toBe('');
  return { sku, name };
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

test('wishlist: add from a tile and from the product page, the header counts, the page moves one to the cart and removes the other; a reload keeps them', async ({ page, request }) => {
  await page.goto('/');
  await hydrated(page);
  await closeCookieNotice(page);
  // a configurable parent from a tile: it needs its options before it can go to the cart
  const tile = await firstTile(page, '/inpakpapier');
  const tileToggle = page.getByRole('button', { name: `Verlanglijst: ${tile.name}` });
  await expect(tileToggle).toHaveAttribute('aria-pressed', 'false');
  await tileToggle.click();
  await expect(tileToggle).toHaveAttribute('aria-pressed', 'true');
  await expect(live(page)).toHaveText(`${tile.name} staat nu op je verlanglijst`);
  await expect(wishlistLink(page)).toHaveAccessibleName('Verlanglijst, 1 product');
  await expect(wishlistLink(page).getByTestId('wishlist-count')).toHaveText('1');

  // a simple product from its page
  const simple = await simpleProductUrl(request, 4);
  await page.goto(simple.url);
  await hydrated(page);
  const pageToggle = page.getByRole('button', { name: `Verlanglijst: ${simple.name}` });
  await expect(wishlistLink(page)).toHaveAccessibleName('Verlanglijst, 1 product');
  await pageToggle.click();
  await expect(pageToggle).toHaveAttribute('aria-pressed', 'true');
  await expect(wishlistLink(page)).toHaveAccessibleName('Verlanglijst, 2 producten');

  // persisted in the browser (IndexedDB): a reload keeps both
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('button', { name: `Verlanglijst: ${simple.name}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(wishlistLink(page)).toHaveAccessibleName('Verlanglijst, 2 producten');

  await wishlistLink(page).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verlanglijst' })).toBeVisible();
  await expect(page.getByText('2 producten op je verlanglijst')).toBeVisible();
  const rows = page.locator('.list-items > .list-item');
  // in the order they were added
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-sku', tile.sku);
  await expect(rows.nth(0).getByRole('link', { name: `Kies opties: ${tile.name}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/lists-wishlist.png', fullPage: true });

  // move the simple one to the cart: it is in the cart and off the wishlist
  await page.getByRole('button', { name: `In winkelwagen: ${simple.name}` }).click();
  await expect(page.getByRole('button', { name: /^Winkelwagen, 1 artikel$/ }).first()).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(wishlistLink(page)).toHaveAccessibleName('Verlanglijst, 1 product');
  await expect(live(page)).toHaveText(`${simple.name} staat nu in je winkelwagen`);

  // remove the other: the empty state, the focus stays on the page
  await page.getByRole('button', { name: `Verwijderen: ${tile.name}` }).click();
  await expect(page.getByText('Je verlanglijst is leeg.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Verlanglijst' })).toBeFocused();
  await expect(wishlistLink(page)).toHaveAccessibleName('Verlanglijst, 0 producten');
  await expect(wishlistLink(page).getByTestId('wishlist-count')).toHaveCount(0);

  // the configurable's "Kies opties" went to its product page
  await page.goto(`/inpakpapier`);
  await hydrated(page);
  const again = page.getByRole('button', { name: `Verlanglijst: ${tile.name}` });
  await again.click();
  await expect(again).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/wishlist');
  await hydrated(page);
  await page.getByRole('link', { name: `Kies opties: ${tile.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: tile.name })).toBeVisible();
});

test('compare: two products side by side, attribute labels from the store view (Dutch and English); a reload keeps them; remove and clear', async ({ page, context, baseURL }) => {
  const a = await firstTile(page, '/inpakpapier', 0);
  const b = await firstTile(page, '/inpakpapier', 1);
  await page.getByRole('button', { name: `Vergelijken: ${a.name}` }).click();
  await page.getByRole('button', { name: `Vergelijken: ${b.name}` }).click();
  await expect(page.getByRole('button', { name: `Vergelijken: ${b.name}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(compareLink(page)).toHaveAccessibleName('Vergelijken, 2 producten');
  await compareLink(page).click();
  await expect(page).toHaveURL(/\/compare$/);
  const table = page.getByRole('table', { name: 'Vergelijking van 2 producten' });
  await expect(table).toBeVisible();
  const columns = table.getByRole('columnheader');
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0)).toContainText(a.name);
  await expect(columns.nth(1)).toContainText(b.name);
  // the rows: the price and the comparable attributes in the shop's words
  for (const label of ['Prijs', 'Kleur', 'Materiaal', 'Motief']) await expect(table.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
  await expect(table.locator('tr[data-attribute="material"] td')).toHaveCount(2);
  await expect(table.locator('tr[data-attribute="material"] td').first()).not.toHaveText('');
  await page.screenshot({ path: 'test-results/e2e/lists-compare.png', fullPage: true });

  // the English shop: the same list, its labels from the English attribute metadata
  await context.addCookies([{ name: 'locale', value: 'en-US', url: baseURL! }]);
  await page.reload();
  await hydrated(page);
  const english = page.getByRole('table', { name: 'Comparison of 2 products' });
  await expect(english).toBeVisible();
  for (const label of ['Price', 'Colour', 'Material', 'Pattern']) await expect(english.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
  await expect(english.getByRole('rowheader', { name: 'Kleur' })).toHaveCount(0);
  await context.addCookies([{ name: 'locale', value: 'nl-NL', url: baseURL! }]);
  await page.reload();
  await hydrated(page);

  // remove one column, then clear
  await page.getByRole('button', { name: `Verwijderen: ${a.name}` }).click();
  await expect(page.getByRole('table', { name: 'Vergelijking van 1 product' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Verwijderen: ${b.name}` })).toBeFocused();
  await page.getByRole('button', { name: 'Vergelijking wissen' }).click();
  await expect(page.getByText('Je hebt nog geen producten om te vergelijken.')).toBeVisible();
  await expect(compareLink(page)).toHaveAccessibleName('Vergelijken, 0 producten');
});

test('logout clears the wishlist and the compare list (spec transactions §4 Session)', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await closeCookieNotice(page);
  await page.getByRole('link', { name: 'Mijn account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Registreer je' }).click();
  const password = 'Papier2024!';
  await dialog.getByLabel('E-mailadres').fill(uniqueEmail('lists'));
  await dialog.getByLabel('Voornaam').fill('Lies');
  await dialog.getByLabel('Achternaam').fill('de Lijst');
  await dialog.getByLabel(/^Wachtwoord/).fill(password);
  await dialog.getByLabel('Herhaal wachtwoord').fill(password);
  await dialog.getByLabel('Ik ga akkoord met de algemene voorwaarden').check();
  await dialog.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page.getByText('Je account is aangemaakt en je bent ingelogd.')).toBeVisible();

  const tile = await firstTile(page, '/inpakpapier', 2);
  await page.getByRole('button', { name: `Verlanglijst: ${tile.name}` }).click();
  await page.getByRole('button', { name: `Vergelijken: ${tile.name}` }).click();
  await expect(wishlistLink(page)).toHaveAccessibleName('Verlanglijst, 1 product');
  await expect(compareLink(page)).toHaveAccessibleName('Vergelijken, 1 product');

  await page.getByRole('link', { name: 'Mijn account' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByText('Je bent uitgelogd')).toBeVisible();
  await expect(wishlistLink(page)).toHaveAccessibleName('Verlanglijst, 0 producten');
  await expect(compareLink(page)).toHaveAccessibleName('Vergelijken, 0 producten');
  // and stays cleared after a reload (the stored lists are gone, not just the shown ones)
  await page.goto('/wishlist');
  await hydrated(page);
  await expect(page.getByText('Je verlanglijst is leeg.')).toBeVisible();
  await page.goto('/compare');
  await hydrated(page);
  await expect(page.getByText('Je hebt nog geen producten om te vergelijken.')).toBeVisible();
});

test('two tabs: a product kept in tab 1 shows in tab 2 without a reload, a removal in tab 2 unpresses tab 1’s toggle (sync)', async ({ context }) => {
  const tab1 = await open(context, '/inpakpapier');
  const tile = await firstTile(tab1, '/inpakpapier', 3);
  const tab2 = await open(context, '/wishlist');
  await expect(tab2.getByText('Je verlanglijst is leeg.')).toBeVisible();
  await tab1.getByRole('button', { name: `Verlanglijst: ${tile.name}` }).click();
  await expect(wishlistLink(tab2)).toHaveAccessibleName('Verlanglijst, 1 product');
  await expect(tab2.locator(`.list-item[data-sku="${tile.sku}"]`)).toBeVisible();
  await tab2.getByRole('button', { name: `Verwijderen: ${tile.name}` }).click();
  await expect(tab1.getByRole('button', { name: `Verlanglijst: ${tile.name}` })).toHaveAttribute('aria-pressed', 'false');
  await expect(wishlistLink(tab1)).toHaveAccessibleName('Verlanglijst, 0 producten');
});

test('the lists\' pages are server-rendered shells (200, not in the sitemap) that fill in in the browser', async ({ request }) => {
  for (const path of ['/wishlist', '/compare']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('Je lijst wordt geladen');
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain('/wishlist');
  expect(sitemap).not.toContain('/compare');
});

// bar for every new page and state: no serious or critical axe finding (wcag2a/aa, 2.1 aa, best practice)
for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(`axe: toggles on tiles and the product page, the wishlist and the compare table, filled and empty (${width}px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width, height }, locale: 'nl-NL', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const serious: string[] = [];
    const scan = async (state: string) => {
      await animationsDone(page);
      const result = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice']).analyze();
      for (const v of result.violations) {
        const line = `${width}px ${state}: [${v.impact}] ${v.id} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`;
        if (v.impact === 'serious' || v.impact === 'critical') serious.push(line);
        else console.log(`moderate/minor ${line}`);
      }
    };
    try {
      for (const path of ['/wishlist', '/compare']) {
        await page.goto(path);
        await hydrated(page);
        await expect(page.locator('.list-page__empty')).toBeVisible();
        await scan(`${path} empty`);
      }
      const a = await firstTile(page, '/inpakpapier', 0);
      const b = await firstTile(page, '/inpakpapier', 1);
      for (const t of [a, b]) {
        await page.getByRole('button', { name: `Verlanglijst: ${t.name}` }).click();
        await page.getByRole('button', { name: `Vergelijken: ${t.name}` }).click();
      }
      await expect(page.getByRole('button', { name: `Vergelijken: ${b.name}` })).toHaveAttribute('aria-pressed', 'true');
      await scan('category, toggles pressed');
      await page.getByRole('link', { name: a.name }).first().click();
      await expect(page.getByRole('button', { name: `Verlanglijst: ${a.name}` })).toBeVisible();
      await scan('product page with toggles');
      for (const path of ['/wishlist', '/compare']) {
        await page.goto(path);
        await hydrated(page);
        await expect(page.locator('.list-page__empty')).toHaveCount(0);
        await expect(page.locator('.list-items, .compare-table').first()).toBeVisible();
        await scan(`${path} filled`);
      }
    } finally {
      await context.close();
    }
    expect(serious).toEqual([]);
  });
}
