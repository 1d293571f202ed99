import { expect, test, type Page } from '@playwright/test';
import { hydrated as partsHydrated, settled, rootHydrated as hydrated } from './checkout-steps';

// CMS HTML is sanitised by DOMPurify (jsdom on the server, the browser's DOM in the client). A server-
// rendered page hydrates with the server's sanitised markup, so DOMPurify stays out of the first load; it is fetched
// (its own chunk) when the browser has new CMS HTML to show.

const purifyChunk = (url: string) => /\/dist\/chunks\/purify[^/]*\.js$/.test(url);

test('a first visit hydrates the CMS blocks with the server markup and fetches no DOMPurify', async ({ page }) => {
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  const served = await (await page.request.get('/')).text();
  await page.goto('/');
  // everything the first load does after hydration has run (the idle chunk included): still no DOMPurify
  await settled(page);
  const blocks = await page.locator('[data-cms-html]').evaluateAll((els) => els.map((el) => el.innerHTML));
  expect(blocks.length).toBeGreaterThan(0);
  expect(blocks.some((b) => b.length > 0)).toBe(true);
  // the same markup the server sent, block for block
  const fromServer = await page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return [...doc.querySelectorAll('[data-cms-html]')].map((el) => el.innerHTML);
  }, served);
  expect(blocks).toEqual(fromServer);
  expect(requests.filter(purifyChunk)).toEqual([]);
  expect(problems).toEqual([]);
});

test('new CMS HTML in the browser loads DOMPurify on demand and shows the sanitised content', async ({ page }) => {
  await page.goto('/');
  // the footer hydrated too (its code loads on demand): before that its links are plain links, a full page load
  await partsHydrated(page);
  const chunk = page.waitForRequest((r) => purifyChunk(r.url()));
  // a client-side navigation to a CMS page: its content is HTML the server did not render into this page
  await page.locator('footer a[href^="/i/"]').first().click();
  await chunk;
  await expect(page.locator('.cms-page__content')).not.toBeEmpty();
  const html = await page.locator('.cms-page__content').innerHTML();
  expect(html).toMatch(/<(p|h2|ul|ol)\b/);
});
