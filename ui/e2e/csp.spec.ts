import { expect, test, type Page } from '@playwright/test';
import { controlled, requestsInFlight } from './checkout-steps';

// every page type runs under the Content-Security-Policy (hashes of the inline scripts + 'strict-dynamic'): no violation is
// reported and nothing is logged as an error while it loads, hydrates and is used a little.

const PAGES: Array<[string, string]> = [
  ['home', '/'],
  ['category', '/inpakpapier/kerst'],
  ['configurable product', '/inpakpapier/baby-en-geboorte/inpakpapier-beertjes-amsterdam-1.html'],
  ['CMS page', '/about-us'],
  ['search results', '/?q=kerst'],
  ['checkout', '/checkout'],
  ['my account', '/my-account'],
  ['contact', '/contact'],
  ['order status (bad token)', '/order-status/not-a-token'],
  ['not found', '/deze-pagina-bestaat-niet'],
];

async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

for (const [name, path] of PAGES) {
  test(`${name} (${path}) loads, hydrates and runs with no CSP violation or console error`, async ({ page }) => {
    const problems = await watch(page);
    const requests = requestsInFlight(page);
    const answer = await page.goto(path);
    const csp = answer?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'sha256-[^']+' 'sha256-[^']+' 'strict-dynamic'/);
    // the app hydrated: the entry module the hashed loader added, and its chunks, ran
    await page.waitForFunction(() => Object.keys(document.getElementById('app') ?? {}).some((k) => k.startsWith('__reactContainer')));
    // the service worker registered (worker-src) and controls the page, the transaction half loaded once idle (its
    // chunk, the cart's answer), and every request the page made has its answer
    await controlled(page);
    if (await page.locator('header.header:not(.header--minimal)').count()) await expect(page.locator('.header__cart[aria-haspopup="dialog"]').first()).toBeAttached();
    await requests.idle();
    if (name === 'home') {
      // a client-side navigation loads a route chunk under 'strict-dynamic'
      const link = page.getByRole('navigation', { name: 'Categorieën' }).getByRole('link').first();
      const label = (await link.innerText()).trim();
      await link.click();
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await requests.idle();
    }
    const expected404 = (t: string) => /status of 404/.test(t) && name === 'not found';
    expect(problems.filter((t) => !expected404(t))).toEqual([]);
  });
}
