import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG, createConfig } from '../config';
import { buildSearchQuery, filterClauses, isSearchableText, resolveSort } from './search-query';
import { FILTER_OPERATORS } from './types';
import type { FilterOperator, FilterScalar, QueryFilter } from './types';

const config = DEFAULT_CONFIG;

type Doc = Record<string, unknown>;

/**
 * Test oracle: a tiny evaluator of the Elasticsearch filter subset the builder emits (bool, terms, range),
 * used to check that the clauses mean what the operators say.
 */
function fieldValues(doc: Doc, field: string): unknown[] {
  const v = field.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Doc)[k] : undefined), doc);
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}
function matches(clause: Doc, doc: Doc): boolean {
  const [kind, arg] = Object.entries(clause)[0] as [string, Doc];
  if (kind === 'terms') {
    const [field, values] = Object.entries(arg)[0] as [string, unknown[]];
    return fieldValues(doc, field).some((v) => values.includes(v));
  }
  if (kind === 'range') {
    const [field, r] = Object.entries(arg)[0] as [string, Record<string, number>];
    return fieldValues(doc, field).some(
      (v) =>
        typeof v === 'number' &&
        (r.gt === undefined || v > r.gt) &&
        (r.gte === undefined || v >= r.gte) &&
        (r.lt === undefined || v < r.lt) &&
        (r.lte === undefined || v <= r.lte),
    );
  }
  if (kind === 'bool') {
    const list = (k: string): Doc[] => {
      const x = arg[k];
      return x === undefined ? [] : Array.isArray(x) ? (x as Doc[]) : [x as Doc];
    };
    const must = [...list('must'), ...list('filter')].every((c) => matches(c, doc));
    const mustNot = list('must_not').every((c) => !matches(c, doc));
    const should = list('should');
    const msm = (arg.minimum_should_match as number | undefined) ?? (should.length && !list('must').length && !list('filter').length ? 1 : 0);
    const shouldOk = should.filter((c) => matches(c, doc)).length >= msm;
    return must && mustNot && shouldOk;
  }
  throw new Error('oracle: unknown clause ' + kind);
}
function bodyFilter(body: Doc): Doc {
  return ((body.query as Doc).bool as Doc).filter as Doc;
}

/** Reference meaning of one operator on one scalar field value (spec catalogue §3.4). */
function opHolds(op: FilterOperator, arg: FilterScalar | readonly FilterScalar[], values: unknown[]): boolean {
  const list = Array.isArray(arg) ? arg : [arg];
  const base = op === 'or' ? 'in' : op === 'nor' ? 'nin' : op.startsWith('or') ? op.charAt(2).toLowerCase() + op.slice(3) : op;
  const a = list[0] as number;
  const nums = values.filter((v): v is number => typeof v === 'number');
  switch (base) {
    case 'eq':
    case 'in':
      return values.some((v) => list.includes(v as FilterScalar));
    case 'neq':
    case 'nin':
      return !values.some((v) => list.includes(v as FilterScalar));
    case 'gt':
      return nums.some((v) => v > a);
    case 'lt':
      return nums.some((v) => v < a);
    case 'gte':
    case 'moreq':
    case 'from':
      return nums.some((v) => v >= a);
    case 'lte':
    case 'to':
      return nums.some((v) => v <= a);
  }
  throw new Error(op);
}

const docArb = fc.record({
  visibility: fc.constantFrom(1, 2, 3, 4),
  status: fc.constantFrom(0, 1, 2),
  color: fc.integer({ min: 1, max: 5 }),
  color_options: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
  type_id: fc.constantFrom('simple', 'configurable'),
  final_price: fc.integer({ min: 0, max: 200 }),
  size: fc.integer({ min: 1, max: 4 }),
  stock: fc.record({ is_in_stock: fc.boolean() }),
});

const rangeOps: FilterOperator[] = ['gt', 'lt', 'gte', 'lte', 'moreq', 'from', 'to'];
const opArb = fc.constantFrom(...FILTER_OPERATORS);

describe('buildSearchQuery', () => {
  it('adds the fixed listing filters as terms inside query.bool.filter.bool.must // spec catalogue §5', () => {
    const q = buildSearchQuery({}, config);
    const must = (bodyFilter(q.body).bool as Doc).must as Doc[];
    expect(must).toContainEqual({ terms: { visibility: config.catalogue.listingVisibilities } });
    expect(must).toContainEqual({ terms: { status: config.catalogue.listingStatuses } });
    expect(config.catalogue.listingVisibilities).toEqual([2, 3, 4]);
    expect(config.catalogue.listingStatuses).toEqual([0, 1]);
  });

  it('header search: visibility 3 or 4, status 0 or 1, in-stock only when out-of-stock products are not listed // spec catalogue §5', () => {
    fc.assert(
      fc.property(docArb, fc.boolean(), (doc, listOos) => {
        const cfg = createConfig({ catalogue: { listOutOfStockProducts: listOos } });
        const q = buildSearchQuery({}, cfg, { fixedFilters: 'header' });
        const expected = [3, 4].includes(doc.visibility) && [0, 1].includes(doc.status) && (listOos || doc.stock.is_in_stock);
        expect(matches(bodyFilter(q.body), doc)).toBe(expected);
      }),
    );
  });

  it('size <= 0 falls back to 50, a negative start becomes 0 // spec catalogue §5', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (size, from) => {
        const q = buildSearchQuery({ size, from }, config);
        expect(q.size).toBe(size <= 0 ? 50 : size);
        expect(q.from).toBe(from < 0 ? 0 : from);
      }),
    );
  });

  it('searches text only from 3 characters; min_score 0.02 only with text // spec catalogue §2.8, §5, §9', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (text) => {
        const q = buildSearchQuery({ text }, config);
        const searchable = text.trim().length >= 3;
        expect(isSearchableText(text, config)).toBe(searchable);
        expect('min_score' in q.body).toBe(searchable);
        if (searchable) expect(q.body.min_score).toBe(0.02);
        const bool = (q.body.query as Doc).bool as Doc;
        expect(bool.must !== undefined).toBe(searchable);
      }),
    );
  });

  it('text part is a function_score around bool.should of multi_match (boosts, fuzziness 2, 75%) and the sku phrase // spec catalogue §7, §9', () => {
    const q = buildSearchQuery({ text: 'kadopapier' }, config);
    const must = ((q.body.query as Doc).bool as Doc).must as Doc[];
    const fs = must[0]!.function_score as Doc;
    expect(fs).toMatchObject({ score_mode: 'multiply', boost_mode: 'multiply', max_boost: 100, min_score: 1 });
    const should = ((fs.query as Doc).bool as Doc).should as Doc[];
    expect(should[0]).toEqual({
      multi_match: {
        query: 'kadopapier',
        fields: ['name^4', 'description^3', 'short_description^3', 'sku^2', 'category.name^1'],
        fuzziness: 2,
        cutoff_frequency: 0.01,
        max_expansions: 3,
        minimum_should_match: '75%',
        prefix_length: 1,
        tie_breaker: 1,
        operator: 'or',
      },
    });
    expect(should[1]).toEqual({ match_phrase: { sku: { query: 'kadopapier', boost: 1 } } });
    // random sort uses the 1.1 min_score of the query builder
    const r = buildSearchQuery({ text: 'kadopapier' }, config, { randomSeed: 7 });
    const rfs = (((r.body.query as Doc).bool as Doc).must as Doc[])[0]!.function_score as Doc;
    expect(rfs.min_score).toBe(1.1);
    expect(rfs.functions).toContainEqual({ random_score: { seed: 7, field: '_seq_no' } });
  });

  it('aggregations of the default filters: agg_terms_{field}, agg_terms_{field}_options size 10, agg_range_price // spec catalogue §9', () => {
    const q = buildSearchQuery({}, config);
    const aggs = q.body.aggs as Doc;
    for (const f of ['color', 'erin_recommends', 'size']) {
      expect(aggs[`agg_terms_${f}`]).toEqual({ terms: { field: f, size: 10 } });
      expect(aggs[`agg_terms_${f}_options`]).toEqual({ terms: { field: `${f}_options`, size: 10 } });
    }
    expect(aggs.agg_range_price).toEqual({
      range: { field: 'final_price', ranges: [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] },
    });
    expect('aggs' in buildSearchQuery({}, config, { aggregations: [] }).body).toBe(false);
  });

  it('the four sort options resolve to field:direction // spec catalogue §9', () => {
    expect(resolveSort('bestsold', config)).toBe('position:asc');
    expect(resolveSort('latest', config)).toBe('updated_at:desc');
    expect(resolveSort('price_asc', config)).toBe('final_price:asc');
    expect(resolveSort('price_desc', config)).toBe('final_price:desc');
    expect(resolveSort({ field: 'created_at', options: { order: 'desc' } }, config)).toBe('created_at:desc');
    expect(buildSearchQuery({ text: 'lint' }, config).sort).toBeUndefined();
    expect(buildSearchQuery({ sort: 'latest', size: 8 }, config)).toMatchObject({ type: 'product', size: 8, from: 0, sort: 'updated_at:desc' });
  });

  it('every operator, default scope, means what §3.4 says (oracle evaluation) // spec catalogue §3.4', () => {
    fc.assert(
      fc.property(
        docArb,
        fc.array(
          fc.tuple(fc.constantFrom('color', 'size', 'final_price'), opArb, fc.integer({ min: 0, max: 200 }), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 })),
          { minLength: 1, maxLength: 4 },
        ),
        (doc, entries) => {
          const filters: QueryFilter[] = entries.map(([attribute, op, n, list]) => ({
            attribute,
            value: { [op]: rangeOps.includes(op.startsWith('or') && op !== 'or' ? ((op.charAt(2).toLowerCase() + op.slice(3)) as FilterOperator) : op) ? n : list },
          }));
          const q = buildSearchQuery({ filters }, config, { fixedFilters: 'none', aggregations: [] });
          const and = filters.filter((f) => !Object.keys(f.value)[0]!.startsWith('or') && Object.keys(f.value)[0] !== 'nor');
          const or = filters.filter((f) => !and.includes(f));
          const hold = (f: QueryFilter): boolean => {
            const [op, arg] = Object.entries(f.value)[0] as [FilterOperator, FilterScalar | FilterScalar[]];
            return opHolds(op, arg, [doc[f.attribute as keyof typeof doc]]);
          };
          const expected = and.every(hold) && (or.length === 0 || or.some(hold));
          expect(matches(bodyFilter(q.body), doc)).toBe(expected);
        },
      ),
    );
  });

  it('a catalog-scope attribute filter matches the attribute or, for configurables, {attr}_options; price ranges over final_price // spec catalogue §3.4, §7', () => {
    fc.assert(
      fc.property(docArb, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 2 }), fc.option(fc.constantFrom(0, 50, 100, 150)), (doc, colors, priceFrom) => {
        const filters: QueryFilter[] = [{ attribute: 'color', value: { in: colors }, scope: 'catalog' }];
        if (priceFrom !== null) filters.push({ attribute: 'price', value: { gte: priceFrom, lt: priceFrom + 50 }, scope: 'catalog' });
        const q = buildSearchQuery({ filters }, config);
        const priceOk = priceFrom === null || (doc.final_price >= priceFrom && doc.final_price < priceFrom + 50);
        const colorOk = colors.includes(doc.color) || (doc.type_id === 'configurable' && doc.color_options.some((c) => colors.includes(c)));
        const fixedOk = [2, 3, 4].includes(doc.visibility) && [0, 1].includes(doc.status);
        expect(matches(bodyFilter(q.body), doc)).toBe(fixedOk && priceOk && colorOk);
      }),
    );
  });

  it('range operators build one range clause; from/moreq are inclusive lower bounds, to inclusive upper // spec catalogue §3.4', () => {
    expect(filterClauses('price', { from: 10, to: 20 }).must).toEqual([{ range: { price: { gte: 10, lte: 20 } } }]);
    expect(filterClauses('price', { moreq: 5 }).must).toEqual([{ range: { price: { gte: 5 } } }]);
    expect(filterClauses('color', { nin: [1, 2] }).mustNot).toEqual([{ terms: { color: [1, 2] } }]);
    expect(filterClauses('color', { orEq: 3 }).should).toEqual([{ terms: { color: [3] } }]);
  });
});
