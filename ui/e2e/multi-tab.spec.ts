import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { acceptTerms, addProductToCart, choosePayment, closeCookieNotice, fillDetailsAndShipping, hydrated, placeOrder, simpleProductUrl, uniqueEmail } from './checkout-steps';

// two tabs of one browser are one shopper — one cart, one session, an order at most once per cart.

const cartButton = (page: Page) => page.getByRole('button', { name: /^Winkelwagen, \d+ artikel/ }).first();

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

function countRequests(context: BrowserContext, method: string, path: RegExp): () => number {
  let n = 0;
  context.on('request', (r) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) n++;
  });
  return () => n;
}

/** GET /api/user/me answers with the given status, counted over every tab of the context. */
function countProfileAnswers(context: BrowserContext): (status: number) => number {
  const seen: number[] = [];
  context.on('response', (r) => {
    if (r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/user/me') seen.push(r.status());
  });
  return (status) => seen.filter((s) => s === status).length;
}

test('a product added in tab 1 shows in tab 2’s cart badge without a reload', async ({ context, request }) => {
  const product = await simpleProductUrl(request, 2);
  // tab 1 loads the product page once, in addProductToCart
  const tab1 = await context.newPage();
  const tab2 = await open(context, '/');
  await expect(cartButton(tab2)).toHaveAccessibleName('Winkelwagen, 0 artikelen');
  await addProductToCart(tab1, product.url);
  await expect(cartButton(tab1)).toHaveAccessibleName('Winkelwagen, 1 artikel');
  await expect(cartButton(tab2)).toHaveAccessibleName('Winkelwagen, 1 artikel');
  await cartButton(tab2).click();
  await expect(tab2.getByText(product.name).first()).toBeVisible();
});

test('an order placed in tab 1 is not placed again in tab 2, which shows the same order', async ({ context, request }) => {
  const orders = countRequests(context, 'POST', /^\/api\/order$/);
  const product = await simpleProductUrl(request, 3);
  const tab1 = await context.newPage();
  await addProductToCart(tab1, product.url);
  await closeCookieNotice(tab1);
  const tab2 = await open(context, '/checkout');
  await expect(tab2.getByRole('complementary', { name: 'Overzicht van je bestelling' }).getByText(product.name)).toBeVisible();
  await tab1.goto('/checkout');
  await hydrated(tab1);
  await fillDetailsAndShipping(tab1, { firstName: 'Anne', lastName: 'de Vries', email: uniqueEmail('tabs') });
  await choosePayment(tab1, 'Betalen bij levering');
  await acceptTerms(tab1);
  await placeOrder(tab1);
  const thanks = tab1.locator('[data-outcome="placed"]');
  await expect(thanks).toBeVisible();
  const number = (await thanks.getByRole('status').textContent())?.match(/\d{6,}/)?.[0];
  expect(number).toBeTruthy();
  // tab 2, never reloaded, now shows that order instead of a cart to place again
  const other = tab2.locator('[data-outcome="placed"]');
  await expect(other).toBeVisible();
  await expect(other.getByRole('status')).toContainText(number!);
  await expect(tab2.getByRole('button', { name: 'Bestelling plaatsen' })).toHaveCount(0);
  expect(orders()).toBe(1);
});

test('logging in and out in one tab does the same in the other; two tabs hitting a 401 at once refresh once', async ({ context, request }) => {
  const email = uniqueEmail('tabs-session');
  const password = 'Papier2024!';
  const created = await request.post('/api/user/create', { data: { customer: { email, firstname: 'Anne', lastname: 'de Vries' }, password } });
  expect(created.ok()).toBeTruthy();
  const tab1 = await open(context, '/');
  await closeCookieNotice(tab1);
  const tab2 = await open(context, '/my-account');
  await expect(tab2.getByRole('main').getByRole('button', { name: 'Inloggen' })).toBeVisible();

  await tab1.getByRole('link', { name: 'Mijn account' }).click();
  const login = tab1.getByRole('dialog');
  await login.getByLabel('E-mailadres').fill(email);
  await login.getByLabel('Wachtwoord').fill(password);
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(tab1.getByText('Je bent ingelogd!')).toBeVisible();
  // tab 2 follows without a reload
  await expect(tab2.getByText('Hallo Anne!')).toBeVisible();

  // both tabs hold a token the backend refuses (as after expiry); the refresh token still works
  const refreshes = countRequests(context, 'POST', /^\/api\/user\/refresh$/);
  await tab1.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('papier-shop');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const store = db.objectStoreNames[0]!;
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(store, 'readwrite');
      tx.objectStore(store).put({ collection: 'user', key: 'current-token', value: JSON.stringify('expired-token') });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
  // both tabs reload at the same moment: each restores the refused token and gets a 401 for its profile
  const profiles = countProfileAnswers(context);
  await Promise.all([tab1.reload(), tab2.reload()]);
  await Promise.all([hydrated(tab1), hydrated(tab2)]);
  await expect(tab2.getByText('Hallo Anne!')).toBeVisible();
  // both tabs are done (each read its profile with a working token), and the refused token was refreshed once in all
  await expect.poll(() => profiles(401)).toBeGreaterThanOrEqual(1);
  await expect.poll(() => profiles(200)).toBeGreaterThanOrEqual(2);
  expect(refreshes()).toBe(1);

  // log out in tab 2: tab 1 is logged out too
  await tab1.goto('/my-account');
  await hydrated(tab1);
  await expect(tab1.getByText('Hallo Anne!')).toBeVisible();
  await tab2.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(tab2.getByText('Je bent uitgelogd')).toBeVisible();
  await expect(tab1.getByText('Hallo Anne!')).toHaveCount(0);
  await expect(tab1.getByRole('main').getByRole('button', { name: 'Inloggen' })).toBeVisible();
});
