/**
 * CPU of React's server render of a page body alone (the components' share of an uncached answer).
 * Run: node scripts/bench/run.mjs render-components [--warmup N] [--runs N] [--pages category,product,home]
 *   [--rounds N] [--baseline DIR]
 * In process, with the demo backend in memory: per page, ui/entry-server's prepareRender untimed, then renderBody timed
 * with a sink that drops the HTML; median, mean, p90 and CPU per render, and a sha256 of the page's output (status,
 * title, head tags, body) to check that a change kept the HTML.
 * `--baseline DIR`: another checkout (e.g. `git archive <commit> | tar -x -C DIR`, node_modules reachable from DIR),
 * its ui/entry-server built as its server bundle is, rendered in this process alternately with this one: on a shared
 * machine only renders side by side compare. Prints both hashes, medians, p25 and means, the median paired difference,
 * and the median over blocks of 10 pairs of the difference of each build's fastest render (noise only adds time).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startBackend } from '../../test-fixtures/backend/index';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { createConfig, type LocaleCode, type ShopConfig } from '../../core/config';
import { bodyText, prepareRender, type PreparedPage } from '../../ui/entry-server';
import { arg, inProduction, mean, quantile } from './servers';

inProduction();
const WARMUP = arg('warmup', 300);
const RUNS = arg('runs', 500);
const ROUNDS = arg('rounds', 1);
const PAGES = arg('pages', 'category,product,home').split(',');
const BASELINE = arg('baseline', '');

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

const median = (xs: number[]) => quantile(xs, 0.5);

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
        const p90 = quantile(times, 0.9);
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
