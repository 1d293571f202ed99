/**
 * What the benchmarks share: their command line (`arg`), statistics, the load average printed beside every figure (the
 * machine is shared), the machine's Chromium, and the built demo backend and storefront started as child processes on
 * free loopback ports. Nothing leaves 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../test-fixtures/storefront-process';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

export { freePort };

/** the repository (benchmarks run bundled from dist/bench/<name>.mjs) */
export const root = new URL('../..', import.meta.url).pathname;

/** `--name value` on the bench's command line, or `fallback` (a number when the fallback is one). */
export function arg(name: string, fallback: string): string;
export function arg(name: string, fallback: number): number;
export function arg(name: string, fallback: string | number): string | number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? process.argv[i + 1] : undefined;
  if (value === undefined) return fallback;
  return typeof fallback === 'number' ? Number(value) : value;
}

export const loadAverage = (): string => loadavg().map((l) => l.toFixed(1)).join(' ');

/** the `q` quantile (0..1) of `xs` (any order) */
export const quantile = (xs: readonly number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;
export const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** React picks its build when first loaded: outside production, runs this bench again with NODE_ENV=production. */
export function inProduction(): void {
  if (process.env.NODE_ENV === 'production') return;
  const r = spawnSync(process.execPath, process.argv.slice(1), { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  process.exit(r.status ?? 1);
}

/** The machine's Chromium as every browser bench starts it: headless, quiet, nothing fetched in the background. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Starts `node file ...args` in the repository, production on loopback, with `env` over the process's environment;
 * resolves once its output matches `ready`, rejects when it exits first or has not started in 60 s.
 */
export function startChild(file: string, args: string[], env: Record<string, string>, ready = /listening/): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const fullEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env };
    const child = spawn(process.execPath, [file, ...args], { cwd: root, env: fullEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${file} did not start in 60 s: ${out.slice(-500)}`)), 60_000);
    // read until ready, then drained unread: a server writes a JSON line per request, and keeping or searching all of
    // them would cost the benchmark memory and CPU
    const onData = (d: Buffer) => {
      out += String(d);
      if (ready.test(out)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData).resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code}: ${out.slice(-500)}`));
    });
  });
}

/** SIGTERM, resolved once the child has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** the url_path (with a leading '/') of the first `size` documents of `index` that match every filter of `must` */
export async function urlPaths(api: string, index: string, must: unknown[], size = 1): Promise<string[]> {
  const request = encodeURIComponent(JSON.stringify({ query: { bool: { filter: { bool: { must } } } }, size }));
  const res = await fetch(`${api}/api/catalog/vue_storefront_catalog/${index}/_search?request=${request}`);
  const body = (await res.json()) as { hits?: { hits?: { _source: { url_path?: string } }[] } };
  const paths = (body.hits?.hits ?? []).flatMap((h) => (h._source.url_path ? [`/${h._source.url_path.replace(/^\/+/, '')}`] : []));
  if (!paths.length) throw new Error(`no ${index} with a url_path`);
  return paths;
}

/**
 * The built demo backend (fresh data in a temporary directory, origin `api`) and storefront (dist/server.mjs, one
 * worker, origin `base`); with `baselineDist`, another build's dist folder (with a node_modules link beside it) whose
 * storefront runs beside this one on the same backend (origin `baselineBase`). `pages`: what the browser benchmarks
 * measure (home, a level-2 category, a configurable product). Stopped by `stop()` or when the process exits.
 */
export async function startShop(name: string, baselineDist?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-${name}-`));
  const children: ChildProcess[] = [];
  const cleanUp = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', cleanUp);
  try {
    const [port, apiPort, baselinePort] = [await freePort(), await freePort(), await freePort()];
    const [base, api, baselineBase] = [port, apiPort, baselinePort].map((p) => `http://127.0.0.1:${p}`) as [string, string, string];
    const env = { WEB_CONCURRENCY: '1' };
    children.push(await startChild('dist/backend.mjs', ['--reset'], { ...env, API_PORT: String(apiPort), DATA_DIR: dataDir, STOREFRONT_URL: base }));
    children.push(await startChild('dist/server.mjs', [], { ...env, PORT: String(port), API_URL: api }));
    if (baselineDist) children.push(await startChild(join(baselineDist, 'server.mjs'), [], { ...env, PORT: String(baselinePort), API_URL: api }));
    const [category] = await urlPaths(api, 'category', [{ term: { level: 2 } }, { term: { is_active: true } }]);
    const [product] = await urlPaths(api, 'product', [{ terms: { type_id: ['configurable'] } }, { terms: { visibility: [2, 3, 4] } }]);
    return {
      base,
      baselineBase: baselineDist ? baselineBase : undefined,
      api,
      pages: { home: '/', category: category!, product: product! },
      async stop() {
        await Promise.all(children.map(stopChild));
        cleanUp();
      },
    };
  } catch (e) {
    cleanUp();
    throw e;
  }
}
