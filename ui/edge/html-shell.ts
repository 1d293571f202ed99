import type { LocaleCode } from '../../core/config';
import type { DehydratedState } from '../app/dehydrate';
import type { SharedRefs } from './shared-state';
import { stateJson } from './state-json';

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

const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON safe inside an inline <script>: '<' (so no '</script>' or '<!--'), U+2028 and U+2029 escaped, in one pass. The
 * JSON is JSON.stringify's, with what is deep-frozen written once (ui/edge/state-json.ts).
 */
export function escapeJson(value: unknown): string {
  return (stateJson(value) as string).replace(/[<\u2028\u2029]/g, (c) => JSON_ESCAPES[c] as string);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/**
 * The document up to the open <head>'s stylesheet and module preloads (the entry's chunks and the page's): it leaves before the body is rendered, so the
 * browser fetches CSS and JavaScript while the server renders. The <title> follows with the body (the page decides it
 * while rendering), still inside <head>.
 */
export function headStart(locale: LocaleCode, manifest: ClientManifest, nonce: string, data: readonly string[] = [], pageChunks: readonly string[] = []): string {
  // `pageChunks`: the source modules of the page's own chunks (ui/app/routes.tsx pageChunks), loaded before hydration
  const page = [...new Set(pageChunks.flatMap((source) => manifest.pages?.[source] ?? []))];
  const modules = manifest.entry ? [manifest.entry, ...(manifest.preload ?? []), ...page] : [];
  return `<!doctype html>
<html lang="${locale.slice(0, 2)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOUR}">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" type="image/png" sizes="192x192" href="/dist/icons/icon-192.png">
<link rel="apple-touch-icon" href="/dist/icons/icon-192.png">
${manifest.inlineCss !== undefined ? `<style nonce="${nonce}">${manifest.inlineCss}</style>` : manifest.css.map((c) => `<link rel="stylesheet" href="/dist/${c}">`).join('\n')}
${modules.map((f) => `<link rel="modulepreload" href="/dist/${f}" nonce="${nonce}">`).join('\n')}
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

export function documentEnd(boot: BootData, manifest: ClientManifest, nonce: string): string {
  return `</div>
<script nonce="${nonce}">window.__SHOP__=${escapeJson(boot)}</script>
${manifest.entry ? `<script type="module" src="/dist/${manifest.entry}" nonce="${nonce}"></script>` : ''}
</body>
</html>`;
}

/** A cached page with this answer's nonce in its slots. */
export function withNonce(html: string, nonce: string): string {
  return html.split(NONCE_SLOT).join(nonce);
}
