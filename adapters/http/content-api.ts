import type { CmsBlock, CmsPage } from '../../core/catalogue/types';
import { isApiError } from '../../core/ports/api-error';
import type { ContentApi } from '../../core/ports/content-api';
import { envelope } from './api-client';
import { SearchBackedApi } from './search-backed-api';

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
