import { createHash } from 'node:crypto';
import type { LocaleCode } from '../../core/config';
import type { DehydratedState } from '../app/dehydrate';
import type { SharedRefs } from './shared-state';
import { COOKIE_NOTICE_HEAD_SCRIPT } from '../head/cookie-notice-mirror';
import { documentStart } from './document-start.mjs';

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
  if (!css || Buffer.byteLength(css) > INLINE_CSS_MAX_BYTES || /<\/style/i.test(css) || /url\(\s*['"]?(?![a-z]+:|\/)/i.test(css) || /@import/i.test(css)) return undefined;
  return css;
}

/** JSON for a `<script type="application/json">`: every '<' as \u003c, so no '</script>' or '<!--' ends it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/**
 * The loader at the end of every page: adds its `data-modules` (the entry as a module script, the rest as preloads)
 * after the first frame (at once in a hidden tab), so the page paints before it hydrates; 'strict-dynamic' trusts them.
 */
export const BOOT_LOADER = `(function(s,d){var m=((s&&s.getAttribute('data-modules'))||'').split(' ').filter(Boolean);function go(){if(go.done)return;go.done=1;m.forEach(function(f,i){var e=d.createElement(i?'link':'script');if(i){e.rel='modulepreload';e.href=f}else{e.type='module';e.src=f}d.head.appendChild(e)})}if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})(document.currentScript,document)`;

/** the CSP sources of the page's inline scripts (the cookie notice's and the loader), computed once */
export const INLINE_SCRIPT_HASHES: readonly string[] = [COOKIE_NOTICE_HEAD_SCRIPT, BOOT_LOADER].map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);

/** The JavaScript a page loads before it hydrates: the entry, its static imports, the page's chunks (routes.tsx). */
export function firstLoadModules(manifest: ClientManifest, pageChunks: readonly string[] = []): string[] {
  if (!manifest.entry) return [];
  const page = pageChunks.flatMap((source) => manifest.pages?.[source] ?? []);
  return [...new Set([manifest.entry, ...(manifest.preload ?? []), ...page])];
}

/** The document up to the stylesheet and the shared documents' preloads; <title> comes with the body (bodyStart). */
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
<script type="application/json" id="shop-boot">${jsonForScript(boot)}</script>${load}
</body>
</html>`;
}
