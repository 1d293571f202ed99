import type { KyInstance, Options } from 'ky';
import type { ShopConfig } from '../../core/config';
import { attributeSearchBody } from '../../core/catalogue/attributes';
import { categorySearchRequest } from '../../core/catalogue/categories';
import type { Aggregations, AttributeMetadata, Category, SearchResult } from '../../core/catalogue/types';
import type { CmsBlock, CmsPage } from '../../core/catalogue/types';
import { isApiError } from '../../core/ports/api-error';
import type { AttributeApi, AttributeQuery } from '../../core/ports/attribute-api';
import type { CatalogueSearch, SearchRequest } from '../../core/ports/catalogue-search';
import type { CategoryApi, CategoryQuery } from '../../core/ports/category-api';
import type { ContentApi } from '../../core/ports/content-api';
import { call, envelope } from './api-client';

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
    const options: Options = this.config.search.queryMethod === 'POST'
      ? { method: 'post', searchParams, json: request.body }
      : { searchParams: { ...searchParams, request: JSON.stringify(request.body) } };
    const raw = await call(() => this.client(path, options).json<RawSearchResponse<T>>(), path);
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

/**
 * Base of the adapters that read an index of the catalogue search (categories, attributes, CMS blocks). Pass the
 * container's (cached) CatalogueSearch so they work offline too; without one they search over HTTP directly.
 */
export abstract class SearchBackedApi {
  protected readonly search: CatalogueSearch;
  constructor(
    protected readonly client: KyInstance,
    protected readonly config: ShopConfig,
    search?: CatalogueSearch,
  ) {
    this.search = search ?? new HttpCatalogueSearch(client, config);
  }
}

/** CategoryApi through the catalogue search's category index (spec catalogue §7); the query is core's rule. */
export class HttpCategoryApi extends SearchBackedApi implements CategoryApi {
  async list(query: CategoryQuery): Promise<Category[]> {
    const result = await this.search.search<Category>(categorySearchRequest(query, this.config));
    return result.items;
  }
}

/** AttributeApi through the catalogue search's attribute index (spec catalogue §7: size 150). */
export class HttpAttributeApi extends SearchBackedApi implements AttributeApi {
  async list(query: AttributeQuery): Promise<AttributeMetadata[]> {
    const result = await this.search.search<AttributeMetadata>({
      type: 'attribute',
      body: attributeSearchBody(query),
      size: query.size ?? this.config.attributes.pageSize,
      from: 0,
    });
    return result.items;
  }
}

/** ContentApi over vue-storefront-api: GET /api/ext/cms-data/... (spec catalogue §7); unknown -> undefined. */
export class HttpContentApi extends SearchBackedApi implements ContentApi {
  private async get<T>(path: string): Promise<T | undefined> {
    try {
      const answer = await envelope<T>(this.client, `api/ext/cms-data/${path}`);
      return answer.result ?? undefined;
    } catch (e) {
      if (isApiError(e) && (e.status === 404 || e.status === 400)) return undefined;
      throw e;
    }
  }

  pageById(id: number | string): Promise<CmsPage | undefined> {
    return this.get<CmsPage>(`cmsPage/${encodeURIComponent(String(id))}`);
  }
  blockById(id: number | string): Promise<CmsBlock | undefined> {
    return this.get<CmsBlock>(`cmsBlock/${encodeURIComponent(String(id))}`);
  }
  pageByIdentifier(identifier: string, storeId: number): Promise<CmsPage | undefined> {
    return this.get<CmsPage>(`cmsPageIdentifier/${encodeURIComponent(identifier)}/storeId/${storeId}`);
  }
  blockByIdentifier(identifier: string, storeId: number): Promise<CmsBlock | undefined> {
    return this.get<CmsBlock>(`cmsBlockIdentifier/${encodeURIComponent(identifier)}/storeId/${storeId}`);
  }

  /** spec catalogue §7: block lists through the search, size 150 by default, filtered by identifier. */
  async blocks(query: { identifiers?: readonly string[]; size?: number }): Promise<CmsBlock[]> {
    const body = query.identifiers?.length
      ? { query: { bool: { filter: { bool: { must: [{ terms: { identifier: [...query.identifiers] } }] } } } } }
      : { query: { match_all: {} } };
    const result = await this.search.search<CmsBlock>({ type: 'cms_block', body, size: query.size ?? this.config.cms.blockListSize, from: 0 });
    return result.items;
  }
}
