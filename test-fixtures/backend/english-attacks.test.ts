/**
 * Hostile input to the English store view of the demo backend (index vue_storefront_catalog_en, CMS store id 2),
 * directly and through a storefront's /api pass-through: Object.prototype names, huge and costly queries, store
 * codes that do not exist.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { rawRequest } from '../raw-http';
import type { RunningStorefront } from '../../ui/server';
import { startTestShops, type TestShops } from '../storefront';
import type { Doc } from './search/engine';
import { costlyRequestArb } from './search/costly-requests';
import { FieldPaths } from './search/fields';
import type { TestBackend } from './test-helpers';

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
let shops: TestShops;
let be: TestBackend;
let shop: RunningStorefront;

beforeAll(async () => {
  shops = await startTestShops({ entry: '' });
  be = shops.backend;
  shop = await shops.start();
}, 60_000);

afterAll(() => shops?.close());

const q = (body: unknown) => `request=${encodeURIComponent(JSON.stringify(body))}`;

describe('the English index under Object.prototype names', () => {
  it('as entity type, as field, as sort and as aggregation: 2xx or 4xx within 1 s, directly and through /api', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const targets = [
        `/api/catalog/vue_storefront_catalog_en/${name}/_search`,
        `/api/catalog/vue_storefront_catalog_en/product/_search?${q({ query: { exists: { field: name } } })}`,
        `/api/catalog/vue_storefront_catalog_en/product/_search?sort=${name}:desc`,
        `/api/catalog/vue_storefront_catalog_en/category/_search?${q({ aggs: { [name]: { terms: { field: name } } } })}`,
        `/api/catalog/vue_storefront_catalog_en/product/_search?${q({ query: { terms: { [name]: [name] } } })}`,
        `/api/ext/cms-data/cmsPageIdentifier/${name}/storeId/2`,
        `/api/ext/cms-data/cmsBlockIdentifier/${name}/storeId/2`,
      ];
      for (const target of targets) {
        for (const base of [be.url, shop.url]) {
          const t = performance.now();
          const res = await rawRequest(base, target);
          expect(res.status, `${base} ${target}`).toBeGreaterThanOrEqual(200);
          expect(res.status, `${base} ${target}`).toBeLessThan(500);
          expect(performance.now() - t, target).toBeLessThan(1000);
        }
      }
    }
  });
});

describe('store codes that do not exist', () => {
  it('an index of no store view is refused (404), not answered with the Dutch catalogue', async () => {
    // upstream vue-storefront-api refuses an index not in config.elasticsearch.indices ("Invalid / inaccessible index name")
    for (const index of ['vue_storefront_catalog_de', 'vue_storefront_catalog_xx', 'vue_storefront_catalog_proto', 'vue_storefront_catalog_en_', 'vue_storefront_catalog__proto__', 'VUE_STOREFRONT_CATALOG_EN']) {
      for (const base of [be.url, shop.url]) {
        const res = await rawRequest(base, `/api/catalog/${index}/product/_search?size=1`);
        expect(res.status, `${base} ${index}`).toBe(404);
      }
    }
  });

  it('CMS of a store id that does not exist: 404 or 400, never another store\'s page', async () => {
    const en = await be.call('GET', '/api/ext/cms-data/cmsPageIdentifier/privacy/storeId/2');
    const nl = await be.call('GET', '/api/ext/cms-data/cmsPageIdentifier/privacy/storeId/1');
    expect([en.status, nl.status]).toEqual([200, 200]);
    for (const storeId of ['3', '99', '0', '00001', '2'.repeat(400), '-1', '1e3', '__proto__']) {
      const res = await rawRequest(shop.url, `/api/ext/cms-data/cmsPageIdentifier/privacy/storeId/${storeId}`);
      expect(res.status, storeId).toBeGreaterThanOrEqual(400);
      expect(res.status, storeId).toBeLessThan(500);
    }
  });
});

describe('huge and costly queries on the English index', () => {
  it('a 1 MB request parameter and a 2 MB body: 4xx, never a 5xx', async () => {
    const big = 'kadopapier '.repeat(100_000);
    const get = await rawRequest(shop.url, `/api/catalog/vue_storefront_catalog_en/product/_search?${q({ query: { match: { name: big } } })}`.slice(0, 15_000));
    expect(get.status).toBeGreaterThanOrEqual(400);
    expect(get.status).toBeLessThan(500);
    const post = await fetch(`${shop.url}/api/catalog/vue_storefront_catalog_en/product/_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { match: { name: big + big } } }),
    });
    expect(post.status).toBe(413);
  });

  it('costly but small requests answer 200 or a 400 that says why, as on the Dutch index', async () => {
    const paths = new FieldPaths();
    for (const p of generateCatalogue().products as unknown as Doc[]) paths.add(p);
    await fc.assert(fc.asyncProperty(costlyRequestArb([...paths.spell()]), async (r) => {
      const res = await be.call('POST', `/api/catalog/vue_storefront_catalog_en/product/_search?size=${r.size}&from=${r.from}`, r.body);
      expect([200, 400]).toContain(res.status);
      if (res.status === 400) expect(res.json.result).toMatch(/Search limit|Malformed query|Unsupported|Result window|Missing value/);
    }), { numRuns: 30, seed: 44 });
  });
});
