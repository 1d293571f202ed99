/**
 * CPU of React's server render of a page body alone (the components' share of an uncached answer).
 * Run: node scripts/bench/run.mjs render-components [--warmup N] [--runs N] [--pages category,product,home] [--rounds N]
 *   [--baseline DIR]
 * Profile: node scripts/bench/run.mjs render-components (builds dist/bench/render-components.mjs), then
 *   NODE_ENV=production node --cpu-prof dist/bench/render-components.mjs
 *
 * A benchmark, not a test: it prints figures. It starts the demo backend in-process (in memory) and, per page, calls
 * ui/entry-server's prepareRender (route loads, through the process's catalogue read cache) untimed, then times
 * renderBody alone with a sink that drops the HTML (`begin` gets the title and head tags: serverHeadHtml is part of
 * renderBody). ~300 warm-up renders, then ~500 measured: median, mean and p90 wall ms per page, and the process's CPU
 * time per measured render (user + system, all threads: GC helpers included).
 *
 * It also prints a sha256 of each page's status + title + head tags + body HTML (from one more render, kept whole), so
 * a change that should not change the output can be checked against the hash printed before it.
 *
 * `--baseline DIR`: another checkout of the shop (e.g. `git archive <commit> | tar -x -C DIR`, with node_modules
 * reachable from DIR) whose ui/entry-server is built as the server bundle builds it (its own scripts/build.mjs
 * SERVER_SHIMS) and rendered in this process beside this checkout's, render for render, alternating which goes first:
 * on a shared, noisy machine two runs one after the other differ by more than a change of a few per cent, renders
 * side by side do not. Per page: both hashes (they must be equal for a change that keeps the HTML), both medians, first
 * quartiles and means, the median of the paired differences (this minus baseline), and the median over blocks of 10
 * pairs of the difference of each build's fastest render in the block (the noise of a shared machine only adds time,
 * so the fastest renders are the steadiest figure; in per cent of the baseline's 10th percentile).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startBackend } from '../../test-fixtures/backend/index';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { createConfig, type LocaleCode, type ShopConfig } from '../../core/config';
import { bodyText, prepareRender, type PreparedPage } from '../../ui/entry-server';

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
const BASELINE = option('baseline', '');

const drop = { begin() {}, write() {} };

/** one build of the shop's server render: this checkout's, or the baseline's */
interface Build {
  name: string;
  prepareRender(url: string, config: ShopConfig, locale: LocaleCode, options: object): Promise<PreparedPage>;
  bodyText(pieces: ReadonlyArray<Uint8Array | string>): string;
  config: ShopConfig;
}

/** the baseline checkout's ui/entry-server, built into this checkout's dist/bench (so it loads this one's React) */
async function baselineBuild(dir: string, apiUrl: string): Promise<Build> {
  const root = resolve(dir);
  if (!existsSync(`${root}/ui/entry-server.tsx`)) throw new Error(`--baseline ${dir}: no ui/entry-server.tsx there`);
  const here = resolve(new URL('../..', import.meta.url).pathname);
  const outfile = `${here}/dist/bench/render-components-baseline.mjs`;
  mkdirSync(`${here}/dist/bench`, { recursive: true });
  const { build } = await import('esbuild');
  // the baseline's own server shims, with this checkout's Node bundle options (scripts/build.mjs NODE_BUNDLE)
  const { SERVER_SHIMS } = (await import(pathToFileURL(`${root}/scripts/build.mjs`).href)) as { SERVER_SHIMS: unknown[] };
  const { NODE_BUNDLE } = (await import(pathToFileURL(`${here}/scripts/build.mjs`).href)) as { NODE_BUNDLE: object };
  await build({
    ...NODE_BUNDLE,
    stdin: { contents: "export { prepareRender, bodyText } from './ui/entry-server';\nexport { createConfig } from './core/config';\n", resolveDir: root, loader: 'ts', sourcefile: 'baseline-entry.ts' },
    absWorkingDir: root,
    outfile,
    logLevel: 'warning',
    plugins: SERVER_SHIMS as never,
  });
  const m = (await import(pathToFileURL(outfile).href)) as { prepareRender: Build['prepareRender']; bodyText: Build['bodyText']; createConfig: typeof createConfig };
  return { name: 'baseline', prepareRender: m.prepareRender, bodyText: m.bodyText, config: m.createConfig({ api: { url: apiUrl } }) };
}

async function renderOnce(b: Build, path: string): Promise<number> {
  const prepared = await b.prepareRender(path, b.config, 'nl-NL', {});
  const t0 = performance.now();
  await prepared.renderBody(drop);
  return performance.now() - t0;
}

async function outputHash(b: Build, path: string): Promise<{ sha: string; status: number; body: number; head: number }> {
  // a render first, so the page is hashed from the process's read cache: a cold first render on a loaded machine can
  // hit the API's timeout and answer 'unavailable' (503), which is not the page being compared
  await renderOnce(b, path);
  const prepared = await b.prepareRender(path, b.config, 'nl-NL', {});
  const parts: Array<Uint8Array | string> = [];
  let head = '';
  const body = await prepared.renderBody({ begin: (title, tags) => (head = `${title}\n${tags}`), write: (html) => parts.push(html) });
  const html = b.bodyText(parts);
  const sha = createHash('sha256').update(`${prepared.status}\n${body.title}\n${head}\n${html}`).digest('hex');
  return { sha, status: prepared.status, body: html.length, head: head.length };
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;
const median = (xs: number[]) => quantile(xs, 0.5);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

async function main(): Promise<void> {
  const backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  try {
    const catalogue = generateCatalogue();
    const product = catalogue.products.find((p) => p.type_id === 'configurable' && p.visibility !== 1)!;
    const all: Record<string, string> = { category: '/inpakpapier/kerst', product: `/${product.url_path}`, home: '/' };
    const pages = PAGES.map((name) => [name, all[name] ?? name] as const);
    const current: Build = { name: 'this', prepareRender, bodyText, config: createConfig({ api: { url: backend.url } }) };

    if (BASELINE) {
      const base = await baselineBuild(BASELINE, backend.url);
      console.log(`render-components: NODE_ENV=${process.env.NODE_ENV}, baseline ${BASELINE} beside this checkout, ${WARMUP} warm-up + ${RUNS} x ${ROUNDS} measured renderBody pairs per page`);
      for (const [name, path] of pages) {
        const [a, b] = [await outputHash(base, path), await outputHash(current, path)];
        console.log(`  ${name.padEnd(8)} ${path}: status ${a.status}/${b.status}, sha256 baseline ${a.sha.slice(0, 16)}, this ${b.sha.slice(0, 16)}${a.sha === b.sha ? ' (same output)' : ' (OUTPUT DIFFERS)'}`);
        for (let i = 0; i < WARMUP; i++) {
          await renderOnce(base, path);
          await renderOnce(current, path);
        }
        const ta: number[] = [];
        const tb: number[] = [];
        const diff: number[] = [];
        for (let i = 0; i < RUNS * ROUNDS; i++) {
          // alternate which build renders first
          const first = i % 2 === 0 ? base : current;
          const x = await renderOnce(first, path);
          const y = await renderOnce(first === base ? current : base, path);
          const [msA, msB] = first === base ? [x, y] : [y, x];
          ta.push(msA);
          tb.push(msB);
          diff.push(msB - msA);
        }
        const [ma, mb] = [median(ta), median(tb)];
        // the machine's noise only ever adds time: per block of 10 pairs the fastest render of each build, and the
        // median of those blocks' differences
        const blocks: number[] = [];
        for (let i = 0; i + 10 <= ta.length; i += 10) blocks.push(Math.min(...tb.slice(i, i + 10)) - Math.min(...ta.slice(i, i + 10)));
        const [qa, qb] = [quantile(ta, 0.25), quantile(tb, 0.25)];
        console.log(
          `  ${name.padEnd(8)} baseline median ${ma.toFixed(3)} ms, p25 ${qa.toFixed(3)} ms, mean ${mean(ta).toFixed(3)} ms | this median ${mb.toFixed(3)} ms, p25 ${qb.toFixed(3)} ms, mean ${mean(tb).toFixed(3)} ms\n` +
            `           medians ${((mb / ma - 1) * 100).toFixed(1)} %, p25 ${((qb / qa - 1) * 100).toFixed(1)} %, median paired difference ${median(diff).toFixed(3)} ms, ` +
            `median difference of block minima ${median(blocks).toFixed(3)} ms (${((median(blocks) / quantile(ta, 0.1)) * 100).toFixed(1)} %) (n ${ta.length})`,
        );
      }
      return;
    }

    console.log(`render-components: NODE_ENV=${process.env.NODE_ENV}, ${WARMUP} warm-up + ${RUNS} measured renderBody per page, ${ROUNDS} round(s)`);
    const hashes: string[] = [];
    for (const [name, path] of pages) {
      const h = await outputHash(current, path);
      hashes.push(`  ${name.padEnd(8)} ${path} status ${h.status}, ${h.body} chars body, ${h.head} chars head: sha256 ${h.sha}`);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, path] of pages) {
        const times: number[] = [];
        let cpuMicros = 0;
        for (let i = 0; i < WARMUP + RUNS; i++) {
          const prepared = await prepareRender(path, current.config, 'nl-NL', {});
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
        const p90 = times[Math.floor(times.length * 0.9)]!;
        console.log(`  ${name.padEnd(8)} ${path.padEnd(40)} median ${median(times).toFixed(3)} ms, mean ${mean(times).toFixed(3)} ms, p90 ${p90.toFixed(3)} ms, CPU ${(cpuMicros / 1000 / RUNS).toFixed(3)} ms`);
      }
    }
    console.log('output (status, title, head tags and body HTML):');
    for (const h of hashes) console.log(h);
  } finally {
    await backend.close();
  }
}

await main();
