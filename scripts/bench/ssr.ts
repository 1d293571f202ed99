/**
 * Storefront under load: `node scripts/bench/run.mjs ssr [--duration S] [--long] [--rss-requests N] [--rss-uncached-requests N] [--baseline PATH]
 * [--connections 10,50,200] [--pages home,category,product] [--modes uncached,output cache] [--no-build] [--bytes-only] [--workers N] [--probe] [--warmup N]`
 *
 * Builds the shop (production), starts the demo backend and the storefront as `npm start` does (dist/server.mjs,
 * NODE_ENV=production, one worker per core), and measures with autocannon, in one run and side by side:
 * - a hashed static asset, the home page, a category and a configurable product, uncached and from the output cache,
 *   at 10, 50 and 200 connections: req/s, p50, p99, errors (incl. timeouts), non-2xx, and req/s as a ratio of the
 *   static asset's at the same connections;
 * - RSS and V8 heap (after a full GC, through the bench-only preload scripts/bench/heap-probe.mjs and SIGUSR2) of every
 *   worker at the start, middle and end of N varied requests (category pages with price filters, sorts and pages,
 *   products, CMS pages, searches, junk query strings) after a warm-up pass: 20,000 against the output-cached server
 *   (`--rss-requests N`), 4,000 rendered by the uncached one (`--rss-uncached-requests N`); BENCH_HEAP_SNAPSHOT=1 also
 *   writes a heap snapshot per worker at each of the three points (the folder is printed);
 * - `--baseline PATH`: another build's dist/server.mjs (main before a change, built elsewhere) started beside this one
 *   and measured right after each of this build's rounds (uncached, its own static asset, and output-cached), so
 *   before/after come from the same run;
 * - the edge's size in lines (`--lines-only` prints it and stops);
 * - the first visit's bytes on the wire for the home page with `accept-encoding: br, gzip`: the HTML and every script
 *   it loads up front (entry + module preloads); each page's HTML (br and decoded) with its hydration state per service
 *   and the shared documents it names. `--bytes-only` prints these and stops.
 * - `--probe`: scripts/bench/latency-probe.mjs preloaded into both builds' processes; after each round
 *   the client's latency percentiles and the bench's own CPU, and per worker: connections taken, answers, CPU per
 *   answer, time from request to the first body write (loads + the render gate's queue) and to the end, event-loop
 *   delay and GC pauses by kind.
 * A benchmark, not a test: it prints figures. Every run is `--duration` seconds (default 8); `--long` runs the
 * 200-connection rounds on category and product pages for 60 s, as the issue's target asks.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { request } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, root, startChild, stopChild } from './servers';
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
type Autocannon = (opts: Record<string, unknown>) => Promise<Result> & { on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void };
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
function usage(problem: string): never {
  console.error(`ssr: ${problem}`);
  process.exit(2);
}
/** every option this bench knows; anything else (a typo) stops it before it measures the wrong thing */
const KNOWN = { flags: ['long', 'no-build', 'bytes-only', 'probe', 'lines-only'], values: ['duration', 'rss-requests', 'rss-uncached-requests', 'baseline', 'connections', 'pages', 'modes', 'workers', 'warmup'] };
for (let i = 0; i < args.length; i++) {
  const name = args[i]!.replace(/^--/, '');
  if (KNOWN.values.includes(name) && args[i]!.startsWith('--')) {
    if (args[i + 1] === undefined) usage(`--${name} needs a value`);
    i++;
  } else if (!(KNOWN.flags.includes(name) && args[i]!.startsWith('--'))) usage(`unknown option '${args[i]}' (known: ${[...KNOWN.flags, ...KNOWN.values].map((n) => `--${n}`).join(', ')})`);
}
const DURATION = option('duration', 8);
const RSS_REQUESTS = option('rss-requests', 20_000);
const RSS_UNCACHED_REQUESTS = option('rss-uncached-requests', 4_000);
/** `--workers N`: WEB_CONCURRENCY of both builds (default: the server's own, one per core) */
const WORKERS = option('workers', 0);
if (!Number.isInteger(WORKERS) || WORKERS < 0) usage(`--workers: not a whole number: '${WORKERS}'`);
const workerEnv: Record<string, string> = WORKERS ? { WEB_CONCURRENCY: String(WORKERS) } : {};
/** another build's dist/server.mjs (e.g. main before a change), measured uncached beside this one, round for round */
const BASELINE = (() => {
  const i = args.indexOf('--baseline');
  return i >= 0 ? args[i + 1] : undefined;
})();
const listOption = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? '').split(',').filter(Boolean) : undefined;
};
/** `--connections 50` (or `10,200`): only those rounds */
const CONNECTIONS = (listOption('connections') ?? ['10', '50', '200']).map(Number);
/** `--pages category,product`: only those pages (home, category, product); `--modes uncached`: only that mode */
const PAGE_FILTER = listOption('pages');
const MODE_NAMES = ['uncached', 'output cache'] as const;
const MODES = (listOption('modes') ?? [...MODE_NAMES]) as Array<(typeof MODE_NAMES)[number]>;
const PAGE_NAMES = ['home', 'category', 'product'];
// a mistyped name would measure something else than asked (e.g. `--modes cached` ran no mode, or the wrong one)
for (const m of MODES) if (!(MODE_NAMES as readonly string[]).includes(m)) usage(`--modes: unknown mode '${m}' (known: ${MODE_NAMES.join(', ')})`);
for (const p of PAGE_FILTER ?? []) if (!PAGE_NAMES.includes(p)) usage(`--pages: unknown page '${p}' (known: ${PAGE_NAMES.join(', ')})`);
for (const c of CONNECTIONS) if (!Number.isInteger(c) || c <= 0) usage(`--connections: not a positive whole number: '${c}'`);

/** the storefront and backend as `npm start` runs them: production, on loopback */
function start(file: string, fileArgs: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return startChild(file, fileArgs, { NODE_ENV: 'production', HOST: '127.0.0.1', ...env }, ready);
}
const stop = stopChild;

/** RSS in MB of the storefront's worker processes (children of the cluster's primary). */
function workerRss(primary: number): Array<{ pid: number; mb: number }> {
  const out = spawnSync('ps', ['-o', 'pid=,rss=', '--ppid', String(primary)], { encoding: 'utf8' }).stdout;
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [pid, rss] = l.trim().split(/\s+/).map(Number);
      return { pid: pid ?? 0, mb: Math.round((rss ?? 0) / 1024) };
    });
}

/** Bytes as they come off the wire (no decoding), and the body decoded by the caller when needed. */
function wire(url: string): Promise<{ bytes: number; body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ bytes: body.length, body, encoding: String(res.headers['content-encoding'] ?? 'identity') });
      });
    })
      .on('error', reject)
      .end();
  });
}

async function firstVisitBytes(base: string): Promise<string> {
  const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
  const html = await wire(`${base}/`);
  const text = (html.encoding === 'br' ? brotliDecompressSync(html.body) : html.encoding === 'gzip' ? gunzipSync(html.body) : html.body).toString();
  const scripts = bootModules(text);
  let js = 0;
  let jsRaw = 0;
  for (const s of scripts) {
    const r = await wire(`${base}${s}`);
    js += r.bytes;
    jsRaw += readFileSync(join(root, 'dist/client', s.replace(/^\/dist\//, ''))).length;
  }
  return `first visit of /: HTML ${(html.bytes / 1024).toFixed(1)} KB (${html.encoding}, ${(text.length / 1024).toFixed(1)} KB decoded); JS ${(js / 1024).toFixed(1)} KB over the wire in ${scripts.length} files (${(jsRaw / 1024).toFixed(1)} KB on disk)`;
}

/**
 * each page's HTML (over the wire with br, and decoded), the hydration state in it per service, and the
 * shared documents it names (the category list, fetched once per store view and kept by the browser).
 */
async function pageBytes(base: string, pages: ReadonlyArray<[string, string]>): Promise<string> {
  const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = ['HTML per page (over the wire, asked with br and gzip / decoded), its hydration state by service (decoded), shared documents named:'];
  const shared = new Map<string, number>();
  for (const [name, path] of pages) {
    const html = await wire(`${base}${path}`);
    const text = (html.encoding === 'br' ? brotliDecompressSync(html.body) : html.encoding === 'gzip' ? gunzipSync(html.body) : html.body).toString();
    const boot = /<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec(text)?.[1] ?? '{}';
    const parsed = JSON.parse(boot) as { state?: Record<string, unknown>; shared?: Record<string, string> };
    const services = Object.entries(parsed.state ?? {}).map(([k, v]) => `${k} ${kb(Buffer.byteLength(JSON.stringify(v)))}`).join(', ');
    for (const href of Object.values(parsed.shared ?? {})) if (!shared.has(href)) shared.set(href, (await wire(`${base}${href}`)).bytes);
    lines.push(`  ${name.padEnd(22)} ${kb(html.bytes)} ${html.encoding} / ${kb(Buffer.byteLength(text))}; state ${kb(Buffer.byteLength(boot))}: ${services}; names ${Object.values(parsed.shared ?? {}).join(', ') || 'none'}`);
  }
  for (const [href, bytes] of shared) lines.push(`  shared ${href}: ${kb(bytes)} over the wire, once per store view (immutable)`);
  return lines.join('\n');
}

interface Row {
  target: string;
  mode: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** the non-2xx answers by status, e.g. '503 x4' (a 404 under load would be a slow API taken for "not found") */
  codes: string;
  /**
   * the server's CPU time per answer (all its processes, from /proc): what an answer costs, whatever else the machine
   * runs meanwhile (req/s and latency on a shared machine measure the neighbours as much as the server)
   */
  cpuPerAnswer: number;
  /** the demo backend's CPU time per answer in the same round (the shared read cache keeps it small) */
  backendCpuPerAnswer: number;
}

/** the non-2xx statuses of a run and how many of each */
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
    return 0; // a worker that exited meanwhile
  }
}

/** CPU time (user + system, ms) the storefront's processes (the cluster's primary and its workers) have used so far. */
function serverCpuMs(primary: number): number {
  return [primary, ...workerRss(primary).map((w) => w.pid)].reduce((sum, pid) => sum + processCpuMs(pid), 0);
}

/** the demo backend's process: its CPU per answer counts against the same machine */
let backendPid = 0;

async function measure(base: string, path: string, connections: number, duration: number, primary: number, label = ''): Promise<Omit<Row, 'target' | 'mode'>> {
  if (PROBE) await probeWorkers(primary);
  const cpu0 = serverCpuMs(primary);
  const backend0 = processCpuMs(backendPid);
  const client0 = process.cpuUsage();
  const run = autocannon({ url: `${base}${path}`, connections, duration, headers: { 'accept-encoding': 'br, gzip' }, timeout: 10 });
  // --probe: when in the round each answer ended and how long it took (where the slowest 1 % lie in time)
  const began = performance.now();
  const answers: Array<[number, number]> = [];
  if (PROBE) run.on('response', (_c, _s, _b, ms) => answers.push([performance.now() - began, ms]));
  const r = await run;
  const answered = r.requests.total;
  if (PROBE) {
    const client = process.cpuUsage(client0);
    const workers = await probeWorkers(primary);
    const l = r.latency;
    console.log(`\n${label} ${path} at ${connections} connections: client latency p50 ${l.p50}, p90 ${l.p90}, p99 ${l.p99}, max ${l.max}, mean ${l.average.toFixed(0)} ms; the bench's own CPU (autocannon) ${(((client.user + client.system) / 1000) / Math.max(1, answered)).toFixed(2)} ms/answer`);
    // a worker that answered nothing in the round has no percentiles (NaN, written as null)
    const n = (x: number | null) => (typeof x === 'number' ? x.toFixed(0) : '-');
    const f = (h: ProbeSummary) => `p50 ${n(h.p50)} p90 ${n(h.p90)} p99 ${n(h.p99)} max ${n(h.max)} mean ${n(h.mean)}`;
    if (answers.length > 0) {
      const sorted = answers.map(([, ms]) => ms).sort((a, b) => a - b);
      const cut = sorted[Math.floor(sorted.length * 0.99)]!;
      const slow = answers.filter(([, ms]) => ms >= cut);
      const seconds = slow.map(([t]) => Math.floor(t / 1000));
      const perSecond = Object.entries(seconds.reduce<Record<number, number>>((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {})).map(([k, v]) => `${k} s: ${v}`).join(', ');
      const later = answers.filter(([t, ms]) => t - ms >= 1000).map(([, ms]) => ms).sort((a, b) => a - b);
      const p = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))]?.toFixed(0) ?? '-';
      console.log(`  the slowest 1 % (>= ${cut.toFixed(0)} ms) ended in second ${perSecond}; answers to requests sent after the first second: p50 ${p(later, 0.5)}, p99 ${p(later, 0.99)}, max ${p(later, 1)} ms`);
    }
    for (const w of workers) {
      const gc = Object.entries(w.gc).map(([k, g]) => `${k} ${g.count}x ${g.ms.toFixed(0)} ms (max ${g.max.toFixed(1)})`).join(', ');
      console.log(`  worker ${w.pid}: ${w.connections} connections, ${w.requests} answers, ${(w.cpuMs / Math.max(1, w.requests)).toFixed(1)} ms CPU/answer (${((w.cpuMs / 1000 / w.seconds) * 100).toFixed(0)} % of a core), RSS ${w.rssMb.toFixed(0)} MB at the end; request->head ${f(w.queued)}; request->end ${f(w.total)}; loop delay p50 ${w.loopDelay.p50.toFixed(1)} p99 ${w.loopDelay.p99.toFixed(1)} max ${w.loopDelay.max.toFixed(1)} ms; GC ${gc}`);
    }
  }
  const cpuPerAnswer = answered > 0 ? (serverCpuMs(primary) - cpu0) / answered : NaN;
  const backendCpuPerAnswer = answered > 0 ? (processCpuMs(backendPid) - backend0) / answered : NaN;
  return { connections, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, codes: codesOf(r), cpuPerAnswer, backendCpuPerAnswer };
}

/**
 * requests per page, at 4 connections, to each build before its rounds (`--warmup N`, default 40). With 40, a 10 s round
 * at 50 connections had its slowest 1 % in its first 1-2 s (--probe): code V8 had not optimised yet
 */
const WARMUP = option('warmup', 40);
/** `--probe`: scripts/bench/latency-probe.mjs preloaded into both builds' processes, read per worker around each round */
const PROBE = flag('probe');
const probeDir = mkdtempSync(join(tmpdir(), 'bench-ssr-probe-'));
interface ProbeSummary {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}
interface ProbeReport {
  pid: number;
  seconds: number;
  connections: number;
  requests: number;
  cpuMs: number;
  rssMb: number;
  queued: ProbeSummary;
  total: ProbeSummary;
  gc: Record<string, { count: number; ms: number; max: number }>;
  loopDelay: { p50: number; p99: number; max: number; mean: number };
}
/** Asks every worker for its figures since the last ask (SIGWINCH) and starts them counting afresh. */
async function probeWorkers(primary: number): Promise<ProbeReport[]> {
  const out: ProbeReport[] = [];
  for (const w of workerRss(primary)) {
    const file = join(probeDir, `${w.pid}.json`);
    rmSync(file, { force: true });
    process.kill(w.pid, 'SIGWINCH');
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 20));
      if (existsSync(file)) {
        out.push(JSON.parse(readFileSync(file, 'utf8')) as ProbeReport);
        break;
      }
    }
  }
  return out;
}

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
 * Varied URLs: categories with sorts, pages and price filters, products, CMS pages, home, searches, and junk query strings on a category: `?utm_source=…` that each page must answer as the category itself
 * (one output-cache entry, not one per junk value). ~600 distinct URLs; autocannon cycles through them.
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

/** scripts/bench/heap-probe.mjs, preloaded into the storefront's processes by this bench only */
const HEAP_PROBE = join(root, 'scripts/bench/heap-probe.mjs');
const heapDir = mkdtempSync(join(tmpdir(), 'bench-ssr-heap-'));
/** scripts/bench/latency-probe.mjs (`--probe`) */
const LATENCY_PROBE = join(root, 'scripts/bench/latency-probe.mjs');

interface Memory {
  pid: number;
  rssMb: number;
  /** V8 heap used right after a full GC (what the process retains) and before it */
  heapMb: number;
  heapBeforeGcMb: number;
  /** Buffers and other memory outside the V8 heap that V8 knows of (external) */
  externalMb: number;
}

/** RSS (ps) and, through the heap probe (SIGUSR2), the V8 heap after a full GC of every worker. */
async function workerMemory(primary: number): Promise<Memory[]> {
  const out: Memory[] = [];
  for (const w of workerRss(primary)) {
    const file = join(heapDir, `${w.pid}.json`);
    const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { n: number }).n : 0;
    process.kill(w.pid, 'SIGUSR2');
    let probe: { n: number; after: NodeJS.MemoryUsage; before: NodeJS.MemoryUsage } | undefined;
    for (let i = 0; i < 600 && !probe; i++) {
      await new Promise((r) => setTimeout(r, 100));
      if (!existsSync(file)) continue;
      const read = JSON.parse(readFileSync(file, 'utf8')) as { n: number; after: NodeJS.MemoryUsage; before: NodeJS.MemoryUsage };
      if (read.n > previous) probe = read;
    }
    const mb = (n: number | undefined) => Math.round(((n ?? NaN) / 1024 / 1024) * 10) / 10;
    out.push({ pid: w.pid, rssMb: mb(probe?.after.rss ?? w.mb * 1024 * 1024), heapMb: mb(probe?.after.heapUsed), heapBeforeGcMb: mb(probe?.before.heapUsed), externalMb: mb(probe?.after.external) });
  }
  return out;
}

/**
 * RSS and heap of every worker at the start, the middle and the end of `total` varied requests, after one warm-up pass
 * over every URL (so what the process keeps per URL, JIT code and caches are in before the first figure). "Flat" is
 * the second half growing less than 5 %.
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

/** the baseline build's entry file (its dist/client/manifest.json, beside its server.mjs) */
function baselineEntry(): string {
  return (JSON.parse(readFileSync(join(dirname(BASELINE!), 'client/manifest.json'), 'utf8')) as { entry: string }).entry;
}

/** the storefront edge's size: ui/server.ts, ui/server-main.ts and ui/edge/*.ts without tests, in lines */
function edgeLines(): string {
  const edge = readdirSync(join(root, 'ui/edge')).filter((f) => /\.ts$/.test(f) && !/\.test\.tsx?$/.test(f)).map((f) => `ui/edge/${f}`);
  const files = ['ui/server.ts', 'ui/server-main.ts', ...edge];
  const lines = files.map((f) => readFileSync(join(root, f), 'utf8').split('\n').length - 1);
  return `edge: ${lines.reduce((a, b) => a + b, 0)} lines in ${files.length} files (ui/server.ts, ui/server-main.ts, ui/edge/*.ts without tests)`;
}

async function main(): Promise<void> {
  if (flag('lines-only')) return console.log(edgeLines());
  if (!flag('no-build')) {
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  const manifest = JSON.parse(readFileSync(join(root, 'dist/client/manifest.json'), 'utf8')) as { entry: string };
  const apiPort = await freePort();
  const backend = await start('dist/backend.mjs', ['--reset', '--port', String(apiPort), '--data-dir', mkdtempSync(join(tmpdir(), 'bench-ssr-'))], {}, /listening/);
  backendPid = backend.pid!;
  const api = `http://127.0.0.1:${apiPort}`;
  const product = (await (await fetch(`${api}/api/catalog/vue_storefront_catalog/product/_search?size=1&request=${encodeURIComponent(JSON.stringify({ query: { bool: { filter: { bool: { must: [{ terms: { type_id: ['configurable'] } }, { terms: { visibility: [4] } }] } } } } }))}`)).json()) as { hits: { hits: Array<{ _source: { url_path: string } }> } };
  const PAGES: Array<[string, string]> = [
    ['home', '/'],
    ['category', '/inpakpapier/kerst'],
    ['configurable product', `/${product.hits.hits[0]!._source.url_path}`],
  ].filter(([name]) => !PAGE_FILTER || PAGE_FILTER.some((f) => name!.includes(f))) as Array<[string, string]>;
  const productPath = `/${product.hits.hits[0]!._source.url_path}`;
  const someProducts = (await (await fetch(`${api}/api/catalog/vue_storefront_catalog/product/_search?size=20&request=${encodeURIComponent(JSON.stringify({ query: { bool: { filter: { bool: { must: [{ terms: { visibility: [2, 3, 4] } }] } } } } }))}`)).json()) as { hits: { hits: Array<{ _source: { url_path?: string } }> } };
  const productPaths = [productPath, ...someProducts.hits.hits.flatMap((h) => (h._source.url_path ? [`/${h._source.url_path}`] : []))];
  const rows: Row[] = [];
  const started = Date.now();
  try {
    for (const mode of MODES) {
      const port = await freePort();
      // the heap probe (SIGUSR2: heap after a full GC) is preloaded by this bench only
      const probe = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${HEAP_PROBE}${PROBE ? ` --import=${LATENCY_PROBE}` : ''}`.trim(), BENCH_HEAP_DIR: heapDir, BENCH_PROBE_DIR: probeDir };
      const shop = await start('dist/server.mjs', [], { PORT: String(port), API_URL: api, ...probe, ...workerEnv, ...(mode === 'output cache' ? { OUTPUT_CACHE: '1' } : {}) }, /storefront listening/);
      const base = `http://127.0.0.1:${port}`;
      const baselinePort = BASELINE ? await freePort() : undefined;
      const latencyProbe: Record<string, string> = PROBE ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${LATENCY_PROBE}`.trim(), BENCH_PROBE_DIR: probeDir } : {};
      const baselineBase = `http://127.0.0.1:${baselinePort}`;
      let baseline: ChildProcess | undefined;
      try {
        // started within the try: a baseline that cannot start (e.g. a copy of dist/ outside the repo, where its
        // packages do not resolve: link node_modules beside it) must not leave this build's server running
        baseline = baselinePort ? await start(BASELINE!, [], { PORT: String(baselinePort), API_URL: api, ...workerEnv, ...latencyProbe, ...(mode === 'output cache' ? { OUTPUT_CACHE: '1' } : {}) }, /storefront listening/) : undefined;
        // warm up: every page rendered once (and cached in the cached run), JIT warm (`--warmup N` requests per page)
        for (const [, path] of PAGES) {
          await autocannon({ url: `${base}${path}`, connections: 4, amount: WARMUP, headers: { 'accept-encoding': 'br, gzip' } });
          if (baseline) await autocannon({ url: `${baselineBase}${path}`, connections: 4, amount: WARMUP, headers: { 'accept-encoding': 'br, gzip' } });
        }
        if (mode === 'uncached') {
          console.log(await firstVisitBytes(base));
          console.log(await pageBytes(base, PAGES));
          if (baseline) console.log(`the baseline (${BASELINE}):\n${await pageBytes(baselineBase, PAGES)}`);
          if (flag('bytes-only')) return;
        }
        for (const connections of CONNECTIONS) {
          if (mode === 'uncached') rows.push({ target: 'static asset', mode: 'precompressed', ...(await measure(base, `/dist/${manifest.entry}`, connections, DURATION, shop.pid!)) });
          if (mode === 'uncached' && baseline) rows.push({ target: 'static asset', mode: 'precompressed, baseline', ...(await measure(baselineBase, `/dist/${baselineEntry()}`, connections, DURATION, baseline.pid!)) });
          for (const [name, path] of PAGES) {
            const long = flag('long') && connections === 200 && name !== 'home' && mode === 'uncached';
            rows.push({ target: name, mode, ...(await measure(base, path, connections, long ? 60 : DURATION, shop.pid!, `${name}, ${mode}:`)) });
            // the same round on the baseline build, right after (same machine, same backend, same moment)
            if (baseline) rows.push({ target: name, mode: `${mode}, baseline`, ...(await measure(baselineBase, path, connections, long ? 60 : DURATION, baseline.pid!, `${name}, baseline:`)) });
            process.stdout.write('.');
          }
        }
        if (baseline) await stop(baseline);
        baseline = undefined;
        const paths = variedPaths(productPaths);
        if (mode === 'output cache' && RSS_REQUESTS > 0) await rssOver(base, shop.pid!, paths, RSS_REQUESTS, 'output cache on');
        if (mode === 'uncached' && RSS_UNCACHED_REQUESTS > 0) await rssOver(base, shop.pid!, paths, RSS_UNCACHED_REQUESTS, 'uncached (every request rendered)');
      } finally {
        await stop(shop);
        if (baseline) await stop(baseline);
      }
    }
  } finally {
    await stop(backend);
    rmSync(probeDir, { recursive: true, force: true });
    if (process.env.BENCH_HEAP_SNAPSHOT !== '1') rmSync(heapDir, { recursive: true, force: true });
    else console.log(`heap snapshots: ${heapDir}`);
  }
  print(rows);
  console.log(`\n${edgeLines()}`);
  console.log(`\n${DURATION} s per round${flag('long') ? ' (60 s at 200 connections on category and product, uncached)' : ''}; total ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

await main();
