import cluster from 'node:cluster';
import diagnostics from 'node:diagnostics_channel';
import { on } from 'node:events';
import type { FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import { ROUTES } from '../../core/routing/routes';
import { matchAppRoute } from '../app/routes';
import { keyCheck, pageTargetProblem } from './request-safety';
import type { LimitFunction } from 'p-limit';

/**
 * `GET /metrics` in Prometheus's text format (prom-client's default registry; docs/deploy.md's alert rules use the
 * names). Under node:cluster the worker asked gets the sum over every worker from the primary (AggregatorRegistry, over
 * IPC). Guarded by METRICS_KEY as `Authorization: Bearer <key>`: unset 404, wrong 401, 10 wrong a minute 429.
 */

/** label values are a small fixed set, never the URL: every value is a time series */
export const ROUTE_KINDS = [
  'home', 'category', 'product', 'cms', 'page', 'api', 'static', 'shop-data', 'health', 'other',
] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];
type Outcome = 'ok' | 'client_error' | 'server_error' | 'no_answer';

const requests = new Counter({ name: 'storefront_http_requests_total', labelNames: ['route', 'status'] as const,
  help: 'HTTP requests answered, by route kind and status' });
const requestSeconds = new Histogram({ name: 'storefront_http_request_duration_seconds', labelNames: ['route'] as const,
  help: 'Time from a request to its answer, by route kind' });
const renderSeconds = new Histogram({ name: 'storefront_render_duration_seconds', labelNames: ['route'] as const,
  help: 'Time an uncached page took to make (data loads and HTML, not its wait for a render turn), by route kind' });
const outputCache = new Counter({ name: 'storefront_output_cache_total', labelNames: ['result'] as const,
  help: 'Output-cache lookups of pages: hit, miss or stale (served, renewed in the background)' });
const apiSeconds = new Histogram({ name: 'storefront_api_request_duration_seconds',
  labelNames: ['endpoint', 'outcome'] as const,
  help: "Time from the server's call to the API to its answer head (page loads, /api, /img), by endpoint, outcome" });
const apiFailures = new Counter({ name: 'storefront_api_failures_total', labelNames: ['endpoint'] as const,
  help: 'Calls to the API answered 5xx or not at all (refused, reset, timed out), by endpoint' });
const unavailable = new Counter({ name: 'storefront_unavailable_total',
  help: 'Answers 503 to shoppers (pages, API pass-through, shop data; not health probes)' });
/** the render gates of this process's storefronts (one in production; tests start several) */
const gates = new Set<LimitFunction>();
new Gauge({
  name: 'storefront_render_queue_length',
  help: 'Page renders waiting for a render turn',
  collect() {
    this.set([...gates].reduce((sum, gate) => sum + gate.pendingCount, 0));
  },
});
collectDefaultMetrics();
// a worker answers the primary's AggregatorRegistry from the moment its code has loaded
if (cluster.isWorker) new AggregatorRegistry();

/** undici (ky's fetch, reply-from, the readiness probe) reports each call on diagnostics_channel: the API's timed */
const apiOrigins = new Set<string>();
const calls = new WeakMap<object, { at: number; endpoint: string }>();
type UndiciMessage = { request: { origin?: unknown; path?: unknown }; response?: { statusCode: number } };
function finish(request: object, outcome: Outcome): void {
  const call = calls.get(request);
  if (!call) return;
  calls.delete(request);
  apiSeconds.observe({ endpoint: call.endpoint, outcome }, (performance.now() - call.at) / 1000);
  if (outcome === 'server_error' || outcome === 'no_answer') apiFailures.inc({ endpoint: call.endpoint });
}
diagnostics.subscribe('undici:request:create', (m) => {
  const { request } = m as UndiciMessage;
  if (!apiOrigins.has(String(request.origin))) return;
  calls.set(request, { at: performance.now(), endpoint: apiEndpointOf(String(request.path)) });
});
diagnostics.subscribe('undici:request:headers', (m) => {
  const { request, response } = m as UndiciMessage;
  const status = response!.statusCode;
  finish(request, status >= 500 ? 'server_error' : status >= 400 ? 'client_error' : 'ok');
});
diagnostics.subscribe('undici:request:error', (m) => finish((m as UndiciMessage).request, 'no_answer'));

/** An API path as an endpoint label (as vue-storefront-api names them: /api/catalog/..., /api/url/map, ...). */
export function apiEndpointOf(path: string): string {
  const p = path.split('?', 1)[0]!;
  if (p === '/' || p === '') return 'health';
  // the first /api/ or /img/ of the path (an API_URL may have a path of its own before it)
  const m = /\/(api|img)\/(?:([a-z-]+)(?:\/([a-z-]+))?)?/i.exec(p);
  if (!m) return 'other';
  if (m[1]!.toLowerCase() === 'img') return 'img';
  const first = m[2]?.toLowerCase();
  if (first === 'catalog' || first === 'product') return 'catalog';
  if (first === 'ext' && m[3]?.toLowerCase() === 'cms-data') return 'cms';
  return ['url', 'cart', 'stock', 'user', 'order'].find((e) => e === first) ?? 'other';
}

/** the route kinds of Fastify's routes by their pattern; '/*' is the pages' route (kind from the page) */
const KIND_OF_ROUTE = new Map<string, RouteKind>([
  ...['/healthz', '/readyz', '/metrics'].map((p) => [p, 'health'] as const),
  ...['/img/*', '/dist/*', '/sw.js', '/manifest.webmanifest', '/favicon.ico'].map((p) => [p, 'static'] as const),
  ['/api/*', 'api'],
  ['/shop-data/*', 'shop-data'],
]);
/** page kinds by route name (spec catalogue §2.1) and by what the URL dispatcher resolved a path to (§2.2) */
const PAGE_KINDS = new Map<unknown, RouteKind>([
  ['home', 'home'], ['category', 'category'], ['cms-page', 'cms'], ['product', 'product'], ['cms_page', 'cms'],
  ...ROUTES.filter((r) => r.tagManagerName === 'product').map((r) => [r.name, 'product'] as const),
]);

/** A page's kind: what the URL dispatcher resolved it to (its loaded `state`), else by the route table. */
export function pageKindOf(path: string, state: Record<string, unknown> = {}): RouteKind {
  const resolved = PAGE_KINDS.get((state['pageResolution'] as { kind?: unknown } | undefined)?.kind);
  // a target the pages refuse (400) is matched against nothing
  if (resolved || pageTargetProblem(path)) return resolved ?? 'page';
  return PAGE_KINDS.get(matchAppRoute(path.split(/[?#]/, 1)[0]!)?.[0]?.route.name) ?? 'page';
}

/** a page request's kind once known: from its loaded data, or the cached page's (noted when it was rendered) */
const pageKinds = new WeakMap<FastifyRequest, RouteKind>();

type Lookup = { stale: boolean; page: { kind?: RouteKind } } | undefined;
export function countOutputCache(request: FastifyRequest, hit: Lookup): void {
  outputCache.inc({ result: hit ? (hit.stale ? 'stale' : 'hit') : 'miss' });
  if (hit?.page.kind) pageKinds.set(request, hit.page.kind);
}

export function pageLoaded(request: FastifyRequest, kind: RouteKind): void {
  pageKinds.set(request, kind);
}

export function pageRendered(request: FastifyRequest, ms: number): void {
  renderSeconds.observe({ route: routeKindOf(request) }, ms / 1000);
}

function routeKindOf(request: FastifyRequest): RouteKind {
  const pattern = request.routeOptions.url;
  if (pattern === '/*') return pageKinds.get(request) ?? pageKindOf(request.url);
  return (pattern !== undefined && KIND_OF_ROUTE.get(pattern)) || 'other';
}

/** METRICS_KEY: undefined when it will do, else why not (a short key can be guessed; a Bearer token has no spaces) */
export function metricsKeyProblem(key: string): string | undefined {
  if (key.length < 16) return `METRICS_KEY must be at least 16 characters (it has ${key.length})`;
  if (!/^[\x21-\x7e]+$/.test(key)) return 'METRICS_KEY must be printable ASCII without spaces';
  return undefined;
}

const noop = () => undefined;
const TEXT = 'text/plain; charset=utf-8';
type Message = { kind?: string; id?: number; text?: string; error?: string } | null;
let asked = 0;

/** A worker asks the primary (answerClusterMetrics) for the sum; prom-client's own wait for the workers is 5 s. */
async function askPrimary(): Promise<string> {
  const id = ++asked;
  // a failed send is answered by the timeout (an AbortError)
  const messages = on(process, 'message', { signal: AbortSignal.timeout(6000) }) as AsyncIterable<[Message]>;
  process.send!({ kind: 'metrics:ask', id }, undefined, undefined, noop);
  for await (const [m] of messages) {
    if (m?.kind === 'metrics:answer' && m.id === id) return m.text ?? Promise.reject(new Error(m.error));
  }
  throw new Error('the primary did not answer');
}

/** The cluster primary's part (ui/server-main.ts): answers a worker's ask with the sum over every worker. */
export function answerClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', async (worker, m: Message) => {
    if (m?.kind !== 'metrics:ask') return;
    const answer = await aggregator.clusterMetrics().then((text) => ({ text }), (e: Error) => ({ error: e.message }));
    // a worker that died meanwhile has no one to read it (a failed send without a callback is an unhandled 'error')
    if (worker.isConnected()) worker.send({ kind: 'metrics:answer', id: m.id, ...answer }, undefined, undefined, noop);
  });
}

type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, Logger>;

/** Counts the storefront's requests (a root hook: every context has it) and answers `GET /metrics`. */
export function serveMetrics(app: App, key: string | undefined, apiUrl: string, renderGate: LimitFunction): void {
  const problem = key === undefined ? undefined : metricsKeyProblem(key);
  if (problem) throw new Error(problem);
  apiOrigins.add(new URL(apiUrl).origin);
  gates.add(renderGate);
  app.addHook('onClose', async () => void gates.delete(renderGate));
  app.addHook('onResponse', async (request, reply) => {
    const route = routeKindOf(request);
    requests.inc({ route, status: String(reply.statusCode) });
    requestSeconds.observe({ route }, reply.elapsedTime / 1000);
    if (reply.statusCode === 503 && route !== 'health') unavailable.inc();
  });

  const checkKey = keyCheck(key);
  app.get('/metrics', async (request, reply) => {
    reply.headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-type': TEXT });
    if (key === undefined) return reply.code(404).send('Not found');
    const authorization = request.headers.authorization;
    // a request without credentials guesses nothing; one with a wrong key counts
    const bearer = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
    const refused = checkKey(request.ip, bearer, authorization !== undefined);
    if (refused?.status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
    if (refused) return reply.code(refused.status).headers(refused.headers).send(refused.text);
    try {
      return reply.type(register.contentType).send(cluster.isWorker ? await askPrimary() : await register.metrics());
    } catch (e) {
      return reply.code(503).header('retry-after', '5').send(`Metrics unavailable: ${(e as Error).message}`);
    }
  });
}
