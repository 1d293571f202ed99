import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { ShopConfig, LocaleCode } from '../core/config';
import { createServerContainer } from '../adapters/container';
import { DEFAULT_STOREFRONT_ORIGIN, type ContainerOptions } from '../adapters/wiring';
import { createI18n, loadLocale } from './i18n';
import { Root } from './app/Root';
import { matchAppRoute, pageChunks } from './app/routes';
import { dehydrate, type DehydratedState } from './app/dehydrate';
import { pageTags } from './app/page-tags';
import { TitleContext } from './hooks/use-document-title';
import { HeadContext, type HeadSink } from './head/use-page-head';
import { serverHeadHtml } from './head/resolve-head';
import { CategoryService, portableCategoryState } from '../core/catalogue/category-service';
import { COOKIE_NOTICE_HEAD_SCRIPT } from './head/cookie-notice-mirror';
import { documentStart } from './edge/document-start.mjs';

// The document around the rendered app, every byte a function of the page (nothing per answer): its two inline scripts
// are constant (allowed by their SHA-256 in the CSP), the page's state and files travel as data.

/** What the build wrote to dist/client/manifest.json. */
export interface ClientManifest {
  entry: string;
  css: string[];
  /** chunks the entry imports statically */
  preload?: string[];
  /** the stylesheets' text when small, read by the server at start (written into the head) */
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
export const BOOT_LOADER = [
  "(function(s,d){var m=((s&&s.getAttribute('data-modules'))||'').split(' ').filter(Boolean);",
  "function go(){if(go.done)return;go.done=1;m.forEach(function(f,i){var e=d.createElement(i?'link':'script');",
  "if(i){e.rel='modulepreload';e.href=f}else{e.type='module';e.src=f}d.head.appendChild(e)})}",
  "if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})",
  '})(document.currentScript,document)',
].join('');

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

/** the hrefs of documents of state shared by many pages, fetched by the browser before hydrating */
type SharedRefs = { categories?: string };

export interface BootData {
  state: DehydratedState;
  shared?: SharedRefs;
  locale: LocaleCode;
  path: string;
  config: { api: { publicUrl: string }; analytics?: { tagManagerContainerId: string } };
}

/** The document's end: the boot data (every '<' as \u003c: nothing ends it early), the loader of `modules` if any. */
export function documentEnd(boot: BootData, modules: readonly string[]): string {
  const files = escapeHtml(modules.map((f) => `/dist/${f}`).join(' '));
  const load = modules.length ? `\n<script data-modules="${files}">${BOOT_LOADER}</script>` : '';
  return `</div>
<script type="application/json" id="shop-boot">${JSON.stringify(boot).replace(/</g, '\\u003c')}</script>${load}
</body>
</html>`;
}

/** the category list (the same on every page of a store view) as a document of its own, fetched once and kept */
type SharedDocument = { href: string; body: string };

/** `/shop-data/categories/<locale>/<hash>.json` -> its locale; undefined for anything else */
export function parseCategoriesHref(path: string, locales: readonly string[]): { locale: LocaleCode } | undefined {
  const m = /^\/shop-data\/categories\/([A-Za-z-]{2,10})\/([A-Za-z0-9_-]{16})\.json$/.exec(path);
  return m && locales.includes(m[1]!) ? { locale: m[1] as LocaleCode } : undefined;
}

/** the document of each frozen category list (the catalogue read cache's): written and hashed once */
const documentsOf = new WeakMap<readonly unknown[], SharedDocument>();

function categoriesDocument(locale: LocaleCode, categories: readonly unknown[]): SharedDocument {
  const prefix = `/shop-data/categories/${locale}/`;
  const kept = documentsOf.get(categories);
  if (kept?.href.startsWith(prefix)) return kept;
  const body = JSON.stringify(categories);
  const doc = { href: `${prefix}${createHash('sha256').update(body).digest('base64url').slice(0, 16)}.json`, body };
  if (Object.isFrozen(categories)) documentsOf.set(categories, doc);
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

/** The text of pieces renderBody wrote. */
export function bodyText(pieces: ReadonlyArray<Uint8Array | string>): string {
  return Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))).toString('utf8');
}

/** `make(config, locale)` made once per config and locale, for every render of the process */
function perLocale<T>(make: (config: ShopConfig, locale: LocaleCode) => T) {
  const byConfig = new WeakMap<ShopConfig, Map<LocaleCode, T>>();
  return (config: ShopConfig, locale: LocaleCode): T => {
    const byLocale = byConfig.get(config) ?? byConfig.set(config, new Map()).get(config)!;
    return byLocale.get(locale) ?? byLocale.set(locale, make(config, locale)).get(locale)!;
  };
}

/** nothing on the server changes an instance's language or texts: one per locale serves every render */
const serverI18n = perLocale((config, locale) => createI18n(locale, config));

/** what the services no request touched hold (dehydrate leaves it out), as it travels */
export const pristineState = perLocale((config, locale): DehydratedState =>
  JSON.parse(JSON.stringify(dehydrate(createServerContainer({ config, locale })))));

/** a render that has not finished by then is abandoned (its request answers 503) */
const RENDER_TIMEOUT_MS = 10_000;

type RenderOptions = Pick<ContainerOptions, 'requestId' | 'logger'> & {
  /** the shop's public origin, for the absolute URLs of the head (canonical, og:url, JSON-LD) */
  origin?: string;
  /** where an error React recovered from while rendering is written; default the console */
  logError?: (label: string, error: unknown) => void;
};

/**
 * One page request with its route's data loaded (a fresh graph of services: adapters/container.ts), so the status
 * and the state are known before anything is rendered. `renderBody` renders the app once every Suspense boundary
 * is ready (no fallbacks or inline streaming scripts reach the page: the HTML is complete and cacheable), hands
 * `begin` the title and the head's SEO tags (ui/head), then `write` the body's HTML as React wrote it (UTF-8 bytes).
 */
export async function prepareRender(url: string, config: ShopConfig, locale: LocaleCode, options: RenderOptions = {}) {
  const { origin = DEFAULT_STOREFRONT_ORIGIN, logError = console.error, ...request } = options;
  const services = createServerContainer({ config, locale, ...request });
  // the target is always a path; prefixing the origin keeps '//host/x' a path instead of another host
  const parsed = new URL(`http://storefront.local${url.startsWith('/') ? url : `/${url}`}`);
  const match = matchAppRoute(parsed.pathname)?.[0];
  const route = match?.route;
  await route?.preload?.();
  const outcome = route?.load
    ? await route.load({
      container: services, params: { ...match?.params }, query: parsed.searchParams, path: parsed.pathname,
    })
    : undefined;
  if (outcome?.redirect) {
    const renderBody = () => Promise.reject(new Error('a redirect has no body'));
    return { status: 301, locale, redirect: outcome.redirect, state: {}, shared: {}, documents: [], renderBody };
  }
  const status = outcome?.status ?? route?.status ?? 200;
  await loadLocale(locale);
  // rendering only reads the services (a render must be pure): the state after the loads is the state rendered
  const { state, shared, documents } = splitSharedState(dehydrate(services, pristineState(config, locale)), locale);
  async function renderBody(sink: { begin(title: string, head: string): void; write(html: Uint8Array): void }) {
    const i18n = serverI18n(config, locale);
    const titled: { title?: string } = {};
    const head: HeadSink = {};
    const tree = (
      <TitleContext.Provider value={titled}>
        <HeadContext.Provider value={head}>
          <Root
            container={services}
            i18n={i18n}
            router={(app) => <StaticRouter location={parsed.pathname + parsed.search}>{app}</StaticRouter>}
          />
        </HeadContext.Provider>
      </TitleContext.Provider>
    );
    const title = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('render timed out'));
        stream.abort();
      }, RENDER_TIMEOUT_MS);
      const stream = renderToPipeableStream(tree, {
        // every boundary inline: React would otherwise move large ones out of place and reveal them with inline
        // scripts, which the page's CSP (only its two hashed inline scripts) rightly blocks
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          clearTimeout(timer);
          const full = titled.title ?? config.shop.name;
          const { pathname: path } = parsed;
          sink.begin(full, serverHeadHtml(head, { status, path, origin, title: full, t: i18n.t, config, locale }));
          const body = new Writable({ write: (html: Buffer, _encoding, done) => done(void sink.write(html)) });
          stream.pipe(body).on('finish', () => resolve(full));
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError: (error) => logError('[ssr] render error', error),
      });
    });
    // what the page shows, for invalidating its output-cache entry: read only when a cache asks
    return { title, tags: () => pageTags(services) };
  }
  return { status, locale, state, shared, documents, personal: route?.personal === true, renderBody };
}

type PreparedPage = Awaited<ReturnType<typeof prepareRender>>;

/** What every page's document takes from the build in `clientDir` (its manifest.json) and the server's config. */
export function documentShell(clientDir: string, config: ShopConfig) {
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
    bootConfig: { api: { publicUrl: config.api.publicUrl }, ...analytics } satisfies BootData['config'],
    /** what a build and config render differently: part of every page's ETag */
    build: createHash('sha256').update(JSON.stringify([manifest, config])).digest('base64url'),
    /** a document's head as UTF-8 by locale and shared documents (the inline stylesheet is most of its bytes) */
    heads: new LRUCache<string, Buffer>({ max: 16 }),
  };
}

type DocumentShell = ReturnType<typeof documentShell>;

/**
 * A prepared page's whole document and its ETag (200 answers only). The body is a function of the boot data, the
 * locale, the path, the origin and the build, so the ETag is known before rendering: an If-None-Match that names it
 * costs no render. `render` assembles the document as UTF-8 (React's pieces stay bytes, never decoded to be encoded).
 */
export function pageDocument(prepared: PreparedPage, url: string, origin: string, shell: DocumentShell) {
  const { manifest, bootConfig, build, heads } = shell;
  const data = Object.values(prepared.shared);
  const headKey = `${prepared.locale} ${data.join(' ')}`;
  if (!heads.has(headKey)) heads.set(headKey, Buffer.from(headStart(prepared.locale, manifest, data)));
  const head = heads.get(headKey)!;
  const shared = Object.keys(prepared.shared).length ? { shared: prepared.shared } : {};
  const boot = { state: prepared.state, ...shared, locale: prepared.locale, path: url, config: bootConfig };
  // as UTF-8 once: hashed and sent as bytes
  const modules = firstLoadModules(manifest, pageChunks(url.split(/[?#]/, 1)[0]!, prepared.state));
  const end = Buffer.from(documentEnd(boot, modules));
  // weak (the same page, not the same bytes: br, gzip or plain); the head is a function of the build and the boot data
  const etag = prepared.status === 200
    ? `W/"${createHash('sha256').update(`${build}\0${origin}\0`).update(end).digest('base64url').slice(0, 27)}"`
    : undefined;
  const render = async () => {
    const parts: Uint8Array[] = [head];
    // the title and the page's SEO tags close the head
    const begin = (title: string, tags: string) =>
      parts.push(Buffer.from(`<title>${escapeHtml(title)}</title>\n${tags}</head>\n<body>\n<div id="app">`));
    const body = await prepared.renderBody({ begin, write: (html) => parts.push(html) });
    parts.push(end);
    return { html: Buffer.concat(parts), body };
  };
  return { etag, render };
}

/** A store view's category list as its shared document, read afresh: for a name this process did not render. */
export async function currentCategoriesDocument(config: ShopConfig, locale: LocaleCode, requestId?: string) {
  const categories = createServerContainer({ config, locale, requestId }).get(CategoryService);
  await categories.loadCategories();
  return categoriesDocument(locale, portableCategoryState(categories.snapshot()).categories);
}
