import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import replyFrom from '@fastify/reply-from';
import { createConfig, type LocaleCode, type ShopConfig } from '../core/config';
import type { CachedPage, OutputCache } from './edge/lru-output-cache';
import { SERVER_CONFIG } from './edge/server-config';
import { currentCategoriesDocument, documentShell, pageDocument, parseCategoriesHref } from './entry-server';
import { prepareRender } from './entry-server';
import { resolveLocale } from './i18n';
import { createSitemapXml, robotsTxt } from './sitemap-xml';
import { MAX_PATH_LENGTH, namesPrototypeMember, pageTargetProblem, safeProxyPath } from './edge/request-safety';
import { keyCheck } from './edge/request-safety';
import { parse as parseCookie } from 'cookie';
import { LRUCache } from 'lru-cache';
import { htmlSecurityHeaders, PASS_THROUGH_HEADERS } from './edge/security-headers';
import pLimit, { type LimitFunction } from 'p-limit';
import { cacheKeyRules, pageCacheKey } from './edge/cache-key';
import { warmUp, type WarmUpOptions } from './edge/warm-up';
import { negotiateEncoding, type Coding } from './edge/accept-encoding';
import { limitedErrorLog } from '../adapters/common/log-limit';
import { jsonLogger, requestIdFrom, requestLine } from '../adapters/common/json-logs';
import { PinoLogger, plainWarnings } from '../adapters/common/pino-logger';
import type { Logger } from 'pino';
import { apiCheck, readiness } from './edge/health';
import { countOutputCache, pageKindOf, pageLoaded, pageRendered, serveMetrics } from './edge/metrics';

// The storefront's HTTP edge (Fastify), read top to bottom: plugins, routes, then the pages (ui/entry-server.tsx). A
// page is a constant document, so the output cache keeps it compressed once and sends it as it is.
export interface StorefrontOptions {
  port: number;
  host: string;
  apiUrl: string;
  clientDir: string;
  config?: ShopConfig;
  /** cache rendered pages (spec catalogue §9: TTL 86400 s); off unless given */
  outputCache?: OutputCache;
  /** served over https (behind a TLS-terminating proxy): send Strict-Transport-Security */
  hsts?: boolean;
  /** the key `/invalidate?tag=…&key=…` must carry; without one, invalidation is refused (401) */
  invalidationKey?: string;
  /** the shop's public origin (absolute URLs); else taken from a well-formed Host header */
  publicOrigin?: string;
  /** ms a client has to send a whole request, headers and body (default 20,000); a slower one gets 408 */
  requestTimeoutMs?: number;
  /**
   * The turns page renders take once their data is in (default 4 at once, the rest waiting in arrival order: a few
   * keep the core busy while one waits for the API; 100 sharing the CPU would all finish late)
   */
  renderGate?: LimitFunction;
  /** proxies in front (IPs or CIDRs, TRUSTED_PROXIES) whose X-Forwarded-For names the client; none: the connection */
  trustedProxies?: readonly string[];
  warmUp?: WarmUpOptions;
  /** the Bearer key `GET /metrics` must carry (ui/edge/metrics.ts); none: /metrics answers 404 */
  metricsKey?: string;
  /** a JSON line per request and every error; default warnings and errors on stdout */
  logger?: Logger;
}

export interface RunningStorefront {
  url: string;
  /** stops accepting connections, lets in-flight requests finish, then resolves */
  close(): Promise<void>;
  warmedUp?: Awaited<ReturnType<typeof warmUp>>;
}

const HTML = 'text/html; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
/** what the /img pass-through answers a public image with (a catalogue image's URL names its file and size) */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000';
/** a browser may keep a page but asks again every time (If-None-Match: 304 when unchanged) */
const PAGE_CACHE_CONTROL = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** a page differs by its coding, and by the locale cookie */
const VARY = 'accept-encoding, cookie';
const RETRY_AFTER = '30';
const HASHED_ASSET = /-[A-Z0-9]{8}\.[a-z]+(\.br|\.gz)?$/i;
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade',
  'proxy-authenticate', 'proxy-authorization'];
/** never forwarded to the API either (undici refuses to send them: a client's `Expect: 100-continue` became a 502) */
const REQUEST_HOP_BY_HOP = [...HOP_BY_HOP, 'expect', 'http2-settings'];

// a cached page is stored once as brotli 5 (recoded for a rare gzip-only client); an answer made per request is
// brotli 1 (half the CPU of gzip 3 for 4 % more bytes) or gzip 3
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN } = zlib.constants;
const brotli = (quality: number) => ({ params: { [BROTLI_PARAM_QUALITY]: quality, [BROTLI_PARAM_LGWIN]: 19 } });
const [BROTLI_STORED, BROTLI_FAST] = [brotli(5), brotli(1)];
const compress = (html: Buffer, coding: Coding | undefined) =>
  coding === 'br' ? zlib.brotliCompressSync(html, BROTLI_FAST)
    : coding === 'gzip' ? zlib.gzipSync(html, { level: 3 }) : html;

/** If-None-Match names this ETag (RFC 9110 §13.1.2: weak comparison, a list of tags, or '*') */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch?.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return (ifNoneMatch ?? '').split(',').some((tag) => opaque(tag) === opaque(etag));
}

export async function startStorefront(options: StorefrontOptions): Promise<RunningStorefront> {
  const config = options.config ?? createConfig({ api: { url: options.apiUrl } });
  const shell = documentShell(options.clientDir, config);
  const cache = options.outputCache;
  const renderGate = options.renderGate ?? pLimit(4);
  const publicApi = config.api.publicUrl ? new URL(config.api.publicUrl).origin : '';
  const tagManager = config.analytics.tagManagerContainerId !== '';
  const securityHeaders = htmlSecurityHeaders({ hsts: options.hsts ?? false, apiOrigin: publicApi, tagManager });

  const requestTimeout = options.requestTimeoutMs ?? 20_000;
  const logger = options.logger ?? jsonLogger({ name: 'storefront', level: 'warn' });
  /** an outage writes each error's first stack, then a count per 10 s */
  const logError = limitedErrorLog(logger);
  /** a visitor's expected error, repeated by every request (a wrong order-status hash), is counted the same way */
  const warnings = plainWarnings();
  const app = Fastify({
    loggerInstance: logger,
    // one request line per answer (the onResponse hook below) instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    // the request id: a load balancer's X-Request-Id when it is short and safe, else a new one
    requestIdHeader: false,
    genReqId: (raw) => requestIdFrom(raw.headers['x-request-id']),
    trustProxy: options.trustedProxies?.length ? [...options.trustedProxies] : false,
    // the 8,000-character paths of a scan are refused before routing
    routerOptions: { maxParamLength: MAX_PATH_LENGTH },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    // a client trickling its body (or headers) is cut off with 408: Fastify's default is no limit at all
    requestTimeout,
    http: {
      headersTimeout: Math.min(10_000, requestTimeout),
      connectionsCheckingInterval: Math.max(250, Math.min(2000, requestTimeout / 4)),
    },
  });

  // ----- plugins and hooks, before any route: every context (the pass-through's too) has them -----
  app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id));
  /** the warm-up's renders are debug lines */
  let warmingUp = true;
  // the server's own logger: the pass-through's quieter level never hides its request lines
  app.addHook('onResponse', async (request, reply) => {
    const line = requestLine(request.method, request.url, reply.statusCode, reply.elapsedTime);
    logger[warmingUp ? 'debug' : 'info']({ reqId: request.id, ...line }, 'request');
  });
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    // a client that left before its answer's headers (a streamed answer's premature close) is no server error
    if (reply.raw.destroyed || request.raw.socket?.destroyed) {
      logger.debug({ reqId: request.id, err: error }, 'client gone before the answer');
      return reply.hijack();
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) logError('[storefront] 500', error, request.log);
    return reply.code(status).type(TEXT).send(status < 500 ? `Bad request: ${error.message ?? ''}` : 'Internal error');
  });
  serveMetrics(app, options.metricsKey, options.apiUrl, renderGate);
  const unavailable = (reply: FastifyReply) =>
    reply.code(503).type(TEXT).headers({ 'retry-after': RETRY_AFTER, 'cache-control': 'no-store' })
      .send('Service unavailable, please try again shortly.');
  const notFound = (reply: FastifyReply, text = 'Not found') =>
    reply.code(404).type(TEXT).header('cache-control', 'no-store').send(text);
  // API answers, the sitemap and unhashed files are compressed on the fly; pages negotiate their own (sendPage)
  await app.register(fastifyCompress, {
    global: true, globalDecompression: false, encodings: ['br', 'gzip'], brotliOptions: BROTLI_STORED,
  });
  // the bundle: written with .br and .gz beside it at build time; a hashed file is immutable for a year
  await app.register(fastifyStatic, {
    root: options.clientDir,
    prefix: '/dist/',
    preCompressed: true,
    index: false,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', HASHED_ASSET.test(path) ? IMMUTABLE : 'no-cache');
      reply.header('x-content-type-options', 'nosniff');
    },
  });

  // ----- routes -----
  // the worker and the web app manifest keep their names from build to build: no-cache (setHeaders above)
  app.get('/sw.js', (_req, reply) => reply.sendFile('sw.js'));
  app.get('/manifest.webmanifest', (_req, reply) =>
    reply.type('application/manifest+json').sendFile('manifest.webmanifest'));
  app.get('/favicon.ico', (_req, reply) => reply.code(204).send());

  // /healthz: the process serves (the supervisor's check); /readyz: it can serve shoppers (the load balancer's)
  const HEALTH_HEADERS = { 'content-type': TEXT, 'cache-control': 'no-store' };
  // an output cache with a store of its own (Redis) is ready when that answers
  const cacheCheck = cache?.ping ? [{ name: 'output cache', run: cache.ping.bind(cache) }] : [];
  const ready = readiness([apiCheck(options.apiUrl), ...cacheCheck], config.search.serverTimeoutMs);
  app.get('/healthz', { compress: false }, (_req, reply) => reply.headers(HEALTH_HEADERS).send('ok'));
  app.get('/readyz', { compress: false }, async (_req, reply) => {
    const problem = await ready.problem();
    if (problem === undefined) return reply.headers(HEALTH_HEADERS).send('ready');
    return reply.code(503).headers({ ...HEALTH_HEADERS, 'retry-after': '1' }).send(`not ready: ${problem}`);
  });

  // /api/* and /img/* pass through to the API: only exactly those prefixes, never a dot-segment (or an encoded one)
  await app.register(async (proxy) => {
    // a backend answering 503 is told to the browser, not retried ten times
    const undici = { connections: 64, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 30_000 };
    await proxy.register(replyFrom, { base: options.apiUrl, disableRequestLogging: true, maxRetriesOn503: 0, undici });
    // a body is read whole (bodyLimit) first: a client trickling its body never holds one of the 64 API connections
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
      const contentType = request.headers['content-type'] ?? 'application/octet-stream';
      const body = bodyless ? {} : buffered?.length ? { body: buffered, contentType } : { body: null };
      return reply.from(target, {
        ...body,
        // the API throttles logins per client address: it gets the trusted proxies' X-Forwarded-For (request.ips) with
        // the connection's address last; with no trusted proxy, that address alone (a client cannot pose as another)
        rewriteRequestHeaders: (_req, headers) => {
          const { host: _host, 'x-forwarded-for': _claimed, ...rest } = headers;
          const kept = Object.fromEntries(Object.entries(rest).filter(([h]) => !REQUEST_HOP_BY_HOP.includes(h)));
          const hops = request.ips ? [...request.ips].reverse() : [request.socket.remoteAddress ?? 'unknown'];
          // the API's log line names this request (never a client's unchecked X-Request-Id)
          return { ...kept, 'x-forwarded-for': hops.join(', '), 'x-request-id': request.id };
        },
        rewriteHeaders: (headers) => {
          const out = Object.fromEntries(Object.entries(headers).filter(([h]) => !HOP_BY_HOP.includes(h)));
          const publicImage = images && /\bpublic\b/.test(String(out['cache-control'] ?? ''));
          if (publicImage) out['cache-control'] = IMAGE_CACHE_CONTROL;
          return { ...out, ...PASS_THROUGH_HEADERS };
        },
        // the API down or not answering: 503 with Retry-After, as pages answer then, and one collapsed error line
        onError: (r, { error }) => {
          logError('[api pass-through] API unreachable', (error as { cause?: unknown }).cause ?? error, r.request.log);
          const headers = { 'retry-after': RETRY_AFTER, 'cache-control': 'no-store' };
          void r.code(503).type('application/json').headers(headers).send({ code: 503, result: 'API unreachable' });
        },
      });
    };
    proxy.all('/api/*', pass(false));
    proxy.all('/img/*', pass(true));
    // reply-from warns with a stack for every call the API did not answer: errors only here (see onError)
  }, { logLevel: logger.levelVal > 50 ? (logger.level as 'fatal' | 'silent') : 'error' });

  // /invalidate?tag=…&key=…: marks stale every cached page carrying the tag
  const invalidationKey = keyCheck(options.invalidationKey);
  app.route({
    method: ['GET', 'POST'],
    url: '/invalidate',
    handler: async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const refused = invalidationKey(request.ip, query['key']);
      if (refused) return reply.code(refused.status).type(TEXT).headers(refused.headers).send(refused.text);
      const tags = String(query['tag'] ?? '').split(',').map((t) => t.trim()).filter(Boolean);
      if (tags.length === 0) return reply.code(400).type(TEXT).send('Bad request: tag is required');
      const counts = await Promise.all(tags.map(async (t) => [t, (await cache?.invalidate(t)) ?? 0]));
      return reply.header('cache-control', 'no-store').send({ invalidated: Object.fromEntries(counts) });
    },
  });

  // the shop's public origin for absolute URLs: PUBLIC_URL, else a well-formed Host header (a DNS name: <= 253
  // characters); pages of a Host-derived origin are cached per origin (cachePlan): no Host lands in another's page
  function originOf(request: FastifyRequest): string {
    const host = request.headers.host ?? '';
    const fallback = `http://${options.host}:${options.port}`;
    return options.publicOrigin ?? (/^[a-z0-9.-]{1,253}(:\d{1,5})?$/i.test(host) ? `http://${host}` : fallback);
  }

  // it changes with a deploy, if ever
  app.get('/robots.txt', { compress: false }, (request, reply) =>
    reply.type(TEXT).header('cache-control', 'public, max-age=86400').send(robotsTxt(originOf(request))));
  // /sitemap.xml (spec catalogue §2.1): what it lists is decided in ui/sitemap-xml.ts
  const sitemapXml = createSitemapXml(config);
  app.get('/sitemap.xml', async (request, reply) => {
    const xml = await sitemapXml(originOf(request)).catch((e: unknown) => logError('[sitemap] build failed', e));
    // the catalogue could not be read whole: no sitemap rather than one that drops products
    if (xml === undefined) return unavailable(reply);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  // /shop-data/categories/<locale>/<hash>.json: the category list pages name instead of carrying (newest 32 kept)
  const recentDocuments = new LRUCache<string, string>({ max: 32 });
  app.get('/shop-data/*', async (request, reply) => {
    const path = (request.raw.url ?? '').split('?')[0]!;
    const ref = parseCategoriesHref(path, config.i18n.locales);
    if (!ref) return notFound(reply);
    if (!recentDocuments.has(path)) {
      const doc = await currentCategoriesDocument(config, ref.locale, request.id).catch((e: unknown) =>
        logError('[shop-data] categories failed', e, request.log),
      );
      if (!doc) return unavailable(reply);
      recentDocuments.set(doc.href, doc.body);
    }
    // a name that is no longer the catalogue's: the browser loads the categories itself (ui/entry-client.tsx)
    const body = recentDocuments.get(path);
    if (body === undefined) return notFound(reply, 'Not found: the categories changed');
    const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': IMMUTABLE };
    return reply.headers(headers).send(body);
  });

  // ----- pages -----
  const keyRules = cacheKeyRules(config);
  /**
   * The output cache's plan for a page request (undefined: none): its key (locale, origin unless PUBLIC_URL, canonical
   * URL: ui/edge/cache-key.ts) and `url`, what it is rendered from, so no render reads a parameter the key dropped.
   */
  function cachePlan(request: FastifyRequest, locale: LocaleCode, origin: string) {
    if (!cache || request.method !== 'GET') return undefined;
    const canonical = pageCacheKey(request.raw.url ?? '/', keyRules);
    if (!canonical.cacheable) return undefined;
    const prefix = options.publicOrigin ? `${locale} ` : `${locale} ${origin} `;
    const variantOf = canonical.query ? prefix + canonical.path : undefined;
    return { key: prefix + canonical.url, url: canonical.url, variantOf };
  }
  type CachePlan = NonNullable<ReturnType<typeof cachePlan>>;

  /** A page loaded and named (its shared documents kept for /shop-data/), ready to render. */
  async function prepare(url: string, locale: LocaleCode, origin: string, requestId: string, log: FastifyBaseLogger) {
    const render = { origin, requestId, logger: new PinoLogger(log, warnings) };
    const onError = (label: string, e: unknown) => logError(label, e, log);
    const prepared = await prepareRender(url, config, locale, { ...render, logError: onError });
    for (const doc of prepared.documents) recentDocuments.set(doc.href, doc.body);
    return { prepared, kind: pageKindOf(url, prepared.state), ...pageDocument(prepared, url, origin, shell) };
  }
  type Page = Awaited<ReturnType<typeof prepare>>;
  type Rendered = Awaited<ReturnType<Page['render']>>;

  /** A page into the output cache (a 200 not of one shopper's data); undefined when it is not kept. */
  async function store(plan: CachePlan, { prepared, kind, etag }: Page, { html, body }: Rendered) {
    if (prepared.status !== 200 || prepared.personal) return undefined;
    const br = zlib.brotliCompressSync(html, BROTLI_STORED);
    const page: CachedPage = { br, tags: body.tags(), kind, renderedAt: Date.now(), etag };
    return cache!.set(plan.key, page, SERVER_CONFIG.outputCacheTtlSeconds, plan.variantOf)
      .then(() => page, (e: unknown) => logError('[output-cache] write failed', e));
  }

  /** serve-stale: the renderer the cache chose (one per lease across every process sharing it) renders it afresh */
  async function refresh(plan: CachePlan, locale: LocaleCode, origin: string, requestId: string) {
    const page = await prepare(plan.url, locale, origin, requestId, logger.child({ reqId: requestId }));
    await store(plan, page, await page.render());
  }

  /** 304 for a page the client has (RFC 9110 §13.1.2): only what a cache updates its copy with */
  function notModified(request: FastifyRequest, reply: FastifyReply, etag: string | undefined) {
    if (!etag || !etagMatches(request.headers['if-none-match'], etag)) return undefined;
    return reply.code(304).headers({ etag, 'cache-control': PAGE_CACHE_CONTROL, vary: VARY }).send();
  }

  /** A page answer in the coding the client takes (ui/edge/accept-encoding.ts): a stored page's brotli as it is. */
  type Answer = CachedPage | { status: number; etag?: string; html: Buffer };
  function sendPage(request: FastifyRequest, reply: FastifyReply, page: Answer, state: string, personal = false) {
    const coding = negotiateEncoding(request.headers['accept-encoding']);
    const stored = 'br' in page;
    const status = stored ? 200 : page.status;
    const plain = () => ('br' in page ? zlib.brotliDecompressSync(page.br) : page.html);
    const body = stored && coding === 'br' ? page.br : compress(plain(), coding);
    // a page of one shopper's data (the order-status page): no cache on the way keeps it
    const cacheControl = personal ? 'private, no-store' : PAGE_CACHE_CONTROL;
    return reply
      .code(status)
      .headers({ ...securityHeaders, 'content-type': HTML, 'cache-control': cacheControl })
      .headers({ vary: VARY, 'x-output-cache': state, ...(page.etag ? { etag: page.etag } : {}) })
      .headers(status === 503 ? { 'retry-after': RETRY_AFTER } : {})
      .headers(coding ? { 'content-encoding': coding } : {})
      .send(body);
  }

  app.get('/*', { compress: false }, async (request, reply) => {
    const url = request.raw.url ?? '/';
    const problem = pageTargetProblem(url);
    if (problem) return reply.code(400).type(TEXT).header('cache-control', 'no-store').send(`Bad request: ${problem}`);
    if (namesPrototypeMember(url)) return notFound(reply);
    const locale = resolveLocale(parseCookie(request.headers.cookie ?? '').locale, config);
    const origin = originOf(request);
    const plan = cachePlan(request, locale, origin);
    if (plan) {
      const read = cache!.get(plan.key).catch((e: unknown) => logError('[output-cache] read failed', e));
      const hit = (await read) ?? undefined;
      countOutputCache(request, hit);
      if (hit?.refresh) {
        const failed = (e: unknown) => logError('[output-cache] refresh failed', e);
        void refresh(plan, locale, origin, request.id).catch(failed);
      }
      const state = hit?.stale ? 'stale' : 'hit';
      if (hit) return notModified(request, reply, hit.page.etag) ?? sendPage(request, reply, hit.page, state);
    }

    // a cacheable page is rendered from its canonical URL (the parameters it does not read left out)
    const loadStart = performance.now();
    const page = await prepare(plan?.url ?? url, locale, origin, request.id, request.log)
      .catch((e: unknown) => logError('[ssr] load failed', e, request.log));
    // a load that failed without answering a status: the API is slow or down, never the client's fault
    if (!page) return unavailable(reply);
    const { prepared, etag } = page;
    const loadMs = performance.now() - loadStart;
    pageLoaded(request, page.kind);
    const moved = { location: prepared.redirect, 'cache-control': 'no-store' };
    if (prepared.redirect) return reply.code(301).headers(moved).send();
    const unchanged = notModified(request, reply, etag);
    if (unchanged) return unchanged;

    // renders take turns once their data is in (renderGate); loads are not held back
    return renderGate(async () => {
      // a client that gave up while its render waited gets none
      if (request.raw.destroyed || request.raw.socket?.destroyed || reply.raw.destroyed) return reply.hijack();
      const renderStart = performance.now();
      const rendered = await page.render().catch((e: unknown) => logError('[ssr] render failed', e, request.log));
      if (!rendered) return unavailable(reply);
      pageRendered(request, loadMs + performance.now() - renderStart);
      const stored = plan ? await store(plan, page, rendered) : undefined;
      if (stored) return sendPage(request, reply, stored, 'miss');
      // a page of one shopper's data is rendered for them alone: never kept
      const state = plan && !prepared.personal ? 'miss' : 'off';
      return sendPage(request, reply, { status: prepared.status, etag, html: rendered.html }, state, prepared.personal);
    });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).type(TEXT).send('Not found'));

  // through the server's own handler, as a shopper's requests go (no socket: nothing listens yet)
  const warmedUp = options.warmUp
    ? await warmUp(async (path, { compressed }) => {
        const headers = { 'accept-encoding': compressed ? 'br, gzip' : 'identity' };
        const answer = await app.inject({ method: 'GET', url: path, headers });
        return { status: answer.statusCode, html: compressed ? '' : answer.body };
      }, options.warmUp)
    : undefined;
  warmingUp = false;
  ready.warmedUp();
  const url = await app.listen({ port: options.port, host: options.host });
  return { url, close: () => app.close().finally(() => {
    logError.flush();
    warnings.flush();
  }), warmedUp };
}
