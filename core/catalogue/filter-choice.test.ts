import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG, type SortKey } from '../config';
import { chosenSort, filtersToRouteQuery, isFilterChosen, toggleFilter } from './filters';
import { anyFilterChosen, withSort } from './filter-choice';
import type { ChosenFilters, FilterOption } from './types';

const config = DEFAULT_CONFIG;
const sortKey = fc.constantFrom(...config.sortOptions.map((o) => o.key));
const option: fc.Arbitrary<FilterOption> = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  label: fc.constant('x'),
  type: fc.constantFrom('color', 'size', 'erin_recommends'),
});
const filters = fc
  .array(option, { maxLength: 6 })
  .map((list) => list.reduce<ChosenFilters>((c, o) => (isFilterChosen(c, o) ? c : toggleFilter(c, o, config)), {}));

describe('the category page filter choice', () => {
  // spec catalogue §4.4: the sort is a system filter; choosing one is no filter chosen ('no matches, clear filters')
  it('any filter is chosen exactly when a non-system filter holds an option, whatever the sort', () => {
    fc.assert(
      fc.property(filters, sortKey, (chosen, key: SortKey) => {
        const sorted = withSort(chosen, key, 'label', config);
        expect(anyFilterChosen(sorted, config)).toBe(Object.values(chosen).some((list) => list.length > 0));
      }),
    );
  });

  // spec catalogue §2.2, §9: the chosen sort is the one read back; the default one never reaches the URL
  it('a sort chosen is read back; the default leaves the route query', () => {
    fc.assert(
      fc.property(filters, sortKey, sortKey, (chosen, before, key) => {
        const next = withSort(withSort(chosen, before, 'b', config), key, 'k', config);
        expect(chosenSort(next, config)).toBe(key);
        expect('sort' in filtersToRouteQuery(next, config)).toBe(key !== config.defaultSort);
      }),
    );
  });
});
