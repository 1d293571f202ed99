/** URL mapping (spec catalogue §2.3, §7): POST /api/url/map resolves a path to a product, category or CMS page. */

/** spec catalogue §7: the options of the URL-map body */
export interface UrlMapOptions {
  prefetchGroupProducts?: boolean;
  assignProductConfiguration?: boolean;
  populateRequestCacheTags?: boolean;
  setProductErrors?: boolean;
  fallbackToDefaultWhenNoAvailable?: boolean;
  separateSelectedVariant?: boolean;
  setConfigurableProductOptions?: boolean;
  filterUnavailableVariants?: boolean;
}

export interface UrlMapRequest {
  /** the path without leading slash and without query */
  readonly url: string;
  readonly options?: UrlMapOptions;
  readonly filters?: { readonly sku?: string };
  readonly groupId?: number | null;
  readonly groupToken?: string | null;
}

export type UrlMapType = 'product' | 'category' | 'cms_page';

/** The bare search hit the endpoint answers. */
export interface UrlMapHit {
  readonly _type: UrlMapType;
  readonly _source: Record<string, unknown>;
}

export interface UrlMapper {
  /** the mapped entity, or null when nothing matches */
  map(request: UrlMapRequest): Promise<UrlMapHit | null>;
}
