import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import replyFrom from '@fastify/reply-from';
import { createConfig, type LocaleCode, type ShopConfig } from '../core/config';
import type { CachedPage, OutputCache } from './edge/output-cache';
import { SERVER_CONFIG } from './edge/server-config';
import { currentCategoriesDocument, prepareRender, type PreparedPage } from './entry-server';
import { parseCategoriesHref, RecentDocuments } from './edge/shared-state';
import { pageChunks } from './app/routes';
import { resolveLocale } from './i18n';
import { createSitemapXml } from './sitemap-xml';
import { MAX_PATH_LENGTH, namesPrototypeMember, pageTargetProblem, readCookie, safeProxyPath } from './edge/request-safety';
import { LRUCache } from 'lru-cache';
import { htmlSecurityHeaders, PASS_THROUGH_HEADERS } from './edge/security-headers';
import { etagMatches, weakEtag } from './edge/etag';
import { bodyStart, documentEnd, firstLoadModules, headStart, inlinableCss, type ClientManifest } from './edge/html-shell';
import { RenderGate } from './edge/render-gate';
import { cacheKeyRules, pageCacheKey } from './edge/cache-key';
import { warmUp, type WarmUpOptions, type WarmUpReport } from './edge/warm-up';
import { negotiateEncoding, type Coding } from './edge/accept-encoding';
import { limitedErrorLog } from '../adapters/common/log-limit';
import { jsonLogger, requestIdFrom, requestLine } from '../adapters/common/json-logs';
import { PinoLogger } from '../adapters/common/pino-logger';
import type { Logger } from 'pino';
import { apiCheck, Readiness, storeCheck } from './edge/health';
import { countOutputCache, pageLoaded, pageRendered, serveMetrics } from './edge/metrics';
import { sendRobotsTxt } from './edge/robots';

/**
 * The storefront's HTTP edge (Fastify): server-side rendering of every page, the browser bundle under /dist/ (served
 * precompressed, immutable when hashed), and a pass-through of /api/ and /img/ to the API so the browser talks to one
 * origin. Rendering stays in ui/entry-server.tsx; this file only speaks HTTP. A page is a constant document (no nonce:
 * its inline scripts are allowed by their hashes), so the output cache keeps it compressed and sends it as it is.
 */
export interface StorefrontOptions {
  port: number;
  host: string;
  apiUrl: string;
  clientDir: string;
  config?: ShopConfig;
  /** cache rendered pages (spec catalogue §9: TTL 86400 s); off unless given */
  outputCache?: OutputCache;
  /** the shop is served over https (behind a TLS-terminating proxy): send Strict-Transport-Security */
  hsts?: boolean;
  /** the key `/invalidate?tag=…&key=…` must carry; without one, invalidation is refused (401) */
  invalidationKey?: string;
  /** the shop's public origin (absolute URLs in /sitemap.xml); else taken from a well-formed Host header */
  publicOrigin?: string;
  /** seconds a 503 asks the client to wait (Retry-After) */
  retryAfterSeconds?: number;
  /** milliseconds a client has to send a whole request, headers and body (default 20,000); a slower one gets 408 */
  requestTimeoutMs?: number;
  /** renders under way at once in this process; the others wait in arrival order (default RENDERS_AT_ONCE) */
  renderConcurrency?: number;
  /** the gate renders take turns at (default: a new one of renderConcurrency places); tests hold it */
  renderGate?: RenderGate;
  /**
   * the load balancers and proxies in front of the storefront (IPs or CIDRs, TRUSTED_PROXIES): the client address is
   * read from their X-Forwarded-For; none (the default): the address of the connection
   */
  trustedProxies?: readonly string[];
  /** render some of the shop's pages before listening (ui/edge/warm-up.ts); none unless given */
  warmUp?: WarmUpOptions;
  /** the key `GET /metrics` must carry as `Authorization: Bearer <key>` (ui/edge/metrics.ts); none: /metrics answers 404 */
  metricsKey?: string;
  /**
   * the process's pino logger (ui/server-main.ts: LOG_LEVEL on stdout), Fastify's own: a JSON line per request with its
   * id, and every error; default warnings and errors on stdout
   */
  logger?: Logger;
}

export interface RunningStorefront {
  url: string;
  /** stops accepting connections, lets in-flight requests finish, then resolves */
  close(): Promise<void>;
  /** what the warm-up before listening did (StorefrontOptions.warmUp) */
  warmedUp?: WarmUpReport;
}

const HTML = 'text/html; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
/** what the /img pass-through answers a public image with (a catalogue image's URL names its file and size) */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000';
/** every page answer: a browser may keep a page but asks again every time (If-None-Match: 304 when unchanged) */
const PAGE_CACHE_CONTROL = 'no-cache';
/** a page of one shopper's data (the order-status page): no cache on the way keeps it */
const PERSONAL_CACHE_CONTROL = 'private, no-store';
/** how long a stale page's re-render may take before another renderer may try */
const REFRESH_LEASE_SECONDS = 30;
/**
 * renders at once per process by default: a render is CPU work (its reads come from the process's read cache), so a
 * few at once keep the core busy while one waits for the API, and the rest queue in arrival order
 */
const RENDERS_AT_ONCE = 4;
const HASHED_ASSET = /-[A-Z0-9]{8}\.[a-z]+(\.br|\.gz)?$/i;
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authenticate', 'proxy-authorization'];
/**
 * a request's headers about the browser's own connection to the storefront, never forwarded to the API: undici refuses
 * to send `expect`, `keep-alive`, `upgrade` and `transfer-encoding` (a client's `Expect: 100-continue` became a 502)
 */
const REQUEST_HOP_BY_HOP = [...HOP_BY_HOP, 'expect', 'http2-settings'];
/** milliseconds a client has to send a whole request (headers and body); a slower one is cut off (408) */
const REQUEST_TIMEOUT_MS = 20_000;
/** wrong /invalidate keys a client may send per window before every /invalidate of it answers 429 */
const INVALIDATE_FAILURES = 10;
const INVALIDATE_WINDOW_MS = 60_000;

/**
 * Brotli at quality 5 with a 512 KB window (pages are ~60-130 KB): a cached page is compressed once, when stored; an
 * uncached answer is compressed as gzip at level 3 when the client takes it (a third of brotli's CPU, per answer).
 */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_LGWIN]: 19 } };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compress = (html: Buffer, coding: Coding, level: number) => (coding === 'br' ? brotli(html, BROTLI_OPTIONS) : gzip(html, { level }));

/**
 * Fastify's request lines, one per request instead of two: written when the request is answered, with its reqId,
 * method, url, status and ms (adapters/common/json-logs.ts requestLine).
 */
class OneLinePerRequest extends LogController {
  /** `logger`: the server's own, so a route's quieter level (the pass-through's) never hides its request lines */
  constructor(private readonly logger: Logger) {
    super();
  }
  /** while the worker warms up (before it listens), its own renders are debug lines: a start is not hundreds of request lines */
  warmingUp = false;
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { reqId: request.id, ...requestLine(request.method, request.url, reply.statusCode, reply.elapsedTime) };
    if (error) this.logger.warn({ ...line, err: error }, 'request');
    else if (this.warmingUp) this.logger.debug(line, 'request');
    else this.logger.info(line, 'request');
  }
}

function keyMatches(given: unknown, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export async function startStorefront(options: StorefrontOptions): Promise<RunningStorefront> {
  const config = options.config ?? createConfig({ api: { url: options.apiUrl } });
  const manifestPath = join(options.clientDir, 'manifest.json');
  const manifest: ClientManifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as ClientManifest) : { entry: '', css: [] };
  // a small stylesheet goes into every page's head (no render-blocking request before the first paint)
  const cssFiles = manifest.css.map((c) => join(options.clientDir, c));
  if (cssFiles.length && cssFiles.every((f) => existsSync(f))) {
    const css = inlinableCss(cssFiles.map((f) => readFileSync(f, 'utf8').replace(/\n?\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')));
    if (css !== undefined) manifest.inlineCss = css;
  }
  const cache = options.outputCache;
  const renderGate = options.renderGate ?? new RenderGate(options.renderConcurrency ?? RENDERS_AT_ONCE);
  const retryAfter = String(options.retryAfterSeconds ?? 30);
  const publicApi = config.api.publicUrl ? new URL(config.api.publicUrl).origin : '';
  const tagManagerContainerId = config.analytics.tagManagerContainerId;
  const securityHeaders = htmlSecurityHeaders({ hsts: options.hsts ?? false, apiOrigin: publicApi, tagManager: tagManagerContainerId !== '' });
  /** what the browser's config takes from the server's (ui/entry-client.tsx) */
  const bootConfig = { api: { publicUrl: config.api.publicUrl }, ...(tagManagerContainerId ? { analytics: { tagManagerContainerId } } : {}) };
  /** what a build and config render differently: part of every page's ETag */
  const buildName = createHash('sha256').update(JSON.stringify([manifest, config])).digest('base64url');

  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const logger = options.logger ?? jsonLogger({ name: 'storefront', level: 'warn' });
  /** every error this server logs: an outage writes each error's first stack, then a count per 10 s (not one per request) */
  const logError = limitedErrorLog(logger);
  const requestLines = new OneLinePerRequest(logger);
  const app = Fastify({
    loggerInstance: logger,
    logController: requestLines,
    // the request id: a load balancer's X-Request-Id when it is short and safe, else a new one (requestIdFrom)
    requestIdHeader: false,
    genReqId: (raw) => requestIdFrom(raw.headers['x-request-id']),
    trustProxy: options.trustedProxies?.length ? [...options.trustedProxies] : false,
    // the 8,000-character paths of a scan must not cost a render: refused before routing (see pageTargetProblem)
    routerOptions: { maxParamLength: MAX_PATH_LENGTH },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    // a client trickling its body (or headers) is cut off with 408: Fastify's default is no limit at all
    requestTimeout,
    http: { headersTimeout: Math.min(10_000, requestTimeout), connectionsCheckingInterval: Math.max(250, Math.min(2000, requestTimeout / 4)) },
  });

  // the request's id goes back to the client (and on to the API: the pass-through, prepareRender)
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // set before any plugin is registered, so every context (the pass-through's too) answers errors this way
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) logError('[storefront] 500', error, request.log);
    return reply.code(status).type(TEXT).send(status < 500 ? `Bad request: ${error.message ?? ''}` : 'Internal error');
  });
  // before any plugin: its request counting is in every context (ui/edge/metrics.ts)
  serveMetrics(app, { key: options.metricsKey, apiUrl: options.apiUrl, renderGate });
  const unavailable = (reply: FastifyReply) =>
    reply.code(503).type(TEXT).headers({ 'retry-after': retryAfter, 'cache-control': 'no-store' }).send('Service unavailable, please try again shortly.');

  // API answers, the sitemap and unhashed files are compressed on the fly; pages compress themselves (see sendPage).
  await app.register(fastifyCompress, { global: true, globalDecompression: false, encodings: ['br', 'gzip'], brotliOptions: BROTLI_OPTIONS });

  // Hashed bundle files: written with .br and .gz beside them at build time, immutable for a year.
  await app.register(fastifyStatic, {
    root: options.clientDir,
    prefix: '/dist/',
    preCompressed: true,
    index: false,
    list: false,
    etag: true,
    lastModified: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.header('x-content-type-options', 'nosniff');
    },
  });

  // the worker and the web app manifest keep their names from build to build: revalidated on every use, never immutable
  app.get('/sw.js', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('sw.js', { cacheControl: false }));
  app.get('/manifest.webmanifest', (_req, reply) =>
    reply.type('application/manifest+json').header('cache-control', 'no-cache').sendFile('manifest.webmanifest', { cacheControl: false }),
  );
  app.get('/favicon.ico', (_req, reply) => reply.code(204).send());

  // ----- health: plain text, never cached, no page machinery (ui/edge/health.ts) -----
  // /healthz: the process serves (the supervisor's check); /readyz: it can serve shoppers (the load balancer's)
  const HEALTH_HEADERS = { 'content-type': TEXT, 'cache-control': 'no-store' };
  const store = storeCheck(cache);
  const readiness = new Readiness([apiCheck(options.apiUrl), ...(store ? [store] : [])], config.search.serverTimeoutMs);
  app.get('/healthz', { config: { compress: false } } as never, (_req, reply) => reply.headers(HEALTH_HEADERS).send('ok'));
  app.get('/readyz', { config: { compress: false } } as never, async (_req, reply) => {
    const problem = await readiness.problem();
    if (problem === undefined) return reply.headers(HEALTH_HEADERS).send('ready');
    return reply.code(503).headers({ ...HEALTH_HEADERS, 'retry-after': '1' }).send(`not ready: ${problem}`);
  });

  // ----- /api/* and /img/* pass-through: only exactly those prefixes, never a dot-segment (or an encoded one) -----
  await app.register(async (proxy) => {
    await proxy.register(replyFrom, {
      base: options.apiUrl,
      disableRequestLogging: true,
      // a backend answering 503 is told to the browser, not retried ten times by the proxy
      maxRetriesOn503: 0,
      undici: { connections: 64, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 30_000 },
    });
    // bodies pass through untouched (the API parses them), but whole: a body is read (bounded by bodyLimit) before the
    // API is asked, so a client that trickles its body holds a socket of the storefront, never one of the 64
    // connections to the API every shopper's /api call shares
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, payload, done) => done(null, payload));
    /** `images`: a public image answer is kept a year (its URL names its file and size) */
    const pass = (images: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const target = safeProxyPath(request.raw.url ?? '');
      if (!target) return reply.code(400).type(TEXT).send('Bad request: not a path of the API pass-through');
      const buffered = Buffer.isBuffer(request.body) ? request.body : undefined;
      const bodyless = request.method === 'GET' || request.method === 'HEAD';
      // reply-from would JSON-encode a Buffer it found on the request: the body goes through `body` as it came
      if (bodyless) request.body = undefined;
      const body = bodyless ? {} : buffered?.length ? { body: buffered, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : { body: null };
      return reply.from(target, {
        ...body,
        // the API throttles logins per client address: it gets the chain of trusted proxies' X-Forwarded-For up to the
        // first address none of them is (Fastify's request.ips, StorefrontOptions.trustedProxies) with the
        // connection's address last; with no trusted proxy, the connection's address alone (what a client claims is
        // dropped, so it cannot pose as another)
        rewriteRequestHeaders: (_req, headers) => {
          const { host: _host, 'x-forwarded-for': _claimed, ...rest } = headers;
          const named = String(request.headers.connection ?? '').toLowerCase().split(',').map((h) => h.trim());
          const hopByHop = new Set([...REQUEST_HOP_BY_HOP, ...named]);
          const kept = Object.fromEntries(Object.entries(rest).filter(([h]) => !hopByHop.has(h)));
          const hops = request.ips ? [...request.ips].reverse() : [request.socket.remoteAddress ?? 'unknown'];
          // the API's log line names this request (never a client's unchecked X-Request-Id)
          return { ...kept, 'x-forwarded-for': hops.join(', '), 'x-request-id': request.id };
        },
        // hop-by-hop headers describe the storefront's own connection to the API, not the browser's
        rewriteHeaders: (headers) => {
          const out = Object.fromEntries(Object.entries(headers).filter(([h]) => !HOP_BY_HOP.includes(h)));
          if (images && /\bpublic\b/.test(String(out['cache-control'] ?? ''))) out['cache-control'] = IMAGE_CACHE_CONTROL;
          return { ...out, ...PASS_THROUGH_HEADERS };
        },
        // the API down or not answering: 503 with Retry-After, as pages answer then, and one collapsed error line
        onError: (r, { error }) => {
          logError('[api pass-through] API unreachable', (error as { cause?: unknown }).cause ?? error, r.request.log);
          void r.code(503).type('application/json').headers({ 'retry-after': retryAfter, 'cache-control': 'no-store' }).send({ code: 503, result: 'API unreachable' });
        },
      });
    };
    proxy.all('/api/*', pass(false));
    proxy.all('/img/*', pass(true));
    // reply-from writes a warning with a stack for every call the API did not answer: errors only here (see onError)
  }, { logLevel: logger.levelVal > 50 ? (logger.level as 'fatal' | 'silent') : 'error' });

  // ----- /invalidate?tag=…&key=… : marks stale every cached page carrying the tag -----
  /** wrong keys per client address within its window (from its first wrong key) */
  const invalidateFailures = new LRUCache<string, number>({ max: 10_000, ttl: INVALIDATE_WINDOW_MS, noUpdateTTL: true });
  app.route({
    method: ['GET', 'POST'],
    url: '/invalidate',
    handler: async (request, reply) => {
      const failures = invalidateFailures.get(request.ip) ?? 0;
      if (failures >= INVALIDATE_FAILURES) {
        const wait = Math.max(1, Math.ceil(invalidateFailures.getRemainingTTL(request.ip) / 1000));
        return reply.code(429).type(TEXT).headers({ 'retry-after': String(wait), 'cache-control': 'no-store' }).send('Too many wrong keys, try again later');
      }
      const query = request.query as Record<string, unknown>;
      if (!keyMatches(query['key'], options.invalidationKey)) {
        invalidateFailures.set(request.ip, failures + 1);
        return reply.code(401).type(TEXT).send('Unauthorized: wrong or missing key');
      }
      const tags = (typeof query['tag'] === 'string' ? query['tag'] : '').split(',').map((t) => t.trim()).filter(Boolean);
      if (tags.length === 0) return reply.code(400).type(TEXT).send('Bad request: tag is required');
      const counts = cache ? await Promise.all(tags.map((t) => cache.invalidate(t))) : tags.map(() => 0);
      return reply.header('cache-control', 'no-store').send({ invalidated: Object.fromEntries(tags.map((t, i) => [t, counts[i]])) });
    },
  });

  /**
   * The shop's public origin for absolute URLs (sitemap, canonical links, Open Graph, JSON-LD): PUBLIC_URL, else a
   * well-formed Host header. Pages rendered with a Host-derived origin are cached per origin (see cachePlan), so one
   * client's Host header never lands in another's page.
   */
  function originOf(request: FastifyRequest): string {
    const host = request.headers.host ?? '';
    // a DNS name has at most 253 characters: a longer Host would be written in front of every sitemap URL
    return options.publicOrigin ?? (/^[a-z0-9.-]{1,253}(:\d{1,5})?$/i.test(host) ? `http://${host}` : `http://${options.host}:${options.port}`);
  }

  app.get('/robots.txt', { config: { compress: false } } as never, (request, reply) => sendRobotsTxt(reply, originOf(request)));
  // ----- /sitemap.xml (spec catalogue §2.1): what it lists is decided in ui/sitemap-xml.ts -----
  const sitemapXml = createSitemapXml(config);
  app.get('/sitemap.xml', async (request, reply) => {
    let xml: string;
    try {
      xml = await sitemapXml(originOf(request));
    } catch (e) {
      // the catalogue could not be read whole: no sitemap rather than one that drops products
      logError('[sitemap] build failed', e);
      return unavailable(reply);
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  // ----- /shop-data/categories/<locale>/<hash>.json: the category list pages name instead of carrying -----
  const recentDocuments = new RecentDocuments();
  app.get('/shop-data/*', async (request, reply) => {
    const path = (request.raw.url ?? '').split('?')[0] ?? '';
    const ref = parseCategoriesHref(path, config.i18n.locales);
    if (!ref) return reply.code(404).type(TEXT).header('cache-control', 'no-store').send('Not found');
    let body = recentDocuments.get(path);
    if (body === undefined) {
      try {
        const doc = await currentCategoriesDocument(config, ref.locale, request.id);
        recentDocuments.add(doc);
        if (doc.href === path) body = doc.body;
      } catch (e) {
        logError('[shop-data] categories failed', e, request.log);
        return unavailable(reply);
      }
    }
    // a name that is no longer the catalogue's: the browser loads the categories itself (ui/entry-client.tsx)
    if (body === undefined) return reply.code(404).type(TEXT).header('cache-control', 'no-store').send('Not found: the categories changed');
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(body);
  });

  // ----- pages -----

  /**
   * A prepared page's document around its body, and its ETag (200 answers only): the body is a function of the boot
   * data (the browser hydrates the same HTML from it), the locale, the path, the origin (absolute URLs of the SEO tags)
   * and the build, so the page is named before it is rendered, and an If-None-Match that names it costs no render.
   */
  function shellOf(prepared: PreparedPage, url: string, origin: string): { head: string; end: string; etag: string | undefined } {
    for (const doc of prepared.documents) recentDocuments.add(doc);
    const head = headStart(prepared.locale, manifest, Object.values(prepared.shared));
    const boot = { state: prepared.state, ...(Object.keys(prepared.shared).length ? { shared: prepared.shared } : {}), locale: prepared.locale, path: url, config: bootConfig };
    const end = documentEnd(boot, firstLoadModules(manifest, pageChunks(url.split(/[?#]/, 1)[0]!, prepared.state)));
    const etag = prepared.status === 200 ? weakEtag([buildName, origin, head, end]) : undefined;
    return { head, end, etag };
  }

  /** The whole document of a prepared page as UTF-8 (React's pieces stay bytes: never decoded to be encoded again), and what it shows. */
  async function renderWhole(prepared: PreparedPage, head: string, end: string): Promise<{ html: Buffer; tags: readonly string[] }> {
    const parts: Array<Uint8Array | string> = [head];
    const body = await prepared.renderBody({ begin: (title, tags) => parts.push(bodyStart(title, tags)), write: (html) => parts.push(html) });
    parts.push(end);
    return { html: Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))), get tags() { return body.tags; } };
  }

  /** A rendered page as the output cache keeps it: compressed both ways, once. */
  async function storable(status: number, html: Buffer, tags: readonly string[], etag: string | undefined): Promise<CachedPage> {
    const [br, gz] = await Promise.all([compress(html, 'br', 0), compress(html, 'gzip', 6)]);
    return { status, br, gzip: gz, tags, renderedAt: Date.now(), ...(etag ? { etag } : {}) };
  }

  /**
   * The output cache's plan for a page request (ui/edge/cache-key.ts): the key holds the locale, the origin (unless
   * PUBLIC_URL names it) and the path with only the query parameters the page reads; `url` is what the page is
   * rendered from (so the render cannot depend on a parameter the key dropped); `variantOf` names the page without a
   * query when there is one. Undefined: rendered without the cache.
   */
  const keyRules = cacheKeyRules(config);
  function cachePlan(target: string, locale: LocaleCode, origin: string): { key: string; url: string; variantOf?: string } | undefined {
    const canonical = pageCacheKey(target, keyRules);
    if (!canonical.cacheable) return undefined;
    const prefix = options.publicOrigin ? `${locale} ` : `${locale} ${origin} `;
    return { key: prefix + canonical.url, url: canonical.url, ...(canonical.query ? { variantOf: prefix + canonical.path } : {}) };
  }

  const refreshing = new Set<string>();
  /** serve-stale: one renderer (across every process sharing the cache) renders the page afresh in the background */
  function refresh(key: string, url: string, locale: LocaleCode, origin: string, variantOf: string | undefined, requestId: string): void {
    if (!cache || refreshing.has(key)) return;
    refreshing.add(key);
    void (async () => {
      if (!(await cache.claimRefresh(key, REFRESH_LEASE_SECONDS))) return;
      const prepared = await prepareRender(url, config, locale, { origin, requestId, logger: new PinoLogger(logger.child({ reqId: requestId })), logError });
      if (prepared.status !== 200 || prepared.redirect || prepared.personal) return;
      const { head, end, etag } = shellOf(prepared, url, origin);
      const { html, tags } = await renderWhole(prepared, head, end);
      await cache.set(key, await storable(200, html, tags, etag), SERVER_CONFIG.outputCacheTtlSeconds, variantOf !== undefined ? { variantOf } : {});
    })()
      .catch((e: unknown) => logError('[output-cache] refresh failed', e))
      .finally(() => refreshing.delete(key));
  }

  /** 304 for a page the client has: only what a cache updates its copy with */
  function notModified(reply: FastifyReply, etag: string) {
    return reply.code(304).headers({ etag, 'cache-control': PAGE_CACHE_CONTROL, vary: 'accept-encoding, cookie' }).send();
  }

  /** A page answer: the encoding the client takes of those at hand (`bodies`; none taken: the plain text). */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: { status: number; etag?: string | undefined; bodies: Partial<Record<Coding, Uint8Array>>; html?: Buffer }, cacheState: string, personal = false) {
    const coding = negotiateEncoding(request.headers['accept-encoding'], (['br', 'gzip'] as const).filter((c) => page.bodies[c]));
    const body = coding ? page.bodies[coding]! : (page.html ?? zlib.gunzipSync(page.bodies.gzip!));
    return reply
      .code(page.status)
      .headers({
        ...securityHeaders,
        'content-type': HTML,
        'cache-control': personal ? PERSONAL_CACHE_CONTROL : PAGE_CACHE_CONTROL,
        vary: 'accept-encoding, cookie',
        'x-output-cache': cacheState,
        ...(page.etag ? { etag: page.etag } : {}),
        ...(page.status === 503 ? { 'retry-after': retryAfter } : {}),
        ...(coding ? { 'content-encoding': coding } : {}),
      })
      .send(body);
  }

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const url = request.raw.url ?? '/';
    const problem = pageTargetProblem(url);
    if (problem) return reply.code(400).type(TEXT).header('cache-control', 'no-store').send(`Bad request: ${problem}`);
    if (namesPrototypeMember(url)) return reply.code(404).type(TEXT).header('cache-control', 'no-store').send('Not found');
    const locale = resolveLocale(readCookie(request.headers.cookie, 'locale'), config);
    const origin = originOf(request);
    const plan = cache !== undefined && request.method === 'GET' ? cachePlan(url, locale, origin) : undefined;

    if (cache && plan) {
      const hit = await cache.get(plan.key).catch((e: unknown) => {
        logError('[output-cache] read failed', e);
        return undefined;
      });
      countOutputCache(request, hit);
      if (hit) {
        if (hit.stale) refresh(plan.key, plan.url, locale, origin, plan.variantOf, request.id);
        if (hit.page.etag && etagMatches(request.headers['if-none-match'], hit.page.etag)) return notModified(reply, hit.page.etag);
        return sendPage(request, reply, { ...hit.page, bodies: { br: hit.page.br, gzip: hit.page.gzip } }, hit.stale ? 'stale' : 'hit');
      }
    }

    // a cacheable page is rendered from its canonical URL (the parameters it does not read left out)
    const target = plan?.url ?? url;
    let prepared: PreparedPage;
    const loadStart = performance.now();
    try {
      prepared = await prepareRender(target, config, locale, { origin, requestId: request.id, logger: new PinoLogger(request.log), logError: (label, e) => logError(label, e, request.log) });
    } catch (e) {
      // a load that failed without answering a status: the API is slow or down, never the client's fault
      logError('[ssr] load failed', e, request.log);
      return unavailable(reply);
    }
    const loadMs = pageLoaded(request, prepared.state, loadStart);
    if (prepared.redirect) return reply.code(301).headers({ location: prepared.redirect, 'cache-control': 'no-store' }).send();
    const { head, end, etag } = shellOf(prepared, target, origin);
    if (etag && etagMatches(request.headers['if-none-match'], etag)) return notModified(reply, etag);

    // renders take turns once their data is in (ui/edge/render-gate.ts): every answer waits about as long, none far
    // past the others; loads are not held back (a slow API answers 503 as soon as it times out)
    return renderGate.run(async () => {
      // a client that gave up while its render waited for its turn gets none (under overload each abandoned render
      // cost as much CPU as an answered one and made the queue behind it longer)
      if (request.raw.destroyed || request.raw.socket?.destroyed || reply.raw.destroyed) {
        reply.hijack();
        return reply;
      }
      let rendered;
      const renderStart = performance.now();
      try {
        rendered = await renderWhole(prepared, head, end);
      } catch (e) {
        logError('[ssr] render failed', e, request.log);
        return unavailable(reply);
      }
      pageRendered(request, loadMs + performance.now() - renderStart);
      // a page of one shopper's data is rendered for them alone: never kept
      const keep = plan !== undefined && !prepared.personal;
      if (cache && plan && keep && prepared.status === 200) {
        const stored = await storable(200, rendered.html, rendered.tags, etag);
        await cache.set(plan.key, stored, SERVER_CONFIG.outputCacheTtlSeconds, plan.variantOf !== undefined ? { variantOf: plan.variantOf } : {}).catch((e: unknown) => logError('[output-cache] write failed', e));
        return sendPage(request, reply, { ...stored, bodies: { br: stored.br, gzip: stored.gzip }, html: rendered.html }, 'miss');
      }
      // compressed for this answer alone: gzip when the client takes it (the cheaper of the two), else brotli
      const coding = negotiateEncoding(request.headers['accept-encoding'], ['gzip', 'br']);
      const bodies = coding ? { [coding]: await compress(rendered.html, coding, 3) } : {};
      return sendPage(request, reply, { status: prepared.status, etag, bodies, html: rendered.html }, keep ? 'miss' : 'off', prepared.personal);
    });
  }

  app.get('/*', { config: { compress: false } } as never, page);

  app.setNotFoundHandler((_request, reply) => reply.code(404).type(TEXT).send('Not found'));

  // through the server's own handler, as a shopper's requests go (no socket: nothing listens yet)
  requestLines.warmingUp = true;
  const warmedUp = options.warmUp
    ? await warmUp(async (path, { compressed }) => {
        const answer = await app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': compressed ? 'br, gzip' : 'identity' } });
        return { status: answer.statusCode, html: compressed ? '' : answer.body };
      }, options.warmUp)
    : undefined;
  requestLines.warmingUp = false;
  readiness.warmedUp();
  await app.listen({ port: options.port, host: options.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : options.port;
  return { url: `http://${options.host}:${port}`, close: () => app.close().finally(() => logError.flush()), ...(warmedUp ? { warmedUp } : {}) };
}
