/**
 * Term filters, ranges, aggregations and sorts answer from per-field indexes built once. These
 * properties compare every indexed answer with a direct evaluation over the documents (fieldValues + termEquals), and
 * check that the generated catalogue is kept in its cache file and reused on restart (regenerated only on --reset, a new seed/scale
 * or a damaged file).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { openDb } from './db';
import { Collection, type Doc } from './search/engine';
import { executeSearch } from './search/execute';
import { comparable, compare, fieldValues, termEquals } from './search/fields';
import { CatalogueStore } from './store';

const docs = generateCatalogue().products as unknown as Doc[];
const col = new Collection('product', docs);
const ids = (res: Record<string, unknown>) => ((res.hits as { hits: Array<{ _id: string }> }).hits).map((h) => h._id);
const search = (body: unknown) => executeSearch(col, { body, index: 'vue_storefront_catalog', size: '5000' });
const FIELDS = ['visibility', 'status', 'color', 'size', 'category_ids', 'type_id', 'price', 'final_price', 'sku', 'stock.is_in_stock', 'configurable_children.color', 'erin_recommends', 'created_at'];
const sample = (field: string) => docs.flatMap((d) => fieldValues(d, field)).filter((v) => typeof v !== 'object').slice(0, 400);
const valueOf = (field: string) => fc.oneof(fc.constantFrom(...sample(field)), fc.constantFrom(1, '1', 0, true, 'true', 49, '49', 'IP-00001'));

describe('indexed search answers as the documents say', () => {
  it('terms: the index finds exactly the documents with an equal value (Elasticsearch coercion included)', () => {
    fc.assert(fc.property(fc.constantFrom(...FIELDS).chain((f) => fc.tuple(fc.constant(f), fc.array(valueOf(f), { minLength: 1, maxLength: 5 }))), ([field, values]) => {
      const expected = docs.filter((d) => fieldValues(d, field).some((v) => values.some((q) => termEquals(v, q)))).map((d) => String(d.id));
      expect(ids(search({ query: { terms: { [field]: values } } }))).toEqual(expected);
    }), { numRuns: 60, seed: 9 });
  });

  it('range: the indexed comparison matches a direct one', () => {
    fc.assert(fc.property(fc.constantFrom('price', 'final_price', 'created_at', 'special_from_date', 'stock.qty'), fc.double({ min: -5, max: 200, noNaN: true }), fc.double({ min: 0, max: 300, noNaN: true }), (field, lo, hi) => {
      const isDate = field.includes('date') || field === 'created_at';
      const gte = isDate ? `2025-0${1 + (Math.abs(Math.round(lo)) % 9)}-01 00:00:00` : lo;
      const lt = isDate ? `2026-0${1 + (Math.round(hi) % 9)}-15 00:00:00` : hi;
      const expected = docs.filter((d) => fieldValues(d, field).some((v) => {
        const c = comparable(v);
        return c !== undefined && typeof c === typeof gte && compare(c, gte) >= 0 && compare(c, lt) < 0;
      })).map((d) => String(d.id));
      expect(ids(search({ query: { range: { [field]: { gte, lt } } } }))).toEqual(expected);
    }), { numRuns: 40, seed: 9 });
  });

  it('sort: the precomputed order of a key gives the order a direct sort gives (ties in index order), at any from', () => {
    fc.assert(fc.property(fc.constantFrom('price', 'created_at', 'name', 'color', 'size'), fc.constantFrom('asc', 'desc'), fc.constantFrom('_first', '_last'), fc.nat({ max: 300 }), (field, order, missing, from) => {
      const key = (d: Doc) => {
        const vals = fieldValues(d, field).map(comparable).filter((v) => v !== undefined) as Array<string | number>;
        if (!vals.length) return undefined;
        return vals.reduce((a, b) => (order === 'asc' ? (compare(b, a) < 0 ? b : a) : compare(b, a) > 0 ? b : a));
      };
      const idx = docs.map((_, i) => i).filter((i) => Number(docs[i]!.visibility) === 4);
      const sorted = [...idx].sort((a, b) => {
        const x = key(docs[a]!);
        const y = key(docs[b]!);
        if (x === undefined && y === undefined) return a - b;
        if (x === undefined) return missing === '_first' ? -1 : 1;
        if (y === undefined) return missing === '_first' ? 1 : -1;
        const d = compare(x, y);
        return d !== 0 ? (order === 'asc' ? d : -d) : a - b;
      }).map((i) => String(docs[i]!.id));
      const res = executeSearch(col, { body: { query: { term: { visibility: 4 } }, sort: [{ [field]: { order, missing } }], from, size: 20 }, index: 'x' });
      expect(ids(res)).toEqual(sorted.slice(from, from + 20));
    }), { numRuns: 30, seed: 9 });
  });

  it('terms aggregation counts as the documents say, with and without sub-aggregations', () => {
    for (const field of ['color', 'size', 'category_ids', 'erin_recommends']) {
      const res = search({ size: 0, aggs: { a: { terms: { field, size: 1000 } }, b: { terms: { field, size: 1000 }, aggs: { m: { max: { field: 'price' } } } } } }) as { aggregations: Record<string, { buckets: Array<{ key: unknown; doc_count: number }> }> };
      const counts = new Map<string, number>();
      for (const d of docs) for (const v of new Set(fieldValues(d, field).map((x) => `${typeof x}:${String(x)}`))) counts.set(v, (counts.get(v) ?? 0) + 1);
      const got = res.aggregations.a!.buckets.reduce((s, b) => s + b.doc_count, 0);
      expect(got).toBe([...counts.values()].reduce((a, b) => a + b, 0));
      expect(res.aggregations.b!.buckets.map((b) => b.doc_count)).toEqual(res.aggregations.a!.buckets.map((b) => b.doc_count));
    }
  });

  it('phrases on a field whose full-text index is kept without its column answer as over the documents', () => {
    // the backend keeps name and description as full-text indexes only: a phrase builds their column from the documents
    const plain = new Collection('product', docs);
    const built = new Collection('product', docs);
    built.prepare([], ['name', 'description', 'short_description']);
    const indexed = new Collection('product', docs, undefined, built.exportIndexes(['name', 'description', 'short_description']));
    const words = [...new Set(docs.flatMap((d) => String(d.name).toLowerCase().split(/\s+/)))].slice(0, 60);
    fc.assert(fc.property(fc.constantFrom('name', 'description', 'short_description'), fc.array(fc.constantFrom(...words, 'p', 'ka', 'rood'), { minLength: 1, maxLength: 3 }), fc.boolean(), (field, phrase, prefix) => {
      const body = { query: { [prefix ? 'match_phrase_prefix' : 'match_phrase']: { [field]: phrase.join(' ') } } };
      const answer = (col: Collection) => ({ ...executeSearch(col, { body, index: 'x', size: '1000' }), took: 0 });
      expect(answer(indexed)).toEqual(answer(plain));
    }), { numRuns: 80, seed: 5 });
  });

  it('a stock change is seen by the next search (the stock columns are patched, what derives from them rebuilt)', () => {
    const copyDocs = JSON.parse(JSON.stringify(docs.slice(0, 50))) as Doc[];
    const copy = new Collection('product', copyDocs);
    const inStock = () => ids(executeSearch(copy, { body: { query: { term: { 'stock.is_in_stock': true } } }, index: 'x', size: '100' })).length;
    const before = inStock();
    const changed = copyDocs.findIndex((d) => (d.stock as { is_in_stock: boolean }).is_in_stock);
    (copyDocs[changed]!.stock as { is_in_stock: boolean }).is_in_stock = false;
    copy.patchDocs([changed], 'stock');
    expect(inStock()).toBe(before - 1);
  });
});

describe('the catalogue is kept in a cache file and reused on restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'backend-catalogue-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const open = (seed: number, scale: number, reset = false) => {
    const db = openDb(dir, reset);
    const opened = CatalogueStore.open(db, { dataDir: dir, seed, scale, reset });
    return { ...opened, done: () => { opened.store.close(); db.close(); } };
  };
  const answer = (store: CatalogueStore) => executeSearch(store.collections.get('product')!, { body: { query: { match: { name: 'kadopapier' } }, aggs: { c: { terms: { field: 'color' } } } }, index: 'x', size: '30' });
  const englishAnswer = (store: CatalogueStore) => executeSearch(store.english.get('product')!, { body: { query: { match: { name: 'gift paper' } }, aggs: { c: { terms: { field: 'color' } } } }, index: 'x_en', size: '30', sort: 'name:asc' });
  const file = (seed: number, scale: number) => join(dir, readdirSync(dir).find((f) => f.startsWith(`catalogue-${seed}-${scale}-`) && f.endsWith('.bin'))!);

  it('generated on the first start, read back on a restart, generated again for --reset or a new seed or scale', () => {
    const first = open(7, 1, true);
    expect(first.generated).toBe(true);
    const firstAnswer = answer(first.store);
    const firstEnglish = englishAnswer(first.store);
    expect((firstEnglish.hits as { total: number }).total).toBeGreaterThan(0);
    const firstProduct = first.store.bySku.get(generateCatalogue({ seed: 7 }).products[3]!.sku);
    first.done();
    const again = open(7, 1);
    expect(again.generated).toBe(false);
    expect({ ...answer(again.store), took: 0 }).toEqual({ ...firstAnswer, took: 0 });
    expect({ ...englishAnswer(again.store), took: 0 }).toEqual({ ...firstEnglish, took: 0 });
    expect(again.store.bySku.get(firstProduct!.sku)).toEqual(firstProduct);
    expect(again.store.data.categories).toEqual(generateCatalogue({ seed: 7 }).categories);
    again.done();
    for (const [seed, scale, reset, generated] of [[8, 1, false, true], [8, 1, false, false], [8, 2, false, true], [8, 2, true, true], [8, 2, false, false]] as const) {
      const o = open(seed, scale, reset);
      expect([seed, scale, reset, o.generated]).toEqual([seed, scale, reset, generated]);
      expect(o.store.data.products.length).toBe(generateCatalogue({ seed, scale }).products.length);
      o.done();
    }
    // one cache file: the other seed's and scale's are removed
    expect(readdirSync(dir).filter((f) => f.endsWith('.bin'))).toHaveLength(1);
  });

  it('live stock: a sold-out product and a configurable whose children all sold out are seen by the next search, and after a restart', () => {
    const gen = generateCatalogue({ seed: 5 }).products;
    const parent = gen.find((p) => p.type_id === 'configurable' && p.stock?.is_in_stock)!;
    const children = (parent.configurable_children ?? []).filter((c) => c.stock?.is_in_stock);
    const inStock = (store: CatalogueStore, field: string, sku: string) => {
      const res = executeSearch(store.collections.get('product')!, { body: { query: { bool: { filter: [{ term: { [field]: true } }, { term: { sku } }] } } }, index: 'x' });
      return (res.hits as { total: number }).total === 1;
    };
    let o = open(5, 1, true);
    expect(inStock(o.store, 'stock.is_in_stock', parent.sku)).toBe(true);
    const first = children[0]!;
    expect(inStock(o.store, 'stock.is_in_stock', first.sku)).toBe(true);
    for (const c of children) o.store.decrementStock(c.sku, 1e6);
    expect(inStock(o.store, 'stock.is_in_stock', first.sku)).toBe(false);
    expect(o.store.bySku.get(first.sku)?.stock).toMatchObject({ qty: 0, is_in_stock: false });
    expect(inStock(o.store, 'stock.is_in_stock', parent.sku)).toBe(false);
    expect(inStock(o.store, 'configurable_children.stock.is_in_stock', parent.sku)).toBe(false);
    expect(o.store.bySku.get(parent.sku)?.stock?.is_in_stock).toBe(false);
    o.done();
    o = open(5, 1);
    expect(o.generated).toBe(false);
    expect(inStock(o.store, 'stock.is_in_stock', first.sku)).toBe(false);
    expect(inStock(o.store, 'stock.is_in_stock', parent.sku)).toBe(false);
    expect(o.store.bySku.get(parent.sku)?.configurable_children?.every((c) => c.stock?.is_in_stock === false || c.status !== 1 || !children.some((x) => x.sku === c.sku))).toBe(true);
    o.done();
  });

  it('a corrupt, truncated or foreign cache file is dropped and the catalogue generated again (same answers)', () => {
    const first = open(9, 1, true);
    const expected = { ...answer(first.store), took: 0 };
    first.done();
    const damage: Array<(f: string) => void> = [
      (f) => { const b = readFileSync(f); b[40] = b[40]! ^ 0x01; writeFileSync(f, b); }, // in the header
      (f) => writeFileSync(f, readFileSync(f).subarray(0, 5000)), // truncated
      (f) => writeFileSync(f, Buffer.concat([readFileSync(f), Buffer.from('x')])), // longer than its header says
      (f) => writeFileSync(f, ''), // empty
      (f) => writeFileSync(f, Buffer.from('not a catalogue at all, just some text that is long enough to have a header')),
    ];
    for (const hurt of damage) {
      hurt(file(9, 1));
      const o = open(9, 1);
      expect(o.generated).toBe(true);
      expect({ ...answer(o.store), took: 0 }).toEqual(expected);
      o.done();
      const back = open(9, 1);
      expect(back.generated).toBe(false);
      back.done();
    }
  });

  it('a damaged document is never served: its read answers 503, the file is deleted, the next start generates it again', () => {
    open(10, 1, true).done();
    const f = file(10, 1);
    const b = readFileSync(f);
    const products = generateCatalogue({ seed: 10 }).products;
    // one byte of the last product's Dutch document (its name, found in the blob), and one of the last English documents
    const at = b.indexOf(`"name":"${products.at(-1)!.name}"`) + 9;
    expect(at).toBeGreaterThan(9);
    b[at] = b[at]! ^ 0x20;
    const atEnglish = b.length - 3000;
    b[atEnglish] = b[atEnglish]! ^ 0x20;
    writeFileSync(f, b);
    const o = open(10, 1);
    expect(o.generated).toBe(false);
    const english = o.store.english.get('product')!;
    const englishFailures: number[] = [];
    for (let i = english.length - 20; i < english.length; i++) {
      try {
        english.doc(i);
      } catch (err) {
        expect(err).toMatchObject({ status: 503 });
        englishFailures.push(i);
      }
    }
    expect(englishFailures).toHaveLength(1);
    const failures: number[] = [];
    for (const p of products) {
      try {
        expect(o.store.bySku.get(p.sku)?.sku).toBe(p.sku);
      } catch (err) {
        expect(err).toMatchObject({ status: 503 });
        failures.push(1);
      }
    }
    expect(failures).toHaveLength(1);
    o.done();
    const again = open(10, 1);
    expect(again.generated).toBe(true);
    for (const p of products.slice(-20)) expect(again.store.bySku.get(p.sku)).toEqual(JSON.parse(JSON.stringify(p)));
    again.done();
  });
});
