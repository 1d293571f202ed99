import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import {
  availableFiltersFromAggregations,
  chosenFiltersToQuery,
  chosenSort,
  filtersFromRouteQuery,
  filtersToRouteQuery,
  isFilterChosen,
  priceOptionId,
  priceRangeLabel,
  toggleFilter,
} from './filters';
import type { ChosenFilters, FilterOption } from './types';

const config = DEFAULT_CONFIG;

const optionArb: fc.Arbitrary<FilterOption> = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  label: fc.constant('x'),
  type: fc.constantFrom('color', 'size', 'erin_recommends'),
});
const chosenArb: fc.Arbitrary<ChosenFilters> = fc.array(optionArb, { maxLength: 6 }).map((list) => list.reduce<ChosenFilters>((c, o) => (isFilterChosen(c, o) ? c : toggleFilter(c, o, config)), {}));

const asSet = (c: ChosenFilters) =>
  Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.map((o) => String(o.id)).sort()]));

describe('toggleFilter', () => {
  it('toggling a filter twice is the identity // spec catalogue §4.4', () => {
    fc.assert(fc.property(chosenArb, optionArb, (chosen, option) => {
      expect(asSet(toggleFilter(toggleFilter(chosen, option, config), option, config))).toEqual(asSet(chosen));
    }));
  });

  it('toggling removes a chosen filter and adds one that is not chosen // spec catalogue §4.4', () => {
    fc.assert(fc.property(chosenArb, optionArb, (chosen, option) => {
      const before = isFilterChosen(chosen, option);
      const after = toggleFilter(chosen, option, config);
      expect(isFilterChosen(after, option)).toBe(!before);
      // other filter types are untouched
      for (const [type, list] of Object.entries(chosen)) if (type !== option.type) expect(after[type]).toBe(list);
    }));
  });

  it('single-choice filters replace the chosen value; system filters hold one value // spec catalogue §4.4', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 8 }), fc.boolean(), (ids, system) => {
      let chosen: ChosenFilters = {};
      const type = system ? 'sort' : 'size';
      for (const id of ids) chosen = toggleFilter(chosen, { id, label: String(id), type, single: !system }, config);
      expect((chosen[type] ?? []).length).toBeLessThanOrEqual(1);
    }));
    const c1 = toggleFilter({}, { id: 'latest', label: 'l', type: 'sort' }, config);
    const c2 = toggleFilter(c1, { id: 'price_asc', label: 'p', type: 'sort' }, config);
    expect(c2.sort?.map((o) => o.id)).toEqual(['price_asc']);
  });
});

describe('route query', () => {
  it('writing chosen filters to the route query and reading them back gives the same choice // spec catalogue §2.2', () => {
    fc.assert(fc.property(chosenArb, fc.option(fc.constantFrom('bestsold', 'latest', 'price_asc', 'price_desc')), (chosen, sort) => {
      const withSort = sort ? toggleFilter(chosen, { id: sort, label: sort, type: 'sort' }, config) : chosen;
      const back = filtersFromRouteQuery(filtersToRouteQuery(withSort, config), config);
      expect(asSet(back)).toEqual(asSet(withSort));
    }));
  });

  it('reads only the configured params, known sort keys, and price ranges // spec catalogue §2.2', () => {
    const chosen = filtersFromRouteQuery({ color: ['5', '7'], foo: 'bar', sort: 'nonsense', price: '50-100' }, config);
    expect(Object.keys(chosen).sort()).toEqual(['color', 'price']);
    expect(chosen.color?.map((o) => o.id)).toEqual([5, 7]);
    expect(chosen.price?.[0]).toMatchObject({ from: 50, to: 100 });
    expect(chosenSort(filtersFromRouteQuery({ sort: 'latest' }, config), config)).toBe('latest');
    expect(chosenSort({}, config)).toBe('bestsold');
  });

  it('chosen filters become catalog-scope query filters; price over [from, to) // spec catalogue §3.4', () => {
    const chosen = filtersFromRouteQuery({ color: ['5', '7'], price: '150-', sort: 'latest' }, config);
    expect(chosenFiltersToQuery(chosen, config)).toEqual([
      { attribute: 'color', scope: 'catalog', value: { in: [5, 7] } },
      { attribute: 'price', scope: 'catalog', value: { gte: 150 } },
    ]);
    const two = filtersFromRouteQuery({ price: ['0-50', '100-150'] }, config);
    expect(chosenFiltersToQuery(two, config)).toEqual([
      { attribute: 'price', scope: 'catalog', value: { orGte: 0, orLt: 50 } },
      { attribute: 'price', scope: 'catalog', value: { orGte: 100, orLt: 150 } },
    ]);
  });
});

describe('priceRangeLabel', () => {
  it("labels the buckets '< €50', '€50 - 100', '€100 - 150', '> €150' // spec catalogue §9", () => {
    for (const locale of ['nl-NL', 'en-US'] as const) {
      expect(config.filters.priceRanges.map((r) => priceRangeLabel(r, config, locale))).toEqual(['< €50', '€50 - 100', '€100 - 150', '> €150']);
    }
  });
  // spec catalogue §9 "the last '> {currency}{from}'" (null read '€150 - 0')
  it("an open range reads '> €{from}' whether its to is null or undefined", () => {
    expect(priceRangeLabel({ from: 150, to: null }, config)).toBe('> €150');
    expect(priceRangeLabel({ from: 150 }, config)).toBe('> €150');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(null, undefined), fc.constantFrom('nl-NL', 'en-US') as fc.Arbitrary<'nl-NL' | 'en-US'>, (from, to, locale) => {
        const label = priceRangeLabel(to === undefined ? { from } : { from, to }, config, locale);
        expect(label).toBe(`> €${new Intl.NumberFormat(locale).format(from)}`);
        expect(label).not.toMatch(/ - /);
      }),
    );
  });
  it("uses the locale's number format // spec catalogue §9", () => {
    expect(priceRangeLabel({ from: 1000, to: 2500.5 }, config, 'nl-NL')).toBe('€1.000 - 2.500,5');
    expect(priceRangeLabel({ from: 1000, to: 2500.5 }, config, 'en-US')).toBe('€1,000 - 2,500.5');
  });
});

describe('availableFiltersFromAggregations', () => {
  it('sums attribute and _options buckets, labels from metadata, skips unlabelled and empty // spec catalogue §3.4, §4.4, §9', () => {
    const f = availableFiltersFromAggregations(
      {
        agg_terms_color: { buckets: [{ key: 5, doc_count: 3 }, { key: 9, doc_count: 2 }] },
        agg_terms_color_options: { buckets: [{ key: 5, doc_count: 4 }, { key: 6, doc_count: 1 }] },
        agg_range_price: { buckets: [{ key: '0.0-50.0', from: 0, to: 50, doc_count: 7 }, { key: '50.0-100.0', from: 50, to: 100, doc_count: 0 }, { key: '150.0-*', from: 150, doc_count: 2 }] },
      },
      [{ attribute_id: 93, attribute_code: 'color', options: [{ label: 'Rood', value: '5' }, { label: 'Goud', value: 6 }, { label: '', value: 9 }] }],
      config,
    );
    expect(f.color).toEqual([
      { id: 5, label: 'Rood', type: 'color', attribute_code: 'color', count: 7 },
      { id: 6, label: 'Goud', type: 'color', attribute_code: 'color', count: 1 },
    ]);
    expect(f.price?.map((o) => [o.id, o.label, o.count])).toEqual([
      [priceOptionId({ from: 0, to: 50 }), '< €50', 7],
      ['150-', '> €150', 2],
    ]);
  });
});
