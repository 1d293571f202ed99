/**
 * Lighthouse (mobile, simulated throttling) for home, a category and a configurable product, N runs each, printing the
 * median scores with LCP, TBT and CLS, the audits that failed and the longest tasks (simulated, and by thread time) of
 * the median run. Debian's Chromium through chrome-launcher, a fresh one for every run. A benchmark, not a test.
 *
 *   npm run build && node scripts/bench/run.mjs lighthouse [--runs 3] [--save DIR [--samples]] [--baseline DIST]
 *     [--pages home,category,product]
 *
 * `--baseline DIST`: another build's dist folder measured beside this one, the builds taking turns run by run.
 * `--save DIR` keeps each run's report and trace (`--samples`: with JavaScript samples, which function a task ran; the
 * sampling costs main-thread time, so the scores of such a run are not the figures).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { arg, CHROMIUM, CHROMIUM_FLAGS, loadAverage, quantile, startShop } from './servers';

const RUNS = arg('runs', 3);
const SAVE_DIR = arg('save', '');
if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
const SAMPLES = process.argv.includes('--samples');
const BASELINE = arg('baseline', '');
const PAGES = arg('pages', 'home,category,product').split(',');

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * Blocking time from the trace's thread (CPU) time, not its wall time: every main-thread task after the first
 * contentful paint, its thread time x4 (x2 for a task that lays out, as Lantern slows them), the part past 50 ms summed
 * (to the trace's end: an upper bound), and the longest task's thread time. On a shared machine a task's wall time is
 * mostly waiting for a core (a first layout of 137 ms held 23 ms of CPU): this tells the page's own work from the load.
 */
function threadBlocking(events: TraceEvent[]): { blocking: number; longest: number } {
  const renderers = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = (t: TraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid).length;
  const main = renderers.sort((a, b) => count(b) - count(a))[0];
  if (!main) return { blocking: NaN, longest: NaN };
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)?.ts ?? 0;
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const layouts = own.filter((e) => e.name === 'Layout');
  let blocking = 0;
  let longest = 0;
  for (const t of own) {
    if ((t.name !== 'RunTask' && t.name !== 'ThreadControllerImpl::RunTask') || t.ts < fcp) continue;
    const cpu = (t.tdur ?? 0) / 1000;
    const lays = layouts.some((l) => l.ts >= t.ts && l.ts <= t.ts + (t.dur ?? 0));
    blocking += Math.max(0, cpu * (lays ? 2 : 4) - 50);
    longest = Math.max(longest, cpu);
  }
  return { blocking, longest };
}

const median = (xs: number[]): number => quantile(xs, 0.5);

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/** one run's scores, metrics, failing audits and longest tasks */
function figures(r: Result) {
  const { categories, audits } = r.lhr;
  const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
  const scored = (a: (typeof audits)[string]) => a.score !== null && !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode);
  const longTasks = audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined;
  return {
    thread: threadBlocking((r.artifacts.Trace as unknown as { traceEvents: TraceEvent[] }).traceEvents),
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    failing: Object.values(audits)
      .filter((a) => scored(a) && a.score! < 0.9)
      .map((a) => `${a.id} (${Math.round((a.score ?? 0) * 100)})`),
    // the simulated main thread's longest tasks: which file (the document's own are parsing, style and layout) and when
    tasks: (longTasks?.items ?? [])
      .slice(0, 6)
      .map((t) => `${Math.round(t.duration)} ms @${Math.round(t.startTime)} ${t.url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/dist\/(chunks\/)?/, '')}`),
  };
}

const shop = await startShop('lighthouse', BASELINE || undefined);
const { pages } = shop;
const targets = [{ label: 'this build', base: shop.base }];
if (shop.baselineBase) targets.push({ label: `baseline ${BASELINE}`, base: shop.baselineBase });
try {
  // Lighthouse asks for Chrome's new headless mode by name
  const chromeFlags = CHROMIUM_FLAGS.map((f) => (f === '--headless' ? '--headless=new' : f));
  // Every run gets a browser of its own, as the Lighthouse CLI gives each invocation: in a browser kept from run to
  // run the tab's renderer still holds the earlier runs' pages, and the trace's start walks that heap in one task of
  // 80-200 ms (V8's heap object iterator) that the simulation counts, 4x, as an "Unattributable" long task.
  const lighthouseRun = async (url: string) => {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags });
    try {
      return await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        additionalTraceCategories: SAMPLES ? 'disabled-by-default-v8.cpu_profiler' : undefined,
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
    } finally {
      chrome.kill();
    }
  };
  const where = targets.map((t) => `${t.label} ${t.base}`).join(', ');
  console.log(`Lighthouse ${RUNS} run(s) per page, mobile, simulated throttling; ${where}; load average ${loadAverage()}`);
  for (const [pageName, path] of Object.entries(pages).filter(([n]) => PAGES.includes(n))) {
    const named = (label: string) => (targets.length > 1 ? `${pageName} (${label})` : pageName);
    const results = targets.map((t) => ({ ...t, name: named(t.label), runs: [] as Array<ReturnType<typeof figures>> }));
    // the builds take turns run by run (this, baseline, this, ...): a spell of load on a shared machine falls on both
    for (let i = 0; i < RUNS; i++) {
      for (const { name, base, runs } of results) {
        // a run that failed (Lighthouse's runtimeError, e.g. NO_NAVSTART: its scores are 0) is reported and run
        // again, at most twice, instead of counting as a 0 in the median
        for (let failed = 0; ; failed++) {
          const r = await lighthouseRun(`${base}${path}`);
          if (!r) throw new Error('lighthouse returned nothing');
          if (SAVE_DIR) {
            const file = join(SAVE_DIR, `${name.replace(/[^\w-]+/g, '_')}-${runs.length + 1}${failed ? `-retry${failed}` : ''}`);
            writeFileSync(`${file}.json`, JSON.stringify(r.lhr));
            // the trace the simulation was built from: open it in DevTools' Performance panel to name a long task
            writeFileSync(`${file}.trace.json`, JSON.stringify(r.artifacts.Trace));
          }
          if (r.lhr.runtimeError && failed < 2) {
            console.log(`  (${name}: run failed, ${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message.slice(0, 120)}; running it again)`);
            continue;
          }
          runs.push(figures(r));
          break;
        }
      }
    }
    for (const { name, runs } of results) {
      const med = median(runs.map((r) => r.perf));
      const mid = runs.find((r) => r.perf === med) ?? runs[0];
      console.log(
        `\n${name} ${path}\n  performance ${med}  accessibility ${median(runs.map((r) => r.a11y))}  best-practices ${median(runs.map((r) => r.bp))}  seo ${median(runs.map((r) => r.seo))}` +
          `\n  LCP ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s  TBT ${median(runs.map((r) => r.tbt)).toFixed(0)} ms  CLS ${median(runs.map((r) => r.cls)).toFixed(3)}` +
          `  (performance per run: ${runs.map((r) => r.perf).join(', ')}; TBT ${runs.map((r) => r.tbt.toFixed(0)).join(', ')} ms)` +
          `\n  failing audits (median run): ${mid?.failing.join(', ') || 'none'}` +
          `\n  longest tasks (median run, simulated): ${mid?.tasks.join(', ') || 'none'}` +
          `\n  from thread time (threadBlocking): blocking ${median(runs.map((r) => r.thread.blocking)).toFixed(0)} ms, ` +
          `longest task ${median(runs.map((r) => r.thread.longest)).toFixed(1)} ms of CPU (per run: ` +
          `${runs.map((r) => `${r.thread.blocking.toFixed(0)} / ${r.thread.longest.toFixed(1)}`).join(', ')})`,
      );
    }
    console.log(`  (load average ${loadAverage()})`);
  }
} finally {
  await shop.stop();
}
process.exit(0);
