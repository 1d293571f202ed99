import { createHash } from 'node:crypto';
import type { LocaleCode } from '../../core/config';
import type { DehydratedState } from '../app/dehydrate';
import type { SharedRefs } from './shared-state';
import { COOKIE_NOTICE_HEAD_SCRIPT } from '../head/cookie-notice-mirror';
import { documentStart } from './document-start.mjs';

/**
 * The document around the rendered app. Every byte of it is a function of the page (no nonce, nothing per answer), so
 * a page kept in the output cache is sent as it was stored. The two inline scripts are constant texts, allowed by
 * their SHA-256 in the CSP (INLINE_SCRIPT_HASHES); the page's state and the files to load travel as data the client
 * reads: `<script type="application/json" id="shop-boot">` and the loader's `data-modules` attribute.
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
  if (!css || Buffer.byteLength(css) > INLINE_CSS_MAX_BYTES || /<\/style/i.test(css) || /url\(\s*['"]?(?![a-z]+:|\/)/i.test(css) || /@import/i.test(css)) return undefined;
  return css;
}

/** the id of the boot data's JSON script (ui/entry-client.tsx reads it) */
export const BOOT_DATA_ID = 'shop-boot';

/**
 * JSON for a `<script type="application/json">`: every '<' written as \u003c, so no '</script>' or '<!--' can end or
 * change the element; JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/**
 * The loader at the end of every page: it asks for the page's JavaScript (its `data-modules`: the entry as a module
 * script, the rest as module preloads, all at once) right after the first paint, in the task after the first animation
 * frame (at once in a hidden tab, which paints nothing). The page is whole without JavaScript (server-rendered, links
 * work), so the paint goes first and hydration follows. CSP 'strict-dynamic' trusts what this hashed script adds.
 */
export const BOOT_LOADER = `(function(s,d){var m=((s&&s.getAttribute('data-modules'))||'').split(' ').filter(Boolean);function go(){if(go.done)return;go.done=1;m.forEach(function(f,i){var e=d.createElement(i?'link':'script');if(i){e.rel='modulepreload';e.href=f}else{e.type='module';e.src=f}d.head.appendChild(e)})}if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})(document.currentScript,document)`;

/** the CSP sources of the page's inline scripts (the cookie notice's and the loader), computed once */
export const INLINE_SCRIPT_HASHES: readonly string[] = [COOKIE_NOTICE_HEAD_SCRIPT, BOOT_LOADER].map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);

/**
 * The JavaScript a page loads before it hydrates: the entry, the chunks it imports statically and the page's own chunks
 * (`pageChunks`: their source modules, ui/app/routes.tsx pageChunks), entry first.
 */
export function firstLoadModules(manifest: ClientManifest, pageChunks: readonly string[] = []): string[] {
  if (!manifest.entry) return [];
  const page = pageChunks.flatMap((source) => manifest.pages?.[source] ?? []);
  return [...new Set([manifest.entry, ...(manifest.preload ?? []), ...page])];
}

/**
 * The document up to the open <head>'s stylesheet (inlined) and the preloads of the shared state documents. The
 * <title> follows with the body (the page decides it while rendering), still inside <head>.
 */
export function headStart(locale: LocaleCode, manifest: ClientManifest, data: readonly string[] = []): string {
  return `${documentStart(locale.slice(0, 2))}
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" type="image/png" sizes="192x192" href="/dist/icons/icon-192.png">
<link rel="apple-touch-icon" href="/dist/icons/icon-192.png">
<script>${COOKIE_NOTICE_HEAD_SCRIPT}</script>
${manifest.inlineCss !== undefined ? `<style>${manifest.inlineCss}</style>` : manifest.css.map((c) => `<link rel="stylesheet" href="/dist/${c}">`).join('\n')}
${data.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous">\n`).join('')}`;
}

/** `head`: the page's SEO tags (ui/head/head-html.ts), already escaped */
export function bodyStart(title: string, head = ''): string {
  return `<title>${escapeHtml(title)}</title>
${head}</head>
<body>
<div id="app">`;
}

export interface BootData {
  state: DehydratedState;
  /** documents of state shared by many pages, fetched by the browser before hydrating (ui/edge/shared-state.ts) */
  shared?: SharedRefs;
  locale: LocaleCode;
  path: string;
  config: { api: { publicUrl: string }; analytics?: { tagManagerContainerId: string } };
}

/** The end of the document: the boot data, then the loader of `modules` (manifest file names; none: no loader). */
export function documentEnd(boot: BootData, modules: readonly string[]): string {
  const load = modules.length ? `\n<script data-modules="${escapeHtml(modules.map((f) => `/dist/${f}`).join(' '))}">${BOOT_LOADER}</script>` : '';
  return `</div>
<script type="application/json" id="${BOOT_DATA_ID}">${jsonForScript(boot)}</script>${load}
</body>
</html>`;
}

/** The files a document's loader asks for (documentEnd), entry first: for tests and the benchmarks. */
export function bootModules(html: string): string[] {
  const m = /<script data-modules="([^"]*)">/.exec(html);
  return m ? m[1]!.split(' ').filter(Boolean) : [];
}

/** The boot data of a document (documentEnd): for tests and the benchmarks. */
export function bootData(html: string): BootData | undefined {
  const m = new RegExp(`<script type="application/json" id="${BOOT_DATA_ID}">(.*?)</script>`, 's').exec(html);
  return m ? (JSON.parse(m[1]!) as BootData) : undefined;
}
