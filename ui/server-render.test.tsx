/**
 * Server renders against the demo backend, as ui/entry-server's prepareRender does them (the server's services, the
 * route's chunk and load awaited, the app rendered to a string; see render below):
 * how many backend calls a page costs, and what a slow, failing or absent API answers (503, never 404).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConfig, type ShopConfig } from '../core/config';
import { startBackend, type RunningBackend } from '../test-fixtures/backend/index';
import { generateCatalogue } from '../test-fixtures/catalogue/index';
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchRoutes } from 'react-router-dom';
import type { LocaleCode } from '../core/config';
import { processCatalogueReads } from '../adapters/cache/catalogue-read-cache';
import { createServerContainer } from '../adapters/container';
import type { ContainerOptions } from '../adapters/wiring';
import { createI18n, loadLocale } from './i18n';
import { Root } from './app/Root';
import { ROUTES, type AppRoute } from './app/routes';

/** a shop's config and how long the process's catalogue read cache keeps a read for its renders */
type Shop = Pick<ContainerOptions, 'catalogueReadTtlMs'> & { config: ShopConfig };

/**
 * ui/entry-server.tsx's prepareRender, step for step (the status is the load's, else the route's, else 200). Not
 * imported: under vitest its `react-router` import and react-router-dom's load two copies of the router.
 */
async function render(url: string, options: Shop, locale: LocaleCode): Promise<{ status: number; html: string }> {
  const { config } = options;
  const container = createServerContainer(options);
  const parsed = new URL(url, 'http://storefront.local');
  const match = matchRoutes(ROUTES, parsed.pathname)?.[0];
  const route = match?.route as AppRoute | undefined;
  await route?.preload?.();
  const outcome = route?.load ? await route.load({ container, params: match?.params ?? {}, query: parsed.searchParams, path: parsed.pathname }) : undefined;
  if (outcome?.redirect) return { status: 301, html: '' };
  await loadLocale(locale);
  const html = renderToString(<Root container={container} i18n={createI18n(locale, config)} router={(app) => <StaticRouter location={parsed.pathname + parsed.search}>{app}</StaticRouter>} />);
  return { status: outcome?.status ?? route?.status ?? 200, html };
}

const catalogue = generateCatalogue();
const category = catalogue.categories.find((c) => c.level === 3 && (c.product_count ?? 0) > 0)!;
const product = catalogue.products.find((p) => p.type_id === 'configurable' && p.visibility !== 1)!;
const cmsPage = catalogue.cmsPages[0]!;

/** Every HTTP call the adapters make (ky goes through globalThis.fetch). */
const calls: string[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const req = input instanceof Request ? input : new Request(input, init);
  const url = new URL(req.url);
  calls.push(`${req.method} ${decodeURIComponent(url.pathname + url.search)} ${req.method === 'POST' ? await req.clone().text() : ''}`);
  return realFetch(req);
}) as typeof fetch;

let backend: RunningBackend;
/** In front of the backend: passes through, or for paths matching `fault.match` never answers / answers 500. */
let proxy: Server;
let proxyUrl: string;
const fault: { match?: RegExp; mode?: 'hang' | '500' } = {};
const hanging = new Set<import('node:http').ServerResponse>();

beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  const upstream = new URL(backend.url);
  proxy = createServer((req, res) => {
    if (fault.match?.test(req.url ?? '')) {
      if (fault.mode === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 500, result: 'Elasticsearch is down' }));
      return;
    }
    const up = httpRequest({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterEach(() => {
  fault.match = undefined;
  for (const res of hanging) res.destroy();
  hanging.clear();
});
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
  await backend?.close();
});

/**
 * No process read cache (TTL 0): every render reads the backend itself. A generous timeout (the machine is shared and
 * a cold backend is slow), a short one where the API is made to hang.
 */
const uncached = (url: string, serverTimeoutMs = 5000): Shop => ({ config: createConfig({ api: { url }, search: { serverTimeoutMs } }), catalogueReadTtlMs: 0 });

async function counted(path: string, shop: Shop) {
  calls.length = 0;
  const result = await render(path, shop, 'nl-NL');
  return { result, calls: [...calls] };
}

const productSearches = (list: string[]) => list.filter((c) => c.includes('/product/_search'));

describe('backend calls per server render', () => {
  it.each([
    ['home', '/', 2],
    ['category by url path', `/${category.url_path}`, 1],
    ['category by /c/ route', `/c/${category.slug}`, 1],
    ['product by url path', `/${product.url_path}`, 2],
    ['product by /p/ route', `/p/${product.sku}/${product.slug}`, 2],
  ])('%s (%s): never the same call twice, %i product search(es)', async (_name, path, searches) => {
    const { result, calls } = await counted(path, uncached(backend.url));
    expect(result.status).toBe(200);
    expect(calls.length - new Set(calls).size).toBe(0);
    // home: its two lists; category: its products once (no two-stage first query on the server);
    // product: the product and its related products (kept from one search, not searched again by sku)
    expect(productSearches(calls)).toHaveLength(searches);
    expect(calls.filter((c) => c.includes('/category/_search'))).toHaveLength(1);
  });

  it('20 concurrent renders of a category make one backend call per distinct read; the next render within the TTL makes none', async () => {
    // a TTL far longer than this test (the default 10 s passed while 20 renders ran on a loaded machine): the last
    // render is surely within it
    const shop: Shop = { config: createConfig({ api: { url: backend.url }, search: { serverTimeoutMs: 5000 } }), catalogueReadTtlMs: 600_000 };
    processCatalogueReads(backend.url).clear();
    calls.length = 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => render(`/${category.url_path}`, shop, 'nl-NL')));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.every((r) => r.html === results[0]!.html)).toBe(true);
    // category tree, header block, copyright block, url/map, attributes, the category's products
    expect(calls).toHaveLength(6);
    expect(new Set(calls).size).toBe(6);
    calls.length = 0;
    expect((await render(`/${category.url_path}`, shop, 'nl-NL')).status).toBe(200);
    expect(calls).toHaveLength(0);
  }, 120_000);
});

describe('a slow or absent API is never "not found"', () => {
  const pages = [
    ['home', '/'],
    ['category (url path)', `/${category.url_path}`],
    ['category (/c/)', `/c/${category.slug}`],
    ['product (url path)', `/${product.url_path}`],
    ['product (/p/)', `/p/${product.sku}/${product.slug}`],
    ['CMS page', `/i/${cmsPage.identifier}`],
  ] as const;

  it.each(pages)('API unreachable (nothing listening): %s answers 503 with the "try again" page', async (_name, path) => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    const { result } = await counted(path, uncached(`http://127.0.0.1:${port}`));
    expect(result.status).toBe(503);
    expect(result.html).toContain('De winkel is even niet bereikbaar, probeer het zo opnieuw.');
    expect(result.html).not.toContain('Pagina niet gevonden');
  });

  it('API hangs on the url lookup: a valid product path answers 503, not 404', async () => {
    fault.match = /\/api\/url\/map/;
    fault.mode = 'hang';
    const { result } = await counted(`/${product.url_path}`, uncached(proxyUrl, 400));
    expect(result.status).toBe(503);
    expect(result.html).toContain('data-unavailable');
  });

  it('API hangs on the product search: the product page answers 503, not 404', async () => {
    fault.match = /\/product\/_search/;
    fault.mode = 'hang';
    for (const path of [`/${product.url_path}`, `/p/${product.sku}/${product.slug}`]) {
      const { result } = await counted(path, uncached(proxyUrl, 400));
      expect(result.status).toBe(503);
    }
  });

  it('API answers 500 for searches: category and product pages answer 503, not 404 nor an empty 200 list', async () => {
    fault.match = /\/product\/_search/;
    fault.mode = '500';
    for (const path of [`/${category.url_path}`, `/c/${category.slug}`, `/p/${product.sku}/${product.slug}`]) {
      const { result } = await counted(path, uncached(proxyUrl));
      expect(result.status, path).toBe(503);
    }
  });

  it('API answers 500 for the category tree: a category page answers 503', async () => {
    fault.match = /\/category\/_search/;
    fault.mode = '500';
    expect((await counted(`/c/${category.slug}`, uncached(proxyUrl))).result.status).toBe(503);
  });

  it('API answers 500 for CMS pages: the CMS page answers 503', async () => {
    fault.match = /cmsPageIdentifier/;
    fault.mode = '500';
    expect((await counted(`/i/${cmsPage.identifier}`, uncached(proxyUrl))).result.status).toBe(503);
  });

  it('with the API up, a real unknown path, category, product or CMS page is 404 with the not-found page', async () => {
    for (const path of ['/dit-bestaat-echt-niet.html', '/c/geen-categorie-999', '/p/GEEN-SKU/geen-product', '/i/geen-pagina']) {
      const { result } = await counted(path, uncached(proxyUrl));
      expect(result.status, path).toBe(404);
      expect(result.html).not.toContain('data-unavailable');
    }
  });

  it('in English the unavailable page says so too', async () => {
    const result = await render('/', uncached('http://127.0.0.1:9'), 'en-US');
    expect(result.status).toBe(503);
    expect(result.html).toContain('The shop cannot be reached right now. Please try again in a moment.');
  });
});
