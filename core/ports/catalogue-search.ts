import type { SearchResult } from '../catalogue/types';

/** The Elasticsearch request body the core builds (bool, terms, range, multi_match, function_score, aggs, ...). */
export type EsQueryBody = Record<string, unknown>;

export type EntityType = 'product' | 'category' | 'attribute' | 'cms_page' | 'cms_block' | 'review' | 'taxrule';

export interface SearchRequest {
  /** the entity type (vue-storefront-api `{index}/{type}/_search`) */
  readonly type: EntityType;
  readonly body: EsQueryBody;
  readonly size: number;
  readonly from: number;
  /** 'field:asc' form, as the upstream passes it in the query string */
  readonly sort?: string;
  readonly includeFields?: readonly string[];
  readonly excludeFields?: readonly string[];
}

/** Catalogue search (spec catalogue §7: GET /api/catalog); the adapter turns the raw answer into a SearchResult. */
export interface CatalogueSearch {
  search<T = unknown>(request: SearchRequest): Promise<SearchResult<T>>;
}
