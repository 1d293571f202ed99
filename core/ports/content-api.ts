import type { CmsBlock, CmsPage } from '../catalogue/types';

/** CMS pages and blocks (spec catalogue §3.5, §7) by id or identifier; undefined when unknown (404). */
export interface ContentApi {
  pageById(id: number | string): Promise<CmsPage | undefined>;
  blockById(id: number | string): Promise<CmsBlock | undefined>;
  pageByIdentifier(identifier: string, storeId: number): Promise<CmsPage | undefined>;
  blockByIdentifier(identifier: string, storeId: number): Promise<CmsBlock | undefined>;
  /** block list, optionally filtered by identifiers */
  blocks(query: { identifiers?: readonly string[]; size?: number }): Promise<CmsBlock[]>;
}
