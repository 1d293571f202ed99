/** What the category page asks of the shopper's filter choice (spec catalogue §2.2, §4.4, §9). */
import type { ShopConfig, SortKey } from '../config';
import { isSystemFilter, setSystemFilter } from './filters';
import type { ChosenFilters } from './types';

/** spec catalogue §4.4: whether any filter is chosen; a system filter (the sort) narrows nothing, so it is none. */
export function anyFilterChosen(chosen: ChosenFilters, config: ShopConfig): boolean {
  return Object.entries(chosen).some(([type, options]) => !isSystemFilter(type, config) && options.length > 0);
}

/**
 * spec catalogue §2.2, §9: the choice with the sort `key` (`label` as the shopper reads it); the default sort is no
 * choice, so a URL never carries it and a category has one address for its default order.
 */
export function withSort(chosen: ChosenFilters, key: SortKey, label: string, config: ShopConfig): ChosenFilters {
  return setSystemFilter(chosen, 'sort', key === config.defaultSort ? undefined : { id: key, label, type: 'sort' });
}
