import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { startStorefront, type RunningStorefront } from './server';
import { INVALIDATE_PEERS, outputCacheFromEnv } from './edge/output-cache';
import { serverConfig } from './edge/server-config';
import { createConfig } from '../core/config';
import { answerClusterMetrics, metricsKeyProblem } from './edge/metrics';
import { jsonLogger, lifecycleLogger, logLevel, type LogLevelName } from '../adapters/common/json-logs';

/**
 * CLI entry of the storefront server (bundled to dist/server-app.mjs, started through dist/server.mjs).
 * WEB_CONCURRENCY workers (default the core count; 1 runs in this process) share the port through node:cluster, each a
 * whole storefront. Spreading connections evenly over machines and processes is the load balancer's job
 * (docs/deploy.md: `leastconn`). A worker that dies is replaced after a back-off that doubles while workers keep
 * dying; a crash loop stops the server with one log line. SIGTERM: stop accepting, finish the requests in flight, exit.
 * Logs: pino's JSON lines on stdout at LOG_LEVEL (default info: a line per request; adapters/common/json-logs.ts).
 */
const here = dirname(fileURLToPath(import.meta.url));
const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const apiUrl = env.API_URL ?? `http://127.0.0.1:${env.API_PORT ?? 8080}`;
const workers = Math.max(1, Number(env.WEB_CONCURRENCY) || availableParallelism());
/** a worker that dies is replaced after this long, doubled for each death within a minute of the one before */
const RESPAWN_FIRST_MS = 250;
/** this many deaths, each within a minute of the one before: a crash loop (4 s of back-off), the server stops */
const CRASH_LOOP_DEATHS = 5;

// a LOG_LEVEL that is not a level stops the start (the primary's, before any worker), saying which levels there are
let level: LogLevelName;
try {
  level = logLevel(env.LOG_LEVEL);
} catch (e) {
  jsonLogger({ name: 'storefront' }).fatal(`storefront not started: ${(e as Error).message}`);
  process.exit(1);
}
const log = jsonLogger({ name: 'storefront', level });
/** starts, warm-ups and listening: written at any level but silent (scripts wait for "listening") */
const lifecycle = lifecycleLogger(log);

/** the output cache's bounds, the workers' heap and warm-up (ui/edge/server-config.ts), with the environment's overrides */
const server = serverConfig(env);

/** GTM_CONTAINER_ID as Google Tag Manager writes it (GTM-XXXXXXX); anything else stops the start: it ends up in pages */
function tagManagerId(id: string): string {
  if (!/^GTM-[A-Z0-9]{4,12}$/.test(id)) {
    log.fatal(`storefront not started: GTM_CONTAINER_ID must look like GTM-XXXXXXX (letters A-Z and digits), not ${JSON.stringify(id.slice(0, 40))}`);
    process.exit(1);
  }
  return id;
}

/** METRICS_KEY (GET /metrics, ui/edge/metrics.ts): a key that will not do stops the start, in the primary and each worker */
const metricsKey = env.METRICS_KEY || undefined;
const metricsKeyWrong = metricsKey === undefined ? undefined : metricsKeyProblem(metricsKey);
if (metricsKeyWrong) {
  log.fatal(metricsKeyWrong);
  process.exit(1);
}

const WORKER_LISTENING = 'listening';

async function serve(): Promise<RunningStorefront> {
  const cache = outputCacheFromEnv(env, server, log);
  const running = await startStorefront({
    port,
    host,
    apiUrl,
    clientDir: join(here, 'client'),
    ...(Number(env.STOREFRONT_RENDERS_AT_ONCE) >= 1 ? { renderConcurrency: Math.floor(Number(env.STOREFRONT_RENDERS_AT_ONCE)) } : {}),
    hsts: env.HSTS === '1',
    ...(cache ? { outputCache: cache } : {}),
    ...(env.INVALIDATE_KEY ? { invalidationKey: env.INVALIDATE_KEY } : {}),
    ...(metricsKey ? { metricsKey } : {}),
    ...(env.PUBLIC_URL ? { publicOrigin: new URL(env.PUBLIC_URL).origin } : {}),
    // the load balancers in front (comma-separated IPs or CIDRs); unset: none is trusted
    trustedProxies: (env.TRUSTED_PROXIES ?? '').split(',').map((p) => p.trim()).filter(Boolean),
    ...(env.GTM_CONTAINER_ID ? { config: createConfig({ api: { url: apiUrl }, analytics: { tagManagerContainerId: tagManagerId(env.GTM_CONTAINER_ID) } }) } : {}),
    warmUp: { renders: server.workerWarmUpRenders, maxMs: server.workerWarmUpMaxMs },
    logger: log,
  });
  const w = running.warmedUp;
  if (w && w.renders > 0) lifecycle.info(`storefront ${cluster.isWorker ? `worker ${process.pid}` : 'process'} warmed up: ${w.renders} renders of ${w.pages.join(' ') || 'no page'} in ${w.ms} ms${w.stopped ? ` (stopped: ${w.stopped})` : ''}`);
  // the primary says the shop is listening once every worker has said so (after its warm-up line)
  process.send?.({ kind: WORKER_LISTENING });
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
  if (env.STOREFRONT_REPORT_MODULES) {
    // tests: which modules the running server loaded, written when it exits (checks React's production build)
    const { createRequire } = await import('node:module');
    const { writeFileSync } = await import('node:fs');
    const required = createRequire(import.meta.url).cache;
    // only modules that ran: node's ESM loader also lists, unloaded, every file a CommonJS package might re-export
    const ran = () => Object.values(required).flatMap((m) => (m?.loaded ? [m.filename] : []));
    process.on('exit', () => writeFileSync(`${env.STOREFRONT_REPORT_MODULES}.${process.pid}`, JSON.stringify(ran())));
  }
  return running;
}

/**
 * V8 lets garbage pile up between full GCs until its old generation reaches a limit of its own choosing (hundreds of
 * MB): workers get `--max-old-space-size` = ServerConfig.workerHeapMb and a young generation of workerSemiSpaceMb (0 = V8's),
 * unless node was started with them.
 */
function workerExecArgv(): string[] {
  const flags = [...process.execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  const given = (name: string) => flags.some((a) => a.startsWith(name));
  const out = [...process.execArgv];
  if (!given('--max-old-space-size')) out.push(`--max-old-space-size=${server.workerHeapMb}`);
  if (!given('--max-semi-space-size') && server.workerSemiSpaceMb > 0) out.push(`--max-semi-space-size=${server.workerSemiSpaceMb}`);
  return out;
}

if (workers > 1 && cluster.isPrimary) supervise();
else
  serve().then(
    ({ url }) => {
      if (cluster.isPrimary) lifecycle.info(`storefront listening on ${url} (1 worker, NODE_ENV=${env.NODE_ENV})`);
    },
    (e: unknown) => {
      log.fatal({ err: e }, 'storefront could not start');
      process.exit(1);
    },
  );

/**
 * The primary: forks the workers, passes a worker's invalidation on to the others, replaces a worker that dies (after
 * a back-off), and on SIGTERM or SIGINT tells every worker to stop (each finishes what it has) and exits once all have.
 */
function supervise(): void {
  // each worker accepts from the shared socket itself, one connection at a time (UV_TCP_SINGLE_ACCEPT), instead of the
  // primary handing each over and waiting for the busy worker to take it: a burst of connections spreads over them
  if (!env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ execArgv: workerExecArgv() });
  // a worker asked for /metrics gets the sum over every worker from here (ui/edge/metrics.ts)
  answerClusterMetrics();
  const fork = () => cluster.fork({ UV_TCP_SINGLE_ACCEPT: env.UV_TCP_SINGLE_ACCEPT ?? '1' });
  let stopping = false;
  let listening = 0;
  let deaths = 0;
  let lastDeath = 0;
  cluster.on('message', (from, m: { kind?: string } | undefined) => {
    if (m?.kind === WORKER_LISTENING && ++listening === workers) lifecycle.info(`storefront listening on http://${host}:${port} (${workers} workers, NODE_ENV=${env.NODE_ENV})`);
    if (m?.kind !== INVALIDATE_PEERS) return;
    for (const w of Object.values(cluster.workers ?? {})) if (w && w !== from) w.send(m);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    const now = Date.now();
    deaths = now - lastDeath < 60_000 ? deaths + 1 : 1;
    lastDeath = now;
    if (deaths >= CRASH_LOOP_DEATHS) {
      log.fatal(`storefront: ${deaths} workers died within a minute of each other (the last: ${signal ?? `exit code ${code}`}); a crash loop, stopping`);
      stop(1);
      return;
    }
    const wait = RESPAWN_FIRST_MS * 2 ** (deaths - 1);
    log.error(`storefront worker ${worker.process.pid} died (${signal ?? code}); another starts in ${wait} ms`);
    setTimeout(() => stopping || fork(), wait);
  });
  const stop = (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    const alive = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    if (alive.length === 0) process.exit();
    for (const w of alive) w.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop());
  process.on('SIGINT', () => stop());
  for (let i = 0; i < workers; i++) fork();
}
