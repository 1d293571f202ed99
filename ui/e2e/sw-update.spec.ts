import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { requestsInFlight } from './checkout-steps';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';

// safe updates: the shop is open on build 1 when build 2 is deployed. The new worker waits, the page offers
// "Er is een nieuwe versie — vernieuwen"; meanwhile the page keeps loading build 1's chunks (from the old worker's
// precache: the server no longer has them); only the shopper's click activates build 2, and the page reloads once onto
// it, with no chunk that failed to load and no error.

const root = new URL('../../', import.meta.url).pathname;
const out = `${root}test-results/sw-update`;
const apiPort = process.env.E2E_API_PORT ?? '8180';

/** two real builds that differ (a marker comment in every JavaScript file, so every chunk's hash changes) */
function buildInto(name: string): Promise<void> {
  const script = `import(${JSON.stringify(`${root}scripts/build.mjs`)}).then((m) => m.buildAll({ quiet: true, outDir: ${JSON.stringify(`${out}/${name}`)}, marker: ${JSON.stringify(name)} }))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build ${name} failed (${code})`))));
  });
}

const entryOf = (name: string) => (JSON.parse(readFileSync(`${out}/${name}/client/manifest.json`, 'utf8')) as { entry: string }).entry;
const chunkOf = (name: string, page: string) => readdirSync(`${out}/${name}/client/chunks`).find((f) => f.startsWith(`${page}-`) && f.endsWith('.js')) ?? '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** the storefront of one build on `port` (the demo backend is the one the test run started) */
function startStorefront(name: string, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${out}/${name}/server.mjs`], {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), API_URL: `http://127.0.0.1:${apiPort}`, WEB_CONCURRENCY: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout?.on('data', (d: Buffer) => {
      if (/listening/.test(String(d))) resolve(child);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`storefront ${name} exited with ${code}`)));
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document.getElementById('app') ?? {}).some((k) => k.startsWith('__reactContainer')));
const entryScript = (page: Page) =>
  page.evaluate(() => new URL((document.querySelector('script[type="module"][src]') as HTMLScriptElement).src).pathname);

const pagesCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('shop-pages-')));

let running: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // side by side: each build waits on its own I/O and compression as much as on the CPU
  await Promise.all([buildInto('one'), buildInto('two')]);
});

test.afterAll(async () => {
  await stop(running);
  rmSync(out, { recursive: true, force: true });
});

test('a new build waits for the shopper, the page never mixes chunks of two builds, and reloads once onto build 2', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const problems: string[] = [];
  /**
   * What must not happen in a tab: a script error, an error logged, a build file (/dist/) that failed or answered an
   * error. Other answers are recorded by URL instead of by the console's URL-less 'Failed to load resource' line: while
   * the deploy switches servers, a background call in flight may get the closing server's 503, which is the deploy's,
   * not a chunk's, doing.
   */
  const watch = (tab: Page, name: string) => {
    tab.on('pageerror', (e) => problems.push(`${name} pageerror: ${e.message}`));
    tab.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`${name} console: ${m.text()}`);
    });
    tab.on('requestfailed', (r) => {
      if (r.url().includes('/dist/')) problems.push(`${name} failed: ${r.url()}`);
    });
    tab.on('response', (r) => {
      if (r.status() >= 400 && (r.url().includes('/dist/') || r.status() !== 503)) problems.push(`${name} ${r.status()}: ${r.url()}`);
    });
  };
  watch(page, 'tab 1');
  const pageRequests = requestsInFlight(page);
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  // the shop on build 1, controlled by build 1's worker
  running = await startStorefront('one', port);
  await page.goto(`${origin}/`);
  await hydrated(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await entryScript(page)).toBe(`/dist/${entryOf('one')}`);
  // a second tab of the shop, on build 1 too
  const tab2 = await context.newPage();
  const tab2Loads: string[] = [];
  tab2.on('load', () => tab2Loads.push(tab2.url()));
  watch(tab2, 'tab 2');
  const tab2Requests = requestsInFlight(tab2);
  await tab2.goto(`${origin}/`);
  await hydrated(tab2);
  expect(await entryScript(tab2)).toBe(`/dist/${entryOf('one')}`);
  // the start-up (session, cart: it may connect to the API) runs when the browser is idle after hydration;
  // let both tabs finish it on build 1's server before that server stops (the live cart button comes with it)
  for (const [tab, requests] of [[page, pageRequests], [tab2, tab2Requests]] as const) {
    await expect(tab.locator('.header__cart[aria-haspopup="dialog"]').first()).toBeAttached({ timeout: 20_000 });
    await requests.idle();
  }

  // deploy build 2: the server of build 1 stops, build 2's starts on the same address
  await stop(running);
  running = await startStorefront('two', port);
  const oldContactChunk = chunkOf('one', 'ContactPage');
  expect(oldContactChunk).not.toBe(chunkOf('two', 'ContactPage'));
  expect((await request.get(`${origin}/dist/chunks/${oldContactChunk}`)).status()).toBe(404);

  // the tab comes back into view: the page checks for a new worker, which installs and waits
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const prompt = page.getByRole('region', { name: /^Er is een nieuwe versie/ });
  const reload = prompt.getByRole('button', { name: 'vernieuwen' });
  await expect(reload).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-live-region="polite"]')).toHaveText('Er is een nieuwe versie — vernieuwen');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);
  // the other tab offers it too, and nothing reloaded by itself
  await expect(tab2.getByRole('region', { name: /^Er is een nieuwe versie/ }).getByRole('button', { name: 'vernieuwen' })).toBeVisible();
  expect(tab2Loads).toHaveLength(1);

  // still on build 1: a page chunk it had not loaded yet comes from build 1's precache, not from the new server
  const contactChunk = page.waitForResponse((r) => r.url().endsWith(`/dist/chunks/${oldContactChunk}`));
  await page.locator('footer a[href="/contacts"]').click();
  const chunk = await contactChunk;
  expect(chunk.status()).toBe(200);
  expect(chunk.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(loads).toHaveLength(1);

  // the prompt passes axe, and its button is in the tab order (near the end: Shift+Tab from the document reaches it)
  const axe = await new AxeBuilder({ page }).setLegacyMode().include('.update-prompt').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const pagesBefore = await pagesCaches(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const focused = () => reload.evaluate((b) => b === document.activeElement);
  for (let i = 0; i < 30 && !(await focused()); i++) await page.keyboard.press('Shift+Tab');
  await expect(reload).toBeFocused();

  // the prompt covers nothing of the header's search at 1280 px (it sat on top of it)
  expect(page.viewportSize()?.width).toBe(1280);
  const [box, search] = [(await prompt.boundingBox())!, (await page.locator('#header-search').boundingBox())!];
  const apart = box.x >= search.x + search.width || search.x >= box.x + box.width || box.y >= search.y + search.height || search.y >= box.y + box.height;
  expect(apart, `prompt ${JSON.stringify(box)} over the search ${JSON.stringify(search)}`).toBe(true);

  // with a half-filled form the reload asks first; declined, nothing reloads and the text stays
  const name = page.locator('#main').getByRole('textbox', { name: /^Naam/ });
  await name.fill('Anne de Vries');
  // answered as it opens: the confirm blocks the page, and with it the key press, until it is
  const dialogs: string[] = [];
  page.once('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await reload.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => dialogs).toEqual(['confirm: Je hebt een formulier half ingevuld. Vernieuwen wist wat je hebt ingevuld. Toch vernieuwen?']);
  await expect(name).toHaveValue('Anne de Vries');
  expect(loads).toHaveLength(1);
  await name.fill('');
  await reload.focus();

  // the shopper activates the update by keyboard: one reload, onto build 2
  await page.keyboard.press('Enter');
  await expect.poll(() => loads.length, { timeout: 20_000 }).toBe(2);
  await hydrated(page);
  expect(await entryScript(page)).toBe(`/dist/${entryOf('two')}`);
  expect(new URL(page.url()).pathname).toBe('/contacts');
  await expect(reload).toHaveCount(0);
  // build 2's start-up ran (the live cart button) and its answers are in: still the one reload
  await expect(page.locator('.header__cart[aria-haspopup="dialog"]').first()).toBeAttached({ timeout: 20_000 });
  await pageRequests.idle();
  expect(loads).toHaveLength(2);
  // before: build 1's pages and build 2's (its worker cached the home page while installing); after (build 2's worker
  // activated and dropped the older build's): build 2's alone
  expect(pagesBefore).toHaveLength(2);
  await expect.poll(() => pagesCaches(page)).toHaveLength(1);
  const pagesAfter = await pagesCaches(page);
  expect(pagesBefore).toContain(pagesAfter[0]);
  // the other tab, whose build-1 chunks left the precache with the old worker, reloaded once onto build 2 as well
  await expect.poll(() => tab2Loads.length, { timeout: 20_000 }).toBe(2);
  await hydrated(tab2);
  expect(await entryScript(tab2)).toBe(`/dist/${entryOf('two')}`);
  expect(problems).toEqual([]);
});
