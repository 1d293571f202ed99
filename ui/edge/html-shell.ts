import type { LocaleCode } from '../../core/config';
import type { DehydratedState } from '../app/dehydrate';
import type { SharedRefs } from './shared-state';
import { stateJson } from './state-json';
import { COOKIE_NOTICE_HEAD_SCRIPT } from '../head/cookie-notice-mirror';

/** What the build wrote to dist/client/manifest.json. */
export interface ClientManifest {
  entry: string;
  css: string[];
  /** chunks the entry imports statically */
  preload?: string[];
  /**
   * the stylesheets' text, set by the server at start when small (issue 10: written into the head instead of a
   * render-blocking request); never in the build's manifest.json
   */
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

/** the web app manifest's theme colour (scripts/build-pwa.mjs THEME_COLOUR, the shop's --accent) */
export const THEME_COLOUR = '#a8323e';

/**
 * Where a cached page's nonce goes. It holds '<' and '>', which React escapes in every text and attribute it writes
 * and escapeJson writes as \u003c, so it can only stand where this module put it.
 */
export const NONCE_SLOT = '<csp-nonce>';

/**
 * JSON safe inside an inline <script>: '<' (so no '</script>' or '<!--'), U+2028 and U+2029 escaped. The JSON is
 * JSON.stringify's, with what is deep-frozen written (and escaped) once (ui/edge/state-json.ts).
 */
export function escapeJson(value: unknown): string {
  return stateJson(value, true) as string;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

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
 * The document up to the open <head>'s stylesheet (inlined) and the preloads of the shared state documents: it leaves
 * before the body is rendered. The <title> follows with the body (the page decides it while rendering), still inside
 * <head>. No module preloads here: the JavaScript is asked for after the first paint (documentEnd).
 */
export function headStart(locale: LocaleCode, manifest: ClientManifest, nonce: string, data: readonly string[] = []): string {
  return `<!doctype html>
<html lang="${locale.slice(0, 2)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOUR}">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" type="image/png" sizes="192x192" href="/dist/icons/icon-192.png">
<link rel="apple-touch-icon" href="/dist/icons/icon-192.png">
<script nonce="${nonce}">${COOKIE_NOTICE_HEAD_SCRIPT}</script>
${manifest.inlineCss !== undefined ? `<style nonce="${nonce}">${manifest.inlineCss}</style>` : manifest.css.map((c) => `<link rel="stylesheet" href="/dist/${c}">`).join('\n')}
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
  config: { api: { publicUrl: string } };
}

/**
 * The boot: the state, then a script that asks for the page's JavaScript (`modules`, firstLoadModules: the entry as a
 * module script, the rest as module preloads, all at once) right after the first paint, in the task after the first
 * animation frame (at once in a hidden tab, which paints nothing). Issue 10: with the scripts named in the head, a
 * phone's connection carried 150 KB of JavaScript beside the HTML and the first product images, and Lighthouse's
 * simulation counted every script that had arrived before the largest paint into the LCP (2.2-2.4 s simulated); the
 * page is whole without JavaScript (server-rendered, links work), so the paint goes first and hydration follows.
 * The elements get this answer's nonce (CSP `'strict-dynamic'` trusts what a nonced script adds; the nonce is copied
 * for the module preloads).
 */
export function documentEnd(boot: BootData, manifest: ClientManifest, nonce: string, modules: readonly string[] = firstLoadModules(manifest)): string {
  const load = modules.length
    ? `\n<script nonce="${nonce}">${bootLoader(modules.map((f) => `/dist/${f}`))}</script>`
    : '';
  return `</div>
<script nonce="${nonce}">window.__SHOP__=${escapeJson(boot)}</script>${load}
</body>
</html>`;
}

/** The inline loader of documentEnd, for the files (absolute paths; the first is the entry). */
export function bootLoader(files: readonly string[]): string {
  return `(function(m){var n=document.currentScript&&document.currentScript.nonce,d=document;function go(){if(go.done)return;go.done=1;m.forEach(function(f,i){var e=d.createElement(i?'link':'script');if(i){e.rel='modulepreload';e.href=f}else{e.type='module';e.src=f}if(n)e.nonce=n;d.head.appendChild(e)})}if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})(${escapeJson(files)})`;
}

/** The files a document's boot loader asks for (documentEnd), entry first: for tests and the benchmarks. */
export function bootModules(html: string): string[] {
  const m = /\}\)\((\["\/dist\/[^\]]*\])\)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as string[]) : [];
}

/** A cached page with this answer's nonce in its slots. */
export function withNonce(html: string, nonce: string): string {
  return html.split(NONCE_SLOT).join(nonce);
}
