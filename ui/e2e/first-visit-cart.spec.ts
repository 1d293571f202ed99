import { expect, test } from '@playwright/test';
import { settled, simpleProductUrl } from './checkout-steps';

// spec transactions §4 "Sync need": the cart has no token until connected; a first visitor's browser connects a server
// cart with the first line added, not at start-up (core/cart/cart-start.ts)
test('a first visit makes no /api/cart/ request; the first add creates the server cart', async ({ page, request }) => {
  const cartCalls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/cart/')) cartCalls.push(path);
  });
  await page.goto('/');
  await settled(page);
  // the start-up after hydration (session, lists, cart restore) is over once the network is quiet
  await page.waitForLoadState('networkidle');
  expect(cartCalls).toEqual([]);

  const { url } = await simpleProductUrl(request);
  await page.goto(url);
  await settled(page);
  await page.waitForLoadState('networkidle');
  expect(cartCalls).toEqual([]);
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
  await expect(page.locator('.header__actions [data-testid="cart-count"]')).toHaveText('1');
  await expect.poll(() => cartCalls.filter((p) => p.endsWith('/create')).length).toBe(1);
});
