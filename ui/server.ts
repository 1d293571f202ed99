import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { Socket } from 'node:net';
import { timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import replyFrom from '@fastify/reply-from';
import { createConfig, type LocaleCode, type ShopConfig } from '../core/config';
import type { CachedPage, OutputCache } from '../core/ports/output-cache';
import { bodyText, currentCategoriesDocument, prepareRender, type PreparedPage } from './entry-server';
import { parseCategoriesHref, RecentDocuments, type SharedRefs } from './edge/shared-state';
import { pageChunks } from './app/routes';
import { resolveLocale } from './i18n';
import { createSitemapXml } from './sitemap-xml';
import { MAX_PATH_LENGTH, pageTargetProblem, readCookie, safeProxyPath } from './edge/request-safety';
import { htmlSecurityHeaders, newNonce, PASS_THROUGH_HEADERS } from './edge/security-headers';
import { etagMatches, weakEtag } from './edge/etag';
import { bodyStart, documentEnd, firstLoadModules, headStart, inlinableCss, NONCE_SLOT, withNonce, type ClientManifest } from './edge/html-shell';
import { cachedGzip, prepareGzip, type PreparedGzip } from './edge/cached-gzip';
import { deflatePieces, GzipAnswer, gzipJoined } from './edge/gzip-segments';
import { RenderGate } from './edge/render-gate';
import { takeConnection } from './edge/connection-balancer';
import { cacheKeyRules, pageCacheKey } from './edge/cache-key';
import { warmUp, type WarmUpOptions, type WarmUpReport } from './edge/warm-up';
import { SecondChanceMap } from './edge/second-chance';
import { negotiateEncoding, type Coding } from './edge/accept-encoding';

/**
 * The storefront's HTTP edge (Fastify): server-side rendering of every page, the browser bundle under /dist/ (served
 * precompressed, immutable when hashed), and a pass-through of /api/ and /img/ to the API so the browser talks to one
 * origin. Rendering stays in ui/entry-server.tsx; this file only speaks HTTP.
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
   * listen on this process's own socket, not through node:cluster's shared one: a worker whose connections the
   * primary hands over (ui/edge/connection-balancer.ts) listens privately on 127.0.0.1, port 0, so its HTTP server
   * runs as a listening one (request timeouts, idle connections closed on close) and takes the handed sockets
   */
  exclusive?: boolean;
  /**
   * render some of the shop's pages before listening (ui/edge/warm-up.ts: V8 optimises the render path first, so the
   * first shoppers are not served by cold code); none unless given
   */
  warmUp?: WarmUpOptions;
}

export interface RunningStorefront {
  url: string;
  /** stops accepting connections, lets in-flight requests finish, then resolves */
  close(): Promise<void>;
  /** serves a connection accepted elsewhere (the cluster's primary handed it over) at `acceptedAt` (ms, Date.now()) */
  take(socket: Socket, acceptedAt?: number): void;
  /** what the warm-up before listening did (StorefrontOptions.warmUp) */
  warmedUp?: WarmUpReport;
}

const HTML = 'text/html; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
/** what the /img pass-through answers a public image with (issue 10: Lighthouse's long cache TTL) */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000';
/**
 * the cache-control of every page answer, rendered or from the output cache: a browser may keep a page but asks again
 * every time (If-None-Match: 304 when unchanged, keeping the copy with the nonce it came with)
 */
const PAGE_CACHE_CONTROL = 'no-cache';
/** a page of one shopper's data (the order-status page): no cache on the way keeps it */
const PERSONAL_CACHE_CONTROL = 'private, no-store';
/** how long a stale page's re-render may take before another renderer may try */
const REFRESH_LEASE_SECONDS = 30;
/**
 * renders at once per process by default: a render is CPU work (its reads come from the process's read cache), so a
 * few at once keep the core busy while one waits for the API or the compressor, and the rest queue in arrival order
 */
const RENDERS_AT_ONCE = 4;
const HASHED_ASSET = /-[A-Z0-9]{8}\.[a-z]+(\.br|\.gz)?$/;

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authenticate', 'proxy-authorization'];
/**
 * a request's headers about the browser's own connection to the storefront, never forwarded to the API: undici refuses
 * to send `expect`, `keep-alive`, `upgrade` and `transfer-encoding`, so passing them on turned a client's ordinary
 * `Expect: 100-continue` (curl sends it for any body over 1 KB) into a 502
 */
const REQUEST_HOP_BY_HOP = [...HOP_BY_HOP, 'expect', 'http2-settings'];
/** milliseconds a client has to send a whole request (headers and body); a slower one is cut off (408) */
const REQUEST_TIMEOUT_MS = 20_000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * brotli quality 4 for pages compressed per answer: about a third less CPU than 5 for about 10 % more bytes (a 100 KB
 * category page: 13.5 KB instead of 12.2 KB, 0.9 ms instead of 1.3 ms), and pages are compressed on every uncached answer
 */
const BROTLI_PARAMS = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    // a 512 KB window instead of 4 MB: pages are ~60-130 KB (the same bytes out), and each answer's compressor
    // allocates its window afresh
    [zlib.constants.BROTLI_PARAM_LGWIN]: 19,
  },
};

/**
 * an uncached page for a client that takes brotli but not gzip (browsers take both, and get gzip: see renderAnswer):
 * BROTLI_PARAMS, told the document's usual size (smaller tables to set up per answer: ~20 % less CPU, the same bytes)
 */
const PAGE_BROTLI_PARAMS = { params: { ...BROTLI_PARAMS.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: 128 * 1024 } };
/**
 * deflate level of an uncached page's body (its head and end are deflated once, at 9): the 55 KB body of a category
 * page takes 0.20 ms at 5 for 6.4 KB, 0.09 ms at 3 for 6.9 KB (issue 8, seventh pass; with the end deflated once at 9
 * the page is 13.3 KB over the wire, 12.9 KB when body and end were deflated together at 5 per answer in 0.61 ms)
 */
const PAGE_GZIP_LEVEL = 3;
/** heads kept made (headShellOf): per locale, page kind and shared document, a few dozen at most in a shop */
const HEAD_SHELLS_KEPT = 64;
/**
 * page ends kept (endShellOf), those sent again kept longest: one per page rendered of late (~50 KB of text and
 * ~12 KB deflated for a category page), so at most a few MB
 */
const END_SHELLS_KEPT = 96;

/** a document's end (boot data and scripts, NONCE_SLOT for the nonce), as made once for the answers that send it */
interface EndShell {
  /** SHA-256 of the end: the page's ETag names it (not its ~50 KB hashed per answer) */
  digest: string;
  /** sent before: its pieces are worth deflating once (`gzip`) */
  again?: boolean;
  /** its pieces between the nonce's places deflated once, when sent as gzip a second time */
  gzip?: PreparedGzip;
}

/** a document's head with NONCE_SLOT for the nonce, made once (see headShellOf) */
interface HeadShell {
  head: string;
  /** the head split at its nonce's places */
  pieces: string[];
  /** the pieces deflated (level 9) and as UTF-8 bytes (their CRC-32 per answer), once, when first sent as gzip */
  deflated?: Buffer[];
  bytes?: Buffer[];
  /** SHA-256 of the head, for the ETags of the pages that have it (not the head's 50 KB hashed per answer) */
  digest?: string;
}

type Encoding = Coding | undefined;

function keyMatches(given: unknown, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export async function startStorefront(options: StorefrontOptions): Promise<RunningStorefront> {
  const config = options.config ?? createConfig({ api: { url: options.apiUrl } });
  const manifestPath = join(options.clientDir, 'manifest.json');
  const manifest: ClientManifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as ClientManifest)
    : { entry: '', css: [] };
  // issue 10: a small stylesheet goes into every page's head (no render-blocking request before the first paint)
  const cssFiles = manifest.css.map((c) => join(options.clientDir, c));
  if (cssFiles.length && cssFiles.every((f) => existsSync(f))) {
    const css = inlinableCss(cssFiles.map((f) => readFileSync(f, 'utf8').replace(/\n?\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')));
    if (css !== undefined) manifest.inlineCss = css;
  }
  const cache = options.outputCache;
  const renderGate = options.renderGate ?? new RenderGate(options.renderConcurrency ?? RENDERS_AT_ONCE);
  const retryAfter = String(options.retryAfterSeconds ?? 30);
  const publicApi = config.api.publicUrl ? new URL(config.api.publicUrl).origin : '';
  const securityHeaders = (nonce: string) => htmlSecurityHeaders(nonce, { hsts: options.hsts ?? false, apiOrigin: publicApi });

  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: false,
    // the 8,000-character paths of a scan must not cost a render: refused before routing (see pageTargetProblem)
    routerOptions: { maxParamLength: MAX_PATH_LENGTH },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    // a client trickling its body (or headers) is cut off with 408: Fastify's default is no limit at all, and Node
    // looks for such clients every 30 s unless told otherwise (a slow client then held on for more than a minute)
    requestTimeout,
    http: { headersTimeout: Math.min(10_000, requestTimeout), connectionsCheckingInterval: Math.max(250, Math.min(2000, requestTimeout / 4)) },
  });

  // set before any plugin is registered, so every context (the pass-through's too) answers errors this way: Fastify's
  // default handler answered the pass-through's errors with its own 500 and the error's message
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) console.error('[storefront]', request.method, request.url.slice(0, 200), error);
    return reply.code(status).type(TEXT).send(status < 500 ? `Bad request: ${error.message ?? ''}` : 'Internal error');
  });

  // API answers, the sitemap and unhashed files are compressed on the fly; pages compress themselves (they stream).
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_PARAMS,
  });

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
    // connections to the API every shopper's /api call shares (70 slow uploads stalled the pass-through for everyone)
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, payload, done) => done(null, payload));
    /** `images`: issue 10, a catalogue image's URL names its file and size (a new image gets a new file name): a public
     * answer is kept a year (the API says a day), so the next page and a returning visitor ask for none of them again */
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
        // the API throttles logins per client address and reads the last X-Forwarded-For hop from a proxy on its
        // host: the storefront appends the address it really sees, so a browser's own X-Forwarded-For cannot pose
        // as another client
        rewriteRequestHeaders: (req, headers) => {
          const { host: _host, 'x-forwarded-for': sent, ...rest } = headers;
          const named = String(req.headers.connection ?? '').toLowerCase().split(',').map((h) => h.trim());
          for (const h of [...REQUEST_HOP_BY_HOP, ...named]) delete rest[h];
          const hops = [...(Array.isArray(sent) ? sent : sent ? [sent] : []), req.socket.remoteAddress ?? 'unknown'];
          return { ...rest, 'x-forwarded-for': hops.join(', ') };
        },
        // hop-by-hop headers describe the storefront's own connection to the API, not the browser's
        rewriteHeaders: (headers) => {
          const out = { ...headers };
          for (const h of HOP_BY_HOP) delete out[h];
          if (images && /\bpublic\b/.test(String(out['cache-control'] ?? ''))) out['cache-control'] = IMAGE_CACHE_CONTROL;
          return { ...out, ...PASS_THROUGH_HEADERS };
        },
        onError: (r, { error }) => {
          const status = (error as { statusCode?: number }).statusCode === 504 ? 504 : 502;
          void r.code(status).type('application/json').send({ code: status, result: 'API unreachable' });
        },
      });
    };
    proxy.all('/api/*', pass(false));
    proxy.all('/img/*', pass(true));
  });

  // ----- /invalidate?tag=…&key=… : drops (marks stale) every cached page carrying the tag -----
  app.route({
    method: ['GET', 'POST'],
    url: '/invalidate',
    handler: async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      if (!keyMatches(query['key'], options.invalidationKey)) return reply.code(401).type(TEXT).send('Unauthorized: wrong or missing key');
      const tags = (typeof query['tag'] === 'string' ? query['tag'] : '').split(',').map((t) => t.trim()).filter(Boolean);
      if (tags.length === 0) return reply.code(400).type(TEXT).send('Bad request: tag is required');
      const counts = cache ? await Promise.all(tags.map((t) => cache.invalidate(t))) : tags.map(() => 0);
      return reply.header('cache-control', 'no-store').send({ invalidated: Object.fromEntries(tags.map((t, i) => [t, counts[i]])) });
    },
  });

  /**
   * The shop's public origin for absolute URLs (sitemap, canonical links, Open Graph, JSON-LD): PUBLIC_URL, else a
   * well-formed Host header. Pages rendered with a Host-derived origin are cached per origin (see `page`), so one
   * client's Host header never lands in another's page.
   */
  function originOf(request: FastifyRequest): string {
    const host = request.headers.host ?? '';
    return options.publicOrigin ?? (/^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? `http://${host}` : `http://${options.host}:${options.port}`);
  }

  const sitemapXml = createSitemapXml(config);
  // ----- /sitemap.xml (spec catalogue §2.1): what it lists is decided in ui/sitemap-xml.ts -----
  app.get('/sitemap.xml', async (request, reply) => {
    let xml: string;
    try {
      xml = await sitemapXml(originOf(request));
    } catch (e) {
      // the catalogue could not be read whole: no sitemap rather than one that drops products
      console.error('[sitemap] build failed', e);
      return reply.code(503).type(TEXT).headers({ 'retry-after': retryAfter, 'cache-control': 'no-store' }).send('Service unavailable, please try again shortly.');
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  // ----- pages -----
  function pageHeaders(reply: FastifyReply, status: number, nonce: string, encoding: Encoding, cacheState: string, etag: string | undefined, personal = false): void {
    reply.code(status).headers({
      ...securityHeaders(nonce),
      'content-type': HTML,
      'cache-control': personal ? PERSONAL_CACHE_CONTROL : PAGE_CACHE_CONTROL,
      vary: 'accept-encoding, cookie',
      'x-output-cache': cacheState,
      ...(etag ? { etag } : {}),
      ...(status === 503 ? { 'retry-after': retryAfter } : {}),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
  }

  async function sendWhole(reply: FastifyReply, status: number, html: string, nonce: string, encoding: Encoding, cacheState: string, etag: string | undefined) {
    const body = encoding === 'br' ? await brotli(html, BROTLI_PARAMS) : encoding === 'gzip' ? await gzip(html) : html;
    pageHeaders(reply, status, nonce, encoding, cacheState, etag);
    return reply.send(body);
  }

  function bootOf(locale: LocaleCode, path: string, state: Record<string, unknown>, shared: SharedRefs) {
    return { state, ...(Object.keys(shared).length ? { shared } : {}), locale, path, config: { api: { publicUrl: config.api.publicUrl } } };
  }

  // ----- /shop-data/categories/<locale>/<hash>.json: the category list pages name instead of carrying (issue 10) -----
  const recentDocuments = new RecentDocuments();
  app.get('/shop-data/*', async (request, reply) => {
    const path = (request.raw.url ?? '').split('?')[0] ?? '';
    const ref = parseCategoriesHref(path, config.i18n.locales);
    if (!ref) return reply.code(404).type(TEXT).header('cache-control', 'no-store').send('Not found');
    let body = recentDocuments.get(path);
    if (body === undefined) {
      try {
        const doc = await currentCategoriesDocument(config, ref.locale);
        recentDocuments.add(doc);
        if (doc.href === path) body = doc.body;
      } catch (e) {
        console.error('[shop-data] categories failed', e);
        return reply.code(503).type(TEXT).headers({ 'retry-after': retryAfter, 'cache-control': 'no-store' }).send('Service unavailable, please try again shortly.');
      }
    }
    // a name that is no longer the catalogue's: the browser loads the categories itself (ui/entry-client.tsx)
    if (body === undefined) return reply.code(404).type(TEXT).header('cache-control', 'no-store').send('Not found: the categories changed');
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(body);
  });

  /** what a build and config render differently: part of every page's ETag */
  const buildName = createHash('sha256').update(JSON.stringify([manifest, config])).digest('base64url');

  /**
   * A prepared page's head and end (boot data, scripts) with NONCE_SLOT for the nonce, and its ETag (200 answers
   * only): the body is a function of the boot data (the browser hydrates the same HTML from it), the locale, the path,
   * the origin (absolute URLs of the SEO tags) and the build, so the page is named before it is rendered, and an
   * If-None-Match that names it costs no render.
   */
  function shellOf(prepared: PreparedPage, url: string, origin: string): { head: string; headShell: HeadShell; end: string; endShell: EndShell; etag: string | undefined } {
    for (const doc of prepared.documents) recentDocuments.add(doc);
    const headShell = headShellOf(prepared.locale, Object.values(prepared.shared));
    const head = headShell.head;
    const modules = firstLoadModules(manifest, pageChunks(url.split(/[?#]/, 1)[0]!, prepared.state));
    const end = documentEnd(bootOf(prepared.locale, url, prepared.state, prepared.shared), manifest, NONCE_SLOT, modules);
    const endShell = endShellOf(end, prepared.personal === true);
    const etag = prepared.status === 200 ? weakEtag([buildName, String(prepared.status), origin, (headShell.digest ??= createHash('sha256').update(head).digest('base64url')), endShell.digest]) : undefined;
    return { head, headShell, end, endShell, etag };
  }

  /**
   * A page's end (its boot data and scripts) as made once (issue 8, seventh pass): its digest (the ETag's) and, once it
   * is sent again, its deflated pieces (at 9: 0.50 ms for a category page's 49 KB, 0.12 ms at 3, so not for an end seen
   * once, e.g. a page of a query a client made up, which is deflated with its body at 3 per answer as before). A category page's end is ~50 KB of hydration state, the same on every
   * render of the page while the catalogue read cache holds its data: hashed for the ETag and deflated per answer it
   * was ~10 % of an uncached answer's CPU in a profile. Kept by its text (a Map compares the whole text, so only the
   * same end finds an entry); a page of one shopper's data (`personal`) is made afresh and never kept.
   */
  const endShells = new SecondChanceMap<string, EndShell>(END_SHELLS_KEPT);
  function endShellOf(end: string, personal: boolean): EndShell {
    const kept = endShells.get(end);
    if (kept) {
      kept.again = true;
      return kept;
    }
    const made: EndShell = { digest: createHash('sha256').update(end).digest('base64url') };
    if (!personal) endShells.set(end, made);
    return made;
  }

  /**
   * The head of a document (with NONCE_SLOT for the nonce) made once per locale and shared documents: the
   * same for every page of a kind (issue 8, fourth pass), with its pieces between the nonce's places deflated once
   * when first sent as gzip (GzipAnswer). Bounded: the oldest made goes first.
   */
  const headShells = new Map<string, HeadShell>();
  function headShellOf(locale: LocaleCode, shared: readonly string[]): HeadShell {
    const id = `${locale}\n${shared.join(' ')}`;
    let kept = headShells.get(id);
    if (!kept) {
      const head = headStart(locale, manifest, NONCE_SLOT, shared);
      kept = { head, pieces: head.split(NONCE_SLOT) };
      headShells.set(id, kept);
      if (headShells.size > HEAD_SHELLS_KEPT) headShells.delete(headShells.keys().next().value as string);
    }
    return kept;
  }

  /** The whole document of a prepared page, with NONCE_SLOT for the nonce (what the output cache keeps). */
  async function renderWhole(prepared: PreparedPage, url: string, origin: string): Promise<CachedPage> {
    const { head, end, etag } = shellOf(prepared, url, origin);
    const parts: Array<Uint8Array | string> = [head];
    const body = await prepared.renderBody({ begin: (title, tags) => parts.push(bodyStart(title, tags)), write: (html) => parts.push(html) });
    return { status: prepared.status, html: bodyText(parts) + end, tags: body.tags, renderedAt: Date.now(), ...(etag ? { etag } : {}) };
  }

  /** 304 for a page the client has: only what a cache updates its copy with (no CSP: the copy keeps its own nonce) */
  function notModified(reply: FastifyReply, etag: string) {
    return reply.code(304).headers({ etag, 'cache-control': PAGE_CACHE_CONTROL, vary: 'accept-encoding, cookie' }).send();
  }

  /**
   * The output cache's plan for a page request (ui/edge/cache-key.ts): the key holds the locale, the origin (unless
   * PUBLIC_URL names it) and the path with only the query parameters the page reads; `url` is what the page is
   * rendered from (so the render cannot depend on a parameter the key dropped); `variantOf` names the page without a
   * query when there is one. Undefined: rendered without the cache (too many filter values, a page reading its own
   * parameters, ...).
   */
  const keyRules = cacheKeyRules(config);
  function cachePlan(target: string, locale: LocaleCode, origin: string): { key: string; url: string; variantOf?: string } | undefined {
    const canonical = pageCacheKey(target, keyRules);
    if (!canonical.cacheable) return undefined;
    const prefix = options.publicOrigin ? `${locale} ` : `${locale} ${origin} `;
    return { key: prefix + canonical.url, url: canonical.url, ...(canonical.query ? { variantOf: prefix + canonical.path } : {}) };
  }

  /**
   * cached pages' pieces, deflated once (by cache key and render time), for gzip answers to hits; bounded by entries
   * and bytes (ShopConfig.server.deflatedPagesMax*), the oldest dropped first
   */
  const deflatedPages = new Map<string, PreparedGzip>();
  let deflatedBytes = 0;
  function deflatedOf(id: string, html: string): PreparedGzip {
    const kept = deflatedPages.get(id);
    if (kept) return kept;
    const prepared = prepareGzip(html, NONCE_SLOT);
    const bytes = prepared.bytes + 2 * id.length;
    if (bytes > config.server.deflatedPagesMaxBytes) return prepared;
    deflatedPages.set(id, prepared);
    deflatedBytes += bytes;
    while (deflatedPages.size > config.server.deflatedPagesMaxEntries || deflatedBytes > config.server.deflatedPagesMaxBytes) {
      const [oldest, entry] = deflatedPages.entries().next().value as [string, PreparedGzip];
      deflatedPages.delete(oldest);
      deflatedBytes -= entry.bytes + 2 * oldest.length;
    }
    return prepared;
  }
  const refreshing = new Set<string>();
  /** serve-stale: one renderer (across every process sharing the cache) renders the page afresh in the background */
  function refresh(key: string, url: string, locale: LocaleCode, origin: string, variantOf: string | undefined): void {
    if (!cache || refreshing.has(key)) return;
    refreshing.add(key);
    void (async () => {
      if (!(await cache.claimRefresh(key, REFRESH_LEASE_SECONDS))) return;
      const prepared = await prepareRender(url, config, locale, { origin });
      if (prepared.status !== 200 || prepared.redirect || prepared.personal) return;
      await cache.set(key, await renderWhole(prepared, url, origin), config.server.outputCacheTtlSeconds, variantOf !== undefined ? { variantOf } : {});
    })()
      .catch((e: unknown) => console.error('[output-cache] refresh failed', e))
      .finally(() => refreshing.delete(key));
  }

  /** connections handed over by the cluster's primary, until their first request: when it accepted them */
  const firstRequestAt = new WeakMap<object, number>();
  /** when a request arrived (the render gate's order): its connection's accept time for a handed connection's first */
  const arrivedAt = new WeakMap<object, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    const socket = request.raw.socket;
    const first = socket ? firstRequestAt.get(socket) : undefined;
    if (first !== undefined) firstRequestAt.delete(socket);
    arrivedAt.set(request.raw, first ?? Date.now());
    done();
  });

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const url = request.raw.url ?? '/';
    const problem = pageTargetProblem(url);
    if (problem) return reply.code(400).type(TEXT).header('cache-control', 'no-store').send(`Bad request: ${problem}`);
    const locale = resolveLocale(readCookie(request.headers.cookie, 'locale'), config);
    const nonce = newNonce();
    // one negotiation: pages are compressed as gzip when the client takes it (see renderAnswer), else brotli
    const encoding = negotiateEncoding(request.headers['accept-encoding'], ['gzip', 'br']);
    const origin = originOf(request);
    const plan = cache !== undefined && request.method === 'GET' ? cachePlan(url, locale, origin) : undefined;
    const key = plan?.key ?? '';

    if (cache && plan) {
      const hit = await cache.get(key).catch((e: unknown) => {
        console.error('[output-cache] read failed', e);
        return undefined;
      });
      if (hit) {
        if (hit.stale) refresh(key, plan.url, locale, origin, plan.variantOf);
        const state = hit.stale ? 'stale' : 'hit';
        // pages cached before ETags were kept are named by their document (nonce places open)
        const etag = hit.page.status === 200 ? (hit.page.etag ?? weakEtag([buildName, hit.page.html])) : undefined;
        if (etag && etagMatches(request.headers['if-none-match'], etag)) return notModified(reply, etag);
        if (encoding === 'gzip') {
          // gzip joined from pieces deflated once per cached page: a hit costs no compression of the page, nor a copy of
          // its text (ui/edge/cached-gzip.ts)
          const prepared = deflatedOf(`${key}\n${hit.page.renderedAt}`, hit.page.html);
          pageHeaders(reply, hit.page.status, nonce, 'gzip', state, etag);
          return reply.send(cachedGzip(prepared, nonce));
        }
        return sendWhole(reply, hit.page.status, withNonce(hit.page.html, nonce), nonce, encoding, state, etag);
      }
    }

    // a cacheable page is rendered from its canonical URL (the parameters it does not read left out)
    return renderAnswer(request, reply, { url: plan?.url ?? url, locale, nonce, encoding, origin, key, cacheable: plan !== undefined, ...(plan?.variantOf !== undefined ? { variantOf: plan.variantOf } : {}) });
  }

  /** what page() decided before rendering */
  interface AnswerPlan {
    url: string;
    locale: LocaleCode;
    nonce: string;
    encoding: Encoding;
    origin: string;
    key: string;
    cacheable: boolean;
    /** the output cache's page this one is a variant of (its path without a query) */
    variantOf?: string;
  }

  async function renderAnswer(request: FastifyRequest, reply: FastifyReply, { url, locale, nonce, encoding, origin, key, cacheable, variantOf }: AnswerPlan) {
    let prepared: PreparedPage;
    try {
      prepared = await prepareRender(url, config, locale, { origin });
    } catch (e) {
      // a load that failed without answering a status: the API is slow or down, never the client's fault
      console.error('[ssr] load failed', e);
      return reply.code(503).type(TEXT).headers({ 'retry-after': retryAfter, 'cache-control': 'no-store' }).send('Service unavailable, please try again shortly.');
    }
    if (prepared.redirect) return reply.code(301).headers({ location: prepared.redirect, 'cache-control': 'no-store' }).send();
    const { head, headShell, end, endShell, etag } = shellOf(prepared, url, origin);
    if (etag && etagMatches(request.headers['if-none-match'], etag)) return notModified(reply, etag);

    // renders take turns once their data is in (ui/edge/render-gate.ts): every answer waits about as long, none far
    // past the others; loads are not held back (a slow API answers 503 as soon as it times out)
    return renderGate.run(async () => {
      // a client that gave up while its render waited for its turn (closed the connection: a timeout) gets none: under
      // overload each abandoned render cost as much CPU as an answered one and made the queue behind it longer
      if (request.raw.destroyed || request.raw.socket?.destroyed || reply.raw.destroyed) {
        reply.hijack();
        return reply;
      }
      // gzip whenever the client takes it (issue 8, fourth pass): the head, a third of a category page and the same for
      // every page of its kind, was deflated once (GzipAnswer), so only the body is compressed per answer, in one call;
      // a brotli stream compressed the whole document per answer for about as many bytes at twice the CPU
      const joined = encoding === 'gzip'
        ? new GzipAnswer((headShell.bytes ??= headShell.pieces.map((p) => Buffer.from(p))), (headShell.deflated ??= deflatePieces(headShell.pieces, 9)), nonce)
        : undefined;
      const sent: Encoding = joined ? 'gzip' : encoding;
      // headers and the head of the document leave now; the body follows as it renders
      const out: PassThrough | zlib.BrotliCompress = sent === 'br' ? zlib.createBrotliCompress(PAGE_BROTLI_PARAMS) : new PassThrough();
      /** resolves once what was written has left the compressor and had a turn of the event loop to reach the socket */
      const flushed = () =>
        new Promise<void>((resolve) => {
          const next = () => setImmediate(resolve);
          if (sent === 'br') (out as zlib.BrotliCompress).flush(zlib.constants.BROTLI_OPERATION_FLUSH, next);
          else next();
        });
      // a page of one shopper's data is rendered for them alone: never kept (it kept an order's status, stale, for a day)
      const keep = cacheable && !prepared.personal;
      pageHeaders(reply, prepared.status, nonce, sent, keep ? 'miss' : 'off', etag, prepared.personal);
      void reply.send(out as Readable);
      out.write(joined ? joined.start : withNonce(head, nonce));
      // the head is on its way before rendering (CPU-bound, it would hold the event loop) begins
      await flushed();
      // what the output cache keeps (when there is one): the same document with the nonce's places left open
      const parts: Array<Uint8Array | string> | undefined = keep ? [head] : undefined;
      // the body goes to the compressor in one piece once rendered: React writes it in ~2 KB pieces, all within one
      // turn (it renders once every load is in), and each write is a call into zlib of its own (twice the CPU of one
      // call for the same bytes: 15 % of an uncached answer's CPU went to compression in a profile)
      const pieces: Buffer[] = [];
      let body;
      try {
        body = await prepared.renderBody({
          begin(title, seoTags) {
            const start = bodyStart(title, seoTags);
            parts?.push(start);
            pieces.push(Buffer.from(start));
          },
          write(html) {
            parts?.push(html);
            pieces.push(typeof html === 'string' ? Buffer.from(html) : Buffer.from(html.buffer, html.byteOffset, html.byteLength));
          },
        });
      } catch (e) {
        console.error('[ssr] render failed', e);
        out.destroy(e instanceof Error ? e : new Error(String(e)));
        return reply;
      }
      // the hydration state was serialised once (shellOf), with the nonce's places open: filled for this answer; as gzip
      // of a page sent before, deflated once (endShellOf) and joined after the body
      if (joined && endShell.again) out.end(joined.end(Buffer.concat(pieces), PAGE_GZIP_LEVEL, { prepared: (endShell.gzip ??= prepareGzip(end, NONCE_SLOT, 9)), nonce }));
      else {
        pieces.push(Buffer.from(withNonce(end, nonce)));
        const rest = Buffer.concat(pieces);
        out.end(joined ? joined.end(rest, PAGE_GZIP_LEVEL) : rest);
      }
      if (cache && parts && prepared.status === 200) {
        const html = bodyText(parts) + end;
        await cache
          .set(key, { status: 200, html, tags: body.tags, renderedAt: Date.now(), ...(etag ? { etag } : {}) }, config.server.outputCacheTtlSeconds, variantOf !== undefined ? { variantOf } : {})
          .catch((e: unknown) => console.error('[output-cache] write failed', e));
      }
      return reply;
    }, arrivedAt.get(request.raw));
  }

  app.get('/*', { config: { compress: false } } as never, page);

  app.setNotFoundHandler((_request, reply) => reply.code(404).type(TEXT).send('Not found'));

  // through the server's own handler, as a shopper's requests go (no socket: nothing listens yet)
  const warmedUp = options.warmUp
    ? await warmUp(async (path, { compressed }) => {
        const answer = await app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': compressed ? 'br, gzip' : 'identity' } });
        return { status: answer.statusCode, html: compressed ? '' : answer.body };
      }, options.warmUp)
    : undefined;
  await app.listen({ port: options.port, host: options.host, ...(options.exclusive ? { exclusive: true } : {}) });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : options.port;
  return { url: `http://${options.host}:${port}`, close: () => app.close(), ...(warmedUp ? { warmedUp } : {}), take: (socket, acceptedAt) => {
      // connections arrive one per event-loop turn: one render a turn while they do (RenderGate.narrow)
      renderGate.narrow();
      // its first request arrived when the primary accepted it (it waited in the primary's IPC queue since)
      if (acceptedAt !== undefined) firstRequestAt.set(socket, acceptedAt);
      takeConnection(app.server, socket);
    },
  };
}
