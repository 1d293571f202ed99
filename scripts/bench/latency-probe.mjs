/**
 * Bench-only preload (the uncached category page's p99): `node scripts/bench/run.mjs ssr --probe` starts the
 * storefront with NODE_OPTIONS=--import=<this file> and BENCH_PROBE_DIR=<a temp folder>; the production server never
 * loads it.
 *
 * Every process counts, from the moment of its last reset: connections it accepted, requests it answered, and per
 * request the time from the request's 'request' event to its first body write (route loads + the wait for a render
 * place: the head is written once the render gate lets the request in) and to the answer's end; GC pauses by kind
 * (perf_hooks 'gc' entries); event-loop delay (monitorEventLoopDelay, 1 ms resolution); its CPU time. On SIGWINCH
 * (ignored by Node otherwise) it writes `<BENCH_PROBE_DIR>/<pid>.json` with those figures and starts counting afresh:
 * the bench sends it before and after a round and reads the second file.
 */
import http from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.BENCH_PROBE_DIR;
if (dir) {
  const GC_KINDS = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental', 8: 'weak-callbacks' };
  let fresh = () => ({ connections: 0, requests: 0, queued: [], total: [], gc: {}, since: performance.now(), cpu: process.cpuUsage() });
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

  const pct = (xs, p) => {
    if (!xs.length) return NaN;
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  };
  const summary = (xs) => ({ p50: pct(xs, 50), p90: pct(xs, 90), p99: pct(xs, 99), max: pct(xs, 100), mean: xs.reduce((a, b) => a + b, 0) / (xs.length || 1) });

  process.on('SIGWINCH', () => {
    const cpu = process.cpuUsage(s.cpu);
    const out = {
      pid: process.pid,
      seconds: (performance.now() - s.since) / 1000,
      connections: s.connections,
      requests: s.requests,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssMb: process.memoryUsage().rss / 1024 / 1024,
      queued: summary(s.queued),
      total: summary(s.total),
      gc: s.gc,
      loopDelay: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6, mean: loop.mean / 1e6 },
    };
    const file = join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(out));
    renameSync(`${file}.tmp`, file);
    s = fresh();
    loop.reset();
  });
}
