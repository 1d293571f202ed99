/**
 * Long tasks during and after hydration (none over 200 ms at 4x CPU throttling) on home, a category and a
 * configurable product: Debian's Chromium through Playwright, CPU slowed with CDP Emulation.setCPUThrottlingRate, a
 * PerformanceObserver for 'longtask' registered before the page's first script. Prints, per page and run, the longest
 * tasks (start and duration in ms) and when hydration had ended; `--profile` also prints the functions that took the
 * most self time (a CPU profile, mapped through the build's source maps), over the whole run and within each of the
 * three longest tasks (the profile's samples told apart by the navigation's start on the same clock). A benchmark, not a test.
 *
 *   npm run build && node scripts/bench/run.mjs long-tasks [--runs 3] [--rate 4] [--profile] [--port 4132] [--baseline DIST]
 *     [--pages home,category,product]
 *
 * `--baseline DIST`: another build's dist folder (with a node_modules link beside it) whose storefront runs beside this
 * one against the same backend; the two take turns run by run. Each run also prints its blocking time: the part past
 * 50 ms of every long task, summed (Lighthouse's TBT over the whole watch, without its simulation).
 *
 * It starts the built demo backend and storefront (NODE_ENV=production, one worker) on loopback ports (free ones
 * unless --port P is given: P and P+1) with fresh data; nothing leaves 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, freePort, root, startChild, startShop, stopChild } from './servers';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('--runs', 3);
const RATE = arg('--rate', 4);
const PORT = arg('--port', 0);
const PROFILE = process.argv.includes('--profile');
const baselineAt = process.argv.indexOf('--baseline');
const BASELINE = baselineAt > 0 ? process.argv[baselineAt + 1] : undefined;
// --pages category,product: only those of the three
const pagesAt = process.argv.indexOf('--pages');
const PAGES = pagesAt > 0 ? process.argv[pagesAt + 1]?.split(',') : undefined;
/** each storefront's client files by its port (a profile's frames are mapped through that build's source maps) */
const clientDirs = new Map<string, string>();
/** how long the page is watched after the load event (the start-up after hydration runs then) */
const SETTLE_MS = 4000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMap | null>();
function sourceOf(url: string, line: number, column: number): string {
  const m = url.match(/:(\d+)\/dist\/(.+\.js)$/);
  if (!m) return url ? `${url.replace(/^https?:\/\/[^/]+/, '')}:${line + 1}` : '(native)';
  if (!maps.has(url)) {
    try {
      maps.set(url, new SourceMap(JSON.parse(readFileSync(join(clientDirs.get(m[1]!) ?? join(root, 'dist/client'), `${m[2]}.map`), 'utf8'))));
    } catch {
      maps.set(url, null);
    }
  }
  const entry = maps.get(url)?.findEntry(line, column) as { originalSource?: string; originalLine?: number; name?: string } | undefined;
  if (!entry?.originalSource) return `${m[2]}:${line + 1}:${column}`;
  return `${entry.originalSource.replace(/^.*?(node_modules\/|\.\.\/)+/, '')}:${(entry.originalLine ?? 0) + 1}${entry.name ? ` ${entry.name}` : ''}`;
}

/**
 * self time per function (ms), the `top` largest; `within` (µs of the profile's clock, start and end): only the samples
 * taken then (one long task's)
 */
function hotFunctions(profile: CpuProfile, top = 15, within?: [number, number]): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (within && (at < within[0] || at > within[1])) continue;
    const node = byId.get(profile.samples[i] ?? -1);
    if (!node) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    const key = `${functionName || '(anonymous)'} @ ${sourceOf(url, lineNumber, columnNumber)}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
}

/**
 * time per function counting every frame of a sample's stack (inclusive), only the app's own functions (ui/, core/,
 * adapters/) and the task's outermost frame: what started the task and which components and services its time went to
 */
function inclusiveFunctions(profile: CpuProfile, top: number, within: [number, number]): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} @ ${sourceOf(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber)}`;
  const total = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < within[0] || at > within[1]) continue;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const seen = new Set<string>();
    let outermost: string | undefined;
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (!node) break;
      const key = name(node);
      if (node.callFrame.url) outermost = key;
      if (/^[\w$]+ @ (ui|core|adapters)\//.test(key) || / @ (ui|core|adapters)\//.test(key)) seen.add(key);
    }
    if (outermost) seen.add(`(outermost) ${outermost}`);
    for (const key of seen) total.set(key, (total.get(key) ?? 0) + ms);
  }
  return [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
}

const shop = await startShop({ name: 'longtasks', port: PORT, apiPort: PORT ? PORT + 1 : 0 });
const { pages } = shop;
const targets: { label: string; port: number }[] = [{ label: 'this build', port: shop.port }];
clientDirs.set(String(shop.port), join(root, 'dist/client'));
const baseline = BASELINE
  ? await (async () => {
      const port = await freePort();
      const child = await startChild(join(BASELINE, 'server.mjs'), [], { HOST: '127.0.0.1', NODE_ENV: 'production', WEB_CONCURRENCY: '1', PORT: String(port), API_URL: shop.api });
      targets.push({ label: `baseline ${BASELINE}`, port });
      clientDirs.set(String(port), join(BASELINE, 'client'));
      return child;
    })()
  : undefined;
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`long tasks at ${RATE}x CPU throttling, 390x844 viewport, ${RUNS} run(s) per page, watched ${SETTLE_MS} ms after load; load average ${load}`);
    for (const [name, path] of Object.entries(pages).filter(([n]) => !PAGES || PAGES.includes(n))) {
      console.log(`\n${name} ${path}`);
      const longest = new Map<string, number[]>(targets.map((t) => [t.label, []]));
      const blocking = new Map<string, number[]>(targets.map((t) => [t.label, []]));
      // with --baseline the builds take turns run by run (a spell of load on a shared machine falls on both)
      for (let run = 1; run <= RUNS; run++) {
        for (const { label, port } of targets) {
          // a fresh context per run: an empty cache and IndexedDB, as on a first visit
          const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
          const page = await context.newPage();
          await page.addInitScript(() => {
            const w = window as unknown as { __longTasks: { start: number; duration: number; name: string }[] };
            w.__longTasks = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) w.__longTasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration), name: e.name });
            }).observe({ type: 'longtask', buffered: true });
          });
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
          if (PROFILE) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
            await cdp.send('Profiler.start');
          }
          await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'load' });
          await page.waitForTimeout(SETTLE_MS);
          const tasks = await page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number; name: string }[] }).__longTasks);
          const timing = await page.evaluate(() => {
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
            return { dcl: Math.round(nav?.domContentLoadedEventEnd ?? 0), load: Math.round(nav?.loadEventEnd ?? 0) };
          });
          const top = [...tasks].sort((a, b) => b.duration - a.duration).slice(0, 5);
          // the time past 50 ms of every long task (what Lighthouse's TBT adds up, here over the whole watch)
          const blocked = tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
          longest.get(label)!.push(top[0]?.duration ?? 0);
          blocking.get(label)!.push(blocked);
          console.log(
            `  ${targets.length > 1 ? `${label}, ` : ''}run ${run}: ${tasks.length} long task(s), longest ${top[0]?.duration ?? 0} ms, blocking ${blocked} ms; ` +
              `DOMContentLoaded ${timing.dcl} ms, load ${timing.load} ms; top: ${top.map((t) => `${t.duration} ms @${t.start}`).join(', ') || 'none'}`,
          );
          if (PROFILE) {
            // the navigation's start on the profiler's clock (CDP Performance metrics are in seconds of the same monotonic
            // clock), so each long task's samples can be told apart: what ran in the three longest
            await cdp.send('Performance.enable');
            const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
            const navigationStart = (metrics.find((m) => m.name === 'NavigationStart')?.value ?? 0) * 1e6;
            const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
            console.log('  most self time (ms, throttled):');
            for (const [fn, ms] of hotFunctions(profile)) console.log(`    ${ms.toFixed(0).padStart(6)}  ${fn}`);
            if (navigationStart) {
              for (const t of top) {
                const from = navigationStart + t.start * 1000;
                console.log(`  in the ${t.duration} ms task @${t.start}:`);
                for (const [fn, ms] of hotFunctions(profile, 8, [from, from + t.duration * 1000])) console.log(`    ${ms.toFixed(0).padStart(6)}  ${fn}`);
                console.log('    inclusive (the app\'s own functions and the outermost frame):');
                for (const [fn, ms] of inclusiveFunctions(profile, 10, [from, from + t.duration * 1000])) console.log(`    ${ms.toFixed(0).padStart(6)}  ${fn}`);
              }
            }
          }
          await context.close();
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
      for (const { label } of targets) {
        const who = targets.length > 1 ? ` (${label})` : '';
        console.log(`  median longest task${who} ${median(longest.get(label)!)} ms (goal: none over 200 ms), median blocking ${median(blocking.get(label)!)} ms`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  if (baseline) await stopChild(baseline);
  await shop.stop();
}
process.exit(0);
