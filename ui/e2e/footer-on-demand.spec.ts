import { expect, test } from '@playwright/test';
import { hydrated } from './checkout-steps';

const FOOTER_CHUNK = /\/dist\/chunks\/Footer-[\w-]+\.js$/;
const footerHydrated = () => Object.keys(document.querySelector('footer') ?? {}).some((k) => k.startsWith('__reactProps'));

// The footer's code is a chunk of its own, loaded when the footer nears the screen, at a first interaction or once idle
// (ui/app/boundaries.tsx). One that cannot load (the shop unreachable) leaves the server's footer and the rest of the
// page working, and loads when the browser is back online.
test("the footer's code: its server HTML until the chunk loads, a failed load tried again online", async ({ page, context }) => {
  let blocked = true;
  await page.route(FOOTER_CHUNK, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  // the shop does not answer either (chunk-recovery's reachability check): no reload, the load waits for 'online'
  const shopCheck = (url: URL) => url.pathname === '/';
  await page.route(shopCheck, (route) => (blocked && route.request().method() === 'HEAD' ? route.abort('internetdisconnected') : route.continue()));
  const failed = page.waitForEvent('requestfailed', (r) => FOOTER_CHUNK.test(r.url()));
  await page.goto('/');
  await failed;
  // the footer is the server's (its links and text), not hydrated; the header is
  await expect(page.locator('footer').getByRole('link', { name: 'Contact' })).toBeVisible();
  expect(await page.evaluate(footerHydrated)).toBe(false);
  await page.waitForFunction(() => Object.keys(document.querySelector('header.header') ?? {}).some((k) => k.startsWith('__reactProps')));
  await page.getByRole('button', { name: 'Toon de subcategorieën van Inpakpapier' }).click();
  await expect(page.locator('.megamenu__panel').first()).toBeVisible();

  blocked = false;
  await context.setOffline(true);
  await context.setOffline(false);
  await page.waitForFunction(footerHydrated);
  await hydrated(page);
});
