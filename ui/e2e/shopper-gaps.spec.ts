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

/** A product's name in a store view's index (the Dutch one, or the English one: vue_storefront_catalog_en). */
async function nameIn(request: APIRequestContext, index: string, sku: string): Promise<string> {
  const res = await request.post(`/api/catalog/${index}/product/_search`, { data: { query: { bool: { filter: { terms: { sku: [sku] } } } }, size: 1, _source: ['name'] } });
  const hit = ((await res.json()) as { hits: { hits: Array<{ _source: { name: string } }> } }).hits.hits[0];
  if (!hit) throw new Error(`no product ${sku} in ${index}`);
  return hit._source.name;
}

// spec catalogue §2.2 (one shop per language), transactions §7 (the server's cart lines, the order history): in the
// English shop the lines the server answers are English too: a customer's cart filled elsewhere (on another device, in
// Dutch) shows English names in the microcart once logged in, and the order's details name its lines in English
test('English shop: the server\'s cart lines and the order details name the products in English', async ({ page, context, baseURL }) => {
  const email = `english-lines-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.nl`;
  const password = 'Papier2026!';
  const api = page.request;
  expect((await api.post('/api/user/create', { data: { customer: { email, firstname: 'Emma', lastname: 'Smit' }, password } })).status()).toBe(200);
  const token = ((await (await api.post('/api/user/login', { data: { username: email, password } })).json()) as { result: string }).result;
  const me = ((await (await api.get(`/api/user/me?token=${token}`)).json()) as { result: { id: number } }).result;
  // the customer's cart, filled through the Dutch shop's calls (no storeId)
  const res = await api.post('/api/catalog/vue_storefront_catalog/product/_search', {
    data: { query: { bool: { filter: [{ term: { type_id: 'simple' } }, { term: { visibility: 4 } }, { term: { status: 1 } }, { range: { 'stock.qty': { gte: 20 } } }] } }, size: 1, from: 16, _source: ['sku'] },
  });
  const sku = ((await res.json()) as { hits: { hits: Array<{ _source: { sku: string } }> } }).hits.hits[0]!._source.sku;
  const [dutch, english] = [await nameIn(api, 'vue_storefront_catalog', sku), await nameIn(api, 'vue_storefront_catalog_en', sku)];
  expect(english).not.toBe(dutch);
  const cartId = ((await (await api.post(`/api/cart/create?token=${token}`)).json()) as { result: string }).result;
  expect((await api.post(`/api/cart/update?token=${token}&cartId=${cartId}`, { data: { cartItem: { sku, qty: 2, quoteId: cartId } } })).status()).toBe(200);

  await context.addCookies([{ name: 'locale', value: 'en-US', url: baseURL! }]);
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'OK, close' }).click();
  await page.getByRole('link', { name: 'My account' }).click();
  const login = page.getByRole('dialog');
  await login.getByLabel('E-mail address').fill(email);
  await login.getByLabel(/^Password/).fill(password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('You are logged in!')).toBeVisible();
  const cartButton = page.getByRole('banner').getByRole('button', { name: /^Cart, 2 items/ });
  await cartButton.click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.locator('.cart-line__name')).toHaveText([english]);
  await expect(drawer).not.toContainText(dutch);

  // an order of that line (placed through the API), read in the English shop's order details
  const placed = await api.post(`/api/order?token=${token}`, {
    data: { user_id: String(me.id), cart_id: cartId, products: [{ sku, qty: 2 }], addressInformation: { billingAddress: { country_id: 'NL', email }, payment_method_code: 'cashondelivery' } },
  });
  expect(placed.status()).toBe(200);
  const increment = ((await placed.json()) as { result: { increment_id: string } }).result.increment_id;
  await page.goto(`/my-account/orders/${increment}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order # ${increment}`);
  await expect(page.locator('.order-details__lines tbody tr').first()).toContainText(english);
  await expect(page.locator('.order-details__lines')).not.toContainText(dutch);
});
