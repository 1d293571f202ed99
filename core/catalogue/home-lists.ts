import type { ShopConfig } from '../config';
import type { SearchRequest } from '../ports/catalogue-search';
import { buildSearchQuery, toSearchRequest } from './search-query';

/** spec catalogue §2.11: the homepage shows two product lists, 8 items each, sorted by created_at descending. */
export type HomeListName = ShopConfig['catalogue']['homeLists'][number];

/** A home list with the listing filters (spec catalogue §5, §9); bestsellers are the shop's recommended products. */
export function homeListRequest(list: HomeListName, config: ShopConfig): SearchRequest {
  const { field, direction } = config.catalogue.homeListSort;
  const filters = list === 'bestsellers' ? [{ attribute: 'erin_recommends', value: { in: [1] } }] : [];
  const input = { filters, size: config.catalogue.homeListSize, sort: `${field}:${direction}` };
  return toSearchRequest(buildSearchQuery(input, config, { fixedFilters: 'listing', aggregations: [] }));
}
