import { expect, test, type Page } from '@playwright/test';
import { foreignTexts, leftovers, type Locale } from './locale-texts';
import { languageTexts } from './language-data';
import { rootHydrated as hydrated } from './checkout-steps';

/**
 * the English shop shows no Dutch UI text and the Dutch shop no English UI text. The crawl walks
 * every page type (plus the open microcart, search panel and login modal) with the locale cookie set, collects the
 * visible text (text nodes, whole element texts, the labels a screen reader reads, the document title's parts) and
 * fails on any text that is a value of the other locale's files and not of this locale's.
 */

const CONFIGURABLE = '/inpakpapier/baby-en-geboorte/inpakpapier-beertjes-amsterdam-1.html';
const PAGES = [
  '/',
  '/inpakpapier',
  CONFIGURABLE,
  '/inpakpapier/baby-en-geboorte/kadopapier-ooievaar-paars-antwerpen-519.html',
  '/inpakpapier/luxe-cadeaupapier/cadeaupakket-verjaardag-oranje-mechelen-877.html',
  '/inpakpapier/kerst/modern/inpakset-zakelijk-geel-haarlem-869.html',
  '/i/orders-retouren',
  '/i/veel-gestelde-vragen',
  '/i/wiezijnwij',
  '/linten',
  '/inpakpapier/kerst/klassiek',
  '/legal',
  '/contacts',
  '/sitemap',
  '/kadoverpakkingen-groothandel.html',
  '/my-account',
  '/checkout',
  '/create-password',
  '/order-status/onbekend-token',
  '/error',
  '/bestaat-niet-xyz',
  '/wishlist',
  '/compare',
];

async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => (el as HTMLElement).checkVisibility?.({ visibilityProperty: true } as never) ?? true;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      // visually hidden texts are read by screen readers: they count too
      if (parent.closest('.visually-hidden') || visible(parent)) out.push(n.textContent ?? '');
    }
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!visible(el) && !el.closest('.visually-hidden')) continue;
      if (el.children.length <= 3) out.push((el as HTMLElement).innerText ?? el.textContent ?? '');
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    out.push(document.title, ...document.title.split(' - '));
    return out;
  });
}

for (const locale of ['en-US', 'nl-NL'] as const satisfies readonly Locale[]) {
  test(`language crawl ${locale}: no UI text of the other language on any page type`, async ({ page, context, baseURL }) => {
    test.setTimeout(180_000);
    await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    const foreign = foreignTexts(locale, languageTexts());
    const found: string[] = [];
    const check = async (where: string) => {
      for (const t of leftovers(await shownTexts(page), foreign)) found.push(`${where}: ${t}`);
    };
    // a cart line with options, so the microcart and checkout show one
    await page.goto(CONFIGURABLE);
    await hydrated(page);
    await page.locator('[data-option="color"] input').first().check();
    await page.locator('[data-option="size"] input').first().check();
    await page.locator('.add-to-cart__button').click();
    await expect(page.locator('.header__actions [data-testid="cart-count"]')).toHaveText('1');
    // plural forms (i18next _one/_other) and the localised version date
    await expect(page.locator('.header__actions .header__cart')).toHaveAttribute('aria-label', locale === 'nl-NL' ? 'Winkelwagen, 1 artikel' : 'Cart, 1 item');
    await expect(page.locator('.footer__version')).toContainText(locale === 'nl-NL' ? '30 april 2025' : 'April 30, 2025');
    // the configured product kept on the wishlist and compared (their pages then show items, options and attribute rows)
    await page.locator('.list-toggles--page .list-toggle--wishlist').click();
    // both kept (a list shows a change once it is stored) before the pages below are loaded
    await expect(page.locator('.header__actions .header__list--wishlist')).toHaveAttribute('aria-label', locale === 'nl-NL' ? 'Verlanglijst, 1 product' : 'Wishlist, 1 product');
    await page.locator('.list-toggles--page .list-toggle--compare').click();
    await expect(page.locator('.header__actions .header__list--compare')).toHaveAttribute('aria-label', locale === 'nl-NL' ? 'Vergelijken, 1 product' : 'Compare, 1 product');
    for (const path of PAGES) {
      await page.goto(path);
      await hydrated(page);
      await check(path);
    }
    // the lists filled (the pages above may have been checked before the browser had read them)
    await page.goto('/wishlist');
    await hydrated(page);
    await expect(page.locator('.list-items .list-item__options')).toBeVisible();
    await check('wishlist (filled)');
    await page.goto('/compare');
    await hydrated(page);
    await expect(page.locator('.compare-table tr[data-attribute="material"]')).toBeVisible();
    await check('compare (filled)');
    // the open microcart, the search panel with results, the login modal, a filtered category
    await page.goto('/inpakpapier');
    await hydrated(page);
    await page.locator('.header__actions .header__cart').click();
    await expect(page.locator('.cart-line').first()).toBeVisible();
    await check('microcart');
    await page.keyboard.press('Escape');
    // each store view's index holds its own language's product texts
    await page.locator('#header-search').fill(locale === 'en-US' ? 'gift paper' : 'kadopapier');
    await expect(page.locator('#search-panel .search-result').first()).toBeVisible();
    await check('search panel');
    await page.goto('/');
    await hydrated(page);
    await page.locator('.header__actions .header__account').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('login modal');
    expect(found, `${locale} pages show texts of the other language`).toEqual([]);
  });
}

test('the crawl check bites: a Dutch text in the English shop and an English one in the Dutch shop are found', () => {
  const en = foreignTexts('en-US', languageTexts());
  const nl = foreignTexts('nl-NL', languageTexts());
  expect(leftovers(['Beoordeling versturen', 'Write a review', '  Nee '], en)).toEqual(['"Beoordeling versturen"', '"Nee"']);
  expect(leftovers(['Versie 1.12.1 (30-04-2025)'], en)).toHaveLength(1);
  expect(leftovers(['Send review', 'Versie 1.12.1 (30-04-2025)'], nl)).toEqual(['"Send review"']);
  // the backend's per-store-view data: Dutch category names, category descriptions and CMS page texts in the English shop
  expect(leftovers(['Inpakpapier', 'Linten en koorden om elk cadeau af te maken.', 'Wanneer wordt mijn bestelling geleverd?', 'Orders & Retourneren'], en)).toHaveLength(4);
  expect(leftovers(['Wrapping paper', 'Ribbons and cords to finish every gift.', 'When will my order be delivered?', 'Orders & returns'], en)).toEqual([]);
  expect(leftovers(['Wrapping paper', 'When will my order be delivered?'], nl)).toHaveLength(2);
});
