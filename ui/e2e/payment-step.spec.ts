import { expect, test, type Page } from '@playwright/test';
import { acceptTerms, addProductToCart, checkoutWithOneProduct, choosePayment, closeCookieNotice, fillDetailsAndShipping, hydrated, placeOrder, simpleProductUrl, storedRows, uniqueEmail } from './checkout-steps';

/** The payment step of /checkout. */
const paymentStep = (page: Page) => page.locator('[data-step="3"]');

/** The unconfirmed payment pick as the browser keeps it (IndexedDB, collection 'checkout', key 'payment-choice'). */
const keptChoice = async (page: Page) => {
  const row = (await storedRows(page)).find((r) => r.collection === 'checkout' && r.key === 'payment-choice');
  return row ? (JSON.parse(row.value) as unknown) : undefined;
};

/**
 * From the payment step: iDEAL with the ING bank, the order placed, and the payment simulator answering `outcome`; ends
 * on the order's status page, hydrated. The order's number as the simulator shows it.
 */
async function idealOrderAnswered(page: Page, outcome: string): Promise<string> {
  await choosePayment(page, 'iDEAL', 'ING');
  await acceptTerms(page);
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Betaalsimulator' })).toBeVisible();
  const increment = ((await page.locator('#order').textContent()) ?? '').trim();
  await page.getByRole('button', { name: outcome }).click();
  await page.waitForURL(/\/order-status\/[^/]+$/);
  await hydrated(page);
  return increment;
}

/** Up to the payment step with one product (the `offset`th in stock) in the cart. */
async function toPaymentStep(page: Page, offset: number, prefix: string): Promise<void> {
  await checkoutWithOneProduct(page, offset);
  await fillDetailsAndShipping(page, { firstName: 'Fenna', lastName: 'de Vries', email: uniqueEmail(prefix) });
  await expect(paymentStep(page).getByRole('radio', { name: 'iDEAL' })).toBeVisible();
}

// spec transactions §3 "paymentDetails" (kept in the browser with the other checkout details, §7): a method picked but
// not yet confirmed is still the chosen one after a reload, with its iDEAL bank; it used to fall back to cash on delivery
test('payment step: the picked method and bank survive a reload until the step is confirmed', async ({ page }) => {
  await toPaymentStep(page, 11, 'pick');
  const payment = paymentStep(page);
  await expect(payment.getByRole('radio', { name: 'Betalen bij levering' })).toBeChecked();
  await payment.getByRole('radio', { name: 'iDEAL' }).check();
  await payment.getByLabel('Je bank').selectOption({ label: 'ING' });
  await expect.poll(() => keptChoice(page)).toEqual({ method: 'ideal', issuer: 'ideal_INGBNL2A' });
  await page.reload();
  await hydrated(page);
  await expect(payment.getByRole('radio', { name: 'iDEAL' })).toBeChecked();
  await expect(payment.getByLabel('Je bank')).toHaveValue('ideal_INGBNL2A');

  await payment.getByRole('radio', { name: 'Creditcard' }).check();
  await expect.poll(() => keptChoice(page)).toEqual({ method: 'creditcard' });
  await page.reload();
  await hydrated(page);
  await expect(payment.getByRole('radio', { name: 'Creditcard' })).toBeChecked();
  await expect(payment.getByLabel('Je bank')).toHaveCount(0);

  // a kept method the provider no longer offers: the default is chosen and the step says so
  await page.route('**/vsf-payment-service-api/payment-methods', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { result: { _embedded: { methods: Array<{ id: string }> } } };
    body.result._embedded.methods = body.result._embedded.methods.filter((m) => m.id !== 'creditcard');
    await route.fulfill({ response: answer, json: body });
  });
  await page.reload();
  await hydrated(page);
  await expect(payment.getByRole('radio', { name: 'iDEAL' })).toBeVisible();
  await expect(payment.getByRole('radio', { name: 'Creditcard' })).toHaveCount(0);
  await expect(payment.getByRole('radio', { name: 'Betalen bij levering' })).toBeChecked();
  await expect(payment.locator('[data-notice="method-replaced"]')).toHaveText('Creditcard is niet meer beschikbaar; kies een andere betaalmethode.');
  await page.unroute('**/vsf-payment-service-api/payment-methods');

  // confirmed: the review names the method, and the details carry it from now on
  await payment.getByRole('radio', { name: 'Bankoverschrijving' }).check();
  await payment.getByRole('button', { name: 'Verder naar overzicht' }).click();
  await expect(page.locator('[data-step="4"]')).toContainText('Bankoverschrijving');
  await expect.poll(() => keptChoice(page)).toBeUndefined();
});

// spec transactions §3 "paymentDetails": a billing address of its own that shares the street, zip code and last name
// of the shipping address (here: another addition) is still its own when the step is opened again, not 'the same'
test('payment step: a billing address differing only in its addition stays its own when edited', async ({ page }) => {
  await toPaymentStep(page, 16, 'billing');
  const payment = paymentStep(page);
  await payment.getByLabel('Factuuradres is hetzelfde als het verzendadres').uncheck();
  await payment.getByRole('textbox', { name: 'Voornaam', exact: true }).fill('Fenna');
  await payment.getByRole('textbox', { name: 'Achternaam', exact: true }).fill('de Vries');
  await payment.getByLabel('Straat en huisnummer').fill('Keizersgracht 12');
  await payment.getByLabel('Toevoeging').fill('B');
  await payment.getByLabel('Postcode').fill('1015 CX');
  await payment.getByLabel('Plaats').fill('Amsterdam');
  await payment.getByLabel('Land').selectOption('NL');
  await choosePayment(page, 'Betalen bij levering');
  await expect(page.locator('[data-step="4"]')).toContainText('Betalen bij levering');
  await payment.getByRole('button', { name: 'Betaling wijzigen' }).click();
  await expect(payment.getByLabel('Factuuradres is hetzelfde als het verzendadres')).not.toBeChecked();
  await expect(payment.getByLabel('Toevoeging')).toHaveValue('B');
});

// spec transactions §3 (cash on delivery works offline), §4 "Task queue" (an order made offline is kept and sent later),
// §8: offline the step says the shopper is offline, never 'No payment methods configured'
test('payment step offline: it says the shopper is offline and what ordering now does; back online the methods return', async ({ page, context }) => {
  await toPaymentStep(page, 12, 'offline-pay');
  const payment = paymentStep(page);
  await context.setOffline(true);
  const notice = payment.locator('[data-notice="offline"]');
  await expect(notice).toContainText('Je bent offline. De betaalmethoden verschijnen zodra je weer verbinding hebt.');
  await expect(notice).toContainText('Betalen bij levering kan wel: je bestelling wordt bewaard en verstuurd zodra je weer online bent.');
  await expect(payment).not.toContainText('Geen betaalmethoden ingesteld');
  await expect(payment.getByRole('radio', { name: 'Betalen bij levering' })).toBeChecked();
  await page.screenshot({ path: 'test-results/e2e/payment-step-offline.png', fullPage: true });
  await context.setOffline(false);
  await expect(payment.getByRole('radio', { name: 'iDEAL' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

// spec transactions §9 (the mapped methods ideal, creditcard, banktransfer): the English shop names them in English
// although the provider describes them in Dutch ('Bankoverschrijving')
test('payment step in English: the methods have English names', async ({ page, context, baseURL }) => {
  await toPaymentStep(page, 13, 'english');
  await context.addCookies([{ name: 'locale', value: 'en-US', url: baseURL! }]);
  await page.reload();
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const payment = paymentStep(page);
  for (const name of ['iDEAL', 'Credit card', 'Bank transfer', 'Cash on delivery']) await expect(payment.getByRole('radio', { name, exact: true })).toBeVisible();
  await expect(payment).not.toContainText('Bankoverschrijving');
  await expect(payment).not.toContainText('Creditcard');
});

// spec transactions §4 "Coupon" (applying it triggers a totals sync); the failed-payment page's 'Terug naar winkelwagen'
// puts the order's lines and its coupon back: the cart's total is the discounted one again
test("a cancelled payment: 'Terug naar winkelwagen' keeps the coupon and the discounted total", async ({ page }) => {
  const product = await simpleProductUrl(page.request, 14);
  await addProductToCart(page, product.url);
  await closeCookieNotice(page);
  const drawer = page.getByRole('dialog', { name: 'Winkelwagen' });
  await page.getByRole('banner').getByRole('button', { name: /^Winkelwagen, \d+ artikel/ }).click();
  await drawer.getByLabel('Kortingscode').fill('KORTING10');
  await drawer.getByRole('button', { name: 'Toepassen' }).click();
  await expect(drawer.getByText('Kortingscode KORTING10 is toegepast.')).toBeVisible();
  const total = drawer.locator('.cart-totals__row--grand_total');
  await expect(drawer.locator('.cart-totals__row--discount')).toBeVisible();
  const discounted = (await total.textContent()) ?? '';

  await page.goto('/checkout');
  await hydrated(page);
  await fillDetailsAndShipping(page, { firstName: 'Anne', lastName: 'de Vries', email: uniqueEmail('coupon-back') });
  await idealOrderAnswered(page, 'Geannuleerd (canceled)');
  await page.getByRole('button', { name: 'Terug naar winkelwagen' }).click();
  await expect(page.getByText('De producten van deze bestelling staan weer in je winkelwagen.')).toBeVisible();
  await expect(drawer.getByText(product.name)).toBeVisible();
  await expect(drawer.locator('.cart-totals__row--discount')).toBeVisible();
  expect(discounted).toMatch(/\d,\d\d/);
  await expect(total).toHaveText(discounted);
});

// spec catalogue §5 / transactions §5: the quantity may be up to the available quantity; the text names the most allowed
test('product page: the quantity limit text names the largest quantity it accepts', async ({ page }) => {
  const res = await page.request.post('/api/catalog/vue_storefront_catalog/product/_search', {
    data: {
      query: { bool: { filter: [{ term: { type_id: 'simple' } }, { term: { visibility: 4 } }, { term: { status: 1 } }, { range: { 'stock.qty': { gte: 2, lte: 60 } } }] } },
      size: 1,
      _source: ['url_path', 'stock'],
    },
  });
  const hit = ((await res.json()) as { hits: { hits: Array<{ _source: { url_path: string; stock: { qty: number; manage_stock?: boolean } } }> } }).hits.hits[0]?._source;
  if (!hit) throw new Error('no simple product with a small stock');
  const max = hit.stock.qty;
  await page.goto(`/${hit.url_path}`);
  await hydrated(page);
  const qty = page.getByLabel('Aantal', { exact: true });
  const error = page.locator('#product-qty-error');
  await qty.fill(String(max));
  await expect(error).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'In winkelwagen' })).toBeEnabled();
  await qty.fill(String(max + 1));
  await expect(error).toHaveText(`Het aantal mag niet hoger zijn dan ${max}`);
  await expect(page.getByRole('button', { name: 'In winkelwagen' })).toBeDisabled();
});

// spec transactions §1 (order history), §3 "Provider payment method": after a failed iDEAL payment paid again by
// credit card, the order's details name the method that paid, not the first one tried
test('order details name the method of the latest payment (iDEAL failed, paid by Creditcard)', async ({ page }) => {
  const email = uniqueEmail('latest-method');
  const password = 'Papier2026!';
  const created = await page.request.post('/api/user/create', { data: { customer: { email, firstname: 'Joke', lastname: 'Jansen' }, password } });
  expect(created.status()).toBe(200);
  const product = await simpleProductUrl(page.request, 15);
  await addProductToCart(page, product.url);
  await closeCookieNotice(page);
  await page.getByRole('link', { name: 'Mijn account' }).click();
  const login = page.getByRole('dialog');
  await login.getByLabel('E-mailadres').fill(email);
  await login.getByLabel(/^Wachtwoord/).fill(password);
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Je bent ingelogd!')).toBeVisible();
  await page.goto('/checkout');
  await hydrated(page);
  await fillDetailsAndShipping(page, { firstName: 'Joke', lastName: 'Jansen', email }, { skipPersonal: true });
  const increment = await idealOrderAnswered(page, 'Mislukt (failed)');
  await page.getByRole('button', { name: 'Opnieuw betalen' }).click();
  const retry = page.getByRole('form', { name: `Opnieuw betalen voor bestelling # ${increment}` });
  await retry.getByRole('radio', { name: 'Creditcard' }).check();
  await retry.getByRole('button', { name: 'Nu betalen' }).click();
  await expect(page.getByRole('heading', { name: 'Betaalsimulator' })).toBeVisible();
  await page.getByRole('button', { name: 'Betaald (paid)' }).click();
  await page.waitForURL(/\/order-status\/[^/]+$/);
  await expect(page.locator('.status-label')).toHaveText('gelukt');

  await page.goto(`/my-account/orders/${increment}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bestelling # ${increment}`);
  await expect(page.locator('[data-payment-status]')).toHaveText('betaald');
  await expect(page.locator('.order-details__facts')).toContainText('Creditcard');
  await expect(page.locator('.order-details__facts')).not.toContainText('iDEAL');
});
