/**
 * Interaction latency at 4x CPU throttling (Debian's Chromium through Playwright, CDP Emulation.setCPUThrottlingRate):
 * per interaction the Event Timing duration (input to the next paint) of its longest event, read by a
 * PerformanceObserver registered before the page's first script. A benchmark, not a test.
 *   npm run build && node scripts/bench/run.mjs interactions [--reps 20] [--baseline DIR]
 *
 * - add to cart (a configurable product with its first variant chosen), a filter toggle (a category's first colour,
 *   on and off), a variant swatch (two colours in turn), opening the microcart, opening the search panel (a first
 *   character typed into the search field): p50 / p75 / max over `--reps` repetitions each;
 * - a soft navigation category -> product (a tile's link clicked, the pointer over it first as a shopper's would be):
 *   from the click to the frame after the product's h1 is in the page;
 * `--baseline DIR`: another build's dist folder whose storefront runs beside this one, measured right after.
 * An entry under 16 ms is not reported by the API: such an interaction counts as 16 ms (the figures are an upper bound).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { arg, CHROMIUM, CHROMIUM_FLAGS, loadAverage, quantile, startShop } from './servers';

const REPS = arg('reps', 20);
const BASELINE = arg('baseline', '');
/** how long a step may take to show its result before the bench gives up on that repetition */
const STEP_MS = 15_000;

const summary = (xs: number[]) => {
  if (!xs.length) return 'no figures';
  const [p50, p75, max] = [0.5, 0.75, 1].map((q) => quantile(xs, q).toFixed(0));
  return `p50 ${p50}  p75 ${p75}  max ${max} ms  (n=${xs.length})`;
};

declare global {
  interface Window {
    /** the durations of the Event Timing entries of interactions, in the order observed */
    __events?: number[];
  }
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'nl-NL' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
        if (e.interactionId) window.__events!.push(e.duration);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** React has attached to the page's parts and the transaction half (the live cart button) is there. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const parts = ['header.header', '#main > *', 'footer'].map((s) => document.querySelector(s)).filter((e): e is Element => e !== null);
      return parts.length > 0 && parts.every((e) => Object.keys(e).some((k) => k.startsWith('__reactProps')));
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: /^Winkelwagen, \d+ artikel/ }).first().waitFor({ state: 'attached', timeout: 60_000 });
  // the cookie notice covers the bottom of the page: closed once, as a shopper would
  const ok = page.getByRole('button', { name: 'OK, sluiten' });
  if (await ok.isVisible()) await ok.click();
}

/**
 * Runs `act` (one interaction) and `done` (waits for its visible result), then the longest Event Timing entry of the
 * interactions that started meanwhile (16 ms when none was long enough to be reported).
 */
async function measure(page: Page, act: () => Promise<void>, done: () => Promise<void>): Promise<number> {
  const from = await page.evaluate(() => window.__events!.length);
  await act();
  await done();
  // the entry is queued after the next paint: two frames and a task later it has been observed
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));
  const durations = await page.evaluate((n) => window.__events!.slice(n), from);
  return durations.length ? Math.max(...durations) : 16;
}

async function benchShop(browser: Browser, base: string, pages: { category: string; product: string }): Promise<void> {
  const page = await newPage(browser);
  const results: Record<string, number[]> = { 'add to cart': [], 'variant swatch': [], 'filter toggle': [], 'open microcart': [], 'open search panel': [] };
  try {
    // the product page: a variant swatch, then add to cart
    await page.goto(`${base}${pages.product}`);
    await settled(page);
    const colours = page.locator('fieldset.product-option').first().locator('.option-value:not(.option-value--unavailable) label');
    for (let i = 0; i < REPS; i++) {
      const label = colours.nth(i % 2);
      const id = (await label.getAttribute('for')) ?? '';
      results['variant swatch']!.push(
        await measure(page, () => label.click(), () => page.waitForFunction((x) => (document.getElementById(x) as HTMLInputElement | null)?.checked === true, id, { timeout: STEP_MS }).then(() => undefined)),
      );
    }
    // every option chosen (the first available value of each), so the product can be added
    for (const group of await page.locator('fieldset.product-option').all()) {
      const first = group.locator('.option-value:not(.option-value--unavailable) label').first();
      if (!(await group.locator('input:checked').count())) await first.click();
    }
    const add = page.getByRole('button', { name: 'In winkelwagen' });
    const count = page.locator('.header__actions [data-testid="cart-count"]');
    for (let i = 0; i < REPS; i++) {
      const before = Number((await count.textContent().catch(() => '0')) || 0);
      results['add to cart']!.push(
        await measure(page, () => add.click(), () => page.waitForFunction((n) => Number(document.querySelector('.header__actions [data-testid="cart-count"]')?.textContent || 0) > n, before, { timeout: STEP_MS }).then(() => undefined)),
      );
    }
    // the microcart: opened (measured) and closed
    const cartButton = page.locator('.header__actions').getByRole('button', { name: /^Winkelwagen/ });
    for (let i = 0; i < REPS; i++) {
      results['open microcart']!.push(await measure(page, () => cartButton.click(), () => page.locator('.microcart').waitFor({ state: 'visible', timeout: STEP_MS })));
      await page.keyboard.press('Escape');
      await page.locator('.microcart').waitFor({ state: 'detached', timeout: STEP_MS });
    }
    // the search panel: a character typed over the search field's text opens it (another character each time, so the
    // field's value changes); closed with its close button
    const field = page.locator('#header-search');
    for (let i = 0; i < REPS; i++) {
      await field.focus();
      await page.keyboard.press('Control+A');
      results['open search panel']!.push(await measure(page, () => page.keyboard.press(i % 2 ? 'p' : 'k'), () => page.locator('#search-panel').waitFor({ state: 'visible', timeout: STEP_MS })));
      await page.locator('.search-panel__close').click();
      await page.locator('#search-panel').waitFor({ state: 'detached', timeout: STEP_MS });
    }

    // the category page: a colour filter on and off
    await page.goto(`${base}${pages.category}`);
    await settled(page);
    const option = page.locator('[data-filter="color"] .filter-option').first();
    for (let i = 0; i < REPS; i++) {
      const was = await option.getAttribute('aria-pressed');
      const want = was === 'true' ? 'false' : 'true';
      results['filter toggle']!.push(await measure(page, () => option.click(), () => page.locator(`[data-filter="color"] .filter-option[aria-pressed="${want}"]`).first().waitFor({ timeout: STEP_MS })));
    }
    for (const [name, xs] of Object.entries(results)) console.log(`  ${name.padEnd(18)} ${summary(xs)}`);

    // soft navigation category -> product: from the click on a tile's link to the frame after the product's h1
    await page.goto(`${base}${pages.category}`);
    await settled(page);
    const navs: number[] = [];
    const tiles = page.locator('[data-testid="category-products"] .product-tile a[href]');
    const navReps = Math.min(REPS, 10);
    for (let i = 0; i < navReps; i++) {
      const link = tiles.nth(i % Math.max(1, Math.min(8, await tiles.count())));
      await link.scrollIntoViewIfNeeded();
      await link.hover();
      const href = await link.getAttribute('href');
      // the clock starts at the click's event and stops at the frame after the product page's h1 is in the page
      const timing = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let clicked = 0;
            const h1Before = document.querySelector('#main h1');
            document.addEventListener('click', (e) => void (clicked = e.timeStamp), { capture: true, once: true });
            const check = () => {
              const h1 = document.querySelector('#main .product-page h1, #main h1');
              if (clicked && h1 && h1 !== h1Before && document.querySelector('.product-page')) requestAnimationFrame(() => resolve(performance.now() - clicked));
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
      );
      await link.click();
      navs.push(await timing);
      await page.waitForURL((u) => u.pathname === href?.split('?')[0], { timeout: STEP_MS });
      await page.goBack();
      await tiles.first().waitFor({ timeout: STEP_MS });
    }
    console.log(`  ${'soft nav cat->prod'.padEnd(18)} ${summary(navs)}`);
  } finally {
    await page.context().close();
  }
}

const shop = await startShop('interactions', BASELINE || undefined);
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    console.log(`interactions at 4x CPU throttling, 1280x900, ${REPS} repetitions each; load average ${loadAverage()}`);
    console.log(`category ${shop.pages.category}, product ${shop.pages.product}`);
    console.log(`\nthis build (dist/)`);
    await benchShop(browser, shop.base, shop.pages);
    if (shop.baselineBase) {
      console.log(`\nthe baseline (${BASELINE}); load average ${loadAverage()}`);
      await benchShop(browser, shop.baselineBase, shop.pages);
    }
  } finally {
    await browser.close();
  }
} finally {
  await shop.stop();
}
process.exit(0);
