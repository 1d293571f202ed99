/**
 * The English store view (index vue_storefront_catalog_en, store id 2) answers English product texts, built by the
 * generator from the same picks as the Dutch ones; the Dutch index still answers Dutch. Ids, skus, prices, stock and
 * url paths are the same in both (one URL per page: spec catalogue §2.2, the URL mapping knows one url_path).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../core/catalogue/types';
import { englishProduct } from '../catalogue/english';
import { generateCatalogue } from '../catalogue/index';
import { openDb } from './db';
import { executeSearch } from './search/execute';
import { CatalogueStore } from './store';
import { startTestBackend, storefrontTextQuery, type TestBackend } from './test-helpers';

let be: TestBackend;
const cat = generateCatalogue();
const listed = cat.products.filter((p) => [2, 3, 4].includes(Number(p.visibility)) && p.status === 1);

beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => be?.close());

const search = async (index: string, body: unknown, qs = 'size=50') => {
  const res = await be.call('GET', `/api/catalog/${index}/product/_search?request=${encodeURIComponent(JSON.stringify(body))}&${qs}`);
  expect(res.status).toBe(200);
  return res.json.hits as { total: number; hits: Array<{ _id: string; _source: Product }> };
};
const EN = 'vue_storefront_catalog_en';
const NL = 'vue_storefront_catalog';
/** the product page's lookup: the product by its sku */
const bySku = async (index: string, sku: string) => (await search(index, { query: { bool: { filter: { terms: { sku: [sku] } } } } }, 'size=1')).hits[0]!._source;
const DUTCH_WORDS = /\b(inpakpapier|cadeaupapier|kadopapier|stevig|geschikt|leverbaar|voorraad|satijnlint|kleur|formaat|met|voor)\b/i;

describe('the English store view answers English product texts', () => {
  it('a product page in English: name, description, short description, image labels and category names; the Dutch one stays Dutch', async () => {
    for (const type of ['simple', 'configurable', 'grouped', 'bundle']) {
      const p = listed.find((x) => x.type_id === type)!;
      const en = await bySku(EN, p.sku);
      const nl = await bySku(NL, p.sku);
      const expected = englishProduct(p, cat.english);
      expect(en.name, type).toBe(expected.name);
      expect(en.name).not.toBe(p.name);
      expect(en.name).not.toMatch(DUTCH_WORDS);
      expect(en.description).toBe(expected.description);
      expect(en.description).not.toMatch(DUTCH_WORDS);
      expect(en.short_description).not.toMatch(DUTCH_WORDS);
      expect(en.media_gallery?.every((g) => !String(g.lab).includes(p.name))).toBe(true);
      expect(en.category?.map((c) => c.name)).not.toContain('Inpakpapier');
      // the Dutch store view: the catalogue's own texts
      expect(nl.name).toBe(p.name);
      expect(nl.description).toBe(p.description);
      // the same page otherwise: id, price, url path, stock
      expect({ id: en.id, price: en.final_price_incl_tax, url: en.url_path, slug: en.slug, stock: en.stock?.is_in_stock })
        .toEqual({ id: nl.id, price: nl.final_price_incl_tax, url: nl.url_path, slug: nl.slug, stock: nl.stock?.is_in_stock });
    }
  });

  it("a configurable's variants and options, and a bundle's option titles, in English", async () => {
    const conf = listed.find((x) => x.type_id === 'configurable')!;
    const en = await bySku(EN, conf.sku);
    expect(en.configurable_options?.map((o) => o.label)).toEqual(['Colour', 'Size']);
    for (const child of en.configurable_children ?? []) {
      expect(child.name?.startsWith(`${en.name} `)).toBe(true);
      expect(child.name).not.toMatch(/\b(Rood|Groen|Goud|Zilver|Blauw|Wit|Zwart|Roze|Paars|Geel|Oranje)\b/);
    }
    const bundle = await bySku(EN, listed.find((x) => x.type_id === 'bundle')!.sku);
    expect(bundle.bundle_options?.map((o) => o.title)).toEqual(['Wrapping paper', 'Ribbon', 'Card']);
  });

  it("the shop's text search finds English words in the English index and Dutch words in the Dutch one", async () => {
    const en = await search(EN, storefrontTextQuery('wrapping paper'), 'size=20');
    expect(en.total).toBeGreaterThan(20);
    for (const h of en.hits) expect(`${h._source.name} ${h._source.description}`.toLowerCase()).toMatch(/wrapping|paper|wrap/);
    for (const h of en.hits) expect(h._source.name).not.toMatch(DUTCH_WORDS);
    // a typo, as the storefront's fuzzy query allows
    expect((await search(EN, storefrontTextQuery('ribon'), 'size=5')).hits.some((h) => /ribbon/i.test(h._source.name))).toBe(true);
    const nl = await search(NL, storefrontTextQuery('inpakpapier'), 'size=20');
    expect(nl.total).toBeGreaterThan(20);
    for (const h of nl.hits) expect(h._source.name).toBe(cat.products.find((p) => p.sku === h._source.sku)!.name);
    // the English words are not in the Dutch index's names, nor the Dutch nouns in the English one's
    expect((await search(NL, { query: { match_phrase: { name: 'wrapping paper' } } }, 'size=1')).total).toBe(0);
    expect((await search(EN, { query: { match_phrase: { name: 'inpakpapier' } } }, 'size=1')).total).toBe(0);
  });

  it('a category listing sorted by name follows the English names', async () => {
    const body = { query: { bool: { filter: { bool: { must: [{ terms: { visibility: [2, 3, 4] } }, { terms: { category_ids: [listed[0]!.category_ids![0]] } }] } } } } };
    const en = await search(EN, body, 'size=30&sort=name:asc');
    const names = en.hits.map((h) => h._source.name);
    expect(names.length).toBeGreaterThan(5);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names.every((n) => !DUTCH_WORDS.test(n))).toBe(true);
  });

  it('a stock change is seen by the next search of both store views', () => {
    const db = openDb(':memory:', true);
    const { store } = CatalogueStore.open(db, { dataDir: ':memory:', seed: cat.seed, scale: 1 });
    try {
      const p = listed.find((x) => x.type_id === 'simple' && x.stock?.is_in_stock)!;
      const body = { query: { bool: { filter: { bool: { must: [{ terms: { sku: [p.sku] } }, { terms: { 'stock.is_in_stock': [true] } }] } } } } };
      const inStock = (index: string) => {
        const col = (index === EN ? store.english : store.collections).get('product')!;
        return (executeSearch(col, { body, index, size: '1' }).hits as { total: number }).total;
      };
      expect([inStock(NL), inStock(EN)]).toEqual([1, 1]);
      store.decrementStock(p.sku, Number(p.stock!.qty));
      expect([inStock(NL), inStock(EN)]).toEqual([0, 0]);
      const i = store.english.get('product')!.indexOfId(String(p.id))!;
      expect(store.english.get('product')!.doc(i)).toMatchObject({ name: cat.english.get(Number(p.id))!.name, stock: { is_in_stock: false, qty: 0 } });
    } finally {
      store.close();
      db.close();
    }
  });
});
