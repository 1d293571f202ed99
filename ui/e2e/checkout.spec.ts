import { expect, test, type Page } from '@playwright/test';
import { acceptTerms, addProductToCart, choosePayment, closeCookieNotice, fillDetailsAndShipping, hydrated, placeOrder, simpleProductUrl, uniqueEmail, checkoutWithOneProduct } from './checkout-steps';

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (/hydrat|Minified React error/i.test(m.text())) problems.push(m.text());
  });
  return problems;
}

/** Guest checkout with iDEAL up to the payment simulator; answers the order-status URL after the chosen outcome. */
async function idealCheckout(page: Page, outcome: 'Betaald (paid)' | 'Mislukt (failed)', productOffset: number): Promise<{ email: string; orderStatusUrl: string }> {
  const product = await checkoutWithOneProduct(page, productOffset);
  await expect(page.getByRole('heading', { name: 'Afrekenen', level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Overzicht van je bestelling' }).getByText(product.name)).toBeVisible();
  const email = uniqueEmail('ideal');
  await fillDetailsAndShipping(page, { firstName: 'Anne', lastName: 'de Vries', email });
  if (productOffset === 0) {
    await page.locator('[data-step="3"]').getByRole('radio', { name: 'iDEAL' }).check();
    await page.screenshot({ path: 'test-results/e2e/checkout-payment-step.png', fullPage: true });
  }
  await choosePayment(page, 'iDEAL', 'ING');
  await acceptTerms(page);
  if (productOffset === 0) await page.screenshot({ path: 'test-results/e2e/checkout-review-step.png', fullPage: true });
  await placeOrder(page);
  // the demo backend's payment provider page
  await expect(page.getByRole('heading', { name: 'Betaalsimulator' })).toBeVisible();
  await expect(page.locator('body')).toContainText('iDEAL');
  await expect(page.locator('body')).toContainText('ING');
  await page.getByRole('button', { name: outcome }).click();
  await page.waitForURL(/\/order-status\/[^/]+$/);
  return { email, orderStatusUrl: new URL(page.url()).pathname };
}

// spec transactions §2, §4 "Payment flow", "Payment status groups": iDEAL → provider → order status 'success'
test('guest pays with iDEAL and sees the success status', async ({ page }) => {
  const problems = collectProblems(page);
  const { email } = await idealCheckout(page, 'Betaald (paid)', 0);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/Status van bestelling # \d+/);
  await expect(page.locator('.status-label')).toHaveText('gelukt');
  await expect(page.locator('.status-label')).toHaveCSS('background-color', 'rgb(46, 125, 50)');
  await expect(page.getByText(`We sturen de orderbevestiging en factuur zo naar ${email}.`, { exact: false })).toBeVisible();
  await hydrated(page);
  await page.screenshot({ path: 'test-results/e2e/checkout-order-status-success.png', fullPage: true });
  // the cart was emptied by the order
  await page.goto('/checkout');
  await expect(page.getByText('Je winkelwagen is leeg. Voeg eerst producten toe voordat je gaat afrekenen')).toBeVisible();
  expect(problems).toEqual([]);
});

// spec transactions §4 "Payment status groups": failed; §2 the order-status page is server-rendered; §8 'Hash is incorrect'
test('failed payment shows the failed text; a tampered token shows the hash error', async ({ page, request }) => {
  const { orderStatusUrl } = await idealCheckout(page, 'Mislukt (failed)', 1);
  await expect(page.locator('.status-label')).toHaveText('mislukt');
  await expect(page.getByText('Je betaling voor deze bestelling is mislukt.')).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/checkout-order-status-failed.png', fullPage: true });

  // server-rendered: the HTML already holds the status and the dehydrated state
  const html = await (await request.get(orderStatusUrl)).text();
  expect(html).toContain('Je betaling voor deze bestelling is mislukt.');
  expect(html).toContain('"orderStatus":{"kind":"failed"');

  const token = decodeURIComponent(orderStatusUrl.split('/').pop() as string);
  const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
  await page.goto(`/order-status/${encodeURIComponent(tampered)}`);
  await expect(page.getByRole('alert')).toHaveText('De controlecode klopt niet, dit is niet goed.');
  await expect(page.getByRole('link', { name: 'Terug naar de startpagina' })).toBeVisible();
  await hydrated(page);
  await page.screenshot({ path: 'test-results/e2e/checkout-order-status-hash.png', fullPage: true });
});

// spec transactions §4 "Task queue" offline orders, §8 'order.queued'; 'Order waiting!' with its confirm action
test('an order placed offline is queued, then confirmed and sent when back online', async ({ page, context }) => {
  await checkoutWithOneProduct(page, 2);
  await fillDetailsAndShipping(page, { firstName: 'Bram', lastName: 'Jansen', email: uniqueEmail('offline') });
  await choosePayment(page, 'Betalen bij levering');
  await acceptTerms(page);
  await context.setOffline(true);
  await expect(page.getByText('Je bent offline: je bestelling wordt bewaard en verstuurd zodra je weer online bent.')).toBeVisible();
  await placeOrder(page);
  const queued = page.locator('[data-outcome="queued"]');
  // offline is no server error (spec transactions §4 "Task queue"): the order is kept and sent once the connection is back
  await expect(queued.getByRole('status')).toHaveText('Je bent offline: je bestelling wordt bewaard en verstuurd zodra je weer online bent.');
  await expect(queued).not.toContainText('serverfout');
  await expect(page.getByText('Bedankt voor je bestelling!')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/e2e/checkout-offline-queued.png', fullPage: true });

  // leave the page (client-side), then come back online: the shop asks to confirm the waiting order
  await queued.getByRole('link', { name: 'Verder winkelen' }).click();
  await expect(page).toHaveURL(/\/$/);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/order') && r.request().method() === 'POST');
  await context.setOffline(false);
  const notification = page.locator('.notification', { hasText: 'Bestelling wacht!' });
  await expect(notification).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/checkout-offline-waiting.png', fullPage: true });
  await notification.getByRole('button', { name: 'Klik hier om de bestelling te bevestigen die je offline hebt geplaatst.' }).click();
  const response = await sent;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { code: number; result: { increment_id: string } };
  expect(body.code).toBe(200);
  expect(body.result.increment_id).toMatch(/^\d{9}$/);
  await expect(notification).toHaveCount(0);
});

// spec transactions §2 minicart (badge counts quantities, §9), §4 update/delete (confirm before removing), coupon; §8 texts
test('microcart: badge, quantity change, coupon, remove with confirmation, proceed to checkout', async ({ page }) => {
  const product = await simpleProductUrl(page.request, 4);
  await addProductToCart(page, product.url);
  await closeCookieNotice(page);
  const cartButton = page.getByRole('banner').getByRole('button', { name: /^Winkelwagen, \d+ artikel/ });
  await expect(cartButton).toHaveAccessibleName('Winkelwagen, 1 artikel');
  await cartButton.click();
  const drawer = page.getByRole('dialog', { name: 'Winkelwagen' });
  await expect(drawer.getByText(product.name)).toBeVisible();
  await expect(drawer.locator('img.cart-line__image')).toHaveAttribute('src', /\/img\/210\/300\/resize\//);

  await drawer.getByLabel('Aantal').fill('2');
  await drawer.getByLabel('Aantal').press('Enter');
  await expect(page.getByText('Het aantal is bijgewerkt!')).toBeVisible();
  await expect(cartButton).toHaveAccessibleName('Winkelwagen, 2 artikelen');

  await drawer.getByLabel('Kortingscode').fill('BESTAATNIET');
  await drawer.getByRole('button', { name: 'Toepassen' }).click();
  await expect(drawer.getByText('De kortingscode is niet geldig. Controleer de code en probeer het opnieuw.')).toBeVisible();
  await drawer.getByLabel('Kortingscode').fill('KORTING10');
  await drawer.getByRole('button', { name: 'Toepassen' }).click();
  await expect(drawer.getByText('Kortingscode KORTING10 is toegepast.')).toBeVisible();
  await expect(drawer.locator('.cart-totals__row--discount')).toContainText('Korting');
  await page.screenshot({ path: 'test-results/e2e/checkout-microcart.png' });

  await drawer.getByRole('button', { name: `${product.name} verwijderen` }).click();
  await expect(drawer.getByText(`${product.name} uit je winkelwagen verwijderen?`)).toBeVisible();
  await drawer.getByRole('button', { name: 'Nee' }).click();
  await expect(drawer.getByText(product.name)).toBeVisible();

  await drawer.getByRole('link', { name: 'Verder naar afrekenen' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Afrekenen', level: 1 })).toBeVisible();
  await expect(page.locator('[data-step="1"]').getByLabel('Voornaam')).toBeVisible();
  await page.goto(product.url);
  await hydrated(page);
  await page.getByRole('banner').getByRole('button', { name: /^Winkelwagen, \d+ artikel/ }).click();
  await drawer.getByRole('button', { name: `${product.name} verwijderen` }).click();
  await drawer.getByRole('button', { name: 'Ja, verwijderen' }).click();
  await expect(drawer.getByText('Je winkelwagen is leeg.')).toBeVisible();
});
