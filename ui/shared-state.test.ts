import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShops, type TestShops } from '../test-fixtures/storefront';
import { generateCatalogue } from '../test-fixtures/catalogue/index';
import type { RunningStorefront } from './server';
import { bootData } from '../test-fixtures/boot-document';
import { rawRequest } from '../test-fixtures/raw-http';

// the category list is sent once and cached: pages name one immutable document instead of carrying it

const catalogue = generateCatalogue();
const product = catalogue.products.find((p) => p.type_id === 'configurable' && p.visibility === 4)!;

let shops: TestShops;
let shop: RunningStorefront;
let other: RunningStorefront;

beforeAll(async () => {
  shops = await startTestShops({ entry: '' });
  shop = await shops.start();
  // another process of the shop (a cluster worker, a restart): it never rendered a page naming the document
  other = await shops.start();
}, 60_000);

afterAll(() => shops?.close());

interface Boot {
  state: { category?: { categories: unknown[]; current?: { id: number } } };
  shared?: { categories?: string };
}
function bootOf(html: string): Boot {
  const boot = bootData(html);
  if (!boot) throw new Error('no boot data');
  return boot as unknown as Boot;
}

describe('the category list travels once, as a document of its own', () => {
  it('home, a category and a product page name the same document (preloaded in the head) and carry no category list', async () => {
    const hrefs: string[] = [];
    for (const path of ['/', '/inpakpapier/kerst', `/${product.url_path}`]) {
      const page = await rawRequest(shop.url, path);
      expect(page.status, path).toBe(200);
      const boot = bootOf(page.body);
      expect(boot.state.category?.categories, path).toEqual([]);
      const href = boot.shared?.categories;
      expect(href, path).toMatch(/^\/shop-data\/categories\/nl-NL\/[A-Za-z0-9_-]{16}\.json$/);
      expect(page.body.split('</head>')[0], path).toContain(`<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`);
      hrefs.push(href!);
    }
    expect(new Set(hrefs).size).toBe(1);
    // the category page's current category is still in its state (the first render reads it)
    expect(bootOf((await rawRequest(shop.url, '/inpakpapier/kerst')).body).state.category?.current?.id).toBeGreaterThan(0);
  });

  it('the document is the whole category list, immutable, answered by a process that never rendered it as by the one that did', async () => {
    const href = bootOf((await rawRequest(shop.url, '/')).body).shared!.categories!;
    const answers = [await rawRequest(shop.url, href), await rawRequest(other.url, href)];
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(a.headers['content-type'])).toMatch(/^application\/json/);
    }
    expect(answers[1]!.body).toBe(answers[0]!.body);
    const list = JSON.parse(answers[0]!.body) as Array<{ id: number; name: string; children_data?: unknown }>;
    const api = (await shops.backend.call('GET', `/api/catalog/vue_storefront_catalog/category/_search?size=4000&request=${encodeURIComponent(JSON.stringify({ query: { bool: { filter: { bool: { must: [{ term: { is_active: true } }] } } } } }))}`)).json as {
      hits: { hits: Array<{ _source: { id: number } }> };
    };
    expect(new Set(list.map((c) => c.id))).toEqual(new Set(api.hits.hits.map((h) => h._source.id)));
    // flat: the browser rebuilds the tree (children_data would repeat every category)
    expect(list.every((c) => c.children_data === undefined)).toBe(true);
  });

  it('each store view names its own document', async () => {
    const nl = bootOf((await rawRequest(shop.url, '/')).body).shared!.categories!;
    const en = bootOf((await rawRequest(shop.url, '/', { headers: { cookie: 'locale=en-US' } })).body).shared!.categories!;
    expect(en).toMatch(/^\/shop-data\/categories\/en-US\//);
    expect(en).not.toBe(nl);
    expect((await rawRequest(other.url, en)).status).toBe(200);
  });

  it('a name that is not the catalogue list, another locale or another path answers 404, never 5xx, and is not cached', async () => {
    const href = bootOf((await rawRequest(shop.url, '/')).body).shared!.categories!;
    const wrong = [
      href.replace(/[A-Za-z0-9_-]{16}\.json$/, 'AAAAAAAAAAAAAAAA.json'),
      href.replace('/nl-NL/', '/fr-FR/'),
      href.replace('.json', '.js'),
      '/shop-data/categories/nl-NL/',
      '/shop-data/other/nl-NL/AAAAAAAAAAAAAAAA.json',
      `${href.replace(/\.json$/, '')}%00.json`,
    ];
    for (const path of wrong) {
      const a = await rawRequest(other.url, path);
      expect(a.status, path).toBe(404);
      expect(a.headers['cache-control'], path).toBe('no-store');
    }
  });
});
