import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { ShopConfig, LocaleCode } from '../core/config';
import { createServerContainer } from '../adapters/container';
import { DEFAULT_STOREFRONT_ORIGIN } from '../adapters/wiring';
import type { i18n } from 'i18next';
import type { Logger } from '../core/ports/logger';
import { createI18n, loadLocale } from './i18n';
import { Root } from './app/Root';
import { matchAppRoute, type AppRoute } from './app/routes';
import { dehydrate, type DehydratedState } from './app/dehydrate';
import { pageTags } from './app/page-tags';
import { TitleContext } from './hooks/use-document-title';
import { HeadContext, type HeadSink } from './head/use-page-head';
import { serverHeadHtml } from './head/resolve-head';
import { CategoryService, portableCategoryState } from '../core/catalogue/category-service';
import { pageChunks } from './app/routes';
import { COOKIE_NOTICE_HEAD_SCRIPT } from './head/cookie-notice-mirror';
import { documentStart } from './edge/document-start.mjs';

/**
 * The document around the rendered app, every byte a function of the page (nothing per answer). The two inline scripts
 * are constant texts allowed by their SHA-256 in the CSP; the page's state and files travel as data
 * (`<script type="application/json" id="shop-boot">`, `data-modules`).
 */

/** What the build wrote to dist/client/manifest.json. */
export interface ClientManifest {
  entry: string;
  css: string[];
  /** chunks the entry imports statically */
  preload?: string[];
  /** the stylesheets' text, set by the server at start when small (written into the head); never in manifest.json */
  inlineCss?: string;
  /** per page module split by route (its source path): its chunk and the chunks it imports that the entry does not */
  pages?: Record<string, string[]>;
}

/** Stylesheets up to this size (all together, uncompressed) are written into every page's head. */
export const INLINE_CSS_MAX_BYTES = 64 * 1024;

/** The stylesheets' text when it can stand in a <style> element of the head: small, no '</style', no relative url(). */
export function inlinableCss(texts: readonly string[]): string | undefined {
  const css = texts.join('\n');
  if (!css || Buffer.byteLength(css) > INLINE_CSS_MAX_BYTES || /<\/style/i.test(css)) return undefined;
  return /url\(\s*['"]?(?![a-z]+:|\/)/i.test(css) || /@import/i.test(css) ? undefined : css;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/**
 * The loader at the end of every page: adds its `data-modules` (the entry as a module script, the rest as preloads)
 * after the first frame (at once in a hidden tab), so the page paints before it hydrates; 'strict-dynamic' trusts them.
 */
export const BOOT_LOADER = `(function(s,d){var m=((s&&s.getAttribute('data-modules'))||'').split(' ').filter(Boolean);function go(){if(go.done)return;go.done=1;m.forEach(function(f,i){var e=d.createElement(i?'link':'script');if(i){e.rel='modulepreload';e.href=f}else{e.type='module';e.src=f}d.head.appendChild(e)})}if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})(document.currentScript,document)`;

/** the CSP sources of the page's inline scripts (the cookie notice's and the loader), computed once */
export const INLINE_SCRIPT_HASHES: readonly string[] = [COOKIE_NOTICE_HEAD_SCRIPT, BOOT_LOADER]
  .map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);

/** The JavaScript a page loads before it hydrates: the entry, its static imports, the page's chunks (routes.tsx). */
function firstLoadModules(manifest: ClientManifest, pageChunks: readonly string[]): string[] {
  if (!manifest.entry) return [];
  const page = pageChunks.flatMap((source) => manifest.pages?.[source] ?? []);
  return [...new Set([manifest.entry, ...(manifest.preload ?? []), ...page])];
}

/** The document up to the stylesheet and the shared documents' preloads; <title> comes with the body. */
export function headStart(locale: LocaleCode, manifest: ClientManifest, data: readonly string[] = []): string {
  const css = manifest.inlineCss !== undefined ? `<style>${manifest.inlineCss}</style>`
    : manifest.css.map((c) => `<link rel="stylesheet" href="/dist/${c}">`).join('\n');
  return `${documentStart(locale.slice(0, 2))}
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" type="image/png" sizes="192x192" href="/dist/icons/icon-192.png">
<link rel="apple-touch-icon" href="/dist/icons/icon-192.png">
<script>${COOKIE_NOTICE_HEAD_SCRIPT}</script>
${css}
${data.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous">\n`).join('')}`;
}

export interface BootData {
  state: DehydratedState;
  /** documents of state shared by many pages, fetched by the browser before hydrating (SharedDocument below) */
  shared?: SharedRefs;
  locale: LocaleCode;
  path: string;
  config: { api: { publicUrl: string }; analytics?: { tagManagerContainerId: string } };
}

/**
 * The end of the document: the boot data (every '<' as \u003c, so no '</script>' or '<!--' ends it), then the loader of
 * `modules` (manifest file names; none: no loader).
 */
export function documentEnd(boot: BootData, modules: readonly string[]): string {
  const files = escapeHtml(modules.map((f) => `/dist/${f}`).join(' '));
  const load = modules.length ? `\n<script data-modules="${files}">${BOOT_LOADER}</script>` : '';
  return `</div>
<script type="application/json" id="shop-boot">${JSON.stringify(boot).replace(/</g, '\\u003c')}</script>${load}
</body>
</html>`;
}

/**
 * What every page of a store view would carry the same (the category list) leaves the page's state for a document
 * named by its content: the browser fetches it once (preloaded from the head) and keeps it (immutable).
 */
export interface SharedDocument {
  href: string;
  body: string;
}

/** the boot data's references to shared documents */
export interface SharedRefs {
  categories?: string;
}

/** `/shop-data/categories/<locale>/<hash>.json` -> its locale; undefined for anything else */
export function parseCategoriesHref(path: string, locales: readonly string[]): { locale: LocaleCode } | undefined {
  const m = /^\/shop-data\/categories\/([A-Za-z-]{2,10})\/([A-Za-z0-9_-]{16})\.json$/.exec(path);
  return m && locales.includes(m[1]!) ? { locale: m[1] as LocaleCode } : undefined;
}

/** documents made of a frozen category list, by list and locale (a list that cannot change has one document) */
const documentsOf = new WeakMap<readonly unknown[], Map<LocaleCode, SharedDocument>>();

/** The category list as a shared document; a frozen list (the catalogue read cache's) is written and hashed once. */
function categoriesDocument(locale: LocaleCode, categories: readonly unknown[]): SharedDocument {
  const kept = documentsOf.get(categories)?.get(locale);
  if (kept) return kept;
  const body = JSON.stringify(categories);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  const doc = { href: `/shop-data/categories/${locale}/${hash}.json`, body };
  const byLocale = documentsOf.get(categories) ?? new Map<LocaleCode, SharedDocument>();
  if (Object.isFrozen(categories)) documentsOf.set(categories, byLocale.set(locale, doc));
  return doc;
}

/** A page's state as it travels: the category list moved out to its shared document (when it has one). */
export function splitSharedState(state: DehydratedState, locale: LocaleCode) {
  const category = state['category'] as { categories?: readonly unknown[] } | undefined;
  if (!category?.categories?.length) return { state, shared: {} as SharedRefs, documents: [] as SharedDocument[] };
  const doc = categoriesDocument(locale, category.categories);
  const split = { ...state, category: { ...category, categories: [] } };
  return { state: split, shared: { categories: doc.href } as SharedRefs, documents: [doc] };
}

/** What the whole page needs once the body has been rendered. */
export interface RenderedBody {
  title: string;
  state: DehydratedState;
  /**
   * what the page shows (products, categories, CMS content), for invalidating its output-cache entry; read from the
   * services when first asked (only a server with an output cache asks: ~1.5 % of a render's CPU otherwise spent)
   */
  readonly tags: string[];
}

/**
 * One page request after its route's data is loaded: the status is known (so the answer's headers and the head of the
 * document can leave at once), the body is rendered when asked.
 */
export interface PreparedPage {
  status: number;
  locale: LocaleCode;
  /** set when the route's load asked for a redirect (answered 301, spec catalogue §2.2) */
  redirect?: string;
  /**
   * what the browser hydrates from, taken once the route's data is loaded: the body is a function of it (with the
   * locale, the path and the build), which is what lets the server name the page (ETag) before rendering it
   */
  state: DehydratedState;
  /** the shared documents the state names instead of carrying them (SharedDocument), and their bodies */
  shared: SharedRefs;
  documents: SharedDocument[];
  /** the page shows one shopper's data (PageEntry.personal): never kept in a cache */
  personal?: boolean;
  /**
   * renders the app: `begin` gets the page's title once the tree has rendered (before any body HTML), then `write` each
   * piece of the body's HTML; resolves when the whole body has been written
   */
  renderBody(sink: BodySink): Promise<RenderedBody>;
}

export interface BodySink {
  /** `head`: the page's SEO tags (meta description, canonical, Open Graph, JSON-LD; ui/head), written after the title */
  begin(title: string, head: string): void;
  /**
   * a piece of the body's HTML as React wrote it: UTF-8 bytes (each piece holds whole characters) or, for long texts,
   * a string; passed on as it comes, so the server does not decode what it is about to encode again
   */
  write(html: Uint8Array | string): void;
}

/** The text of pieces written to a BodySink. */
export function bodyText(pieces: ReadonlyArray<Uint8Array | string>): string {
  return Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))).toString('utf8');
}

/**
 * One i18next instance per locale (and config) for every render of the process: nothing on the server changes an
 * instance's language or texts, so building and initialising one per request (as before) only cost CPU and garbage.
 */
const i18nByConfig = new WeakMap<ShopConfig, Map<LocaleCode, i18n>>();
function serverI18n(locale: LocaleCode, config: ShopConfig): i18n {
  let byLocale = i18nByConfig.get(config);
  if (!byLocale) i18nByConfig.set(config, (byLocale = new Map()));
  let instance = byLocale.get(locale);
  if (!instance) byLocale.set(locale, (instance = createI18n(locale, config)));
  return instance;
}

/** what the services no request touched hold, per config and locale (dehydrate leaves it out) */
const pristineByConfig = new WeakMap<ShopConfig, Map<LocaleCode, DehydratedState>>();
export function pristineState(config: ShopConfig, locale: LocaleCode): DehydratedState {
  let byLocale = pristineByConfig.get(config);
  if (!byLocale) pristineByConfig.set(config, (byLocale = new Map()));
  let state = byLocale.get(locale);
  if (!state) byLocale.set(locale, (state = JSON.parse(JSON.stringify(dehydrate(createServerContainer({ config, locale })))) as DehydratedState));
  return state;
}

/** a render that has not finished by then is abandoned (its request answers with what was sent) */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Server render of one request: a fresh graph of services (adapters/container.ts createServerContainer: the process's
 * parts of the wiring, this request's members made on first use), the matched route's data awaited. The app is rendered with
 * renderToPipeableStream once everything is ready (no Suspense fallbacks or inline streaming scripts reach the page,
 * so the HTML is complete, cacheable and needs no CSP nonce of its own).
 */
export interface RenderOptions {
  /** the shop's public origin, for the absolute URLs of the head (canonical, og:url, JSON-LD) */
  origin?: string;
  /** the page request's id (ui/server.ts): every API call of the render sends it as `X-Request-Id` */
  requestId?: string;
  /** where an error React recovered from while rendering is written (ui/server.ts: its logger); default the console */
  logError?: (label: string, error: unknown) => void;
  /** what the render's services log through (ui/server.ts: the request's pino child); default the runtime's */
  logger?: Logger;
}

export async function prepareRender(url: string, config: ShopConfig, locale: LocaleCode, options: RenderOptions = {}): Promise<PreparedPage> {
  const origin = options.origin ?? DEFAULT_STOREFRONT_ORIGIN;
  const services = createServerContainer({ config, locale, ...(options.requestId ? { requestId: options.requestId } : {}), ...(options.logger ? { logger: options.logger } : {}) });
  // the target is always a path; prefixing the origin keeps '//host/x' a path instead of another host
  const parsed = new URL(`http://storefront.local${url.startsWith('/') ? url : `/${url}`}`);
  const match = matchAppRoute(parsed.pathname)?.[0];
  const route = match?.route as AppRoute | undefined;
  await route?.preload?.();
  const outcome = route?.load
    ? await route.load({ container: services, params: { ...match?.params }, query: parsed.searchParams, path: parsed.pathname })
    : undefined;
  if (outcome?.redirect) {
    return { status: 301, locale, redirect: outcome.redirect, state: {}, shared: {}, documents: [], renderBody: () => Promise.reject(new Error('a redirect has no body')) };
  }
  const status = outcome?.status ?? route?.status ?? 200;
  await loadLocale(locale);
  // rendering only reads the services (a render must be pure): the state after the loads is the state rendered
  // the category list travels as a document of its own, fetched once by the browser
  const { state, shared, documents } = splitSharedState(dehydrate(services, pristineState(config, locale)), locale);
  return {
    status,
    locale,
    state,
    shared,
    documents,
    ...(route?.personal ? { personal: true } : {}),
    renderBody({ begin, write }) {
      const i18n = serverI18n(locale, config);
      const title: { title?: string } = {};
      const head: HeadSink = {};
      return new Promise<RenderedBody>((resolve, reject) => {
        const sink = new Writable({
          // React's pieces go on as they are: bytes stay bytes, strings stay strings
          decodeStrings: false,
          write(chunk: Uint8Array | string, _enc, done) {
            write(chunk);
            done();
          },
          final(done) {
            done();
            let tags: string[] | undefined;
            resolve({
              title: title.title ?? config.shop.name,
              state,
              get tags() {
                return (tags ??= pageTags(services));
              },
            });
          },
        });
        let failed = false;
        const stream = renderToPipeableStream(
          <TitleContext.Provider value={title}>
            <HeadContext.Provider value={head}>
              <Root container={services} i18n={i18n} router={(app) => <StaticRouter location={parsed.pathname + parsed.search}>{app}</StaticRouter>} />
            </HeadContext.Provider>
          </TitleContext.Provider>,
          {
            // every boundary inline: React would otherwise move large ones out of place and reveal them with inline
            // scripts, which the page's CSP (only its two hashed inline scripts) rightly blocks
            progressiveChunkSize: Number.MAX_SAFE_INTEGER,
            onAllReady() {
              if (failed) return;
              const full = title.title ?? config.shop.name;
              begin(full, serverHeadHtml(head, { status, path: parsed.pathname, origin, title: full, t: i18n.t, config, locale }));
              stream.pipe(sink);
            },
            onShellError(error) {
              failed = true;
              clearTimeout(timer);
              reject(error instanceof Error ? error : new Error(String(error)));
            },
            onError(error) {
              (options.logError ?? console.error)('[ssr] render error', error);
            },
          },
        );
        const timer = setTimeout(() => {
          failed = true;
          stream.abort();
          reject(new Error('render timed out'));
        }, RENDER_TIMEOUT_MS);
        sink.on('finish', () => clearTimeout(timer));
      });
    },
  };
}

/** A document's head as UTF-8, the same for every page of a locale (the inline stylesheet is most of its bytes). */
const heads = new WeakMap<ClientManifest, LRUCache<string, Buffer>>();
function headBytes(manifest: ClientManifest, locale: LocaleCode, data: readonly string[]): Buffer {
  const kept = heads.get(manifest) ?? new LRUCache<string, Buffer>({ max: 16 });
  heads.set(manifest, kept);
  const key = `${locale} ${data.join(' ')}`;
  return kept.get(key) ?? kept.set(key, Buffer.from(headStart(locale, manifest, data))).get(key)!;
}

/** What every page's document takes from the build and the server: its files, the browser's config, a build name. */
export interface DocumentShell {
  manifest: ClientManifest;
  bootConfig: BootData['config'];
  /** what a build and config render differently: part of every page's ETag */
  build: string;
}

/** The shell of the build in `clientDir` (its manifest.json; a small stylesheet goes into every page's head). */
export function documentShell(clientDir: string, config: ShopConfig): DocumentShell {
  const path = join(clientDir, 'manifest.json');
  const manifest: ClientManifest = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : { entry: '', css: [] };
  const cssFiles = manifest.css.map((c) => join(clientDir, c));
  if (cssFiles.length && cssFiles.every((f) => existsSync(f))) {
    const sourceMap = /\n?\/\*# sourceMappingURL=[^*]*\*\/\s*$/;
    manifest.inlineCss = inlinableCss(cssFiles.map((f) => readFileSync(f, 'utf8').replace(sourceMap, '')));
  }
  const { tagManagerContainerId } = config.analytics;
  const analytics = tagManagerContainerId ? { analytics: { tagManagerContainerId } } : {};
  return {
    manifest,
    // what the browser's config takes from the server's (ui/entry-client.tsx)
    bootConfig: { api: { publicUrl: config.api.publicUrl }, ...analytics },
    build: createHash('sha256').update(JSON.stringify([manifest, config])).digest('base64url'),
  };
}

/**
 * A prepared page's whole document and its ETag (200 answers only). The body is a function of the boot data, the
 * locale, the path, the origin and the build, so the ETag is known before rendering: an If-None-Match that names it
 * costs no render. `render` assembles the document as UTF-8 (React's pieces stay bytes, never decoded to be encoded).
 */
export function pageDocument(prepared: PreparedPage, url: string, origin: string, shell: DocumentShell) {
  const { manifest, bootConfig, build } = shell;
  const head = headBytes(manifest, prepared.locale, Object.values(prepared.shared));
  const shared = Object.keys(prepared.shared).length ? { shared: prepared.shared } : {};
  const boot = { state: prepared.state, ...shared, locale: prepared.locale, path: url, config: bootConfig };
  // as UTF-8 once: hashed and sent as bytes
  const end = Buffer.from(documentEnd(boot, firstLoadModules(manifest, pageChunks(url.split(/[?#]/, 1)[0]!, prepared.state))));
  // weak (the same page, not the same bytes: br, gzip or plain); the head is a function of the build and the boot data
  const etag = prepared.status === 200
    ? `W/"${createHash('sha256').update(`${build}\0${origin}\0`).update(end).digest('base64url').slice(0, 27)}"`
    : undefined;
  const render = async () => {
    const parts: Array<Uint8Array | string> = [head];
    // the title and the page's SEO tags close the head
    const begin = (title: string, tags: string) =>
      parts.push(`<title>${escapeHtml(title)}</title>\n${tags}</head>\n<body>\n<div id="app">`);
    const body = await prepared.renderBody({ begin, write: (html) => parts.push(html) });
    parts.push(end);
    // tags stay read when asked (only a server with an output cache asks)
    return { html: Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))), body };
  };
  return { etag, render };
}

export interface RenderResult {
  status: number;
  html: string;
  title: string;
  state: DehydratedState;
  locale: LocaleCode;
  redirect?: string;
  /** the SEO tags the page's head carries (ui/head) */
  head: string;
}

/**
 * The category list of a store view as the shared document a page names (`/shop-data/categories/<locale>/<hash>.json`),
 * read afresh (through the process's catalogue read cache): for a request naming a document this process did not render.
 */
export async function currentCategoriesDocument(config: ShopConfig, locale: LocaleCode, requestId?: string): Promise<SharedDocument> {
  const categories = createServerContainer({ config, locale, ...(requestId ? { requestId } : {}) }).get(CategoryService);
  await categories.loadCategories();
  return categoriesDocument(locale, portableCategoryState(categories.snapshot()).categories);
}

/** The whole app's HTML of one request at once (benchmarks and tests; the HTTP server streams with prepareRender). */
export async function render(url: string, config: ShopConfig, locale: LocaleCode, options: RenderOptions = {}): Promise<RenderResult> {
  const prepared = await prepareRender(url, config, locale, options);
  if (prepared.redirect) return { status: 301, html: '', title: '', state: {}, locale, redirect: prepared.redirect, head: '' };
  const parts: Array<Uint8Array | string> = [];
  let head = '';
  const body = await prepared.renderBody({ begin: (_title, tags) => (head = tags), write: (html) => parts.push(html) });
  return { status: prepared.status, html: bodyText(parts), title: body.title, state: body.state, locale, head };
}
