import { expect, test, type Page } from '@playwright/test';
import { bootModules } from '../../test-fixtures/boot-document';
import { hydrated as partsHydrated, settled, pageProblems as collectProblems, rootHydrated as hydrated } from './checkout-steps';

// pages split by route: a direct load preloads the page's chunk before hydration, so server HTML and the first render match
test('a route-split page opened directly hydrates without a mismatch', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/contact');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // hydration has committed (a mismatch is reported by then) and the idle chunk has loaded
  await settled(page);
  expect(problems).toEqual([]);
});

test('a client-side navigation loads a route-split page on demand', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/');
  // the footer hydrated too (its code loads on demand): before that its links are plain links, a full page load
  await partsHydrated(page);
  const chunk = page.waitForRequest((r) => /\/dist\/chunks\/ContactPage-/.test(r.url()));
  await page.locator('footer').getByRole('link', { name: 'Contact', exact: true }).click();
  await chunk;
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.locator('main h1')).toBeVisible();
  expect(problems).toEqual([]);
});

// every catalogue page is a chunk of its own; the HTML preloads the page's chunk beside the entry, and a
// direct load hydrates without a mismatch (the dispatcher's pages by the kind the server resolved)
for (const [name, path, chunk] of [
  ['home', '/', 'HomePage'],
  ['category', '/inpakpapier', 'CategoryPage'],
  ['configurable product', '/inpakpapier/baby-en-geboorte/inpakpapier-beertjes-amsterdam-1.html', 'ProductPage'],
] as const) {
  test(`the ${name} page preloads its own chunk and hydrates without a mismatch`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    // named by the boot loader at the end of the document (asked for after the first paint)
    expect(bootModules(html).some((m) => new RegExp(`^/dist/chunks/${chunk}-[^"]+\\.js$`).test(m))).toBe(true);
    for (const other of ['HomePage', 'CategoryPage', 'ProductPage'].filter((c) => c !== chunk)) expect(html).not.toContain(`/dist/chunks/${other}-`);
    const problems = collectProblems(page);
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator('main h1').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
}
