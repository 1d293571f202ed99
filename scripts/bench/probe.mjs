/**
 * Bench-only preload: `node scripts/bench/run.mjs ssr` starts the storefront with NODE_OPTIONS=--import=<this file> and
 * BENCH_PROBE_DIR=<a temp folder>; the production server never loads it. On a signal a process writes
 * `<BENCH_PROBE_DIR>/<pid>-<signal>.json`, which the bench waits for:
 * - SIGUSR2: a full GC, then its memory before and after it (what is retained, not the garbage of the last requests);
 *   with BENCH_HEAP_SNAPSHOT=1 also a heap snapshot `<pid>-<n>.heapsnapshot` (an investigation, not a figure);
 * - SIGWINCH (ignored by Node otherwise), with BENCH_LATENCY=1 (`ssr --probe`): what it counted since the last one, then
 *   it counts afresh: connections accepted, requests answered and per request the time from its 'request' event to its
 *   first body write (route loads + the wait for a render place) and to its end; GC pauses by kind; event-loop delay;
 *   CPU time.
 */
import http from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

const dir = process.env.BENCH_PROBE_DIR;
const report = (signal, data) => {
  const file = join(dir, `${process.pid}-${signal}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify({ pid: process.pid, ...data }));
  renameSync(`${file}.tmp`, file);
};

if (dir) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  let n = 0;
  process.on('SIGUSR2', () => {
    const before = process.memoryUsage();
    gc();
    const after = process.memoryUsage();
    n++;
    const snapshot = process.env.BENCH_HEAP_SNAPSHOT === '1' ? v8.writeHeapSnapshot(join(dir, `${process.pid}-${n}.heapsnapshot`)) : undefined;
    report('SIGUSR2', { n, before, after, snapshot });
  });
}

if (dir && process.env.BENCH_LATENCY === '1') {
  const GC_KINDS = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental', 8: 'weak-callbacks' };
  const fresh = () => ({ connections: 0, requests: 0, queued: [], total: [], gc: {}, since: performance.now(), cpu: process.cpuUsage() });
  let s = fresh();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();

  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = GC_KINDS[e.detail?.kind] ?? String(e.detail?.kind);
      const g = (s.gc[kind] ??= { count: 0, ms: 0, max: 0 });
      g.count++;
      g.ms += e.duration;
      g.max = Math.max(g.max, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === 'connection') s.connections++;
    else if (event === 'request') {
      const [, res] = args;
      const t0 = performance.now();
      let first = 0;
      const write = res.write;
      res.write = function (...w) {
        if (!first) first = performance.now();
        return write.apply(this, w);
      };
      const counted = s;
      res.once('finish', () => {
        if (counted !== s) return; // a request of the previous round
        const t = performance.now();
        s.requests++;
        s.queued.push((first || t) - t0);
        s.total.push(t - t0);
      });
    }
    return emit.call(this, event, ...args);
  };

  const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
  const summary = (xs) => ({ p50: pct(xs, 50), p90: pct(xs, 90), p99: pct(xs, 99), max: pct(xs, 100), mean: xs.reduce((a, b) => a + b, 0) / (xs.length || 1) });

  process.on('SIGWINCH', () => {
    const cpu = process.cpuUsage(s.cpu);
    report('SIGWINCH', {
      seconds: (performance.now() - s.since) / 1000,
      connections: s.connections,
      requests: s.requests,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssMb: process.memoryUsage().rss / 1024 / 1024,
      queued: summary(s.queued),
      total: summary(s.total),
      gc: s.gc,
      loopDelay: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6, mean: loop.mean / 1e6 },
    });
    s = fresh();
    loop.reset();
  });
}
