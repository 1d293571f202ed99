import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { acceptTerms, addProductToCart, animationsDone, choosePayment, fillDetailsAndShipping, hydrated, placeOrder, requestsInFlight, simpleProductUrl, uniqueEmail } from './checkout-steps';

/**
 * axe-core on every route and state the shopper journeys reach, at phone (390 px) and desktop (1280 px)
 * width. A serious or critical violation fails the test (all of them are listed first); moderate ones are printed
 * (docs/architecture.md "Accessibility" lists the ones left). One browser context per width visits the states in
 * sequence (three tests per width share it), so the run stays short.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];

interface Finding {
  state: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

class Audit {
  readonly failures: Finding[] = [];
  readonly moderate: Finding[] = [];
  readonly states: string[] = [];
  constructor(private readonly width: number) {}

  /**
   * One axe scan of the page once it is settled: no loading overlay over it (its veil lowers the contrast of what it
   * covers), transitions finished (the reduced-motion emulation keeps them short) and every request the page made
   * answered, so nothing is mid-change while axe reads (a contrast finding read mid-change was once seen on the review
   * step). `moment`: a state that is a moment on purpose (the busy button while the cart's answer is held back): its
   * held request is not waited for. A contrast finding prints what axe measured and what the page was doing.
   */
  async scan(page: Page, state: string, { moment = false }: { moment?: boolean } = {}): Promise<void> {
    await expect(page.locator('.loader')).toHaveCount(0);
    if (!moment) await requestsOf(page).idle();
    await animationsDone(page);
    this.record(state, await this.read(page, state));
  }

  private async read(page: Page, state: string) {
    const started = Date.now();
    // only violations come back in full (passes and incomplete as counts): far less to serialise per scan. Legacy mode:
    // axe.run in the page itself; the default opens a blank page per scan to merge the frames' partial results (the
    // shop has no iframes, so that page only cost time)
    const result = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).withTags(TAGS).analyze();
    this.states.push(`${state} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    const contrast = result.violations.find((v) => v.id === 'color-contrast');
    if (contrast) {
      // what axe measured (colours, ratio) and what the page was doing: the state is what a fix needs
      const measured = contrast.nodes.slice(0, 5).map((n) => JSON.stringify(n.any[0]?.data ?? null));
      const pageState = await page.evaluate(() => ({
        steps: [...document.querySelectorAll('[data-step]')].map((s) => s.className),
        disabled: [...document.querySelectorAll('button:disabled, [aria-disabled="true"]')].map((b) => b.className),
        animations: document.getAnimations().map((a) => `${a.constructor.name}:${a.playState}`),
      }));
      console.log(`color-contrast at ${this.width}px ${state}: ${measured.join(' | ')} page ${JSON.stringify(pageState)}`);
    }
    return result.violations;
  }

  private record(state: string, violations: Awaited<ReturnType<Audit['read']>>): void {
    for (const v of violations) {
      const finding: Finding = {
        state: `${this.width}px ${state}`,
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      };
      if (v.impact === 'serious' || v.impact === 'critical') this.failures.push(finding);
      else this.moderate.push(finding);
    }
  }

  report(): void {
    const line = (f: Finding) => `  [${f.impact}] ${f.state}: ${f.id} (${f.help}) ${f.targets.join(', ')}`;
    console.log(`axe at ${this.width}px: ${this.states.length} states scanned: ${this.states.join(' | ')}`);
    if (this.moderate.length) console.log(`moderate/minor at ${this.width}px:\n${this.moderate.map(line).join('\n')}`);
    if (this.failures.length) console.log(`SERIOUS/CRITICAL at ${this.width}px:\n${this.failures.map(line).join('\n')}`);
  }
}

/** each audited page's requests in flight, counted from its creation (checkout-steps requestsInFlight) */
const tracked = new WeakMap<Page, ReturnType<typeof requestsInFlight>>();
function requestsOf(page: Page): ReturnType<typeof requestsInFlight> {
  let r = tracked.get(page);
  if (!r) tracked.set(page, (r = requestsInFlight(page)));
  return r;
}

async function productUrlOfType(page: Page, type: 'configurable' | 'grouped' | 'bundle'): Promise<string> {
  const res = await page.request.post('/api/catalog/vue_storefront_catalog/product/_search', {
    data: { query: { bool: { filter: [{ term: { type_id: type } }, { term: { visibility: 4 } }, { term: { status: 1 } }] } }, size: 1, _source: ['url_path'] },
  });
  const body = (await res.json()) as { hits: { hits: Array<{ _source: { url_path: string } }> } };
  const hit = body.hits.hits[0]?._source;
  if (!hit) throw new Error(`no ${type} product in the demo catalogue`);
  return `/${hit.url_path}`;
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  // one context per width for its three tests (a failed test restarts the worker: the next test gets a new
  // context from beforeAll, which is why each test brings the state it needs)
  test.describe(`axe at ${width}px`, () => {
    const phone = width < 1024;
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ viewport: { width, height }, locale: 'nl-NL', reducedMotion: 'reduce' });
      page = await context.newPage();
      requestsOf(page);
      page.setDefaultTimeout(20_000);
    });
    test.afterAll(async () => {
      await context?.close();
    });
    // each test prints what it found (also when a step fails) and fails on any serious or critical violation
    const audited = async (run: (audit: Audit) => Promise<void>) => {
      const audit = new Audit(width);
      try {
        await run(audit);
      } finally {
        audit.report();
      }
      expect(audit.failures.map((f) => `${f.state}: ${f.id} ${f.targets.join(', ')}`)).toEqual([]);
    };

    test(`catalogue: home, search, menu, category with filters, every product type, microcart (${width}px)`, async () => {
      test.setTimeout(240_000);
      await audited(async (audit) => {
        // home, with the cookie bar (then closed)
        await open(page, '/');
        await audit.scan(page, 'home (cookie bar)');
        await page.getByRole('button', { name: 'OK, sluiten' }).click();

        // search panel open with results
        if (phone) await page.getByRole('navigation', { name: 'Snelmenu' }).getByRole('button', { name: 'Zoeken' }).click();
        const search = page.getByRole('combobox', { name: 'Zoeken' });
        await search.fill('kadopapier');
        await expect(page.locator('#search-panel .search-result').first()).toBeVisible();
        await audit.scan(page, 'search panel');
        await search.press('Escape');

        // mobile menu (phone) or an open mega menu (desktop)
        if (phone) {
          await page.getByRole('button', { name: 'Menu openen' }).click();
          await audit.scan(page, 'mobile menu');
          await page.keyboard.press('Escape');
        }

        // category with filters open
        await open(page, '/inpakpapier');
        if (phone) await page.locator('.filters__toggle').click();
        await audit.scan(page, 'category, filters open');

        // each product type
        for (const type of ['configurable', 'grouped', 'bundle'] as const) {
          await open(page, await productUrlOfType(page, type));
          await audit.scan(page, `product ${type}`);
        }
        const simple = await simpleProductUrl(page.request, 7);
        await open(page, simple.url);
        await audit.scan(page, 'product simple');

        // add (the cart's answers held back until the busy button is scanned), then the microcart
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/cart/**', async (route) => {
          await released;
          await route.continue().catch(() => undefined);
        });
        await page.getByRole('button', { name: 'In winkelwagen' }).click();
        const busy = page.locator('.add-to-cart__button[aria-disabled="true"]');
        await expect(busy).toBeVisible();
        await audit.scan(page, 'product adding (busy button)', { moment: true });
        release();
        await page.unroute('**/api/cart/**');
        await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
        await audit.scan(page, 'product added (notification)');
        await page.locator('.header__cart').first().click();
        await expect(page.getByRole('dialog', { name: 'Winkelwagen' })).toBeVisible();
        await audit.scan(page, 'microcart open');
        await page.keyboard.press('Escape');

      });
    });

    test(`login/register modal, every checkout step with its errors, payment simulator, order status of each group (${width}px)`, async () => {
      test.setTimeout(240_000);
      await audited(async (audit) => {
        // a product in the cart (the checkout needs one)
        await open(page, (await simpleProductUrl(page.request, 8)).url);
        await page.getByRole('button', { name: 'In winkelwagen' }).click();
        await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();

        // login / register modal
        await page.getByRole('banner').getByRole('link', { name: 'Mijn account' }).first().click();
        await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
        await audit.scan(page, 'login modal');
        await page.getByRole('dialog').getByRole('button', { name: 'Inloggen' }).click();
        await audit.scan(page, 'login modal, errors');
        await page.getByRole('dialog').getByRole('button', { name: 'Registreer je' }).click();
        await expect(page.getByRole('dialog', { name: 'Registreren' })).toBeVisible();
        await audit.scan(page, 'register modal');
        await page.keyboard.press('Escape');

        // checkout: each step, with its error state
        await open(page, '/checkout');
        await audit.scan(page, 'checkout personal');
        await page.locator('[data-step="1"]').getByRole('button', { name: 'Verder naar verzending' }).click();
        await audit.scan(page, 'checkout personal, errors');
        const email = uniqueEmail(`a11y-${width}`);
        await page.locator('[data-step="1"]').getByLabel('Voornaam').fill('Anne');
        await page.locator('[data-step="1"]').getByLabel('Achternaam').fill('de Vries');
        await page.locator('[data-step="1"]').getByLabel('E-mailadres').fill(email);
        await page.locator('[data-step="1"]').getByRole('button', { name: 'Verder naar verzending' }).click();
        const shipping = page.locator('[data-step="2"]');
        await expect(shipping.getByLabel('Straat en huisnummer')).toBeVisible();
        await audit.scan(page, 'checkout shipping');
        await shipping.getByRole('button', { name: 'Verder naar betalen' }).click();
        await audit.scan(page, 'checkout shipping, errors');
        await shipping.getByLabel('Straat en huisnummer').fill('Keizersgracht 12');
        await shipping.getByLabel('Postcode').fill('1015 CX');
        await shipping.getByLabel('Plaats').fill('Amsterdam');
        await shipping.getByLabel('Land').selectOption('NL');
        await shipping.getByRole('button', { name: 'Verder naar betalen' }).click();
        await page.locator('[data-step="3"]').getByRole('radio', { name: 'iDEAL' }).check();
        await audit.scan(page, 'checkout payment');
        await choosePayment(page, 'iDEAL', 'ING');
        // the review is the active step and ready to place the order (not still saving the payment choice)
        const review = page.locator('[data-step="4"]');
        await expect(review).toHaveClass(/checkout-step--active/);
        await expect(review.getByRole('button', { name: 'Bestelling plaatsen' })).toBeEnabled();
        await audit.scan(page, 'checkout review');
        await page.locator('[data-step="4"]').getByRole('button', { name: 'Bestelling plaatsen' }).click();
        await audit.scan(page, 'checkout review, errors');
        await acceptTerms(page);
        await page.locator('[data-step="4"]').getByRole('button', { name: 'Bestelling plaatsen' }).click();

        // the payment simulator, then the order status of each group
        await expect(page.getByRole('heading', { name: 'Betaalsimulator' })).toBeVisible();
        const simulator = page.url();
        await audit.scan(page, 'payment simulator');
        // a payment only moves forward (open -> pending -> one final outcome): pending then paid on this order,
        // failed on a second one
        for (const [outcome, group] of [
          ['In behandeling (pending)', 'pending'],
          ['Betaald (paid)', 'success'],
        ] as const) {
          if (page.url() !== simulator) await page.goto(simulator);
          await page.getByRole('button', { name: outcome }).click();
          await page.waitForURL(/\/order-status\/[^/]+$/);
          await hydrated(page);
          await expect(page.locator('.status-label')).toBeVisible();
          await audit.scan(page, `order status ${group}`);
        }
        await addProductToCart(page, (await simpleProductUrl(page.request, 9)).url);
        await open(page, '/checkout');
        await fillDetailsAndShipping(page, { firstName: 'Anne', lastName: 'de Vries', email });
        await choosePayment(page, 'iDEAL', 'ING');
        await acceptTerms(page);
        await placeOrder(page);
        await page.getByRole('button', { name: 'Mislukt (failed)' }).click();
        await page.waitForURL(/\/order-status\/[^/]+$/);
        await hydrated(page);
        await expect(page.locator('.status-label')).toHaveText('mislukt');
        await audit.scan(page, 'order status failed');
        const token = decodeURIComponent(page.url().split('/').pop() as string);
        await open(page, `/order-status/${encodeURIComponent(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'))}`);
        await audit.scan(page, 'order status, wrong hash');

      });
    });

    test(`account, contact, CMS, static page, 404, sitemap (${width}px)`, async () => {
      test.setTimeout(240_000);
      await audited(async (audit) => {
        // account: anonymous, then registered and logged in
        await open(page, '/my-account');
        await audit.scan(page, 'my-account anonymous');
        const dialog = page.getByRole('dialog');
        await page.getByRole('banner').getByRole('link', { name: 'Mijn account' }).first().click();
        await dialog.getByRole('button', { name: 'Registreer je' }).click();
        await dialog.getByLabel('E-mailadres').fill(uniqueEmail(`a11y-account-${width}`));
        await dialog.getByLabel('Voornaam').fill('Anne');
        await dialog.getByLabel('Achternaam').fill('de Vries');
        await dialog.locator('input[type="password"]').nth(0).fill('Geheim123!');
        await dialog.locator('input[type="password"]').nth(1).fill('Geheim123!');
        await dialog.getByRole('checkbox', { name: /Ik ga akkoord/ }).check();
        await dialog.getByRole('button', { name: 'Account aanmaken' }).click();
        await expect(dialog).toHaveCount(0);
        await open(page, '/my-account');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await audit.scan(page, 'my-account');

        // contact, CMS, static, 404, sitemap
        await open(page, '/contact');
        await audit.scan(page, 'contact');
        await page.getByRole('button', { name: 'Bericht versturen' }).click();
        await audit.scan(page, 'contact, errors');
        await open(page, '/i/privacy');
        await audit.scan(page, 'cms page');
        await open(page, '/about-us');
        await audit.scan(page, 'static page');
        await open(page, '/deze-pagina-bestaat-niet');
        await audit.scan(page, '404');
        await open(page, '/sitemap');
        await audit.scan(page, 'sitemap');
      });
    });
  });
}

/** Height of the viewport covered by fixed and sticky elements (union of their vertical extents, inside the viewport). */
async function coveredHeight(page: Page): Promise<{ covered: number; parts: string[] }> {
  return page.evaluate(() => {
    const spans: Array<[number, number]> = [];
    const parts: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const r = el.getBoundingClientRect();
      const top = Math.max(0, r.top);
      const bottom = Math.min(window.innerHeight, r.bottom);
      if (bottom - top < 1 || r.width < 1) continue;
      // a sticky element only covers content while it is stuck (the page scrolled under it)
      if (style.position === 'sticky' && r.top > 0.5) continue;
      spans.push([top, bottom]);
      parts.push(`${el.className || el.tagName} ${Math.round(top)}-${Math.round(bottom)}`);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let covered = 0;
    let end = 0;
    for (const [a, b] of spans) {
      if (b <= end) continue;
      covered += b - Math.max(a, end);
      end = b;
    }
    return { covered, parts };
  });
}

// on a 320 x 568 screen the header, bottom navigation and cookie bar never cover more than a third
test('320 x 568: fixed and sticky elements cover at most a third of the screen, scrolled or not', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 568 }, locale: 'nl-NL' });
  const page = await context.newPage();
  try {
    for (const url of ['/', '/inpakpapier']) {
      await open(page, url);
      await expect(page.getByRole('button', { name: 'OK, sluiten' })).toBeVisible();
      for (const y of [0, 600]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        // the page is where it was scrolled to (or as far as it goes) and the header's transitions have finished
        await page.waitForFunction((top) => Math.abs(window.scrollY - Math.min(top, document.documentElement.scrollHeight - window.innerHeight)) < 1, y);
        await animationsDone(page);
        const { covered, parts } = await coveredHeight(page);
        console.log(`320x568 ${url} scrolled ${y}: ${Math.round(covered)} px covered (${parts.join(', ')})`);
        expect(covered, parts.join(', ')).toBeLessThanOrEqual(568 / 3);
      }
    }
  } finally {
    await context.close();
  }
});
