import type { CmsBlock, CmsPage } from '../catalogue/types';

/**
 * CMS content (spec catalogue §3.5, §7): GET /api/ext/cms-data/cms{Page|Block}/{id} and by identifier with
 * storeId; block lists through the catalogue search (cms_block, size 150, filtered by identifier).
 * Lookups answer undefined for an unknown page or block (404).
 */
export interface ContentApi {
  pageById(id: number | string): Promise<CmsPage | undefined>;
  blockById(id: number | string): Promise<CmsBlock | undefined>;
  pageByIdentifier(identifier: string, storeId: number): Promise<CmsPage | undefined>;
  blockByIdentifier(identifier: string, storeId: number): Promise<CmsBlock | undefined>;
  /** block list, optionally filtered by identifiers */
  blocks(query: { identifiers?: readonly string[]; size?: number }): Promise<CmsBlock[]>;
}
