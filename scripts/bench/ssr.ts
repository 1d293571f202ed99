/**
 * Storefront under load: `node scripts/bench/run.mjs ssr [--duration S] [--long] [--connections 10,50,200]
 * [--pages home,category,product] [--modes uncached,output cache] [--baseline PATH] [--rss-requests N]
 * [--rss-uncached-requests N] [--warmup N] [--no-build] [--bytes-only] [--lines-only] [--probe]`
 *
 * Builds the shop, starts the demo backend and the storefront as `npm start` does, and prints, side by side in one run
 * with the `--baseline` build (another dist/server.mjs) when given: req/s, p50, p99, errors, non-2xx, the ratio to a
 * static asset's req/s and server and backend CPU per answer of home, a category and a product, uncached and from the
 * output cache (`--long`: 60 s at 200 connections on category and product, uncached); every worker's RSS and heap after
 * a full GC over `--rss-requests` varied requests (BENCH_HEAP_SNAPSHOT=1: heap snapshots too); the first visit's bytes
 * and each page's HTML and hydration state (`--bytes-only`: only these); the edge's lines (`--lines-only`: only this);
 * `--probe`: per worker after each round its connections, answers, CPU, latency, event-loop delay and GC pauses.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { request } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freePort, root, startChild, stopChild, urlPaths } from './servers';
import { bootModules } from '../../test-fixtures/boot-document';

interface Histogram {
  average: number;
  p50: number;
  p90?: number;
  p99: number;
  max?: number;
}
interface Result {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: Record<string, unknown>) => Promise<Result>;

function usage(problem: string): never {
  console.error(`ssr: ${problem}`);
  process.exit(2);
}
const text = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
// strict: a mistyped option throws before the bench measures the wrong thing
const { values: opts } = parseArgs({
  options: {
    duration: text, 'rss-requests': text, 'rss-uncached-requests': text, baseline: text, connections: text,
    pages: text, modes: text, warmup: text,
    long: bool, 'no-build': bool, 'bytes-only': bool, probe: bool, 'lines-only': bool,
  },
});
const DURATION = Number(opts.duration ?? 8);
const RSS_REQUESTS = Number(opts['rss-requests'] ?? 20_000);
const RSS_UNCACHED_REQUESTS = Number(opts['rss-uncached-requests'] ?? 4_000);
/** requests per page, at 4 connections, to each build before its rounds: code V8 has optimised before the figures */
const WARMUP = Number(opts.warmup ?? 40);
const BASELINE = opts.baseline;
const PROBE = opts.probe === true;
const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').filter(Boolean);
const CONNECTIONS = list(opts.connections, '10,50,200').map(Number);
const MODE_NAMES = ['uncached', 'output cache'];
const MODES = list(opts.modes, MODE_NAMES.join(','));
const PAGE_FILTER = opts.pages ? list(opts.pages, '') : undefined;
for (const m of MODES) if (!MODE_NAMES.includes(m)) usage(`--modes: unknown mode '${m}' (known: ${MODE_NAMES})`);
for (const p of PAGE_FILTER ?? []) if (!['home', 'category', 'product'].includes(p)) usage(`--pages: unknown page '${p}'`);
for (const c of CONNECTIONS) if (!Number.isInteger(c) || c <= 0) usage(`--connections: not a positive whole number: '${c}'`);

/** the worker processes (children of the cluster's primary) with their RSS in MB */
function workers(primary: number): Array<{ pid: number; mb: number }> {
  const out = spawnSync('ps', ['-o', 'pid=,rss=', '--ppid', String(primary)], { encoding: 'utf8' }).stdout;
  return [...out.matchAll(/(\d+)\s+(\d+)/g)].map(([, pid, rss]) => ({ pid: Number(pid), mb: Math.round(Number(rss) / 1024) }));
}

/** Bytes as they come off the wire, and the body decoded. */
function wire(url: string): Promise<{ bytes: number; text: string; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
        resolve({ bytes: body.length, text: decoded.toString(), encoding });
      });
    })
      .on('error', reject)
      .end();
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function firstVisitBytes(base: string): Promise<string> {
  const html = await wire(`${base}/`);
  const scripts = bootModules(html.text);
  let js = 0;
  let jsRaw = 0;
  for (const s of scripts) {
    js += (await wire(`${base}${s}`)).bytes;
    jsRaw += readFileSync(join(root, 'dist/client', s.replace(/^\/dist\//, ''))).length;
  }
  return `first visit of /: HTML ${kb(html.bytes)} (${html.encoding}, ${kb(html.text.length)} decoded); JS ${kb(js)} over the wire in ${scripts.length} files (${kb(jsRaw)} on disk)`;
}

/** each page's HTML (over the wire and decoded), its hydration state per service, and the shared documents it names */
async function pageBytes(base: string, pages: ReadonlyArray<[string, string]>): Promise<string> {
  const lines = ['HTML per page (over the wire, asked with br and gzip / decoded), its hydration state by service (decoded), shared documents named:'];
  const shared = new Map<string, number>();
  for (const [name, path] of pages) {
    const html = await wire(`${base}${path}`);
    const boot = /<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec(html.text)?.[1] ?? '{}';
    const parsed = JSON.parse(boot) as { state?: Record<string, unknown>; shared?: Record<string, string> };
    const services = Object.entries(parsed.state ?? {}).map(([k, v]) => `${k} ${kb(Buffer.byteLength(JSON.stringify(v)))}`).join(', ');
    const named = Object.values(parsed.shared ?? {});
    for (const href of named) if (!shared.has(href)) shared.set(href, (await wire(`${base}${href}`)).bytes);
    lines.push(`  ${name.padEnd(22)} ${kb(html.bytes)} ${html.encoding} / ${kb(Buffer.byteLength(html.text))}; state ${kb(Buffer.byteLength(boot))}: ${services}; names ${named.join(', ') || 'none'}`);
  }
  for (const [href, bytes] of shared) lines.push(`  shared ${href}: ${kb(bytes)} over the wire, once per store view (immutable)`);
  return lines.join('\n');
}

/** non-2xx statuses by count, e.g. '503 x4' (a 404 under load would be a slow API taken for "not found") */
function codesOf(r: Result): string {
  return Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => /^[013-9]/.test(code))
    .map(([code, { count }]) => `${code} x${count}`)
    .join(', ');
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system, ms) one process has used so far (0 once it has exited). */
function processCpuMs(pid: number): number {
  try {
    // fields after the command's closing parenthesis: state is field 3, utime 14, stime 15
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU time (ms) the storefront's processes (the cluster's primary and its workers) have used so far. */
function serverCpuMs(primary: number): number {
  return [primary, ...workers(primary).map((w) => w.pid)].reduce((sum, pid) => sum + processCpuMs(pid), 0);
}

/** the demo backend's process: its CPU per answer counts against the same machine */
let backendPid = 0;

/** scripts/bench/probe.mjs, preloaded into the storefronts by this bench only, writes its reports here */
const PROBE_FILE = join(root, 'scripts/bench/probe.mjs');
const probeDir = mkdtempSync(join(tmpdir(), 'bench-ssr-probe-'));

/** Sends `signal` to every worker and reads the report its probe writes (undefined when none came in `seconds`). */
async function askWorkers<T>(primary: number, signal: NodeJS.Signals, seconds: number) {
  const out: Array<{ pid: number; mb: number; report?: T }> = [];
  for (const w of workers(primary)) {
    const file = join(probeDir, `${w.pid}-${signal}.json`);
    rmSync(file, { force: true });
    process.kill(w.pid, signal);
    let report: T | undefined;
    for (let i = 0; i < seconds * 20 && !report; i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (existsSync(file)) report = JSON.parse(readFileSync(file, 'utf8')) as T;
    }
    out.push({ ...w, report });
  }
  return out;
}

type ProbeSummary = Record<'p50' | 'p90' | 'p99' | 'max' | 'mean', number>;
interface ProbeReport {
  seconds: number;
  connections: number;
  requests: number;
  cpuMs: number;
  rssMb: number;
  queued: ProbeSummary;
  total: ProbeSummary;
  gc: Record<string, { count: number; ms: number; max: number }>;
  loopDelay: Record<'p50' | 'p99' | 'max' | 'mean', number>;
}

/**
 * One round: autocannon's figures and the CPU time per answer of all the server's processes (what an answer costs,
 * whatever else the machine runs) and of the demo backend.
 */
async function measure(base: string, path: string, connections: number, duration: number, primary: number, label = '') {
  if (PROBE) await askWorkers(primary, 'SIGWINCH', 2);
  const cpu0 = serverCpuMs(primary);
  const backend0 = processCpuMs(backendPid);
  const client0 = process.cpuUsage();
  const r = await autocannon({ url: `${base}${path}`, connections, duration, headers: { 'accept-encoding': 'br, gzip' }, timeout: 10 });
  const answered = r.requests.total;
  if (PROBE) {
    const client = process.cpuUsage(client0);
    const l = r.latency;
    const clientCpu = ((client.user + client.system) / 1000 / Math.max(1, answered)).toFixed(2);
    const latency = `p50 ${l.p50}, p90 ${l.p90}, p99 ${l.p99}, max ${l.max}, mean ${l.average.toFixed(0)} ms`;
    console.log(`\n${label} ${path} at ${connections} connections: client latency ${latency}; the bench's own CPU ${clientCpu} ms/answer`);
    // a worker that answered nothing in the round has no percentiles (NaN, written as null)
    const n = (x: number | null) => (typeof x === 'number' ? x.toFixed(0) : '-');
    const f = (h: ProbeSummary) => `p50 ${n(h.p50)} p90 ${n(h.p90)} p99 ${n(h.p99)} max ${n(h.max)} mean ${n(h.mean)}`;
    for (const { pid, report: w } of await askWorkers<ProbeReport>(primary, 'SIGWINCH', 2)) {
      if (!w) continue;
      const gc = Object.entries(w.gc).map(([k, g]) => `${k} ${g.count}x ${g.ms.toFixed(0)} ms (max ${g.max.toFixed(1)})`);
      const cpu = `${(w.cpuMs / Math.max(1, w.requests)).toFixed(1)} ms CPU/answer (${((w.cpuMs / 10 / w.seconds)).toFixed(0)} % of a core)`;
      const { p50, p99, max } = w.loopDelay;
      const loop = `loop delay p50 ${p50.toFixed(1)} p99 ${p99.toFixed(1)} max ${max.toFixed(1)} ms`;
      const times = `request->head ${f(w.queued)}; request->end ${f(w.total)}`;
      const rss = `RSS ${w.rssMb.toFixed(0)} MB at the end`;
      console.log(`  worker ${pid}: ${w.connections} connections, ${w.requests} answers, ${cpu}, ${rss}; ${times}; ${loop}; GC ${gc.join(', ')}`);
    }
  }
  const cpuPerAnswer = answered > 0 ? (serverCpuMs(primary) - cpu0) / answered : NaN;
  const backendCpuPerAnswer = answered > 0 ? (processCpuMs(backendPid) - backend0) / answered : NaN;
  return { connections, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, codes: codesOf(r), cpuPerAnswer, backendCpuPerAnswer };
}

type Row = { target: string; mode: string } & Awaited<ReturnType<typeof measure>>;

function print(rows: Row[]): void {
  // each build's rows against its own static asset's (the baseline's rows say 'baseline')
  const staticOf = (baseline: boolean) => new Map(rows.filter((r) => r.target === 'static asset' && r.mode.includes('baseline') === baseline).map((r) => [r.connections, r.rps]));
  const staticRps = staticOf(false);
  const baselineStaticRps = staticOf(true);
  console.log('\n| target | mode | conns | req/s | p50 ms | p99 ms | errors | non-2xx | x static | server CPU ms/answer | backend CPU ms/answer |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const ratio = r.rps / ((r.mode.includes('baseline') ? baselineStaticRps : staticRps).get(r.connections) || NaN);
    console.log(`| ${r.target} | ${r.mode} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx}${r.codes ? ` (${r.codes})` : ''} | ${ratio.toFixed(2)} | ${r.cpuPerAnswer.toFixed(1)} | ${r.backendCpuPerAnswer.toFixed(1)} |`);
  }
}

/**
 * ~600 distinct URLs: categories with sorts, pages and price filters, products, CMS pages, home, searches, and junk query
 * strings on a category (`?utm_source=…`: one output-cache entry, not one per junk value).
 */
function variedPaths(productPaths: readonly string[]): string[] {
  const paths: string[] = [];
  for (const cat of ['/inpakpapier', '/inpakpapier/kerst', '/inpakpapier/verjaardag', '/inpakpapier/kerst/klassiek', '/inpakpapier/kerst/modern']) {
    for (const sort of ['', 'price_asc', 'price_desc', 'latest']) {
      for (const page of [1, 2, 3]) {
        for (const price of ['', '0-50', '50-100']) paths.push(`${cat}?${sort ? `sort=${encodeURIComponent(sort)}&` : ''}${price ? `price=${price}&` : ''}page=${page}`);
      }
    }
  }
  for (const q of ['kerst', 'lint', 'papier', 'doos', 'goud']) paths.push(`/?q=${q}`);
  paths.push(...productPaths, '/about-us', '/privacy', '/', '/contact');
  for (let i = 0; i < 300; i++) paths.push(`/inpakpapier/kerst?utm_source=bench${i}&x=${i * 7}`);
  return paths;
}

/**
 * Per worker: RSS, the V8 heap used right after a full GC (what the process retains) and before it, and the memory
 * outside the V8 heap that V8 knows of (external: Buffers), in MB.
 */
async function workerMemory(primary: number) {
  const mb = (n: number | undefined) => Math.round(((n ?? NaN) / 1024 / 1024) * 10) / 10;
  const reports = await askWorkers<{ after: NodeJS.MemoryUsage; before: NodeJS.MemoryUsage }>(primary, 'SIGUSR2', 60);
  return reports.map(({ pid, mb: rss, report }) => ({
    pid,
    rssMb: report ? mb(report.after.rss) : rss,
    heapMb: mb(report?.after.heapUsed),
    heapBeforeGcMb: mb(report?.before.heapUsed),
    externalMb: mb(report?.after.external),
  }));
}

/**
 * RSS and heap of every worker at the start, the middle and the end of `total` varied requests, after one warm-up pass
 * over every URL (so what the process keeps per URL, JIT code and caches are in before the first figure).
 */
async function rssOver(base: string, primary: number, paths: string[], total: number, label: string): Promise<void> {
  const run = (amount: number) => autocannon({ url: base, connections: 20, amount, requests: paths.map((path) => ({ path })), headers: { 'accept-encoding': 'br, gzip' }, timeout: 10 });
  await run(paths.length * 2);
  const start = await workerMemory(primary);
  const first = await run(Math.floor(total / 2));
  const middle = await workerMemory(primary);
  const second = await run(total - Math.floor(total / 2));
  const end = await workerMemory(primary);
  const non2xx = `${first.non2xx + second.non2xx}${codesOf(first) || codesOf(second) ? ` (${[codesOf(first), codesOf(second)].filter(Boolean).join('; ')})` : ''}`;
  const errors = first.errors + first.timeouts + second.errors + second.timeouts;
  console.log(`\nMemory per worker over ${total} varied requests, ${label} (${paths.length} distinct URLs, after a warm-up pass; ${non2xx} non-2xx, ${errors} errors): start -> middle -> end (second half)`);
  const pct = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`;
  for (const s of start) {
    const m = middle.find((a) => a.pid === s.pid);
    const e = end.find((a) => a.pid === s.pid);
    if (!m || !e) continue;
    console.log(`  worker ${s.pid}: RSS ${s.rssMb} -> ${m.rssMb} -> ${e.rssMb} MB (${pct(m.rssMb, e.rssMb)}); heap after GC ${s.heapMb} -> ${m.heapMb} -> ${e.heapMb} MB (${pct(m.heapMb, e.heapMb)}); heap before GC ${s.heapBeforeGcMb} -> ${m.heapBeforeGcMb} -> ${e.heapBeforeGcMb} MB; external ${s.externalMb} -> ${m.externalMb} -> ${e.externalMb} MB`);
  }
}

/** the storefront edge's size: ui/server.ts, ui/server-main.ts and ui/edge/*.ts without tests, in lines */
function edgeLines(): string {
  const edge = readdirSync(join(root, 'ui/edge')).filter((f) => /\.ts$/.test(f) && !/\.test\.tsx?$/.test(f)).map((f) => `ui/edge/${f}`);
  const files = ['ui/server.ts', 'ui/server-main.ts', ...edge];
  const lines = files.map((f) => readFileSync(join(root, f), 'utf8').split('\n').length - 1);
  return `edge: ${lines.reduce((a, b) => a + b, 0)} lines in ${files.length} files (ui/server.ts, ui/server-main.ts, ui/edge/*.ts without tests)`;
}

/** a build's manifest entry (dist/client/manifest.json beside its server.mjs) */
function entryOf(server: string): string {
  return (JSON.parse(readFileSync(join(dirname(server), 'client/manifest.json'), 'utf8')) as { entry: string }).entry;
}

async function main(): Promise<void> {
  if (opts['lines-only']) return console.log(edgeLines());
  if (!opts['no-build']) {
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  const apiPort = await freePort();
  const backend = await startChild('dist/backend.mjs', ['--reset', '--port', String(apiPort), '--data-dir', mkdtempSync(join(tmpdir(), 'bench-ssr-'))], {});
  backendPid = backend.pid!;
  const api = `http://127.0.0.1:${apiPort}`;
  const [productPath] = await urlPaths(api, 'product', [{ terms: { type_id: ['configurable'] } }, { terms: { visibility: [4] } }]);
  const PAGES = (
    [
      ['home', '/'],
      ['category', '/inpakpapier/kerst'],
      ['configurable product', productPath!],
    ] as Array<[string, string]>
  ).filter(([name]) => !PAGE_FILTER || PAGE_FILTER.some((f) => name.includes(f)));
  const productPaths = [productPath!, ...(await urlPaths(api, 'product', [{ terms: { visibility: [2, 3, 4] } }], 20))];
  const rows: Row[] = [];
  const started = Date.now();
  const preload: Record<string, string> = {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PROBE_FILE}`.trim(),
    BENCH_PROBE_DIR: probeDir,
    ...(PROBE ? { BENCH_LATENCY: '1' } : {}),
  };
  try {
    for (const mode of MODES) {
      const cache: Record<string, string> = mode === 'output cache' ? { OUTPUT_CACHE: '1' } : {};
      const port = await freePort();
      const shop = await startChild('dist/server.mjs', [], { PORT: String(port), API_URL: api, ...preload, ...cache }, /storefront listening/);
      const base = `http://127.0.0.1:${port}`;
      const baselinePort = BASELINE ? await freePort() : undefined;
      const baselineBase = `http://127.0.0.1:${baselinePort}`;
      let baseline: ChildProcess | undefined;
      try {
        // started within the try: a baseline that cannot start (e.g. a copy of dist/ outside the repo, where its
        // packages do not resolve: link node_modules beside it) must not leave this build's server running
        if (BASELINE) baseline = await startChild(BASELINE, [], { PORT: String(baselinePort), API_URL: api, ...preload, ...cache }, /storefront listening/);
        // warm up: every page rendered once (and cached in the cached run), JIT warm
        for (const [, path] of PAGES) {
          await autocannon({ url: `${base}${path}`, connections: 4, amount: WARMUP, headers: { 'accept-encoding': 'br, gzip' } });
          if (baseline) await autocannon({ url: `${baselineBase}${path}`, connections: 4, amount: WARMUP, headers: { 'accept-encoding': 'br, gzip' } });
        }
        if (mode === 'uncached') {
          console.log(await firstVisitBytes(base));
          console.log(await pageBytes(base, PAGES));
          if (baseline) console.log(`the baseline (${BASELINE}):\n${await pageBytes(baselineBase, PAGES)}`);
          if (opts['bytes-only']) return;
        }
        for (const connections of CONNECTIONS) {
          if (mode === 'uncached') {
            const asset = `/dist/${entryOf(join(root, 'dist/server.mjs'))}`;
            rows.push({ target: 'static asset', mode: 'precompressed', ...(await measure(base, asset, connections, DURATION, shop.pid!)) });
            if (baseline) {
              const baselineAsset = `/dist/${entryOf(BASELINE!)}`;
              const row = await measure(baselineBase, baselineAsset, connections, DURATION, baseline.pid!);
              rows.push({ target: 'static asset', mode: 'precompressed, baseline', ...row });
            }
          }
          for (const [name, path] of PAGES) {
            const seconds = opts.long && connections === 200 && name !== 'home' && mode === 'uncached' ? 60 : DURATION;
            rows.push({ target: name, mode, ...(await measure(base, path, connections, seconds, shop.pid!, `${name}, ${mode}:`)) });
            // the same round on the baseline build, right after (same machine, same backend, same moment)
            if (baseline) rows.push({ target: name, mode: `${mode}, baseline`, ...(await measure(baselineBase, path, connections, seconds, baseline.pid!, `${name}, baseline:`)) });
            process.stdout.write('.');
          }
        }
        if (baseline) await stopChild(baseline);
        const paths = variedPaths(productPaths);
        if (mode === 'output cache' && RSS_REQUESTS > 0) await rssOver(base, shop.pid!, paths, RSS_REQUESTS, 'output cache on');
        if (mode === 'uncached' && RSS_UNCACHED_REQUESTS > 0) await rssOver(base, shop.pid!, paths, RSS_UNCACHED_REQUESTS, 'uncached (every request rendered)');
      } finally {
        await stopChild(shop);
        if (baseline) await stopChild(baseline);
      }
    }
  } finally {
    await stopChild(backend);
    if (process.env.BENCH_HEAP_SNAPSHOT !== '1') rmSync(probeDir, { recursive: true, force: true });
    else console.log(`heap snapshots: ${probeDir}`);
  }
  print(rows);
  console.log(`\n${edgeLines()}`);
  console.log(`\n${DURATION} s per round${opts.long ? ' (60 s at 200 connections on category and product, uncached)' : ''}; total ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

await main();
