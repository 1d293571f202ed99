import { expect, test } from '@playwright/test';
import { requestsInFlight, settled, simpleProductUrl } from './checkout-steps';

// spec transactions §4 "Sync need": the cart has no token until connected; a first visitor's browser connects a server
// cart with the first line added, not at start-up (core/cart/cart-start.ts)
test('a first visit makes no /api/cart/ request; the first add creates the server cart', async ({ page, request }) => {
  const cartCalls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/cart/')) cartCalls.push(path);
  });
  const requests = requestsInFlight(page);
  await page.goto('/');
  // the start-up after hydration restored the cart (the live cart button with its count), and every request made so
  // far has its answer
  await settled(page);
  await requests.idle();
  expect(cartCalls).toEqual([]);

  const { url } = await simpleProductUrl(request);
  await page.goto(url);
  await settled(page);
  await requests.idle();
  expect(cartCalls).toEqual([]);
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
  await expect(page.locator('.header__actions [data-testid="cart-count"]')).toHaveText('1');
  await expect.poll(() => cartCalls.filter((p) => p.endsWith('/create')).length).toBe(1);
});
