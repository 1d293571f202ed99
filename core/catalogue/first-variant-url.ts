/**
 * spec catalogue §2.2, §9 setFirstVarianAsDefaultInURL (off by default): a configurable product page opened without a
 * childSku is replaced by the route carrying the first available variant's sku (a route param with URL dispatching,
 * otherwise a query parameter).
 */
import type { ShopConfig } from '../config';
import { productLink } from '../routing/links';
import type { ConfigurableChild, Product } from './types';
import { isChildAvailable } from './variants';

export interface ProductPageRoute {
  /** the path as opened (with the store code prefix, without the query) */
  readonly path: string;
  readonly params?: Readonly<Record<string, string | undefined>>;
  readonly query?: Readonly<Record<string, string | undefined>>;
  readonly storeCode?: string;
}

export interface FirstVariantRoute {
  readonly childSku: string;
  /** 'param' with URL dispatching, else 'query' */
  readonly placement: 'param' | 'query';
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  /** the URL to replace the current one with */
  readonly url: string;
}

/** The first configurable child that is available (not disabled; in stock unless out-of-stock products are listed). */
export function firstAvailableVariant(product: Product, config: ShopConfig): ConfigurableChild | undefined {
  return (product.configurable_children ?? []).find((c) => isChildAvailable(c, config));
}

function defined(record: Readonly<Record<string, string | undefined>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(record ?? {}).filter((e): e is [string, string] => e[1] !== undefined));
}

function queryString(query: Readonly<Record<string, string>>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `?${text}` : '';
}

/**
 * The route with the first variant's childSku, or undefined when nothing is to change (toggle off, not configurable,
 * a childSku already there, no variant available). With URL dispatching the dispatched route's param travels as the
 * dispatcher reads it (productLink: '/{url_path}?childSku=...'); otherwise it is a query parameter of the path.
 */
export function firstVariantDefaultRoute(product: Product, route: ProductPageRoute, config: ShopConfig): FirstVariantRoute | undefined {
  if (!config.catalogue.setFirstVarianAsDefaultInURL || product.type_id !== 'configurable') return undefined;
  if (route.params?.childSku || route.query?.childSku) return undefined;
  const child = firstAvailableVariant(product, config);
  if (!child) return undefined;
  const childSku = child.sku;
  const query = defined(route.query);
  if (config.catalogue.urlDispatcher) {
    const params = { ...defined(route.params), childSku };
    const storeCode = route.storeCode ? { storeCode: route.storeCode } : {};
    const link = product.url_path
      ? productLink(product, config, { childSku, ...storeCode })
      : `${route.path}${queryString({ ...query, childSku })}`;
    const extra = queryString(query);
    const url = extra ? `${link}${link.includes('?') ? '&' : '?'}${extra.slice(1)}` : link;
    return { childSku, placement: 'param', params, query, url };
  }
  const withChild = { ...query, childSku };
  return { childSku, placement: 'query', params: defined(route.params), query: withChild, url: `${route.path}${queryString(withChild)}` };
}
