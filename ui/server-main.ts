import cluster, { type Worker } from 'node:cluster';
import { createServer as createNetServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { startStorefront, type RunningStorefront } from './server';
import { LruOutputCache } from '../adapters/cache/lru-output-cache';
import { RedisOutputCache } from '../adapters/cache/redis-output-cache';
import { SystemClock } from '../adapters/common/system-clock';
import type { OutputCache } from '../core/ports/output-cache';
import { DEFAULT_CONFIG } from '../core/config';
import { CONNECTIONS_REPORT, ConnectionBalancer, takeHandedConnections, WORKER_READY } from './edge/connection-balancer';

/**
 * CLI entry of the storefront server (bundled to dist/server-app.mjs, started through dist/server.mjs).
 * One worker per core (node:cluster; WEB_CONCURRENCY, default the core count; 1 runs in this process), each a whole
 * storefront. The primary accepts the connections and hands each to the worker with the fewest open
 * (ui/edge/connection-balancer.ts); NODE_CLUSTER_SCHED_POLICY=rr|none leaves it to node:cluster instead, the workers
 * sharing the port. SIGTERM: stop accepting, finish the requests in flight, then exit.
 */
const here = dirname(fileURLToPath(import.meta.url));
const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const apiUrl = env.API_URL ?? `http://127.0.0.1:${env.API_PORT ?? 8080}`;
const workers = Math.max(1, Number(env.WEB_CONCURRENCY) || availableParallelism());
/** the primary hands connections over (the default with more than one worker); else node:cluster's scheduling */
const HANDED_ENV = 'STOREFRONT_HANDED_CONNECTIONS';
const handedByPrimary = cluster.isWorker ? env[HANDED_ENV] === '1' : workers > 1 && !env.NODE_CLUSTER_SCHED_POLICY;

function outputCache(): OutputCache | undefined {
  // REDIS_URL: pages shared by every worker and machine; OUTPUT_CACHE=1: an in-memory LRU per process (off by default, as upstream)
  // the bounds: ShopConfig.server.outputCache* (OUTPUT_CACHE_SIZE overrides the entries)
  const bounds = DEFAULT_CONFIG.server;
  if (env.REDIS_URL) return new RedisOutputCache(env.REDIS_URL, { prefix: env.REDIS_PREFIX ?? 'storefront:', maxVariantsPerPage: bounds.outputCacheMaxVariantsPerPage });
  if (env.OUTPUT_CACHE === '1') {
    const maxEntries = Number(env.OUTPUT_CACHE_SIZE) > 0 ? Number(env.OUTPUT_CACHE_SIZE) : bounds.outputCacheMaxEntries;
    const lru = new LruOutputCache(
      {
        maxEntries,
        maxBytes: bounds.outputCacheMaxBytes,
        maxVariants: Math.min(bounds.outputCacheMaxVariants, Math.ceil(maxEntries / 2)),
        maxVariantsPerPage: bounds.outputCacheMaxVariantsPerPage,
      },
      new SystemClock(),
    );
    return cluster.isWorker ? invalidatedEverywhere(lru) : lru;
  }
  return undefined;
}

const INVALIDATE_PEERS = 'output-cache:invalidate';

/**
 * Per-worker LRUs: an /invalidate one worker answers is passed, through the primary, to every other worker's cache
 * (a Redis cache is one for all and needs no messages).
 */
function invalidatedEverywhere(cache: LruOutputCache): OutputCache {
  process.on('message', (m: { kind?: string; tag?: string }) => {
    if (m?.kind === INVALIDATE_PEERS && typeof m.tag === 'string') void cache.invalidate(m.tag);
  });
  return {
    get: (key) => cache.get(key),
    set: (key, page, ttl, options) => cache.set(key, page, ttl, options),
    claimRefresh: (key, lease) => cache.claimRefresh(key, lease),
    clear: () => cache.clear(),
    invalidate(tag) {
      process.send?.({ kind: INVALIDATE_PEERS, tag });
      return cache.invalidate(tag);
    },
  };
}

async function serve(): Promise<RunningStorefront> {
  const cache = outputCache();
  const running = await startStorefront({
    // a worker the primary hands connections to listens privately (see StorefrontOptions.exclusive)
    ...(handedByPrimary ? { port: 0, host: '127.0.0.1', exclusive: true } : { port, host }),
    apiUrl,
    clientDir: join(here, 'client'),
    ...(Number(env.STOREFRONT_RENDERS_AT_ONCE) >= 1 ? { renderConcurrency: Math.floor(Number(env.STOREFRONT_RENDERS_AT_ONCE)) } : {}),
    hsts: env.HSTS === '1',
    ...(cache ? { outputCache: cache } : {}),
    ...(env.INVALIDATE_KEY ? { invalidationKey: env.INVALIDATE_KEY } : {}),
    ...(env.PUBLIC_URL ? { publicOrigin: new URL(env.PUBLIC_URL).origin } : {}),
    warmUp: warmUpOptions(),
  });
  const w = running.warmedUp;
  if (w && w.renders > 0) console.log(`storefront ${cluster.isWorker ? `worker ${process.pid}` : 'process'} warmed up: ${w.renders} renders of ${w.pages.join(' ') || 'no page'} in ${w.ms} ms${w.stopped ? ` (stopped: ${w.stopped})` : ''}`);
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void running
      .close()
      .then(() => (cache as { quit?: () => Promise<void> } | undefined)?.quit?.())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (handedByPrimary) {
    takeHandedConnections((socket, acceptedAt) => running.take(socket, acceptedAt));
    process.send?.({ kind: WORKER_READY });
  }
  if (env.STOREFRONT_REPORT_MODULES) {
    // tests: which modules the running server loaded, written when it exits (checks React's production build)
    const { createRequire } = await import('node:module');
    const { writeFileSync } = await import('node:fs');
    const cache = createRequire(import.meta.url).cache;
    // only modules that ran: node's ESM loader also lists, unloaded, every file a CommonJS package might re-export
    // (react/index.js names both its builds) while it looks for named exports
    const ran = () => Object.values(cache).flatMap((m) => (m?.loaded ? [m.filename] : []));
    process.on('exit', () => writeFileSync(`${env.STOREFRONT_REPORT_MODULES}.${process.pid}`, JSON.stringify(ran())));
  }
  return running;
}

/** STOREFRONT_WARMUP_RENDERS (0: none) and STOREFRONT_WARMUP_MS, else ShopConfig.server.workerWarmUp* */
function warmUpOptions(): { renders: number; maxMs: number } {
  const number = (v: string | undefined, fallback: number) => (v !== undefined && v !== '' && Number(v) >= 0 ? Number(v) : fallback);
  return { renders: number(env.STOREFRONT_WARMUP_RENDERS, DEFAULT_CONFIG.server.workerWarmUpRenders), maxMs: number(env.STOREFRONT_WARMUP_MS, DEFAULT_CONFIG.server.workerWarmUpMaxMs) };
}

/**
 * Issue 8 (RSS): V8 lets garbage pile up between full GCs until its old generation reaches a limit of its own choosing
 * (hundreds of MB on this machine: a worker held ~90 MB live after a GC and ~280 MB before one, RSS 500 MB and growing
 * over 20,000 requests). Workers get `--max-old-space-size` = STOREFRONT_HEAP_MB (default
 * ShopConfig.server.workerHeapMb), unless node was started with one (NODE_OPTIONS or the command line).
 */
function workerExecArgv(): string[] {
  const flags = [...process.execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  const given = (name: string) => flags.some((a) => a.startsWith(name));
  const out = [...process.execArgv];
  const mb = Number(env.STOREFRONT_HEAP_MB) > 0 ? Number(env.STOREFRONT_HEAP_MB) : DEFAULT_CONFIG.server.workerHeapMb;
  if (!given('--max-old-space-size')) out.push(`--max-old-space-size=${mb}`);
  // the young generation (issue 8, p99): STOREFRONT_SEMI_SPACE_MB, default ShopConfig.server.workerSemiSpaceMb; 0 = V8's
  const semi = env.STOREFRONT_SEMI_SPACE_MB !== undefined && env.STOREFRONT_SEMI_SPACE_MB !== '' ? Number(env.STOREFRONT_SEMI_SPACE_MB) : DEFAULT_CONFIG.server.workerSemiSpaceMb;
  if (!given('--max-semi-space-size') && semi > 0) out.push(`--max-semi-space-size=${semi}`);
  return out;
}

if (workers > 1 && cluster.isPrimary && handedByPrimary) {
  primaryHandingConnections();
} else if (workers > 1 && cluster.isPrimary) {
  // Workers take connections from the shared socket themselves, one at a time (issue 8, fourth pass). Node's default
  // on Linux hands each connection from the primary to a worker and waits for the worker to take it before handing it
  // the next: a worker busy rendering took a few a second, so 200 connections opened at once reached the workers over
  // 11 s and a tenth of their first requests timed out (10 s) before any code of ours saw them. UV_TCP_SINGLE_ACCEPT
  // makes a worker yield after each accept, so a burst spreads over both (without it one took 3 in 4).
  if (!env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  let listening = 0;
  superviseWorkers({
    workerEnv: { UV_TCP_SINGLE_ACCEPT: env.UV_TCP_SINGLE_ACCEPT ?? '1' },
    onFork: (worker) =>
      worker.on('listening', () => {
        if (++listening === workers) console.log(`storefront listening on http://${host}:${port} (${workers} workers, NODE_ENV=${env.NODE_ENV})`);
      }),
  });
} else {
  serve().then(
    ({ url }) => {
      if (cluster.isPrimary) console.log(`storefront listening on ${url} (1 worker, NODE_ENV=${env.NODE_ENV})`);
    },
    (e: unknown) => {
      console.error('[storefront] could not start', e);
      process.exit(1);
    },
  );
}

/**
 * The primary as the one that accepts (issue 8, sixth pass): it listens on PORT itself, paused (it reads nothing), and
 * hands each connection to the worker with the fewest open connections (ui/edge/connection-balancer.ts); the workers
 * tell it when they are ready and when their connections close. Connections that come while no worker is ready wait
 * for one. A worker that dies is replaced; SIGTERM stops accepting, then every worker finishes what it has and exits.
 */
function primaryHandingConnections(): void {
  const balancer = new ConnectionBalancer();
  // noDelay: what node's HTTP server sets on the connections it accepts itself (the flag goes with the socket)
  const listener = createNetServer({ pauseOnConnect: true, noDelay: true }, (socket) => balancer.hand(socket));
  let listening = false;
  const ready = new Set<number>();
  const onReady = (worker: Worker) => {
    ready.add(worker.id);
    // the primary keeps its copy until the worker reports the connection taken (see ConnectionBalancer.remove)
    balancer.add({ id: worker.id, send: (message, socket, callback) => worker.send(message, socket, { keepOpen: true }, callback) });
    // listening once every worker is up (connections opened at once at the start are spread over all of them), or
    // 10 s after the first was: a worker that cannot start keeps the others from serving no longer than that
    if (ready.size >= workers) listen();
    else if (ready.size === 1) setTimeout(listen, 10_000).unref();
  };
  const workersOf = superviseWorkers({
    workerEnv: { [HANDED_ENV]: '1' },
    onMessage: (from, m) => {
      if (m.kind === CONNECTIONS_REPORT) balancer.report(from.id, Number(m.taken) || 0, Number(m.closed) || 0);
      else if (m.kind === WORKER_READY) onReady(from);
    },
    onExit: (worker) => {
      balancer.remove(worker.id, true);
      ready.delete(worker.id);
    },
    onStop: (alive) => {
      if (listening) listener.close();
      balancer.dropWaiting();
      // a stopping worker's connections stay its own: it finishes them
      for (const w of alive) balancer.remove(w.id, false);
    },
  });
  const listen = () => {
    if (listening || workersOf.stopping()) return;
    listening = true;
    listener.listen({ port, host }, () => console.log(`storefront listening on http://${host}:${port} (${workers} workers, NODE_ENV=${env.NODE_ENV}; connections handed out by the primary)`));
  };
  listener.on('error', (e) => {
    console.error('[storefront] could not listen', e);
    process.exitCode = 1;
    workersOf.stop();
  });
}

/** what a primary adds to superviseWorkers' common part */
interface Supervision {
  workerEnv: Record<string, string>;
  /** a worker just forked */
  onFork?(worker: Worker): void;
  /** a worker's message other than the peers' invalidations (which go to every other worker) */
  onMessage?(from: Worker, message: { kind?: string; taken?: number; closed?: number }): void;
  /** a worker exited (it is then replaced, unless stopping) */
  onExit?(worker: Worker): void;
  /** SIGTERM or SIGINT: before the workers are told to stop */
  onStop?(alive: Worker[]): void;
}

/**
 * What both kinds of primary do: fork `workers` workers, pass a worker's invalidation on to the others, replace a worker
 * that dies, and on SIGTERM or SIGINT tell every worker to stop (each finishes what it has) and exit once all have.
 */
function superviseWorkers(s: Supervision): { stop(): void; stopping(): boolean } {
  cluster.setupPrimary({ execArgv: workerExecArgv() });
  let stopping = false;
  const fork = () => {
    // forked first: `s.onFork?.(cluster.fork(…))` would skip the fork itself when there is no onFork
    const worker = cluster.fork(s.workerEnv);
    s.onFork?.(worker);
  };
  cluster.on('message', (from, m: { kind?: string } | undefined) => {
    if (m?.kind === INVALIDATE_PEERS) {
      for (const w of Object.values(cluster.workers ?? {})) if (w && w !== from) w.send(m);
    } else if (m) s.onMessage?.(from, m);
  });
  cluster.on('exit', (worker, code, signal) => {
    s.onExit?.(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    console.error(`storefront worker ${worker.process.pid} died (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    s.onStop?.(alive);
    if (alive.length === 0) process.exit();
    for (const w of alive) w.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  for (let i = 0; i < workers; i++) fork();
  return { stop, stopping: () => stopping };
}
