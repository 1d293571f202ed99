/**
 * CPU of React's server render of a page body alone (the components' share of an uncached answer).
 * Run: node scripts/bench/run.mjs render-components [--warmup N] [--runs N] [--pages category,product,home] [--baseline DIR]
 * In process, with the demo backend in memory: per page, ui/entry-server's prepareRender untimed, then renderBody timed
 * with a sink that drops the HTML; median, p25, mean and CPU per render, and a sha256 of the page's output (status,
 * title, head tags, body) to check that a change kept the HTML.
 * `--baseline DIR`: another checkout (e.g. `git archive <commit> | tar -x -C DIR`, node_modules reachable from DIR),
 * its ui/entry-server built as its server bundle is, rendered in this process alternately with this one: on a shared
 * machine only renders side by side compare. Then also the median paired difference, and the median over blocks of 10
 * pairs of the difference of each build's fastest render (noise only adds time).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startBackend } from '../../test-fixtures/backend/index';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { createConfig, type ShopConfig } from '../../core/config';
import { bodyText, prepareRender } from '../../ui/entry-server';
import { arg, inProduction, mean, quantile, root } from './servers';

inProduction();
const WARMUP = arg('warmup', 300);
const RUNS = arg('runs', 500);
const PAGES = arg('pages', 'category,product,home').split(',');
const BASELINE = arg('baseline', '');

/** one build of the shop's server render: this checkout's, or the baseline's */
type Build = { prepareRender: typeof prepareRender; bodyText: typeof bodyText; name: string; config: ShopConfig };

/** the baseline checkout's ui/entry-server, built into this checkout's dist/bench (so it loads this one's React) */
async function baselineBuild(dir: string, apiUrl: string): Promise<Build> {
  const from = resolve(dir);
  if (!existsSync(`${from}/ui/entry-server.tsx`)) throw new Error(`--baseline ${dir}: no ui/entry-server.tsx there`);
  const outfile = `${root}dist/bench/render-components-baseline.mjs`;
  mkdirSync(`${root}dist/bench`, { recursive: true });
  const { build } = await import('esbuild');
  // the baseline's own server shims, with this checkout's Node bundle options
  const { SERVER_SHIMS } = (await import(pathToFileURL(`${from}/scripts/build.mjs`).href)) as { SERVER_SHIMS: unknown[] };
  const { NODE_BUNDLE } = (await import(pathToFileURL(`${root}scripts/build.mjs`).href)) as { NODE_BUNDLE: object };
  const contents = "export { prepareRender, bodyText } from './ui/entry-server';\nexport { createConfig } from './core/config';\n";
  await build({
    ...NODE_BUNDLE,
    stdin: { contents, resolveDir: from, loader: 'ts', sourcefile: 'baseline-entry.ts' },
    absWorkingDir: from,
    outfile,
    logLevel: 'warning',
    plugins: SERVER_SHIMS as never,
  });
  const m = (await import(pathToFileURL(outfile).href)) as Build & { createConfig: typeof createConfig };
  return { name: 'baseline', prepareRender: m.prepareRender, bodyText: m.bodyText, config: m.createConfig({ api: { url: apiUrl } }) };
}

/** ms of wall time and of CPU of one renderBody */
async function renderOnce(b: Build, path: string): Promise<{ ms: number; cpu: number }> {
  const prepared = await b.prepareRender(path, b.config, 'nl-NL', {});
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await prepared.renderBody({ begin() {}, write() {} });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpu: (c.user + c.system) / 1000 };
}

async function outputHash(b: Build, path: string): Promise<string> {
  // a render first, so the page is hashed from the process's read cache: a cold first render on a loaded machine can
  // hit the API's timeout and answer 'unavailable' (503), which is not the page being compared
  await renderOnce(b, path);
  const prepared = await b.prepareRender(path, b.config, 'nl-NL', {});
  const parts: Array<Uint8Array | string> = [];
  let head = '';
  const body = await prepared.renderBody({ begin: (title, tags) => (head = `${title}\n${tags}`), write: (html) => parts.push(html) });
  const html = b.bodyText(parts);
  const sha = createHash('sha256').update(`${prepared.status}\n${body.title}\n${head}\n${html}`).digest('hex');
  return `status ${prepared.status}, ${html.length} chars body, ${head.length} chars head: sha256 ${sha}`;
}

const median = (xs: number[]) => quantile(xs, 0.5);
const ms = (x: number) => `${x.toFixed(3)} ms`;

async function main(): Promise<void> {
  const backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  try {
    const catalogue = generateCatalogue();
    const product = catalogue.products.find((p) => p.type_id === 'configurable' && p.visibility !== 1)!;
    const all: Record<string, string> = { category: '/inpakpapier/kerst', product: `/${product.url_path}`, home: '/' };
    const current: Build = { name: 'this', prepareRender, bodyText, config: createConfig({ api: { url: backend.url } }) };
    // the baseline renders first in every other pair
    const builds = BASELINE ? [await baselineBuild(BASELINE, backend.url), current] : [current];
    console.log(`render-components: NODE_ENV=${process.env.NODE_ENV}, ${builds.map((b) => b.name).join(' and ')}, ${WARMUP} warm-up + ${RUNS} measured renderBody per page`);
    for (const name of PAGES) {
      const path = all[name] ?? name;
      for (const b of builds) console.log(`  ${name.padEnd(8)} ${path} (${b.name}): ${await outputHash(b, path)}`);
      const times = builds.map(() => [] as number[]);
      const cpu = builds.map(() => [] as number[]);
      for (let i = 0; i < WARMUP + RUNS; i++) {
        for (const k of i % 2 ? [...builds.keys()].reverse() : builds.keys()) {
          const r = await renderOnce(builds[k]!, path);
          if (i < WARMUP) continue;
          times[k]!.push(r.ms);
          cpu[k]!.push(r.cpu);
        }
      }
      builds.forEach((b, k) => {
        const t = times[k]!;
        console.log(`  ${name.padEnd(8)} ${b.name}: median ${ms(median(t))}, p25 ${ms(quantile(t, 0.25))}, mean ${ms(mean(t))}, p90 ${ms(quantile(t, 0.9))}, CPU ${ms(mean(cpu[k]!))}`);
      });
      if (builds.length < 2) continue;
      const [ta, tb] = times as [number[], number[]];
      // the machine's noise only ever adds time: per block of 10 pairs the fastest render of each build, and the
      // median of those blocks' differences
      const blocks: number[] = [];
      for (let i = 0; i + 10 <= ta.length; i += 10) blocks.push(Math.min(...tb.slice(i, i + 10)) - Math.min(...ta.slice(i, i + 10)));
      const paired = median(ta.map((a, i) => tb[i]! - a));
      const change = (q: number) => `${((quantile(tb, q) / quantile(ta, q) - 1) * 100).toFixed(1)} %`;
      console.log(
        `           medians ${change(0.5)}, p25 ${change(0.25)}, median paired difference ${ms(paired)}, ` +
          `median difference of block minima ${ms(median(blocks))} (${((median(blocks) / quantile(ta, 0.1)) * 100).toFixed(1)} %)`,
      );
    }
  } finally {
    await backend.close();
  }
}

await main();
