/**
 * Bench-only preload (RSS): `node scripts/bench/run.mjs ssr` starts the storefront with
 * NODE_OPTIONS=--import=<this file> and BENCH_HEAP_DIR=<a temp folder>; the production server never loads it.
 *
 * On SIGUSR2 a process runs a full GC and writes `<BENCH_HEAP_DIR>/<pid>.json`: its RSS and V8 heap after the GC (what
 * is retained, not the garbage of the last requests) plus the heap before it; with BENCH_HEAP_SNAPSHOT=1 it also writes
 * a heap snapshot `<pid>-<n>.heapsnapshot` (seconds of work and a heap's worth of memory: an investigation, not a
 * figure). The bench sends the signal and waits for the file.
 */
import { writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

const dir = process.env.BENCH_HEAP_DIR;
if (dir) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  let n = 0;
  process.on('SIGUSR2', () => {
    const before = process.memoryUsage();
    gc();
    const after = process.memoryUsage();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, Math.round(s.space_used_size / 1024)]));
    n++;
    let snapshot;
    if (process.env.BENCH_HEAP_SNAPSHOT === '1') snapshot = v8.writeHeapSnapshot(join(dir, `${process.pid}-${n}.heapsnapshot`));
    const file = join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify({ pid: process.pid, n, before, after, spacesKB: spaces, snapshot }));
    renameSync(`${file}.tmp`, file);
  });
}
