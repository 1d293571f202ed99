import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ROUTES } from '../../core/routing/routes';
import { matchAppRoute } from '../app/routes';
import { pageTargetProblem } from './request-safety';
import type { RenderGate } from './render-gate';

/**
 * `GET /metrics` in Prometheus's text format (prom-client), for the people who run the shop: requests and their time by
 * route kind, render time, output-cache results, the API calls the server makes, 503s, the render queue, and Node's own
 * figures (event-loop lag, heap, ...). The names are what alert rules are written against (docs/deploy.md "Metrics").
 *
 * Every process counts in its own registry. Under node:cluster (ui/server-main.ts) the primary serves no HTTP: the
 * worker that is asked sends the primary a message, the primary sums every worker's registry with prom-client's
 * AggregatorRegistry (answerClusterMetrics) and sends the text back. One process alone answers from its own registry.
 *
 * The answer is guarded by METRICS_KEY (`Authorization: Bearer <key>`, compared in constant time); without a key the
 * path answers 404 as an unknown one does (it is never rendered as a page). A client that sent 10 wrong keys within a
 * minute is answered 429 until the minute is over, even with the right key.
 */

/** what a request is counted as: a small fixed set, never the URL (every label value is a time series) */
export const ROUTE_KINDS = ['home', 'category', 'product', 'cms', 'page', 'api', 'static', 'shop-data', 'health', 'other'] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

/** what an API call of the server is counted as, from its path */
export const API_ENDPOINTS = ['catalog', 'url', 'cart', 'stock', 'user', 'order', 'cms', 'img', 'health', 'other'] as const;
export type ApiEndpoint = (typeof API_ENDPOINTS)[number];

/** ok: an answer below 400; client_error: 4xx; server_error: 5xx; no_answer: refused, reset or timed out */
export type ApiOutcome = 'ok' | 'client_error' | 'server_error' | 'no_answer';

/** the process's registry: what its /metrics answers alone, or what its worker gives the primary to sum */
export const registry = new Registry();

const requests = new Counter({ name: 'storefront_http_requests_total', help: 'HTTP requests answered, by route kind and status', labelNames: ['route', 'status'] as const, registers: [registry] });
const requestSeconds = new Histogram({ name: 'storefront_http_request_duration_seconds', help: 'Time from a request to its answer, by route kind', labelNames: ['route'] as const, registers: [registry] });
const renderSeconds = new Histogram({
  name: 'storefront_render_duration_seconds',
  help: "Time an uncached page took to make (its data loads and its HTML; not its wait for a render turn), by route kind",
  labelNames: ['route'] as const,
  registers: [registry],
});
const outputCache = new Counter({ name: 'storefront_output_cache_total', help: 'Output-cache lookups of pages: hit, miss or stale (served, renewed in the background)', labelNames: ['result'] as const, registers: [registry] });
const apiSeconds = new Histogram({
  name: 'storefront_api_request_duration_seconds',
  help: "Time from the server's call to the API to the API's answer head (page loads and the /api and /img pass-through), by endpoint and outcome",
  labelNames: ['endpoint', 'outcome'] as const,
  registers: [registry],
});
const apiFailures = new Counter({ name: 'storefront_api_failures_total', help: 'Calls to the API answered 5xx or not at all (refused, reset, timed out), by endpoint', labelNames: ['endpoint'] as const, registers: [registry] });
const unavailable = new Counter({ name: 'storefront_unavailable_total', help: 'Answers 503 to shoppers (pages, API pass-through, shop data; not health probes)', registers: [registry] });

if (cluster.isWorker) {
  // a worker's prom-client answers the primary's AggregatorRegistry with this registry (its listener comes with it), from
  // the moment the worker's code has loaded: the primary's sum waits for every worker it has
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** the render gates of this process's storefronts (one in production; tests start several) */
const gates = new Set<RenderGate>();
new Gauge({
  name: 'storefront_render_queue_length',
  help: 'Page renders waiting for a render turn (ui/edge/render-gate.ts)',
  registers: [registry],
  collect() {
    let waiting = 0;
    for (const gate of gates) waiting += gate.load().waiting;
    this.set(waiting);
  },
});

/** origins of the APIs this process's storefronts call, and how many storefronts call each */
const apiOrigins = new Map<string, number>();

let processWatched = false;
/** once per process, when its first storefront starts: Node's own metrics, the API calls seen by undici */
function watchProcess(): void {
  if (processWatched) return;
  processWatched = true;
  collectDefaultMetrics({ register: registry });
  watchApiCalls();
}

/**
 * Every HTTP call this process makes goes through undici (fetch under ky's page loads, reply-from's pass-through, the
 * readiness probe), which reports each on node:diagnostics_channel: the calls to a storefront's API are timed from
 * their start to the answer's head, with no wrapper around either client.
 */
function watchApiCalls(): void {
  const started = new WeakMap<object, { at: number; endpoint: ApiEndpoint }>();
  interface UndiciRequest {
    origin?: unknown;
    path?: unknown;
  }
  const finish = (request: object, outcome: ApiOutcome) => {
    const call = started.get(request);
    if (!call) return;
    started.delete(request);
    apiSeconds.observe({ endpoint: call.endpoint, outcome }, (performance.now() - call.at) / 1000);
    if (outcome === 'server_error' || outcome === 'no_answer') apiFailures.inc({ endpoint: call.endpoint });
  };
  diagnostics.subscribe('undici:request:create', (message) => {
    const { request } = message as { request: UndiciRequest };
    if (!apiOrigins.has(String(request.origin))) return;
    started.set(request, { at: performance.now(), endpoint: apiEndpointOf(String(request.path)) });
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    const status = response.statusCode;
    finish(request, status >= 500 ? 'server_error' : status >= 400 ? 'client_error' : 'ok');
  });
  diagnostics.subscribe('undici:request:error', (message) => finish((message as { request: object }).request, 'no_answer'));
}

/** An API path as an endpoint label (paths as vue-storefront-api names them: /api/catalog/..., /api/url/map, ...). */
export function apiEndpointOf(path: string): ApiEndpoint {
  const p = path.split('?', 1)[0]!;
  if (p === '/' || p === '') return 'health';
  // the first /api/ or /img/ of the path (an API_URL may have a path of its own before it)
  const m = /\/(api|img)\/(?:([a-z-]+)(?:\/([a-z-]+))?)?/i.exec(p);
  if (!m) return 'other';
  if (m[1]!.toLowerCase() === 'img') return 'img';
  const [first, second] = [m[2]?.toLowerCase(), m[3]?.toLowerCase()];
  if (first === 'catalog' || first === 'product') return 'catalog';
  if (first === 'ext' && second === 'cms-data') return 'cms';
  return first === 'url' || first === 'cart' || first === 'stock' || first === 'user' || first === 'order' ? first : 'other';
}

/** the route kinds of Fastify's routes by their pattern; '/*' is the pages' route (kind from the page) */
const KIND_OF_ROUTE = new Map<string, RouteKind>([
  ['/healthz', 'health'],
  ['/readyz', 'health'],
  ['/metrics', 'health'],
  ['/api/*', 'api'],
  ['/img/*', 'static'],
  ['/dist/*', 'static'],
  ['/sw.js', 'static'],
  ['/manifest.webmanifest', 'static'],
  ['/favicon.ico', 'static'],
  ['/shop-data/*', 'shop-data'],
]);

/** the route names of product pages (core/routing/routes.ts: the routes the tag manager knows as 'product') */
const PRODUCT_ROUTES = new Set(ROUTES.filter((r) => r.tagManagerName === 'product').map((r) => r.name));

/**
 * A page's kind from the route table (spec catalogue §2.1), through the UI's remembered matches (a render has matched
 * the same path); the URL dispatcher's paths ('*') are 'page' until resolved.
 */
export function pageKindOfPath(path: string): RouteKind {
  // a target the pages refuse (400) is matched against nothing: no route, no warning in the log, no remembered match
  if (pageTargetProblem(path)) return 'page';
  const name = matchAppRoute(path.split(/[?#]/, 1)[0]!)?.[0]?.route.name;
  if (name === 'home' || name === 'category') return name;
  if (name === 'cms-page') return 'cms';
  return name !== undefined && PRODUCT_ROUTES.has(name) ? 'product' : 'page';
}

/** the kind of a page the URL dispatcher resolved (spec catalogue §2.2): product, category, CMS page */
function resolvedKind(kind: unknown): RouteKind | undefined {
  return kind === 'product' ? 'product' : kind === 'category' ? 'category' : kind === 'cms_page' ? 'cms' : undefined;
}

/**
 * The kind of a cached page the URL dispatcher resolved, from what it shows (ui/app/page-tags.ts): a CMS page carries
 * `CP…`, a category page `C…`, a product page products (`P…`/`S…`) and neither.
 */
export function kindOfTags(tags: readonly string[]): RouteKind {
  if (tags.some((t) => t.startsWith('CP'))) return 'cms';
  if (tags.some((t) => /^C[^PB]/.test(t))) return 'category';
  if (tags.some((t) => /^[PS]/.test(t))) return 'product';
  return 'page';
}

/** the kinds pages found out while answering (what the URL dispatcher resolved), read when the answer is counted */
const pageKinds = new WeakMap<FastifyRequest, RouteKind>();

function notePageKind(request: FastifyRequest, kind: RouteKind | undefined): void {
  if (kind !== undefined && kind !== 'page') pageKinds.set(request, kind);
}

/** the output cache's answer to a page request: counted, and what the cached page shows names its kind */
export function countOutputCache(request: FastifyRequest, hit: { stale: boolean; page: { tags: readonly string[] } } | undefined): void {
  outputCache.inc({ result: hit ? (hit.stale ? 'stale' : 'hit') : 'miss' });
  if (hit) notePageKind(request, kindOfTags(hit.page.tags));
}

/** a page's data loaded (started at `since`, performance.now()): its kind noted; the milliseconds it took */
export function pageLoaded(request: FastifyRequest, state: Record<string, unknown>, since: number): number {
  notePageKind(request, resolvedKind((state['pageResolution'] as { kind?: unknown } | undefined)?.kind));
  return performance.now() - since;
}

/** an uncached page's HTML made: `ms` its loads and render took */
export function pageRendered(request: FastifyRequest, ms: number): void {
  renderSeconds.observe({ route: routeKindOf(request) }, ms / 1000);
}

function routeKindOf(request: FastifyRequest): RouteKind {
  const pattern = request.routeOptions.url;
  if (pattern === '/*') return pageKinds.get(request) ?? pageKindOfPath(request.url);
  return (pattern !== undefined && KIND_OF_ROUTE.get(pattern)) || 'other';
}

/** METRICS_KEY: undefined when it will do, else why not (a short key can be guessed; a Bearer token has no spaces) */
export function metricsKeyProblem(key: string): string | undefined {
  if (key.length < 16) return `METRICS_KEY must be at least 16 characters (it has ${key.length})`;
  if (!/^[\x21-\x7e]+$/.test(key)) return 'METRICS_KEY must be printable ASCII without spaces (it is sent as a Bearer token)';
  return undefined;
}

function bearerMatches(header: string | undefined, key: string): boolean {
  const token = typeof header === 'string' ? /^Bearer +(\S+) *$/i.exec(header)?.[1] : undefined;
  if (token === undefined) return false;
  // hashed first: equal lengths for timingSafeEqual, and no time that tells the key's length
  return timingSafeEqual(createHash('sha256').update(token).digest(), createHash('sha256').update(key).digest());
}

const TEXT = 'text/plain; charset=utf-8';
/** wrong keys a client may send within WRONG_KEY_WINDOW_MS (from its first) before it is answered 429, as /invalidate */
const WRONG_KEYS = 10;
const WRONG_KEY_WINDOW_MS = 60_000;
const METRICS_ASK = 'metrics:ask';
const METRICS_ANSWER = 'metrics:answer';
/** how long a worker waits for the primary's sum (prom-client's own wait for the workers is 5 s) */
const PRIMARY_WAIT_MS = 6000;

let asked = 0;
const waitingForPrimary = new Map<number, (answer: { text?: string; error?: string }) => void>();
/** the sum over every worker, asked of the primary (answerClusterMetrics) */
function askPrimary(): Promise<string> {
  if (asked === 0) {
    process.on('message', (m: { kind?: string; id?: number; text?: string; error?: string } | null) => {
      if (m?.kind === METRICS_ANSWER && typeof m.id === 'number') waitingForPrimary.get(m.id)?.(m);
    });
  }
  const id = ++asked;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => settle({ error: 'the primary did not answer' }), PRIMARY_WAIT_MS);
    const settle = (answer: { text?: string; error?: string }) => {
      clearTimeout(timer);
      waitingForPrimary.delete(id);
      if (typeof answer.text === 'string') resolve(answer.text);
      else reject(new Error(answer.error ?? 'no metrics'));
    };
    waitingForPrimary.set(id, settle);
    process.send?.({ kind: METRICS_ASK, id }, undefined, undefined, (e: Error | null) => e && settle({ error: e.message }));
  });
}

/**
 * The cluster primary's part (ui/server-main.ts): a worker's ask for the metrics is answered with the sum over every
 * worker (counters and histograms added up; prom-client's own rule per default metric, e.g. the mean event-loop lag).
 */
export function answerClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, m: { kind?: string; id?: unknown } | null) => {
    if (m?.kind !== METRICS_ASK) return;
    void aggregator.clusterMetrics().then(
      (text) => ({ text }),
      (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
    ).then((answer) => {
      // a worker that died meanwhile has no one to read it
      if (worker.isConnected()) worker.send({ kind: METRICS_ANSWER, id: m.id, ...answer }, undefined, undefined, () => undefined);
    });
  });
}

export interface MetricsOptions {
  /** the key `Authorization: Bearer <key>` must carry (metricsKeyProblem); none: /metrics answers 404 */
  key?: string | undefined;
  /** the API the storefront calls: its calls are timed */
  apiUrl: string;
  /** the storefront's render gate: its queue is a gauge */
  renderGate: RenderGate;
}

/**
 * Counts the storefront's requests and answers `GET /metrics`. Called on the root instance before any plugin is
 * registered, so its onResponse hook is in every context.
 */
export function serveMetrics<L extends FastifyBaseLogger>(app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, L>, options: MetricsOptions): void {
  const key = options.key;
  const problem = key === undefined ? undefined : metricsKeyProblem(key);
  if (problem) throw new Error(problem);
  watchProcess();
  const origin = new URL(options.apiUrl).origin;
  apiOrigins.set(origin, (apiOrigins.get(origin) ?? 0) + 1);
  gates.add(options.renderGate);
  app.addHook('onClose', async () => {
    gates.delete(options.renderGate);
    const n = (apiOrigins.get(origin) ?? 1) - 1;
    if (n > 0) apiOrigins.set(origin, n);
    else apiOrigins.delete(origin);
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = routeKindOf(request);
    const status = reply.statusCode;
    requests.inc({ route, status: String(status) });
    requestSeconds.observe({ route }, reply.elapsedTime / 1000);
    if (status === 503 && route !== 'health') unavailable.inc();
  });

  /** wrong keys per client address (request.ip: TRUSTED_PROXIES decide whose X-Forwarded-For names it) */
  const wrongKeys = new LRUCache<string, number>({ max: 10_000, ttl: WRONG_KEY_WINDOW_MS, noUpdateTTL: true });
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    if (key === undefined) return reply.code(404).type(TEXT).send('Not found');
    const failures = wrongKeys.get(request.ip) ?? 0;
    if (failures >= WRONG_KEYS) {
      const wait = Math.max(1, Math.ceil(wrongKeys.getRemainingTTL(request.ip) / 1000));
      return reply.code(429).type(TEXT).header('retry-after', String(wait)).send('Too many wrong keys, try again later');
    }
    if (!bearerMatches(request.headers.authorization, key)) {
      // a request without credentials guesses nothing; one with a wrong key counts
      if (request.headers.authorization !== undefined) wrongKeys.set(request.ip, failures + 1);
      return reply.code(401).type(TEXT).header('www-authenticate', 'Bearer realm="metrics"').send('Unauthorized: wrong or missing key');
    }
    try {
      const text = cluster.isWorker ? await askPrimary() : await registry.metrics();
      return reply.type(registry.contentType).send(text);
    } catch (e) {
      return reply.code(503).type(TEXT).header('retry-after', '5').send(`Metrics unavailable: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}
