import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { createConfig, type ShopConfig } from '../core/config';
import { render } from './entry-server';
import { resolveLocale } from './i18n';
import type { OutputCache } from '../core/ports/output-cache';
import { renderSitemapXml } from './sitemap-xml';

/**
 * The storefront's HTTP server: server-side rendering of every page, the browser bundle under /dist/,
 * and a pass-through of /api/ and /img/ to the API so the browser talks to one origin.
 */
export interface StorefrontOptions {
  port: number;
  host: string;
  apiUrl: string;
  clientDir: string;
  config?: ShopConfig;
  /** cache rendered pages (spec catalogue §9: TTL 86400 s); off unless given */
  outputCache?: OutputCache;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

interface ClientManifest {
  entry: string;
  css: string[];
  /** chunks the entry imports statically */
  preload?: string[];
}

function escapeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  const raw = req.headers.cookie ?? '';
  for (const part of raw.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export function startStorefront(options: StorefrontOptions): Promise<{ url: string; close(): Promise<void> }> {
  const config = options.config ?? createConfig({ api: { url: options.apiUrl } });
  const manifestPath = join(options.clientDir, 'manifest.json');
  const manifest: ClientManifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as ClientManifest)
    : { entry: '', css: [] };
  const api = new URL(options.apiUrl);

  function proxy(req: IncomingMessage, res: ServerResponse): void {
    const upstream = httpRequest(
      { hostname: api.hostname, port: api.port, path: req.url, method: req.method, headers: { ...req.headers, host: api.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 502, result: 'API unreachable' }));
    });
    req.pipe(upstream);
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    const rel = normalize(pathname.replace(/^\/dist\//, '')).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(options.clientDir, rel));
      res.writeHead(200, {
        'content-type': TYPES[extname(rel)] ?? 'application/octet-stream',
        'cache-control': /-[A-Z0-9]{8}\./.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  }

  async function ssr(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const locale = resolveLocale(cookie(req, 'locale'), config);
    const cacheKey = `${locale} ${req.url ?? '/'}`;
    const cached = req.method === 'GET' ? await options.outputCache?.get(cacheKey) : undefined;
    if (cached) {
      res.writeHead(cached.status, { 'content-type': 'text/html; charset=utf-8', 'x-output-cache': 'hit' });
      res.end(cached.html);
      return;
    }
    const result = await render(req.url ?? '/', config, locale);
    if (result.redirect) {
      res.writeHead(301, { location: result.redirect, 'cache-control': 'no-store' });
      res.end();
      return;
    }
    const lang = locale.slice(0, 2);
    const boot = { state: result.state, locale, path: req.url ?? '/', config: { api: { publicUrl: config.api.publicUrl } } };
    const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(result.title)}</title>
${manifest.css.map((c) => `<link rel="stylesheet" href="/dist/${c}">`).join('\n')}
${manifest.entry ? [manifest.entry, ...(manifest.preload ?? [])].map((f) => `<link rel="modulepreload" href="/dist/${f}">`).join('\n') : ''}
</head>
<body>
<div id="app">${result.html}</div>
<script>window.__SHOP__=${escapeJson(boot)}</script>
${manifest.entry ? `<script type="module" src="/dist/${manifest.entry}"></script>` : ''}
</body>
</html>`;
    if (result.status === 200 && req.method === 'GET') await options.outputCache?.set(cacheKey, { status: 200, html }, config.server.outputCacheTtlSeconds);
    res.writeHead(result.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  }

  /** spec catalogue §2.1: the sitemap is also served as /sitemap.xml (categories from the API, XML answer). */
  async function sitemap(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = `http://${req.headers.host ?? `${options.host}:${options.port}`}`;
    const xml = await renderSitemapXml(config, origin);
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
    res.end(xml);
  }

  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (pathname === '/sitemap.xml') return void sitemap(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
    });
    if (pathname.startsWith('/api/') || pathname.startsWith('/img/')) return proxy(req, res);
    if (pathname.startsWith('/dist/')) return void serveStatic(pathname, res);
    if (pathname === '/sw.js') return void serveStatic('/dist/sw.js', res);
    if (pathname === '/favicon.ico') {
      res.writeHead(204);
      return void res.end();
    }
    ssr(req, res).catch((e: unknown) => {
      console.error('[ssr]', e);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : options.port;
      resolve({
        url: `http://${options.host}:${port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}
