/**
 * Backend calls per server render, and render time with and without the shared catalogue read cache.
 * Run: node scripts/bench/run.mjs render-calls
 * A benchmark, not a test: it prints figures. It starts the demo backend in-process on a free loopback port,
 * counts every HTTP call the storefront's adapters make (globalThis.fetch, which ky uses), and renders pages
 * through ui/entry-server's render() exactly as the HTTP server does.
 *
 * "cache off" = catalogueReadTtlMs 0 (adapters/wiring.ts ContainerOptions) (every render reads the backend itself, as before the
 * shared cache); "cache on" = the default TTL. Both run in the same process, side by side.
 */
import { spawnSync } from 'node:child_process';
import { startBackend } from '../../test-fixtures/backend/index';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { createConfig, type ShopConfig } from '../../core/config';
import type { ContainerOptions } from '../../adapters/wiring';
import { createServerContainer } from '../../adapters/container';
import { render } from '../../ui/entry-server';
import { processCatalogueReads } from '../../adapters/cache/catalogue-read-cache';

if (process.env.NODE_ENV !== 'production') {
  // React picks its build when first loaded: re-run with the production build, as the shop runs.
  const r = spawnSync(process.execPath, process.argv.slice(1), { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  process.exit(r.status ?? 1);
}

interface Call {
  method: string;
  path: string;
  body: string;
}
let calls: Call[] = [];
const realFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const req = input instanceof Request ? input : new Request(input, init);
  const body = req.body ? await req.clone().text() : '';
  const url = new URL(req.url);
  calls.push({ method: req.method, path: decodeURIComponent(url.pathname + url.search), body });
  return realFetch(req);
}) as typeof fetch;

function short(c: Call): string {
  const p = c.path.replace(/request=.*/, 'request=…');
  return `${c.method} ${p.length > 90 ? p.slice(0, 90) + '…' : p}`;
}

type Shop = Pick<ContainerOptions, 'catalogueReadTtlMs'> & { config: ShopConfig };
/** a render as the HTTP server does it (catalogueReadTtlMs 0: without the process's catalogue read cache) */
async function renderOnce(path: string, shop: Shop): Promise<number> {
  const r = await render(path, shop.config, 'nl-NL', { services: (o) => createServerContainer({ ...o, ...shop }) });
  return r.status;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] as number;

async function main(): Promise<void> {
  const backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  try {
    const catalogue = generateCatalogue();
    const category = catalogue.categories.find((c) => c.level === 3 && (c.product_count ?? 0) > 0) ?? catalogue.categories.find((c) => c.level === 2)!;
    const product = catalogue.products.find((p) => p.type_id === 'configurable' && p.visibility !== 1)!;
    const on: Shop = { config: createConfig({ api: { url: backend.url } }) };
    const off: Shop = { ...on, catalogueReadTtlMs: 0 };
    const pages: Array<[string, string]> = [
      ['home', '/'],
      ['category (url path)', `/${category.url_path}`],
      ['category (/c/ route)', `/c/${category.slug}`],
      ['product (url path)', `/${product.url_path}`],
      ['product (/p/ route)', `/p/${product.sku}/${product.slug}`],
    ];

    console.log(`backend ${backend.url}; category ${category.url_path}, product ${product.sku}; NODE_ENV=${process.env.NODE_ENV}`);
    // the process's read cache of this API (the one every server container of the process shares)
    const reads = processCatalogueReads(backend.url);
    console.log('\nbackend calls per render (first render of the page with the process read cache emptied, then the next render):');
    for (const [label, config] of [['cache off', off], ['cache on ', on]] as const) {
      for (const [name, path] of pages) {
        // cold means cold: nothing an earlier page read is kept (the category tree, attributes, CMS blocks...)
        reads.clear();
        calls = [];
        const status = await renderOnce(path, config);
        const first = calls.length;
        const keys = calls.map((c) => `${c.method} ${c.path} ${c.body}`);
        const dupes = keys.length - new Set(keys).size;
        calls = [];
        await renderOnce(path, config);
        const second = calls.length;
        const { hits, loads } = reads.stats();
        console.log(`  ${label} ${name.padEnd(22)} status ${status}: ${first} calls (${dupes} duplicate), then ${second} on the next render${label === 'cache on ' ? ` (process cache so far: ${loads} loads, ${hits} hits)` : ''}`);
        if (process.argv.includes('--list')) {
          calls = [];
          await renderOnce(path, off);
          for (const c of calls) console.log(`      ${short(c)}`);
        }
      }
    }

    const path = `/${category.url_path}`;
    const N = 200;
    console.log(`\ncategory render time, ${N} sequential and ${N} concurrent renders of ${path} (in-process, no HTTP server):`);
    for (const [label, config] of [['cache off', off], ['cache on ', on], ['cache off', off], ['cache on ', on]] as const) {
      calls = [];
      const seq: number[] = [];
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < N; i++) {
        const s = performance.now();
        await renderOnce(path, config);
        seq.push(performance.now() - s);
      }
      const seqTotal = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      // CPU time of this process (renders and, with the cache off, the in-process backend) per render: what a render
      // costs whatever else the machine runs meanwhile
      const cpuPerRender = (cpu.user + cpu.system) / 1000 / N;
      const seqCalls = calls.length;
      calls = [];
      const t1 = performance.now();
      const conc = await Promise.all(
        Array.from({ length: N }, async () => {
          const s = performance.now();
          const status = await renderOnce(path, config);
          return { ms: performance.now() - s, status };
        }),
      );
      const concTotal = performance.now() - t1;
      const concMs = conc.map((c) => c.ms).sort((a, b) => a - b);
      const bad = conc.filter((c) => c.status !== 200).length;
      const statuses = [...new Set(conc.map((c) => c.status))].filter((st) => st !== 200).map((st) => `${st} x${conc.filter((c) => c.status === st).length}`).join(', ');
      seq.sort((a, b) => a - b);
      console.log(
        `  ${label} sequential: ${(N / (seqTotal / 1000)).toFixed(0)} renders/s, ${cpuPerRender.toFixed(2)} ms CPU per render, p50 ${pct(seq, 0.5).toFixed(1)} ms, p99 ${pct(seq, 0.99).toFixed(1)} ms, ${seqCalls} backend calls` +
          ` | concurrent: ${concTotal.toFixed(0)} ms wall, ${(N / (concTotal / 1000)).toFixed(0)} renders/s, p50 ${pct(concMs, 0.5).toFixed(0)} ms, p99 ${pct(concMs, 0.99).toFixed(0)} ms, ${calls.length} backend calls, ${bad} non-200${statuses ? ` (${statuses})` : ''}`,
      );
    }
  } finally {
    await backend.close();
  }
}

await main();
