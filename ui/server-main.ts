import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { startStorefront } from './server';
import { LruOutputCache, type OutputCache } from './edge/lru-output-cache';
import { RedisOutputCache } from './edge/redis-output-cache';
import { serverConfig } from './edge/server-config';
import { createConfig } from '../core/config';
import { answerClusterMetrics, metricsKeyProblem } from './edge/metrics';
import pLimit from 'p-limit';
import { jsonLogger, lifecycleLogger, logLevel } from '../adapters/common/json-logs';

/**
 * CLI entry of the storefront (dist/server-app.mjs, started through dist/server.mjs): WEB_CONCURRENCY workers (default
 * the core count; 1 runs in this process) share the port through node:cluster, each a whole storefront; spreading
 * connections evenly is the load balancer's job (docs/deploy.md: `leastconn`).
 */
const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const apiUrl = env.API_URL ?? `http://127.0.0.1:${env.API_PORT ?? 8080}`;
const workers = Math.max(1, Number(env.WEB_CONCURRENCY) || availableParallelism());

// a setting that will not do stops the start (the primary's, before any worker), saying why
function stopStart(message: string): never {
  jsonLogger({ name: 'storefront' }).fatal(message);
  process.exit(1);
}
const log = (() => {
  try {
    return jsonLogger({ name: 'storefront', level: logLevel(env.LOG_LEVEL) });
  } catch (e) {
    return stopStart(`storefront not started: ${(e as Error).message}`);
  }
})();
/** starts, warm-ups and listening: written at any level but silent (scripts wait for "listening") */
const lifecycle = lifecycleLogger(log);
const server = serverConfig(env);
const metricsKey = env.METRICS_KEY || undefined;
const metricsKeyWrong = metricsKey && metricsKeyProblem(metricsKey);
if (metricsKeyWrong) stopStart(metricsKeyWrong);
// the container id ends up in pages
const gtm = env.GTM_CONTAINER_ID;
if (gtm && !/^GTM-[A-Z0-9]{4,12}$/.test(gtm)) {
  stopStart(`GTM_CONTAINER_ID must look like GTM-XXXXXXX (A-Z and digits), not ${JSON.stringify(gtm.slice(0, 40))}`);
}

/** the message a worker's /invalidate sends through the primary to every other worker's in-process cache */
const INVALIDATE_PEERS = 'output-cache:invalidate';

/**
 * The output cache the environment asks for: REDIS_URL (REDIS_PREFIX), shared by every worker and machine;
 * OUTPUT_CACHE=1, one per process, a worker's invalidations passed on through the primary; else none (as upstream).
 */
function outputCache(): OutputCache | undefined {
  const { outputCacheMaxVariantsPerPage: maxVariantsPerPage } = server;
  const redisOptions = { prefix: env.REDIS_PREFIX, maxVariantsPerPage, logger: log };
  if (env.REDIS_URL) return new RedisOutputCache(env.REDIS_URL, redisOptions);
  if (env.OUTPUT_CACHE !== '1') return undefined;
  const limits = { maxEntries: server.outputCacheMaxEntries, maxBytes: server.outputCacheMaxBytes, maxVariantsPerPage };
  const lru = new LruOutputCache({ ...limits, maxVariants: server.outputCacheMaxVariants });
  if (!cluster.isWorker) return lru;
  const invalidate = lru.invalidate.bind(lru);
  process.on('message', (m: { kind?: string; tag?: string }) => {
    if (m?.kind === INVALIDATE_PEERS && typeof m.tag === 'string') void invalidate(m.tag);
  });
  // this worker's own /invalidate: the other workers' caches too
  lru.invalidate = (tag) => {
    process.send?.({ kind: INVALIDATE_PEERS, tag });
    return invalidate(tag);
  };
  return lru;
}

async function serve(): Promise<string> {
  const cache = outputCache();
  const rendersAtOnce = Math.floor(Number(env.STOREFRONT_RENDERS_AT_ONCE));
  const running = await startStorefront({
    port,
    host,
    apiUrl,
    clientDir: join(dirname(fileURLToPath(import.meta.url)), 'client'),
    renderGate: rendersAtOnce >= 1 ? pLimit(rendersAtOnce) : undefined,
    hsts: env.HSTS === '1',
    outputCache: cache,
    invalidationKey: env.INVALIDATE_KEY || undefined,
    metricsKey,
    publicOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
    // the load balancers in front (comma-separated IPs or CIDRs); unset: none is trusted
    trustedProxies: (env.TRUSTED_PROXIES ?? '').split(',').map((p) => p.trim()).filter(Boolean),
    ...(gtm ? { config: createConfig({ api: { url: apiUrl }, analytics: { tagManagerContainerId: gtm } }) } : {}),
    warmUp: { renders: server.workerWarmUpRenders, maxMs: server.workerWarmUpMaxMs },
    logger: log,
  });
  const w = running.warmedUp;
  if (w && w.renders > 0) {
    const what = `${w.renders} renders of ${w.pages.join(' ') || 'no page'} in ${w.ms} ms`;
    const who = cluster.isWorker ? `worker ${process.pid}` : 'process';
    lifecycle.info(`storefront ${who} warmed up: ${what}${w.stopped ? ` (stopped: ${w.stopped})` : ''}`);
  }
  // the primary says the shop is listening once every worker has said so (after its warm-up line)
  process.send?.({ kind: 'listening' });
  // SIGTERM: finish what is in flight, then exit (once: Ctrl-C sends SIGINT to workers and the primary's SIGTERM)
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void running.close().then(() => cache?.quit?.()).finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return running.url;
}

if (workers > 1 && cluster.isPrimary) supervise();
else {
  serve().then(
    (url) => {
      // a worker's listening is said by the primary
      if (cluster.isPrimary) lifecycle.info(`storefront listening on ${url} (1 worker, NODE_ENV=${env.NODE_ENV})`);
    },
    (e: unknown) => {
      log.fatal({ err: e }, 'storefront could not start');
      process.exit(1);
    },
  );
}

/** Workers get ServerConfig's heap and semi-space (V8's own let garbage pile up) unless node was started with them. */
function workerExecArgv(): string[] {
  const given = [...process.execArgv, env.NODE_OPTIONS ?? ''].join(' ');
  const sizes = { '--max-old-space-size': server.workerHeapMb, '--max-semi-space-size': server.workerSemiSpaceMb };
  const missing = Object.entries(sizes).filter(([flag, mb]) => mb > 0 && !given.includes(flag));
  return [...process.execArgv, ...missing.map(([flag, mb]) => `${flag}=${mb}`)];
}

/**
 * The primary: forks the workers, passes a worker's invalidation on to the others, replaces a worker that dies after
 * 250 ms doubled for each death within a minute of the one before (the fifth such death is a crash loop: it stops),
 * and on SIGTERM or SIGINT tells every worker to stop and exits once all have.
 */
function supervise(): void {
  // each worker accepts from the shared socket itself, one connection at a time (the primary waited on busy workers)
  if (!env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ execArgv: workerExecArgv() });
  answerClusterMetrics();
  const fork = () => cluster.fork({ UV_TCP_SINGLE_ACCEPT: env.UV_TCP_SINGLE_ACCEPT ?? '1' });
  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  let stopping = false;
  let listening = 0;
  let deaths = 0;
  let lastDeath = 0;
  const stop = (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    if (alive().length === 0) process.exit();
    for (const w of alive()) w.process.kill('SIGTERM');
  };
  cluster.on('message', (from, m: { kind?: string } | undefined) => {
    if (m?.kind === 'listening' && ++listening === workers) {
      lifecycle.info(`storefront listening on http://${host}:${port} (${workers} workers, NODE_ENV=${env.NODE_ENV})`);
    }
    if (m?.kind === INVALIDATE_PEERS) for (const w of alive()) if (w !== from) w.send(m);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (alive().length === 0) process.exit();
      return;
    }
    deaths = Date.now() - lastDeath < 60_000 ? deaths + 1 : 1;
    lastDeath = Date.now();
    const how = signal ?? code;
    if (deaths >= 5) {
      log.fatal(`storefront: ${deaths} workers died a minute or less apart (the last: ${how}); a crash loop, stopping`);
      return stop(1);
    }
    const wait = 250 * 2 ** (deaths - 1);
    log.error(`storefront worker ${worker.process.pid} died (${how}); another starts in ${wait} ms`);
    setTimeout(() => stopping || fork(), wait);
  });
  process.on('SIGTERM', () => stop());
  process.on('SIGINT', () => stop());
  for (let i = 0; i < workers; i++) fork();
}
