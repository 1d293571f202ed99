/**
 * A search costs what it asks, not what its author can make up: a field no document holds is answered as empty
 * without reading any document (the collection knows its fields), the fields a request names are read in one pass,
 * and a request past the work budget (documents x clauses, plus the dictionary entries its prefix, range, keyword and
 * fuzzy clauses scan) answers 400 naming it, before the work. Work is counted in entries read, never in time.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { Collection, type Doc, type DocSource } from './search/engine';
import { budget, SEARCH_LIMITS } from './search/request';
import { executeSearch } from './search/execute';
import { costlyRequestArb } from './search/costly-requests';
import { FieldPaths } from './search/fields';
import { CLAUSE_KINDS } from './search/query';
import { WARM_UP_QUERIES, warmUpSearch } from './search/warm-up';
import recorded from './search/recorded-answers.json';
import { searchPath, startTestBackend, type TestBackend } from './test-helpers';

const products = generateCatalogue().products as unknown as Doc[];

/** The products as the backend keeps them (read one by one), counting the reads. */
function countingCollection(docs: Doc[] = products): { col: Collection; reads: () => number } {
  let reads = 0;
  const source: DocSource = {
    length: docs.length,
    get: (i) => {
      reads++;
      return JSON.parse(JSON.stringify(docs[i])) as Doc;
    },
  };
  const col = new Collection('product', source);
  col.prepare(['visibility', 'status', 'sku'], ['name', 'description']);
  const at = reads;
  return { col, reads: () => reads - at };
}

const madeUp = (k: number) => Array.from({ length: 20 }, (_, i) => `never_seen_${k}_${i}`);
const search = (col: Collection, body: unknown, size = '10') => executeSearch(col, { body, index: 'vue_storefront_catalog', size });

describe('fields no document holds cost nothing', () => {
  it('a multi_match naming 20 unknown fields reads no document and keeps no column for them', () => {
    const { col, reads } = countingCollection();
    for (let k = 0; k < 5; k++) {
      const res = search(col, { query: { multi_match: { query: 'kadopapier lint rood', fields: madeUp(k), fuzziness: 2 } } });
      expect((res.hits as { total: number }).total).toBe(0);
    }
    expect(reads()).toBe(0);
    expect(Object.keys(col.exportIndexes().columns).filter((f) => f.startsWith('never_seen'))).toEqual([]);
  });

  it('unknown fields beside known ones change nothing: the same hits, order and scores', () => {
    const { col } = countingCollection();
    const fields = ['name^4', 'description^3', 'sku^2'];
    const plain = search(col, { query: { multi_match: { query: 'kadopapir', fields, fuzziness: 2 } } });
    const padded = search(col, { query: { multi_match: { query: 'kadopapir', fields: [...madeUp(9).slice(0, 8), ...fields, ...madeUp(9).slice(8, 17)], fuzziness: 2 } } });
    expect({ ...padded, took: 0 }).toEqual({ ...plain, took: 0 });
  });

  it('Object.prototype names are fields no document holds: exists, terms aggregations and sorts find nothing there', () => {
    const { col, reads } = countingCollection();
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      const res = search(col, { query: { exists: { field: name } }, aggs: { a: { terms: { field: name } } }, sort: [name] });
      expect((res.hits as { total: number }).total).toBe(0);
      expect((res.aggregations as { a: { buckets: unknown[] } }).a.buckets).toEqual([]);
    }
    expect(reads()).toBe(0);
  });

  it('the fields a request names and no column holds yet are read in one pass over the documents', () => {
    const { col, reads } = countingCollection();
    const fields = ['meta_title', 'url_key', 'slug', 'material', 'pattern', 'media_gallery.lab', 'configurable_children.name', 'configurable_children.url_key'];
    search(col, { query: { bool: { should: fields.map((f) => ({ prefix: { [f]: 'a' } })) } } }, '0');
    expect(reads()).toBe(products.length);
  });

  it('a small catalogue built whole (the backend start, at scale 1): costly requests over real fields read no document', () => {
    const { col, reads } = countingCollection();
    col.prebuildAll();
    const built = reads();
    expect(built).toBe(products.length);
    const paths = new FieldPaths();
    for (const p of products) paths.add(p);
    for (const r of fc.sample(costlyRequestArb([...paths.spell()]), { numRuns: 60, seed: 11 })) {
      try {
        search(col, r.body, '0');
      } catch (e) {
        expect(String(e)).toMatch(/Search limit|Malformed query|Unsupported|Missing value/);
      }
    }
    expect(reads()).toBe(built);
  });
});

describe('a work budget of documents x clauses and dictionary entries', () => {
  // a catalogue large enough that the budget, not the clause limit, is what a many-clause request meets
  const many = Array.from({ length: 60_000 }, (_, i) => ({ id: i + 1, sku: `S-${i}`, color: i % 7, size: i % 5, price: i % 300 }));
  const col = new Collection('product', many);

  it(`a request past ${SEARCH_LIMITS.work} documents x clauses answers 400 naming the budget`, () => {
    // 63 clauses in a bool are inside the clause limit and the budget (64 passes over 60,000 documents)
    const should = Array.from({ length: SEARCH_LIMITS.clauses - 1 }, (_, k) => ({ term: { color: k % 7 } }));
    search(col, { query: { bool: { should } } }, '0');
    // aggregations and multi_match fields count as well
    const aggs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, k) => [`a${k}`, { terms: { field: 'color' } }]));
    expect(() => search(col, { query: { bool: { should } }, aggs: aggs(30) })).toThrow(/Search limit: too much work for one request \(60000 documents x 94 clauses.*at most 5000000 in all/);
    const fields = Array.from({ length: 20 }, () => 'sku');
    expect(() => search(col, { query: { bool: { should: Array.from({ length: 5 }, () => ({ multi_match: { query: 'S-1', fields } })) } } })).toThrow(/too much work/);
  });

  it('a prefix clause costs a pass and its dictionary: refused before the work exactly when the sum passes the budget', () => {
    // sku has 60,000 distinct values, color 7: a request of k prefixes on sku and t terms on color, in one bool
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: SEARCH_LIMITS.clauses - 41 }), (k, t) => {
      const should = [
        ...Array.from({ length: k }, (_, i) => ({ prefix: { sku: `S-${i}` } })),
        ...Array.from({ length: t }, (_, i) => ({ term: { color: i % 7 } })),
      ];
      const expected = (1 + k + t) * many.length + k * many.length;
      if (expected > SEARCH_LIMITS.work) {
        expect(() => search(col, { query: { bool: { should } } }, '0')).toThrow(/too much work/);
      } else {
        search(col, { query: { bool: { should } } }, '0');
        expect(budget.work).toBe(expected);
      }
    }), { numRuns: 25, seed: 25 });
  });

  it('a fuzzy word costs the dictionary terms of near length it compares', () => {
    const { col: products } = countingCollection();
    const terms = products.textIndex('name').data.terms;
    const near = (w: string, e: number) => terms.filter((t) => Math.abs(t.length - w.length) <= e).length;
    const word = fc.stringMatching(/^[a-z]{3,12}$/);
    fc.assert(fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 8 }), fc.constantFrom(0, 1, 2), (words, e) => {
      search(products, { query: { match: { name: { query: words.join(' '), fuzziness: e } } } }, '0');
      const compared = e === 0 ? 0 : words.reduce((sum, w) => sum + near(w, e), 0);
      expect(budget.entries).toBe(compared);
      expect(budget.work).toBe(products.length + compared);
    }), { numRuns: 40, seed: 26 });
  });

  it("the storefront's recorded queries stay inside it at 100 times the catalogue, and inside the clause limit", () => {
    // work grows at most linearly with the catalogue (documents, and the distinct values and terms they hold): a query
    // that costs at most 1/100 of the budget at scale 1 is answered at scale 100 (docs/benchmarks.md: search-latency)
    const { col: products } = countingCollection();
    products.prebuildAll();
    const product = (recorded as Array<{ path: string; body: unknown; answer: { status: number } }>)
      .filter((r) => r.path.includes('/product/_search') && r.answer.status === 200);
    expect(product.length).toBeGreaterThan(30);
    let most = 0;
    let clauses = 0;
    for (const r of product) {
      const q = new URL(r.path, 'http://x').searchParams;
      executeSearch(products, { body: r.body, index: 'vue_storefront_catalog', size: q.get('size'), from: q.get('from'), sort: q.get('sort') });
      most = Math.max(most, budget.work);
      clauses = Math.max(clauses, budget.clauses);
    }
    expect(most).toBeLessThanOrEqual(SEARCH_LIMITS.work / 100);
    expect(clauses).toBeLessThanOrEqual(SEARCH_LIMITS.clauses / 4);
  });

  it('the storefront-sized requests are within it', () => {
    const res = search(col, { query: { bool: { filter: { bool: { must: [{ terms: { color: [1, 2] } }, { range: { price: { gte: 10 } } }] } } } }, aggs: { c: { terms: { field: 'color' } }, s: { terms: { field: 'size' } } }, sort: [{ price: 'asc' }] });
    expect((res.hits as { total: number }).total).toBeGreaterThan(0);
  });

  it('a terms aggregation with a sub-aggregation per bucket: each bucket counts its own documents', () => {
    // buckets of one document each, each with its own terms aggregation over a field of 30,000 values
    const res = search(col, { size: 0, aggs: { bySku: { terms: { field: 'sku', size: 2000 }, aggs: { ids: { terms: { field: 'id', size: 5 } } } } } });
    const buckets = (res.aggregations as { bySku: { buckets: Array<{ doc_count: number; ids: { buckets: unknown[] } }> } }).bySku.buckets;
    expect(buckets).toHaveLength(2000);
    for (const b of buckets) expect(b.ids.buckets).toHaveLength(1);
  });
});

describe('through the backend', () => {
  let be: TestBackend;
  beforeAll(async () => {
    be = await startTestBackend();
  });
  afterAll(async () => be?.close());

  it('costly but small requests answer 200 or a 400 that says why, never a 5xx', async () => {
    const paths = new FieldPaths();
    for (const p of products) paths.add(p);
    await fc.assert(fc.asyncProperty(costlyRequestArb([...paths.spell()]), async (r) => {
      const res = await be.call('POST', `/api/catalog/vue_storefront_catalog/product/_search?size=${r.size}&from=${r.from}`, r.body);
      expect([200, 400]).toContain(res.status);
      if (res.status === 400) expect(res.json.result).toMatch(/Search limit|Malformed query|Unsupported|Result window|Missing value/);
    }), { numRuns: 40, seed: 27 });
  });

  it('a multi_match over 20 unknown fields answers an empty result', async () => {
    const res = await be.call('GET', searchPath('product', { query: { multi_match: { query: 'kadopapier', fields: madeUp(1), fuzziness: 2 } } }));
    expect(res.status).toBe(200);
    expect(res.json.hits.total).toBe(0);
  });
});

describe('the warm-up at start (V8 optimises the engine before the first request, not during it)', () => {
  it('runs every clause kind and the multi_match types, functions, sorts and names the costly requests use', () => {
    const keys = new Set<string>();
    const strings = new Set<string>();
    const stack: unknown[] = [...WARM_UP_QUERIES];
    while (stack.length) {
      const v = stack.pop();
      if (typeof v === 'string') strings.add(v);
      else if (Array.isArray(v)) stack.push(...(v as unknown[]));
      else if (typeof v === 'object' && v !== null) {
        for (const [k, x] of Object.entries(v)) {
          keys.add(k);
          stack.push(x);
        }
      }
    }
    expect(CLAUSE_KINDS.filter((k) => !keys.has(k))).toEqual([]);
    const forms = ['random_score', 'field_value_factor', 'weight', 'stats', 'post_filter', 'fuzziness', 'valueOf'];
    expect(forms.filter((k) => !keys.has(k))).toEqual([]);
    const values = ['most_fields', 'cross_fields', 'phrase', 'phrase_prefix', '_first', 'AUTO', 'constructor', 'toString'];
    expect(values.filter((s) => !strings.has(s))).toEqual([]);
    expect(() => warmUpSearch(products.slice(0, 200))).not.toThrow();
  });
});

describe("a request's names are names, never a way into Object.prototype", () => {
  it("an aggregation named '__proto__' or 'constructor' is answered under that name; a modifier 'constructor' is refused", () => {
    const { col } = countingCollection();
    const body = JSON.parse('{"size":0,"aggregations":{"__proto__":{"terms":{"field":"visibility"}},"constructor":{"value_count":{"field":"id"}}}}') as unknown;
    const res = search(col, body) as { aggregations: Record<string, { buckets?: unknown[]; value?: number }> };
    expect(Object.keys(res.aggregations).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(res.aggregations, '__proto__')?.value?.buckets?.length).toBeGreaterThan(0);
    expect(Object.getOwnPropertyDescriptor(res.aggregations, 'constructor')?.value?.value).toBe(products.length);
    const modifier = { query: { function_score: { query: { match_all: {} }, functions: [{ field_value_factor: { field: 'price', modifier: 'constructor' } }] } } };
    expect(() => search(col, modifier)).toThrow(/modifier constructor/);
  });
});
