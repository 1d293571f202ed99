/**
 * CPU of React's server render of a page body alone (issue 8: the components' share of an uncached answer).
 * Run: node scripts/bench/run.mjs render-components [--warmup N] [--runs N] [--pages category,product,home] [--rounds N]
 * Profile: node scripts/bench/run.mjs render-components (builds dist/bench/render-components.mjs), then
 *   NODE_ENV=production node --cpu-prof dist/bench/render-components.mjs
 *
 * A benchmark, not a test: it prints figures. It starts the demo backend in-process (in memory) and, per page, calls
 * ui/entry-server's prepareRender (route loads, through the process's catalogue read cache) untimed, then times
 * renderBody alone with a sink that drops the HTML (`begin` gets the title and head tags: serverHeadHtml is part of
 * renderBody). ~300 warm-up renders, then ~500 measured: median, mean and p90 wall ms per page, and the process's CPU
 * time per measured render (user + system, all threads: GC helpers included).
 *
 * It also prints a sha256 of each page's title + head tags + body HTML (from one more render, kept whole), so a change
 * that should not change the output can be checked against the hash printed before it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { startBackend } from '../../test-fixtures/backend/index';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { createConfig } from '../../core/config';
import { bodyText, prepareRender } from '../../ui/entry-server';

if (process.env.NODE_ENV !== 'production') {
  // React picks its build when first loaded: re-run with the production build, as the shop runs.
  const r = spawnSync(process.execPath, process.argv.slice(1), { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  process.exit(r.status ?? 1);
}

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const WARMUP = Number(option('warmup', '300'));
const RUNS = Number(option('runs', '500'));
const ROUNDS = Number(option('rounds', '1'));
const PAGES = option('pages', 'category,product,home').split(',');

const drop = { begin() {}, write() {} };

async function main(): Promise<void> {
  const backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  try {
    const catalogue = generateCatalogue();
    const product = catalogue.products.find((p) => p.type_id === 'configurable' && p.visibility !== 1)!;
    const config = createConfig({ api: { url: backend.url } });
    const all: Record<string, string> = { category: '/inpakpapier/kerst', product: `/${product.url_path}`, home: '/' };
    const pages = PAGES.map((name) => [name, all[name] ?? name] as const);
    console.log(`render-components: NODE_ENV=${process.env.NODE_ENV}, ${WARMUP} warm-up + ${RUNS} measured renderBody per page, ${ROUNDS} round(s)`);

    const hashes: string[] = [];
    for (const [name, path] of pages) {
      const prepared = await prepareRender(path, config, 'nl-NL', {});
      const parts: Array<Uint8Array | string> = [];
      let head = '';
      const body = await prepared.renderBody({ begin: (title, tags) => (head = `${title}\n${tags}`), write: (html) => parts.push(html) });
      const html = bodyText(parts);
      const sha = createHash('sha256').update(`${prepared.status}\n${body.title}\n${head}\n${html}`).digest('hex');
      hashes.push(`  ${name.padEnd(8)} ${path} status ${prepared.status}, ${html.length} chars body, ${head.length} chars head: sha256 ${sha}`);
    }

    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, path] of pages) {
        const times: number[] = [];
        let cpuMicros = 0;
        for (let i = 0; i < WARMUP + RUNS; i++) {
          const prepared = await prepareRender(path, config, 'nl-NL', {});
          const c0 = process.cpuUsage();
          const t0 = performance.now();
          await prepared.renderBody(drop);
          const ms = performance.now() - t0;
          const c = process.cpuUsage(c0);
          if (i >= WARMUP) {
            times.push(ms);
            cpuMicros += c.user + c.system;
          }
        }
        times.sort((a, b) => a - b);
        const median = times[Math.floor(times.length / 2)]!;
        const mean = times.reduce((s, t) => s + t, 0) / times.length;
        const p90 = times[Math.floor(times.length * 0.9)]!;
        console.log(`  ${name.padEnd(8)} ${path.padEnd(40)} median ${median.toFixed(3)} ms, mean ${mean.toFixed(3)} ms, p90 ${p90.toFixed(3)} ms, CPU ${(cpuMicros / 1000 / RUNS).toFixed(3)} ms`);
      }
    }
    console.log('output (status, title, head tags and body HTML):');
    for (const h of hashes) console.log(h);
  } finally {
    await backend.close();
  }
}

await main();
