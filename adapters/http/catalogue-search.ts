import type { KyInstance } from 'ky';
import type { ShopConfig } from '../../core/config';
import type { Aggregations, AttributeMetadata, SearchResult } from '../../core/catalogue/types';
import type { CatalogueSearch, SearchRequest } from '../../core/ports/catalogue-search';
import { call } from './api-client';

/** The raw search-engine answer of GET /api/catalog (no envelope: spec catalogue §7, docs/protocol.md). */
interface RawSearchResponse<T> {
  hits?: { total?: number | { value: number }; hits?: Array<{ _source: T; _score?: number }> };
  aggregations?: Aggregations;
  /** vue-storefront-api may add the attribute metadata of the answer */
  attributeMetadata?: AttributeMetadata[];
  suggest?: unknown;
}

export const CATALOG_INDEX = 'vue_storefront_catalog';

/**
 * CatalogueSearch over vue-storefront-api: `/api/catalog/{index}/{type}/_search`, GET with the body
 * JSON-encoded in `request` (or POST, per config.search.queryMethod).
 */
export class HttpCatalogueSearch implements CatalogueSearch {
  constructor(
    private readonly client: KyInstance,
    private readonly config: ShopConfig,
    /** the index of the shopper's locale (config.i18n.localeStores) */
    private readonly index: string = CATALOG_INDEX,
  ) {}

  async search<T = unknown>(request: SearchRequest): Promise<SearchResult<T>> {
    const path = `api/catalog/${this.index}/${request.type}/_search`;
    const searchParams = {
      size: request.size,
      from: request.from,
      sort: request.sort || undefined,
      _source_include: request.includeFields?.join(',') || undefined,
      _source_exclude: request.excludeFields?.join(',') || undefined,
    };
    const raw = await call(() => {
      if (this.config.search.queryMethod === 'POST') {
        return this.client.post(path, { searchParams, json: request.body }).json<RawSearchResponse<T>>();
      }
      return this.client
        .get(path, { searchParams: { ...searchParams, request: JSON.stringify(request.body) } })
        .json<RawSearchResponse<T>>();
    }, path);
    const total = raw.hits?.total;
    return {
      items: (raw.hits?.hits ?? []).map((h) => h._source),
      total: typeof total === 'number' ? total : (total?.value ?? 0),
      start: request.from,
      perPage: request.size,
      aggregations: raw.aggregations ?? {},
      ...(raw.attributeMetadata ? { attributeMetadata: raw.attributeMetadata } : {}),
      ...(raw.suggest !== undefined ? { suggestions: raw.suggest } : {}),
    };
  }
}
