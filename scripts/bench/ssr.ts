/**
 * Storefront under load: `node scripts/bench/run.mjs ssr [--duration S] [--long] [--connections 10,50,200]
 * [--pages home,category,product] [--modes uncached,output cache] [--baseline PATH] [--workers N] [--rss-requests N]
 * [--rss-uncached-requests N] [--warmup N] [--no-build] [--bytes-only] [--lines-only] [--probe]`
 *
 * Builds the shop, starts the demo backend and the storefront as `npm start` does (`--workers`: WEB_CONCURRENCY, for
 * both builds) and prints, beside the `--baseline` build (another dist/server.mjs) in one run: for home, a category and
 * a product, uncached and from the output cache (`--long`: 60 s at 200 connections on category and product, uncached),
 * req/s, p50, p99, errors (timeouts at 10 s included), non-2xx, the ratio to a static asset's req/s, server CPU per
 * answer (of it in the main threads: what a worker cannot hand to another thread), backend CPU per answer and each
 * worker's share of a core (how the connections were split); every worker's RSS and heap after a full GC over
 * `--rss-requests` varied requests (BENCH_HEAP_SNAPSHOT=1: heap snapshots too); the first visit's bytes and each page's
 * HTML and hydration state (`--bytes-only`: only these); the edge's and build scripts' lines (`--lines-only`: only
 * these); `--probe`: per worker after each round its connections, answers, latency, event-loop delay and GC pauses. */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { request } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freePort, loadAverage, root, startChild, stopChild, urlPaths } from './servers';
import { bootModules } from '../../test-fixtures/boot-document';

type Result = Record<'errors' | 'non2xx', number> & {
  requests: { average: number; total: number };
  latency: Record<'average' | 'p50' | 'p90' | 'p99' | 'max', number>;
  statusCodeStats?: Record<string, { count: number }>;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: Record<string, unknown>) => Promise<Result>;
const ACCEPT = { 'accept-encoding': 'br, gzip' };

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
    pages: text, modes: text, warmup: text, workers: text,
    long: bool, 'no-build': bool, 'bytes-only': bool, probe: bool, 'lines-only': bool,
  },
});
const DURATION = Number(opts.duration ?? 8);
const RSS_REQUESTS = Number(opts['rss-requests'] ?? 20_000);
const RSS_UNCACHED_REQUESTS = Number(opts['rss-uncached-requests'] ?? 4_000);
/** requests per page, at 4 connections, to each build before its rounds: code V8 has optimised before the figures */
const WARMUP = Number(opts.warmup ?? 40);
const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').filter(Boolean);
const CONNECTIONS = list(opts.connections, '10,50,200').map(Number);
const MODE_NAMES = ['uncached', 'output cache'];
const MODES = list(opts.modes, MODE_NAMES.join(','));
const PAGE_FILTER = opts.pages ? list(opts.pages, '') : undefined;
for (const m of MODES) if (!MODE_NAMES.includes(m)) usage(`--modes: unknown mode '${m}' (known: ${MODE_NAMES})`);
for (const p of PAGE_FILTER ?? []) if (!['home', 'category', 'product'].includes(p)) usage(`--pages: unknown page '${p}'`);
for (const c of CONNECTIONS) if (!Number.isInteger(c) || c <= 0) usage(`--connections: not a positive whole number: '${c}'`);
if (opts.workers && !(Number(opts.workers) >= 1)) usage(`--workers: not a positive number: '${opts.workers}'`);

/** the worker processes (children of the cluster's primary) with their RSS in MB */
function workers(primary: number): Array<{ pid: number; mb: number }> {
  const out = spawnSync('ps', ['-o', 'pid=,rss=', '--ppid', String(primary)], { encoding: 'utf8' }).stdout;
  return [...out.matchAll(/(\d+)\s+(\d+)/g)].map(([, pid, rss]) => ({ pid: Number(pid), mb: Math.round(Number(rss) / 1024) }));
}

/** Bytes as they come off the wire, and the body decoded. */
function wire(url: string): Promise<{ bytes: number; text: string; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: ACCEPT }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
        resolve({ bytes: body.length, text: decoded.toString(), encoding });
      });
    }).on('error', reject).end();
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

/** CPU time (user + system, ms) a process (`/proc/PID`) or one thread (`/proc/PID/task/TID`) has used (0: exited). */
function cpuMs(proc: string): number {
  try {
    // fields after the command's closing parenthesis: state is field 3, utime 14, stime 15
    const fields = readFileSync(`${proc}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU ms so far of the storefront (the cluster's primary and its workers), of its main threads (JavaScript runs there;
 * zlib's async calls run in other threads) and of each process that answers (the workers, or the one process).
 */
function serverCpu(primary: number) {
  const answering = workers(primary).map((w) => w.pid);
  const pids = answering.length ? [primary, ...answering] : [primary];
  const sum = (f: (pid: number) => number) => pids.reduce((s, pid) => s + f(pid), 0);
  return {
    all: sum((pid) => cpuMs(`/proc/${pid}`)),
    main: sum((pid) => cpuMs(`/proc/${pid}/task/${pid}`)),
    each: new Map((answering.length ? answering : [primary]).map((pid) => [pid, cpuMs(`/proc/${pid}`)])),
  };
}

/** the demo backend's process: its CPU per answer counts against the same machine */
let backendPid = 0;

/** scripts/bench/probe.mjs, preloaded into the storefronts by this bench only, writes its reports here */
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

type Summary = Record<'p50' | 'p90' | 'p99' | 'max' | 'mean', number>;
type ProbeReport = Record<'rssMb' | 'connections' | 'requests', number>
  & Record<'queued' | 'total' | 'loopDelay', Summary>
  & { gc: Record<string, { count: number; ms: number; max: number }> };

/** `--probe`: the client's latency and CPU, and per worker what its probe counted since the round began */
async function printProbe(primary: number, title: string, r: Result, clientCpu: NodeJS.CpuUsage): Promise<void> {
  const l = r.latency;
  const client = ((clientCpu.user + clientCpu.system) / 1000 / Math.max(1, r.requests.total)).toFixed(2);
  const latency = `p50 ${l.p50}, p90 ${l.p90}, p99 ${l.p99}, max ${l.max}, mean ${l.average.toFixed(0)} ms`;
  console.log(`\n${title}: client latency ${latency}; the bench's own CPU ${client} ms/answer`);
  // a worker that answered nothing in the round has no percentiles (NaN, written as null)
  const n = (x: number | null) => (typeof x === 'number' ? x.toFixed(0) : '-');
  const f = (h: Summary) => `p50 ${n(h.p50)} p90 ${n(h.p90)} p99 ${n(h.p99)} max ${n(h.max)} mean ${n(h.mean)}`;
  for (const { pid, report: w } of await askWorkers<ProbeReport>(primary, 'SIGWINCH', 2)) {
    if (!w) continue;
    const gc = Object.entries(w.gc).map(([k, g]) => `${k} ${g.count}x ${g.ms.toFixed(0)} ms (max ${g.max.toFixed(1)})`);
    const { p50, p99, max } = w.loopDelay;
    const loop = `loop delay p50 ${p50.toFixed(1)} p99 ${p99.toFixed(1)} max ${max.toFixed(1)} ms`;
    const times = `request->head ${f(w.queued)}; request->end ${f(w.total)}`;
    const counts = `${w.connections} connections, ${w.requests} answers, RSS ${w.rssMb.toFixed(0)} MB at the end`;
    console.log(`  worker ${pid}: ${counts}; ${times}; ${loop}; GC ${gc.join(', ')}`);
  }
}

/**
 * One round: autocannon's figures and the CPU time per answer of all the server's processes (what an answer costs,
 * whatever else the machine runs), of their main threads and of the demo backend; each worker's CPU as % of a core.
 */
async function measure(base: string, path: string, connections: number, duration: number, primary: number, label = '') {
  if (opts.probe) await askWorkers(primary, 'SIGWINCH', 2);
  const [cpu0, client0, t0] = [serverCpu(primary), process.cpuUsage(), Date.now()];
  const backend0 = cpuMs(`/proc/${backendPid}`);
  const r = await autocannon({ url: `${base}${path}`, connections, duration, headers: ACCEPT, timeout: 10 });
  const [cpu, ms, client] = [serverCpu(primary), Date.now() - t0, process.cpuUsage(client0)];
  if (opts.probe) await printProbe(primary, `${label} ${path} at ${connections} connections`, r, client);
  const perAnswer = (ms: number) => ms / r.requests.total;
  return {
    connections, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors,
    non2xx: r.non2xx, codes: codesOf(r), cpuPerAnswer: perAnswer(cpu.all - cpu0.all),
    mainPerAnswer: perAnswer(cpu.main - cpu0.main),
    backendCpuPerAnswer: perAnswer(cpuMs(`/proc/${backendPid}`) - backend0),
    split: [...cpu.each].map(([pid, used]) => (((used - (cpu0.each.get(pid) ?? 0)) / ms) * 100).toFixed(0)).join('+'),
  };
}

type Row = { target: string; mode: string } & Awaited<ReturnType<typeof measure>>;

function print(rows: Row[]): void {
  // each build's rows against its own static asset's (the baseline's rows say 'baseline')
  const staticRps = (r: Row) => rows.find((s) => s.target === 'static asset' && s.connections === r.connections &&
    s.mode.includes('baseline') === r.mode.includes('baseline'))?.rps ?? NaN;
  const columns = ['target', 'mode', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'x static',
    'server CPU ms/answer (main thread)', 'backend CPU ms/answer', 'workers, % of a core'];
  console.log(`\n| ${columns.join(' | ')} |\n|${'---|'.repeat(columns.length)}`);
  for (const r of rows) {
    const cells = [r.target, r.mode, r.connections, r.rps.toFixed(0), r.p50, r.p99, r.errors,
      `${r.non2xx}${r.codes ? ` (${r.codes})` : ''}`, (r.rps / staticRps(r)).toFixed(2),
      `${r.cpuPerAnswer.toFixed(1)} (${r.mainPerAnswer.toFixed(1)})`, r.backendCpuPerAnswer.toFixed(1), r.split];
    console.log(`| ${cells.join(' | ')} |`);
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
 * RSS and heap of every worker at the start, the middle and the end of `total` varied requests, after one warm-up pass
 * over every URL (so what the process keeps per URL, JIT code and caches are in before the first figure).
 */
async function rssOver(base: string, primary: number, paths: string[], total: number, label: string): Promise<void> {
  // per worker: RSS, the V8 heap right after a full GC (what the process retains) and before it, and the memory outside
  // the V8 heap that V8 knows of (external: Buffers), in MB
  const mb = (n: number | undefined) => Math.round(((n ?? NaN) / 1024 / 1024) * 10) / 10;
  const workerMemory = async () => {
    const reports = await askWorkers<Record<'after' | 'before', NodeJS.MemoryUsage>>(primary, 'SIGUSR2', 60);
    return reports.map(({ pid, mb: rss, report }) => ({
      pid,
      rss: report ? mb(report.after.rss) : rss,
      heap: mb(report?.after.heapUsed),
      heapBeforeGc: mb(report?.before.heapUsed),
      external: mb(report?.after.external),
    }));
  };
  const requests = paths.map((path) => ({ path }));
  const run = (amount: number) => autocannon({ url: base, connections: 20, amount, requests, headers: ACCEPT });
  await run(paths.length * 2);
  const start = await workerMemory();
  const first = await run(Math.floor(total / 2));
  const middle = await workerMemory();
  const second = await run(total - Math.floor(total / 2));
  const end = await workerMemory();
  const codes = [codesOf(first), codesOf(second)].filter(Boolean).join('; ');
  const non2xx = `${first.non2xx + second.non2xx}${codes ? ` (${codes})` : ''}`;
  const errors = first.errors + second.errors;
  console.log(`\nMemory per worker over ${total} varied requests, ${label} (${paths.length} distinct URLs, after a warm-up pass; ${non2xx} non-2xx, ${errors} errors): start -> middle -> end (second half)`);
  const pct = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`;
  for (const s of start) {
    const m = middle.find((a) => a.pid === s.pid);
    const e = end.find((a) => a.pid === s.pid);
    if (!m || !e) continue;
    const over = (k: keyof typeof s) => `${s[k]} -> ${m[k]} -> ${e[k]} MB`;
    const heap = `heap after GC ${over('heap')} (${pct(m.heap, e.heap)}); heap before GC ${over('heapBeforeGc')}`;
    console.log(`  worker ${s.pid}: RSS ${over('rss')} (${pct(m.rss, e.rss)}); ${heap}; external ${over('external')}`);
  }
}

const linesOf = (files: string[]) =>
  files.reduce((n, f) => n + readFileSync(join(root, f), 'utf8').split('\n').length - 1, 0);

/**
 * The storefront edge's size (ui/server.ts, ui/server-main.ts and ui/edge/*.ts without tests) and the build scripts'
 * (scripts/build.mjs and the scripts/*.mjs it imports), in lines.
 */
function sizes(): string {
  const edge = readdirSync(join(root, 'ui/edge')).filter((f) => /\.ts$/.test(f) && !/\.test\.tsx?$/.test(f));
  const edgeFiles = ['ui/server.ts', 'ui/server-main.ts', ...edge.map((f) => `ui/edge/${f}`)];
  const build = ['scripts/build.mjs'];
  for (const f of build) {
    for (const [, name] of readFileSync(join(root, f), 'utf8').matchAll(/from '\.\/([\w-]+\.mjs)'/g)) {
      if (!build.includes(`scripts/${name}`)) build.push(`scripts/${name}`);
    }
  }
  const edgeWhat = 'ui/server.ts, ui/server-main.ts, ui/edge/*.ts without tests';
  return `edge: ${linesOf(edgeFiles)} lines in ${edgeFiles.length} files (${edgeWhat})\n` +
    `build scripts: ${linesOf(build)} lines in ${build.join(', ')}`;
}

async function main(): Promise<void> {
  if (opts['lines-only']) return console.log(sizes());
  const build = () => spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' }).status === 0;
  if (!opts['no-build'] && !build()) throw new Error('build failed');
  const apiPort = await freePort();
  const backend = await startChild('dist/backend.mjs', ['--reset', '--port', String(apiPort), '--data-dir', mkdtempSync(join(tmpdir(), 'bench-ssr-'))], {});
  backendPid = backend.pid!;
  const api = `http://127.0.0.1:${apiPort}`;
  const [productPath] = await urlPaths(api, 'product', [{ terms: { type_id: ['configurable'] } }, { terms: { visibility: [4] } }]);
  const PAGES = Object.entries({ home: '/', category: '/inpakpapier/kerst', 'configurable product': productPath! })
    .filter(([name]) => !PAGE_FILTER || PAGE_FILTER.some((f) => name.includes(f)));
  const productPaths = [productPath!, ...(await urlPaths(api, 'product', [{ terms: { visibility: [2, 3, 4] } }], 20))];
  const rows: Row[] = [];
  const started = Date.now();
  const load0 = loadAverage();
  const env: Record<string, string> = {
    API_URL: api,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${join(root, 'scripts/bench/probe.mjs')}`.trim(),
    BENCH_PROBE_DIR: probeDir,
    ...(opts.probe ? { BENCH_LATENCY: '1' } : {}),
    ...(opts.workers ? { WEB_CONCURRENCY: opts.workers } : {}),
  };
  try {
    for (const mode of MODES) {
      const modeEnv = { ...env, ...(mode === 'output cache' ? { OUTPUT_CACHE: '1' } : {}) };
      // this build, then the baseline's with ', baseline' in its rows' mode; each round runs on one, then the other
      const builds = [{ server: join(root, 'dist/server.mjs'), suffix: '' }];
      if (opts.baseline) builds.push({ server: opts.baseline, suffix: ', baseline' });
      const running: Array<{ server: string; suffix: string; base: string; child: ChildProcess }> = [];
      try {
        for (const b of builds) {
          const port = await freePort();
          // a baseline that cannot start (a copy of dist/ outside the repo, where its packages do not resolve: link
          // node_modules beside it) throws here, and the finally below stops what did start
          const child = await startChild(b.server, [], { ...modeEnv, PORT: String(port) }, /storefront listening/);
          running.push({ ...b, base: `http://127.0.0.1:${port}`, child });
        }
        // warm up: every page rendered once (and cached in the cached run), JIT warm
        for (const [, path] of PAGES) {
          for (const { base } of running) {
            await autocannon({ url: `${base}${path}`, connections: 4, amount: WARMUP, headers: ACCEPT });
          }
        }
        if (mode === 'uncached') {
          console.log(await firstVisitBytes(running[0]!.base));
          for (const { server, base } of running) console.log(`${server}:\n${await pageBytes(base, PAGES)}`);
          if (opts['bytes-only']) return;
        }
        for (const connections of CONNECTIONS) {
          for (const { server, suffix, base, child } of mode === 'uncached' ? running : []) {
            // the build's entry script, named in dist/client/manifest.json beside its server.mjs
            const { entry } = JSON.parse(readFileSync(join(dirname(server), 'client/manifest.json'), 'utf8'));
            const row = await measure(base, `/dist/${entry}`, connections, DURATION, child.pid!);
            rows.push({ target: 'static asset', mode: `precompressed${suffix}`, ...row });
          }
          for (const [name, path] of PAGES) {
            const seconds = opts.long && connections === 200 && name !== 'home' && mode === 'uncached' ? 60 : DURATION;
            for (const { suffix, base, child } of running) {
              const row = await measure(base, path, connections, seconds, child.pid!, `${name}, ${mode}${suffix}:`);
              rows.push({ target: name, mode: `${mode}${suffix}`, ...row });
            }
            process.stdout.write('.');
          }
        }
        const [shop, ...others] = running;
        for (const { child } of others) await stopChild(child);
        const [rss, label] = mode === 'uncached'
          ? [RSS_UNCACHED_REQUESTS, 'uncached (every request rendered)'] : [RSS_REQUESTS, 'output cache on'];
        if (rss > 0) await rssOver(shop!.base, shop!.child.pid!, variedPaths(productPaths), rss, label);
      } finally {
        for (const { child } of running) await stopChild(child);
      }
    }
  } finally {
    await stopChild(backend);
    if (process.env.BENCH_HEAP_SNAPSHOT !== '1') rmSync(probeDir, { recursive: true, force: true });
    else console.log(`heap snapshots: ${probeDir}`);
  }
  print(rows);
  console.log(`\n${sizes()}`);
  const long = opts.long ? ' (60 s at 200 connections on category and product, uncached)' : '';
  const workerCount = opts.workers ? `WEB_CONCURRENCY=${opts.workers}` : 'WEB_CONCURRENCY unset (a worker per core)';
  const total = `total ${((Date.now() - started) / 1000).toFixed(0)} s`;
  console.log(`\n${DURATION} s per round${long}; ${workerCount}; ${total}; load average ${load0} -> ${loadAverage()}`);
}

await main();
