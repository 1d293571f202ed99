/**
 * Why the server's composition root is a graph per request and inversify only wraps one: an inversify container per
 * request over the request's graph (inversifyContainer, ~90 bindings) against the graph alone (createServerContainer),
 * side by side in one run, with the demo backend in-process and NODE_ENV=production. Prints µs per creation and per
 * `get` of a member already made, and ms (wall and CPU) per render of /inpakpapier/kerst, the two alternating render
 * by render after a warm-up so that drift falls on both alike.
 * Run: node scripts/bench/run.mjs services [--renders N] [--warmup N]
 */
import { startBackend } from '../../test-fixtures/backend/index';
import { createConfig } from '../../core/config';
import { CategoryService } from '../../core/catalogue/category-service';
import { TOKENS } from '../../core/ports/tokens';
import { prepareRender } from '../../ui/entry-server';
import { createServerContainer, inversifyContainer } from '../../adapters/container';
import type { ShopServices } from '../../adapters/wiring';
import { arg, inProduction, loadAverage, mean, quantile } from './servers';

inProduction();
const RENDERS = arg('renders', 400);
const WARMUP = arg('warmup', 300);
const PATH = '/inpakpapier/kerst';

type Make = (options: { config?: ReturnType<typeof createConfig>; locale?: 'nl-NL' }) => ShopServices;
const VARIANTS: Array<[string, Make]> = [
  // the container answers what the graph binds; `add` (the browser's later chunks) is the graph's
  ['inversify container', (o) => Object.assign(inversifyContainer(createServerContainer(o)), { add: () => undefined as never })],
  ['graph              ', createServerContainer],
];

const median = (xs: number[]) => quantile(xs, 0.5);

/** µs per call of `fn`, median of `rounds` rounds of `n` calls, the variants' rounds alternating */
function perCall(fns: Array<() => unknown>, n: number, rounds: number): number[][] {
  const out = fns.map(() => [] as number[]);
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    for (let v = 0; v < fns.length; v++) {
      const fn = fns[v]!;
      const t = performance.now();
      for (let i = 0; i < n; i++) if (fn()) sink++;
      out[v]!.push(((performance.now() - t) * 1000) / n);
    }
  }
  if (sink < 0) console.log(sink);
  return out;
}

async function main(): Promise<void> {
  const backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  try {
    const config = createConfig({ api: { url: backend.url } });
    const locale = 'nl-NL' as const;
    console.log(`backend ${backend.url}; NODE_ENV=${process.env.NODE_ENV}; node ${process.version}; load average ${loadAverage()}`);

    // ---- creation and get
    const creation = perCall(
      VARIANTS.map(([, make]) => () => make({ config, locale })),
      2000,
      15,
    );
    const made = VARIANTS.map(([, make]) => {
      const s = make({ config, locale });
      s.get(CategoryService);
      s.get(TOKENS.Config);
      return s;
    });
    const gets = perCall(
      made.map((s) => () => s.get(CategoryService) && s.get(TOKENS.Config)),
      50_000,
      15,
    );
    console.log(`\nper request, median (mean) of 15 rounds (creation: 2,000 each; get: 2 x 50,000 of members made, CategoryService and TOKENS.Config):`);
    VARIANTS.forEach(([label], v) => {
      console.log(`  ${label}  creation ${median(creation[v]!).toFixed(2)} µs (${mean(creation[v]!).toFixed(2)})   get ${(median(gets[v]!) / 2).toFixed(3)} µs (${(mean(gets[v]!) / 2).toFixed(3)})`);
    });

    // ---- prepareRender + renderBody
    const renderOnce = async (make: Make): Promise<{ ms: number; cpu: number; status: number }> => {
      const cpu0 = process.cpuUsage();
      const t = performance.now();
      const page = await prepareRender(PATH, config, locale, { services: make as never });
      let bytes = 0;
      await page.renderBody({ begin: () => undefined, write: (h) => (bytes += h.length) });
      const ms = performance.now() - t;
      const cpu = process.cpuUsage(cpu0);
      if (!bytes) throw new Error('empty body');
      return { ms, cpu: (cpu.user + cpu.system) / 1000, status: page.status };
    };
    for (let i = 0; i < WARMUP; i++) await renderOnce(VARIANTS[i % 2]![1]);
    const ms = VARIANTS.map(() => [] as number[]);
    const cpu = VARIANTS.map(() => [] as number[]);
    const statuses = new Set<number>();
    for (let i = 0; i < RENDERS; i++) {
      // alternate which goes first, so neither always follows the other
      const order = i % 2 ? [1, 0] : [0, 1];
      for (const v of order) {
        const r = await renderOnce(VARIANTS[v]![1]);
        ms[v]!.push(r.ms);
        cpu[v]!.push(r.cpu);
        statuses.add(r.status);
      }
    }
    console.log(`\nprepareRender + renderBody of ${PATH}, ${RENDERS} each after a warm-up of ${WARMUP}, alternating (statuses: ${[...statuses].join(', ')}):`);
    VARIANTS.forEach(([label], v) => {
      console.log(
        `  ${label}  median ${median(ms[v]!).toFixed(3)} ms, mean ${mean(ms[v]!).toFixed(3)} ms, p90 ${quantile(ms[v]!, 0.9).toFixed(3)} ms; CPU per render median ${median(cpu[v]!).toFixed(3)} ms, mean ${mean(cpu[v]!).toFixed(3)} ms`,
      );
    });
    const [a, b] = [mean(ms[0]!), mean(ms[1]!)];
    const [ca, cb] = [mean(cpu[0]!), mean(cpu[1]!)];
    console.log(`  graph vs container: wall mean ${(((b - a) / a) * 100).toFixed(1)} %, median ${(((median(ms[1]!) - median(ms[0]!)) / median(ms[0]!)) * 100).toFixed(1)} %; CPU mean ${(((cb - ca) / ca) * 100).toFixed(1)} %`);
  } finally {
    await backend.close();
  }
}

await main();
