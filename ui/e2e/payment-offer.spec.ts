import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { closeCookieNotice, fillDetailsAndShipping, hydrated, simpleProductUrl, uniqueEmail } from './checkout-steps';

// spec transactions §5 "Empty payment method list gives 'No payment methods configured' ... Empty issuer list gives
// 'No issuers'", §8 "Payment". Each test runs its own demo backend configured that way (PSP_METHODS / PSP_ISSUERS) and a
// storefront in front of it, on free loopback ports; both stop with the test.

const root = new URL('../..', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

interface Shop {
  url: string;
  stop(): void;
}

/** Spawns a built server and resolves once it prints that it listens (as scripts/e2e-servers.mjs does). */
function listening(args: string[], env: NodeJS.ProcessEnv, kids: ChildProcess[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'ignore'] });
    kids.push(child);
    child.stdout?.on('data', (d: Buffer) => {
      if (/listening/.test(String(d))) resolve();
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${args[0]} exited with ${code} before it listened`)));
  });
}

async function startShop(psp: Record<string, string>): Promise<Shop> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const env = { ...process.env, HOST: '127.0.0.1', NODE_ENV: 'production', WEB_CONCURRENCY: '1' };
  const kids: ChildProcess[] = [];
  const stop = () => kids.forEach((k) => k.kill('SIGTERM'));
  const url = `http://127.0.0.1:${port}`;
  try {
    // the backend first: a storefront serving before its API is up would render pages whose reads failed
    await listening(['dist/backend.mjs', '--reset'], { ...env, ...psp, API_PORT: String(apiPort), DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-e2e-psp-')), STOREFRONT_URL: url }, kids);
    await listening(['dist/server.mjs'], { ...env, PORT: String(port), API_URL: `http://127.0.0.1:${apiPort}` }, kids);
  } catch (e) {
    stop();
    throw e;
  }
  return { url, stop };
}

async function toPaymentStep(page: Page, shop: Shop): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL: shop.url });
  const product = await simpleProductUrl(api, 2);
  await api.dispose();
  await page.goto(shop.url + product.url);
  await hydrated(page);
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
  await closeCookieNotice(page);
  await page.goto(shop.url + '/checkout');
  await hydrated(page);
  await fillDetailsAndShipping(page, { firstName: 'Anne', lastName: 'de Vries', email: uniqueEmail('psp') });
}

test('iDEAL without banks cannot be chosen and says "No issuers"', async ({ page }) => {
  const shop = await startShop({ PSP_METHODS: 'ideal,creditcard', PSP_ISSUERS: 'none' });
  try {
    await toPaymentStep(page, shop);
    const step = page.locator('[data-step="3"]');
    const ideal = step.getByRole('radio', { name: /iDEAL/ });
    await expect(ideal).toBeDisabled();
    await expect(step.getByText('Geen banken beschikbaar')).toBeVisible();
    await expect(ideal).toHaveAccessibleDescription('Geen banken beschikbaar');
    await expect(step.getByLabel('Je bank')).toHaveCount(0);
    // the other methods stay; no "no methods" notice here
    await expect(step.getByRole('radio', { name: 'Creditcard' })).toBeEnabled();
    await expect(step.locator('[data-notice="no-payment-methods"]')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/e2e/payment-no-issuers.png', fullPage: true });
    await step.getByRole('radio', { name: 'Creditcard' }).check();
    await step.getByRole('button', { name: 'Verder naar overzicht' }).click();
    await expect(page.locator('[data-step="4"]')).toHaveClass(/checkout-step--active/);
  } finally {
    shop.stop();
  }
});

test("no provider methods: the 'No payment methods configured' notice, cash on delivery only", async ({ page }) => {
  const shop = await startShop({ PSP_METHODS: '' });
  try {
    await toPaymentStep(page, shop);
    const step = page.locator('[data-step="3"]');
    await expect(step.locator('[data-notice="no-payment-methods"]')).toHaveText('Geen betaalmethoden ingesteld');
    await expect(step.getByRole('radio')).toHaveCount(1);
    await expect(step.getByRole('radio', { name: 'Betalen bij levering' })).toBeVisible();
    await page.screenshot({ path: 'test-results/e2e/payment-no-methods.png', fullPage: true });
  } finally {
    shop.stop();
  }
});
