import { expect, test, type APIRequestContext } from '@playwright/test';
import { hydrated, simpleProductUrl } from './checkout-steps';

/** The listed tiles as the shopper sees them: image, link and name. */
const tilesOf = () =>
  [...document.querySelectorAll('[data-testid="category-products"] .product-tile')].map((li) => ({
    img: li.querySelector('img')?.getAttribute('src') ?? '',
    href: li.querySelector('a')?.getAttribute('href') ?? '',
    name: li.querySelector('.product-tile__name')?.textContent ?? '',
  }));

// spec catalogue §3.4 (filters), §4.2 (a variant merged into the product), §4.3; Vue Storefront 1.12's category journey:
// with a colour chosen, every tile shows the variant of that colour (image, link to that variant), not the default one
test('a colour filter shows the matching variant on every tile, in the browser and in the server\'s HTML', async ({ page, request }) => {
  await page.goto('/inpakpapier/kerst');
  await hydrated(page);
  const rood = page.locator('[data-filter="color"] .filter-option', { hasText: 'Rood' });
  const id = await rood.getAttribute('data-option');
  await rood.click();
  await expect(page).toHaveURL(new RegExp(`color=${id}`));
  await expect(page.locator('[data-testid="category-products"]')).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(async () => (await page.evaluate(tilesOf)).filter((t) => !/-rood\.svg$/.test(t.img)).map((t) => t.name)).toEqual([]);
  const tiles = await page.evaluate(tilesOf);
  expect(tiles.length).toBeGreaterThan(0);
  // a configurable's link opens the product on its red variant
  for (const t of tiles) if (t.href.includes('childSku=')) expect(t.href).toMatch(/childSku=[^&]*-rood-/);

  const html = await (await request.get(`/inpakpapier/kerst?color=${id}`)).text();
  const srcs = [...html.matchAll(/<li class="product-tile"[^>]*>.*?<img src="([^"]+)"/g)].map((m) => m[1]!);
  expect(srcs.length).toBe(tiles.length);
  expect(srcs.filter((s) => !/-rood\.svg$/.test(s))).toEqual([]);
});

async function bundleUrl(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/catalog/vue_storefront_catalog/product/_search', {
    data: { query: { bool: { filter: [{ term: { type_id: 'bundle' } }, { term: { visibility: 4 } }, { term: { status: 1 } }] } }, size: 20, _source: ['url_path', 'bundle_options'] },
  });
  const hits = ((await res.json()) as { hits: { hits: Array<{ _source: { url_path: string; bundle_options: Array<{ type: string; required: boolean }> } }> } }).hits.hits;
  const hit = hits.find((h) => h._source.bundle_options.some((o) => o.type === 'select' && o.required));
  if (!hit) throw new Error('no bundle with a required select option');
  return `/${hit._source.url_path}`;
}

// HTML (W3C Nu checker): role=combobox is not allowed on <input type=search>; a required <select> needs an empty first
// option (its placeholder) — also once a value is chosen
test('valid HTML: the header search is a text combobox with the search key; a required select starts with its placeholder', async ({ page, request }) => {
  await page.goto(await bundleUrl(request));
  await hydrated(page);
  const search = page.locator('#header-search');
  await expect(search).toHaveAttribute('type', 'text');
  await expect(search).toHaveAttribute('role', 'combobox');
  await expect(search).toHaveAttribute('inputmode', 'search');
  await expect(search).toHaveAttribute('enterkeyhint', 'search');
  await expect(page.getByRole('combobox', { name: 'Zoeken' })).toBeVisible();
  const selects = page.locator('select[required]');
  expect(await selects.count()).toBeGreaterThan(0);
  const firstOptions = await selects.evaluateAll((list) => list.map((s) => (s as HTMLSelectElement).options[0]?.value ?? null));
  expect(firstOptions.every((v) => v === '')).toBe(true);
});

// the mega menu's eight top categories fit one row at 1280 px (Groothandel wrapped to a second one)
test('the mega menu is one row at 1280 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'nl-NL' });
  const page = await context.newPage();
  try {
    await page.goto('/');
    const tops = await page.locator('.megamenu__top > li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(1);
    expect(new Set(tops).size).toBe(1);
    await expect(page.locator('.megamenu__top > li').last()).toContainText('Groothandel');
  } finally {
    await context.close();
  }
});

// the added-to-cart toast does not cover the microcart's last line, totals and checkout button: on a phone (the drawer is
// the whole width; a short screen, where it covered them) and at 1280 px (beside the drawer)
for (const [width, height] of [[390, 560], [1280, 800]] as const) {
  test(`the added-to-cart toast leaves the microcart's last line, totals and checkout button visible at ${width} px`, async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'nl-NL', reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      const { url } = await simpleProductUrl(request);
      await page.goto(url);
      await hydrated(page);
      await page.getByRole('button', { name: 'In winkelwagen' }).click();
      const toast = page.locator('.notification--success');
      await expect(toast).toContainText('Product is toegevoegd aan je winkelwagen!');
      await page.locator('.header__cart:visible').first().click();
      const cart = page.getByRole('dialog', { name: 'Winkelwagen' });
      const checkout = cart.locator('.microcart__checkout');
      await expect(checkout).toBeVisible();
      await expect(toast).toHaveCount(1);
      const covered = await cart.evaluate((box) => {
        const targets = [box.querySelector('.cart-line:last-of-type'), box.querySelector('.cart-totals'), box.querySelector('.microcart__checkout')];
        return targets.flatMap((el) => {
          if (!el) return ['missing'];
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return top && el.contains(top) ? [] : [`${el.className} under ${top?.className ?? 'nothing'}`];
        });
      });
      expect(covered).toEqual([]);
      if (width >= 1024) {
        // beside the drawer, not over any of it
        const [t, d] = [(await toast.boundingBox())!, (await cart.boundingBox())!];
        expect(t.x + t.width).toBeLessThanOrEqual(d.x);
      }
    } finally {
      await context.close();
    }
  });
}
