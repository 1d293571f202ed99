import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './checkout-steps';

// a tab the service worker does not control (a first visit, a browser without workers) asks the server for
// its chunks; after a deploy the chunks of the build it runs are gone (404). It reloads once onto the server's build
// and says so in the console (ui/app/chunk-recovery.ts); a chunk that stays gone ends in an error, not a reload loop.
// (A controlled tab is answered its own build's chunks by the worker: sw-update.spec.ts.)
test.use({ serviceWorkers: 'block' });

const CONTACT_CHUNK = /\/dist\/chunks\/ContactPage-[A-Z0-9]+\.js$/i;

async function openUncontrolled(page: Page) {
  const messages: string[] = [];
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  const loads: string[] = [];
  page.on('load', () => loads.push(new URL(page.url()).pathname));
  await page.goto('/');
  // every part hydrated, the footer too (its code loads on demand): before that its links are plain links
  await hydrated(page);
  expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
  return { messages, loads };
}

test('a chunk gone after a deploy: the uncontrolled tab reloads once onto the server\'s build and says so', async ({ page }) => {
  const { messages, loads } = await openUncontrolled(page);
  // the deploy: the contact page's chunk of the running build answers 404 (once: the reloaded page names the new one)
  await page.route(CONTACT_CHUNK, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }), { times: 1 });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect.poll(() => loads).toEqual(['/', '/contacts']);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('form')).not.toHaveCount(0);
  expect(messages.filter((m) => m.includes('[chunks]'))).toEqual([expect.stringMatching(/^warning: \[chunks\] a chunk of this build is gone .*reloading once/)]);
  expect(await page.evaluate(() => sessionStorage.getItem('shop:chunk-reload'))).toMatch(/^\d+$/);
});

test('a chunk that stays gone: one reload, then the error in the console, never a loop', async ({ page }) => {
  const { messages, loads } = await openUncontrolled(page);
  await page.route(CONTACT_CHUNK, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
  // the reloaded page's own first chunk is gone too: the guard stops there
  await expect.poll(() => messages.filter((m) => m.includes('[chunks]'))).toEqual([
    expect.stringMatching(/^warning: \[chunks\] .*reloading once/),
    expect.stringMatching(/^error: \[chunks\] .*not reloading again/),
  ]);
  expect(loads).toEqual(['/', '/contacts']);
});
