import type { ShopConfig } from '../config';
import type { SearchRequest } from '../ports/catalogue-search';

/** spec catalogue §2.11: the homepage shows two product lists, 8 items each, sorted by created_at descending. */
export type HomeListName = ShopConfig['catalogue']['homeLists'][number];

/** Fixed listing filters (spec catalogue §5, §9): status in [0,1], visibility in [2,3,4]. */
function listingMust(config: ShopConfig): unknown[] {
  return [
    { terms: { visibility: [...config.catalogue.listingVisibilities] } },
    { terms: { status: [...config.catalogue.listingStatuses] } },
  ];
}

/** What narrows each list beyond the listing filters: bestsellers are the shop's recommended products. */
function listFilters(list: HomeListName): unknown[] {
  return list === 'bestsellers' ? [{ terms: { erin_recommends: [1] } }] : [];
}

export function homeListRequest(list: HomeListName, config: ShopConfig): SearchRequest {
  const { field, direction } = config.catalogue.homeListSort;
  return {
    type: 'product',
    body: { query: { bool: { filter: { bool: { must: [...listingMust(config), ...listFilters(list)] } } } } },
    size: config.catalogue.homeListSize,
    from: 0,
    sort: `${field}:${direction}`,
  };
}
