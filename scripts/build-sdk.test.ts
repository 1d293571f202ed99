/**
 * The SDK as an outside project gets it: `buildSdk` (npm run build:sdk) into a temporary folder, `npm pack`, `npm install`
 * of the tarball in a fresh project (its dependencies rxjs, ky, idb and lru-cache from the npm cache or registry), then
 *  - a plain Node 20 ESM script: search + variant + add to cart + checkout to the payment redirect URL against the demo
 *    backend, wired in one call (createHeadlessShop), and no global Reflect patched;
 *  - `tsc --noEmit` over a TypeScript file using all three entries, with moduleResolution bundler and node16.
 * One file on purpose: packing and installing takes tens of seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBackend } from '../test-fixtures/backend';

const root = resolve(__dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'sdk-pack-'));
const project = join(work, 'outside');
const npm = (args: string[], cwd: string) => spawnSync('npm', args, { cwd, encoding: 'utf8', timeout: 240_000, env: { ...process.env, npm_config_update_notifier: 'false' } });
let backend: { url: string; close(): Promise<void> };
let tarball = '';

/** The outside script: everything an integrator writes to go from nothing to a payment URL. */
const APP = `
import { createHeadlessShop } from '@papier/storefront-sdk/adapters';
import { ApiError, cartItemIdentity } from '@papier/storefront-sdk';
import { VirtualClock } from '@papier/storefront-sdk/testing';

const shop = await createHeadlessShop({ apiUrl: process.argv[2] });
const { items } = await shop.search.setText('kadopapier');
await shop.product.setProduct(items.find((p) => p.type_id === 'configurable' && p.configurable_children.length > 1));
const colour = shop.product.snapshot().options.find((o) => o.attribute_code === 'color');
const chosen = shop.product.configure({ options: { color: colour.values[1].value_index } });
await shop.cart.addItem(chosen.product, 2);
const address = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB' };
await shop.checkout.savePersonalDetails({ firstName: 'Anna', lastName: 'de Vries', emailAddress: 'anna@example.nl' });
await shop.checkout.saveShippingDetails({ ...address, shippingMethod: 'flatrate', shippingCarrier: 'flatrate' });
await shop.checkout.savePaymentDetails({ ...address, paymentMethod: 'banktransfer' });
const line = shop.cart.snapshot().cartItems[0];
const done = await shop.payment.completeCheckout();
shop.dispose();

console.log(JSON.stringify({
  found: items.length, sku: chosen.product.sku, line: line && { sku: line.sku, qty: line.qty, identity: cartItemIdentity(line) },
  kind: done.kind, url: done.url, cartAfter: shop.cart.snapshot().cartItems.length,
  reflectPatched: typeof Reflect.getMetadata === 'function', apiError: new ApiError(404, 'x') instanceof Error,
  virtualTime: new VirtualClock(5).now(),
}));
`;

/** Typed use of all three entries; the @ts-expect-error lines fail the check if the types were `any`. */
const CHECK = `
import { createHeadlessShop, MemoryStorage, StaticNetwork, SystemClock, ConsoleLogger, UuidGenerator, TimerScheduler,
  HttpCatalogueSearch, createApiClient, type HeadlessShop } from '@papier/storefront-sdk/adapters';
import { DEFAULT_CONFIG, createConfig, buildSearchQuery, selectConfigurableChild, mergeCartItems,
  CartService, type Product, type CartItem, type SearchState } from '@papier/storefront-sdk';
import { VirtualClock, VirtualScheduler, ManualNetwork, SequentialIds, MemoryLogger } from '@papier/storefront-sdk/testing';

export async function run(apiUrl: string): Promise<string | undefined> {
  const shop: HeadlessShop = await createHeadlessShop({
    apiUrl, storage: new MemoryStorage(), network: new StaticNetwork(true), clock: new SystemClock(), logger: new ConsoleLogger('warn'),
    ids: new UuidGenerator(), scheduler: new TimerScheduler(), locale: 'en-US', config: { cart: { minicartCountType: 'items' } },
  });
  const state: SearchState = await shop.search.setText('kadopapier');
  const first: Product | undefined = state.items[0];
  const cart: CartService = shop.cart;
  const lines: CartItem[] = cart.snapshot().cartItems;
  // @ts-expect-error setText takes a text
  await shop.search.setText(42);
  // @ts-expect-error the locale is nl-NL or en-US
  await createHeadlessShop({ apiUrl, locale: 'fr-FR' });
  const search = new HttpCatalogueSearch(createApiClient({ baseUrl: apiUrl, timeoutMs: 5000 }), createConfig({}));
  const found = await search.search<Product>(buildSearchQuery({ text: 'lint' }, DEFAULT_CONFIG));
  const child = first ? selectConfigurableChild(first, {}, DEFAULT_CONFIG) : undefined;
  const merged = mergeCartItems(lines, [], { serverMergeByDefault: true });
  const scheduler = new VirtualScheduler(new VirtualClock());
  void [new ManualNetwork(false), new SequentialIds(), new MemoryLogger(), scheduler.pending(), found.items.length, merged.changed];
  shop.dispose();
  return child?.sku;
}
`;

beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  const { buildSdk } = (await import(/* @vite-ignore */ join(root, 'scripts', 'build-sdk.mjs'))) as { buildSdk(o: { outDir: string; quiet: boolean }): Promise<unknown> };
  await buildSdk({ outDir: join(work, 'sdk'), quiet: true });
  const packed = npm(['pack', join(work, 'sdk'), '--pack-destination', work, '--json'], work);
  expect(packed.status, packed.stderr).toBe(0);
  tarball = join(work, (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0]!.filename);

  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'outside-shop', private: true, type: 'module' }));
  const installed = npm(['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], project);
  expect(installed.status, installed.stderr).toBe(0);
  writeFileSync(join(project, 'app.mjs'), APP);
  writeFileSync(join(project, 'check.ts'), CHECK);
}, 300_000);

afterAll(async () => {
  await backend?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the packed SDK in an outside project', () => {
  it('installs under its own name with rxjs, ky, idb and lru-cache (the read cache of the adapters) as its only dependencies (no React, inversify, reflect-metadata)', () => {
    const pkg = JSON.parse(readFileSync(join(project, 'node_modules', '@papier', 'storefront-sdk', 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string> };
    // the SDK is not the app: the storefront's own package.json is papier-storefront
    expect(pkg.name).toBe('@papier/storefront-sdk');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['idb', 'ky', 'lru-cache', 'rxjs']);
    const installed = readdirSync(join(project, 'node_modules')).filter((d) => !d.startsWith('.'));
    expect(installed).not.toContain('react');
    expect(installed).not.toContain('inversify');
    expect(installed).not.toContain('reflect-metadata');
  });

  it('carries none of the storefront server: no output cache, no server section in the config', () => {
    const sdk = join(project, 'node_modules', '@papier', 'storefront-sdk');
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
    const text = files(sdk).filter((f) => /\.(js|d\.ts)$/.test(f)).map((f) => readFileSync(f, 'utf8')).join('\n');
    for (const name of ['OutputCache', 'outputCacheTtlSeconds', 'workerHeapMb', 'workerWarmUpRenders']) expect(text).not.toContain(name);
  });

  it('a plain Node 20 ESM script: search, variant, add to cart, checkout to the payment redirect URL; Reflect untouched', async () => {
    // asynchronously: the demo backend answers from this process
    const run = await promisify(execFile)(process.execPath, ['app.mjs', backend.url], { cwd: project, encoding: 'utf8', timeout: 90_000 });
    // it ended by itself (dispose() left no timer running) with exit code 0, else execFile rejects
    const out = JSON.parse(run.stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    expect(out).toMatchObject({ kind: 'redirect', cartAfter: 0, reflectPatched: false, apiError: true, virtualTime: 5 });
    expect(out.found).toBeGreaterThan(0);
    expect(out.line).toMatchObject({ sku: out.sku, qty: 2 });
    expect(String(out.url)).toMatch(new RegExp(`^${backend.url}/payment-simulator/`));
    // the wiring is about ten lines: from createHeadlessShop to completeCheckout
    const lines = APP.split('\n');
    const wiring = lines.slice(lines.findIndex((l) => l.includes('createHeadlessShop(')), lines.findIndex((l) => l.includes('completeCheckout')) + 1);
    expect(wiring.length).toBeLessThanOrEqual(13);
  }, 120_000);

  for (const resolution of ['bundler', 'node16'] as const) {
    it(`type-checks against the declarations with moduleResolution ${resolution}`, () => {
      const config = join(project, `tsconfig.${resolution}.json`);
      writeFileSync(
        config,
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022', module: resolution === 'node16' ? 'Node16' : 'ESNext', moduleResolution: resolution === 'node16' ? 'Node16' : 'Bundler',
            lib: ['ES2023', 'DOM'], strict: true, noEmit: true, types: [], skipLibCheck: false,
          },
          files: ['check.ts'],
        }),
      );
      const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config], { cwd: project, encoding: 'utf8', timeout: 120_000 });
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    }, 180_000);
  }
});
