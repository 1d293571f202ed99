// The output cache's key of a page request: its path and only the query parameters its render reads, in a fixed
// order. Every other one (`?utm_source=…`) is dropped from the key AND the URL rendered, so a flood of junk queries
// lands on the real page's entry instead of evicting it.
import type { ShopConfig } from '../../core/config';
import { SERVER_CONFIG } from './server-config';
import { matchRoute, PAGE_NOT_FOUND } from '../../core/routing/routes';
import { PRODUCT_ROUTES_WITH_CHILD, PRODUCT_TYPES_WITHOUT_CHILD } from '../../core/routing/routes';

/** The rules a key is made by: the shop's config and the server's bounds (ServerConfig.outputCacheMax*). */
export function cacheKeyRules(config: ShopConfig, server = SERVER_CONFIG) {
  return {
    filterParams: config.filters.routeQueryParams,
    singleValueParams: config.filters.systemFilterNames,
    sortKeys: config.sortOptions.map((o): string => o.key),
    maxListDepth: config.catalogue.maxListDepth,
    maxFilterValues: server.outputCacheMaxFilterValues,
    maxQueryLength: server.outputCacheMaxQueryLength,
  };
}
type CacheKeyRules = Readonly<ReturnType<typeof cacheKeyRules>>;

/** `url`: the path and canonical query the page is rendered from and keyed by; `path`: the page its variants share */
type PageCacheKey =
  | { readonly cacheable: true; readonly url: string; readonly path: string; readonly query: string }
  | { readonly cacheable: false; readonly reason: string };

const READS_NOTHING = new Set([
  'home', 'cms-page', 'sitemap', 'contacts', 'error', 'legal', 'privacy', 'about-us', 'customer-service',
  'store-locator', 'size-guide', 'delivery', 'returns', 'contact',
]);
const PRODUCT_ROUTES = new Set<string>([
  ...PRODUCT_TYPES_WITHOUT_CHILD.map((t) => `${t}-product`), ...PRODUCT_ROUTES_WITH_CHILD,
]);

/** what a route's render reads from the query; undefined: parameters of its own (never cached with a query) */
function readsOf(pathname: string): { listing: boolean; childSku: boolean } | undefined {
  const name = matchRoute(pathname).route.name;
  if (name === PAGE_NOT_FOUND) return { listing: true, childSku: true };
  if (name === 'category' || name === 'wholesale') return { listing: true, childSku: false };
  if (PRODUCT_ROUTES.has(name)) return { listing: false, childSku: true };
  return READS_NOTHING.has(name) ? { listing: false, childSku: false } : undefined;
}

const PRICE_RANGE = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)?$/;
const DEPTH = /^\d{1,6}$/;

/** The canonical key of a request target (it passed pageTargetProblem): the same exactly when renders read the same. */
export function pageCacheKey(target: string, rules: CacheKeyRules): PageCacheKey {
  const parsed = new URL(`http://storefront.local${target.startsWith('/') ? target : `/${target}`}`);
  const path = parsed.pathname;
  const query = parsed.searchParams;
  if (query.size === 0) return { cacheable: true, url: path, path, query: '' };
  const reads = readsOf(path);
  if (!reads) return { cacheable: false, reason: 'a page that reads its own query parameters' };
  const out = new URLSearchParams();
  if (reads.listing) {
    let values = 0;
    for (const param of rules.filterParams) {
      const single = rules.singleValueParams.includes(param);
      // the ids core's filtersFromRouteQuery compares a value with (digits are a number: `02` is id 2)
      const ids: string[] = [];
      for (const value of query.getAll(param)) {
        if (value === '' || ids.includes(value)) continue;
        if (param === 'sort' && !rules.sortKeys.includes(value)) continue;
        if (param === 'price' && !PRICE_RANGE.test(value)) continue;
        out.append(param, value);
        values++;
        ids.push(param !== 'price' && !single && /^\d+$/.test(value) ? String(Number(value)) : value);
        if (single) break;
      }
    }
    if (values > rules.maxFilterValues) {
      return { cacheable: false, reason: `more than ${rules.maxFilterValues} filter values` };
    }
    const page = query.get('page');
    const depth = page !== null && DEPTH.test(page) ? Math.min(Math.max(1, Number(page)), rules.maxListDepth) : 1;
    if (depth > 1) out.append('page', String(depth));
  }
  if (reads.childSku) {
    const skus = [...new Set(query.getAll('childSku'))];
    if (skus.length > 1) return { cacheable: false, reason: 'childSku given twice' };
    if (skus[0]) out.append('childSku', skus[0]);
  }
  const canonical = out.toString();
  if (canonical.length > rules.maxQueryLength) {
    return { cacheable: false, reason: `a query longer than ${rules.maxQueryLength} characters` };
  }
  return { cacheable: true, url: canonical ? `${path}?${canonical}` : path, path, query: canonical };
}
