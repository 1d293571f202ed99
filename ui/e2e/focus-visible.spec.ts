import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { hydrated, simpleProductUrl } from './checkout-steps';

// WCAG 2.2 2.4.11 (focus not obscured, minimum): every control reached by Tab is at least partly visible, never fully
// behind the sticky header, the phone's bottom navigation, the cookie notice (left open here: it is the larger bar) or
// any other fixed or sticky element. Home, a category, a product and the checkout, at 390 and 1280 px, one page each.
/** more than any of these pages has: the scan goes on until the focus leaves the page, and fails if it never does */
const MAX_TABS = 250;

interface Stop {
  readonly what: string;
  readonly hidden: boolean;
  readonly by: string;
}

/** The focused element, and whether fixed or sticky elements cover its box at its centre and at all four corners. */
function focusedStop(): Stop | null {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  const r = el.getBoundingClientRect();
  const inset = Math.min(2, r.width / 2, r.height / 2);
  const points = [
    [r.left + r.width / 2, r.top + r.height / 2],
    [r.left + inset, r.top + inset],
    [r.right - inset, r.top + inset],
    [r.left + inset, r.bottom - inset],
    [r.right - inset, r.bottom - inset],
  ] as const;
  let by = '';
  const covered = ([x, y]: readonly [number, number]): boolean => {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
      by = `outside the viewport (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)} scrollY ${Math.round(scrollY)})`;
      return true;
    }
    const top = document.elementsFromPoint(x, y)[0];
    if (!top || el.contains(top) || top.contains(el)) return false;
    for (let n: Element | null = top; n; n = n.parentElement) {
      const position = getComputedStyle(n).position;
      if (position === 'fixed' || position === 'sticky') {
        if (n.contains(el)) return false;
        by = `${n.tagName.toLowerCase()}.${String(n.className).split(' ')[0]}`;
        return true;
      }
    }
    return false;
  };
  return { what, hidden: points.every(covered), by };
}

/**
 * Tab through the page from its start until the focus leaves the page (at most MAX_TABS stops): the hidden stops.
 * `ready`: what shows once the page has its content (the stops are counted on the finished page).
 */
async function hiddenStops(context: BrowserContext, path: string, ready: (page: Page) => Locator): Promise<string[]> {
  // a tab of its own: the last page's Tabs may have left the document for the browser's controls (the page unfocused)
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  await expect(ready(page)).toBeVisible();
  const hidden: string[] = [];
  let left = false;
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab');
    let stop = await page.evaluate(focusedStop);
    if (stop?.hidden) {
      // what the shopper sees is the next painted frame: the focus styles (the skip link's :focus position) may not be
      // applied in the very task the key press ran in
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      stop = await page.evaluate(focusedStop);
    }
    if (!stop) {
      // every stop was seen: the focus left the page after its last one (a page with more stops than the scan's limit
      // would leave its last ones, the footer's, unchecked)
      left = i > 0;
      break;
    }
    if (stop.hidden) hidden.push(`${path} tab ${i + 1}: ${stop.what} hidden by ${stop.by}`);
  }
  await page.close();
  if (!left) hidden.push(`${path}: the focus did not leave the page within ${MAX_TABS} Tab stops`);
  return hidden;
}

for (const width of [390, 1280]) {
  test(`focus is never hidden at ${width} px: home, a category, a product, the checkout`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width, height: 844 }, locale: 'nl-NL', reducedMotion: 'reduce' });
    try {
      const product = await simpleProductUrl(request);
      const h1 = (p: Page) => p.locator('#main h1');
      const hidden = [
        ...(await hiddenStops(context, '/', (p) => p.locator('.home .product-tile').first())),
        ...(await hiddenStops(context, '/inpakpapier/kerst', (p) => p.getByTestId('category-products'))),
        ...(await hiddenStops(context, product.url, h1)),
      ];
      // the checkout with a line in the cart
      const page = await context.newPage();
      await page.goto(product.url);
      await hydrated(page);
      await page.getByRole('button', { name: 'In winkelwagen' }).click();
      await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
      await page.close();
      hidden.push(...(await hiddenStops(context, '/checkout', (p) => p.locator('[data-step="1"]').getByLabel('Voornaam'))));
      expect(hidden).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

// the cookie notice comes right after the skip link in the Tab order, and closing it from the keyboard leaves the focus
// on the page's heading, not on <body>
test('the cookie notice is early in the Tab order; closing it keeps the focus in the page', async ({ page }) => {
  await page.goto('/inpakpapier/kerst');
  await hydrated(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Naar de inhoud' })).toBeFocused();
  const banner = page.getByRole('region', { name: 'Cookies' });
  const close = banner.getByRole('button', { name: 'OK, sluiten' });
  await expect(close).toBeEnabled();
  for (let i = 0; i < 3 && !(await close.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Kerst' })).toBeFocused();
});
