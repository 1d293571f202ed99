/**
 * URL dispatching (spec catalogue §2.2, §2.3): known routes resolve from the table, any other path through the
 * UrlMapper port to a product, category or CMS page, else page-not-found; one route is processed at a time.
 */
import type { ShopConfig } from '../config';
import { MESSAGES, ShopError, type MessageKey } from '../messages';
import type { Category, CmsPage, Product } from '../catalogue/types';
import type { UrlMapHit, UrlMapOptions, UrlMapRequest, UrlMapper } from '../ports/url-mapper';
import type { Logger } from '../ports/logger';
import { isNetworkError } from '../ports/api-error';
import { productRouteName, splitStoreCode } from './links';
import { PAGE_NOT_FOUND, matchRoute, type LayoutName, layoutOf } from './routes';

export type RouteResolution =
  | { readonly kind: 'route'; readonly name: string; readonly params: Readonly<Record<string, string>>; readonly layout: LayoutName; readonly storeCode?: string }
  | { readonly kind: 'product'; readonly name: string; readonly params: { readonly parentSku: string; readonly slug: string; readonly childSku?: string }; readonly product: Product; readonly storeCode?: string }
  | { readonly kind: 'category'; readonly name: 'category'; readonly params: { readonly slug: string }; readonly category: Category; readonly storeCode?: string }
  | { readonly kind: 'cms_page'; readonly name: 'cms-page'; readonly params: { readonly slug: string }; readonly page: CmsPage; readonly storeCode?: string }
  | { readonly kind: 'not-found'; readonly name: typeof PAGE_NOT_FOUND; readonly params: { readonly slug: typeof PAGE_NOT_FOUND }; readonly storeCode?: string };

/** spec catalogue §2.3: nothing matches -> page-not-found with slug page-not-found. */
export function notFoundResolution(storeCode?: string): RouteResolution {
  return { kind: 'not-found', name: PAGE_NOT_FOUND, params: { slug: PAGE_NOT_FOUND }, ...(storeCode ? { storeCode } : {}) };
}

/** The childSku query parameter of a path ('?childSku=...'), if any. */
export function childSkuOf(path: string): string | undefined {
  return new URLSearchParams(path.split('#')[0]!.split('?')[1]).get('childSku') ?? undefined;
}

/**
 * spec catalogue §7: the URL-map request of a path (without leading slash, store code and query), with the options
 * this shop sends: the core applies the variant rules itself.
 */
export function urlMapRequest(path: string, config: ShopConfig, childSku?: string): UrlMapRequest {
  const url = path.split(/[?#]/)[0]!.replace(/^\/+/, '').replace(/\/+$/, '');
  const options: UrlMapOptions = {
    prefetchGroupProducts: false,
    assignProductConfiguration: false,
    populateRequestCacheTags: false,
    setProductErrors: false,
    fallbackToDefaultWhenNoAvailable: config.catalogue.useDefaultChildWhenNoMatch,
    separateSelectedVariant: false,
    setConfigurableProductOptions: false,
    filterUnavailableVariants: config.catalogue.filterUnavailableVariants,
  };
  return { url, options, filters: childSku ? { sku: childSku } : {} };
}

/** spec catalogue §2.3: the route a URL-map answer stands for (an unknown _type raises 'No entity type registered'). */
export function resolutionFromMapping(hit: UrlMapHit | null, childSku?: string, storeCode?: string): RouteResolution {
  const sc = storeCode ? { storeCode } : {};
  if (!hit || !hit._source) return notFoundResolution(storeCode);
  const source = hit._source;
  switch (hit._type) {
    case 'product': {
      const product = source as unknown as Product;
      const params = {
        parentSku: product.parentSku ?? product.sku,
        slug: product.slug ?? product.url_key ?? product.sku,
        ...(product.type_id === 'configurable' ? { childSku: childSku ?? product.sku } : {}),
      };
      return { kind: 'product', name: productRouteName(product), params, product, ...sc };
    }
    case 'category': {
      const category = source as unknown as Category;
      return { kind: 'category', name: 'category', params: { slug: category.slug }, category, ...sc };
    }
    case 'cms_page': {
      const page = source as unknown as CmsPage;
      return { kind: 'cms_page', name: 'cms-page', params: { slug: page.identifier }, page, ...sc };
    }
    default:
      throw new ShopError(MESSAGES.unknownEntityType);
  }
}

/** Local cache of URL mappings (the catalogue cache implements it). */
export interface UrlMappingCache {
  getUrlMapping(url: string): Promise<UrlMapHit | null | undefined>;
  setUrlMapping(url: string, hit: UrlMapHit | null): Promise<void>;
  /** Offline, a path never mapped here: a cached category or product with that url_path, if any. */
  offlineUrlMapping?(url: string): Promise<UrlMapHit | undefined>;
}

/** spec catalogue §2.2, §2.3 offline: a url_path of the loaded categories (the menu's), else what the cache finds. */
export function withLoadedCategories(cache: UrlMappingCache, categories: () => readonly Category[]): UrlMappingCache {
  return {
    getUrlMapping: (url) => cache.getUrlMapping(url),
    setUrlMapping: (url, hit) => cache.setUrlMapping(url, hit),
    async offlineUrlMapping(url) {
      const category = categories().find((c) => c.url_path === url);
      if (category) return { _type: 'category', _source: category as unknown as Record<string, unknown> };
      return cache.offlineUrlMapping?.(url);
    },
  };
}

/** Resolves paths to routes; one resolution at a time (spec catalogue §2.3: routing is locked while processing). */
export class UrlDispatcher {
  private chain: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly urlMapper: UrlMapper,
    private readonly config: ShopConfig,
    private readonly cache?: UrlMappingCache,
    private readonly logger?: Logger,
  ) {}

  isLocked(): boolean {
    return this.pending > 0;
  }

  resolve(path: string): Promise<RouteResolution> {
    this.pending++;
    const run = this.chain.then(() => this.resolveNow(path)).finally(() => this.pending--);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async resolveNow(fullPath: string): Promise<RouteResolution> {
    const { storeCode, path } = splitStoreCode(fullPath.split(/[?#]/)[0]!, this.config);
    const childSku = childSkuOf(fullPath);
    const match = matchRoute(path);
    if (match.route.name !== PAGE_NOT_FOUND) {
      return { kind: 'route', name: match.route.name, params: match.params, layout: layoutOf(match.route), ...(storeCode ? { storeCode } : {}) };
    }
    const request = urlMapRequest(path, this.config, childSku);
    if (!request.url) return notFoundResolution(storeCode);
    let hit: UrlMapHit | null | undefined;
    try {
      hit = await this.urlMapper.map(request);
      await this.cache?.setUrlMapping(request.url, hit).catch(() => undefined);
    } catch (e) {
      hit = await this.cache?.getUrlMapping(request.url).catch(() => undefined);
      // no answer (offline, network error): what the cached catalogue knows; a real answer (4xx/5xx) is not guessed at
      if (hit === undefined && isNetworkError(e)) hit = await this.cache?.offlineUrlMapping?.(request.url).catch(() => undefined);
      if (hit === undefined) {
        this.logger?.warn('No mapping found', 'dispatcher', { url: request.url, error: String(e) });
        throw e;
      }
    }
    return resolutionFromMapping(hit, childSku, storeCode);
  }
}

/** The ShopError keys whose text says 'query returned empty result' (spec catalogue §4.1, §5, §8). */
export const EMPTY_RESULT_KEYS: readonly MessageKey[] = [
  MESSAGES.productStatusEmpty,
  MESSAGES.productVisibilityEmpty,
  MESSAGES.categoryQueryEmpty,
  MESSAGES.cmsQueryEmpty,
];
