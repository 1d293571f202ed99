/**
 * The route table as data (spec catalogue §2.1, §2.4; order-status from spec transactions §2). Paths use
 * ':param' placeholders; the UI mirrors this table, it never invents routes.
 */
export type LayoutName = 'default' | 'minimal';

export interface RouteDef {
  readonly name: string;
  readonly path: string;
  readonly aliases?: readonly string[];
  /** spec catalogue §2.4: the layout comes from the route's meta layout, default 'default' */
  readonly layout?: LayoutName;
  /** the static pages that share one page layout (legal, privacy, ...) */
  readonly staticPage?: boolean;
  /** spec catalogue §2.4: the meta name the tag manager knows the route by (default: the route's name) */
  readonly tagManagerName?: string;
  /** spec catalogue §2.4: excluded from page-view tracking (ours: addresses that carry a secret token) */
  readonly excludeFromPageView?: boolean;
}

export const PRODUCT_TYPES_WITHOUT_CHILD = ['virtual', 'bundle', 'simple', 'downloadable', 'grouped'] as const;
export const PRODUCT_ROUTES_WITH_CHILD = ['configurable-product', 'product'] as const;

const STATIC_PAGES = ['legal', 'privacy', 'about-us', 'customer-service', 'store-locator', 'size-guide', 'delivery', 'returns', 'contact'] as const;

export const PAGE_NOT_FOUND = 'page-not-found';

/** spec catalogue §2.1 */
export const ROUTES: readonly RouteDef[] = [
  { name: 'home', path: '/', aliases: ['/pwa.html'] },
  { name: 'checkout', path: '/checkout', layout: 'minimal' },
  { name: 'my-account', path: '/my-account' },
  { name: 'order-details', path: '/my-account/orders/:order_id' },
  ...STATIC_PAGES.map((name) => ({ name, path: `/${name}`, staticPage: true })),
  { name: 'error', path: '/error' },
  ...PRODUCT_TYPES_WITHOUT_CHILD.map((type) => ({ name: `${type}-product`, path: '/p/:parentSku/:slug', tagManagerName: 'product' })),
  ...PRODUCT_ROUTES_WITH_CHILD.map((name) => ({ name, path: '/p/:parentSku/:slug/:childSku', tagManagerName: 'product' })),
  { name: 'category', path: '/c/:slug' },
  { name: 'wholesale', path: '/kadoverpakkingen-groothandel.html' },
  { name: 'contacts', path: '/contacts' },
  { name: 'sitemap', path: '/sitemap', aliases: ['/sitemap.xml'] },
  { name: 'cms-page', path: '/i/:slug' },
  { name: 'create-password', path: '/create-password', excludeFromPageView: true },
  { name: 'order-status', path: '/order-status/:order_token', excludeFromPageView: true },
  // spec catalogue §1 "keep a cart, a wishlist and a compare list" (the route table names no path for them): the
  // shopper's lists, rendered in the browser from its storage, never in the sitemap
  { name: 'wishlist', path: '/wishlist' },
  { name: 'compare', path: '/compare' },
  { name: PAGE_NOT_FOUND, path: '*' },
];

function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  if (p.length !== s.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]!;
    if (seg.startsWith(':')) {
      try {
        params[seg.slice(1)] = decodeURIComponent(s[i]!);
      } catch {
        return undefined;
      }
    } else if (seg !== s[i]) return undefined;
  }
  return params;
}

/** Match a path (without store code) to the first route of the table with that path, else page-not-found. */
export function matchRoute(path: string): { route: RouteDef; params: Readonly<Record<string, string>> } {
  const clean = '/' + path.split(/[?#]/)[0]!.replace(/^\/+/, '').replace(/\/+$/, '');
  for (const route of ROUTES) {
    if (route.path === '*') continue;
    for (const candidate of [route.path, ...(route.aliases ?? [])]) {
      const params = matchPattern(candidate, clean);
      if (params) return { route, params };
    }
  }
  return { route: routeByName(PAGE_NOT_FOUND)!, params: {} };
}

export function routeByName(name: string): RouteDef | undefined {
  return ROUTES.find((r) => r.name === name);
}

/** Fill a route's ':param' placeholders (values URL-encoded). */
export function routePath(name: string, params: Readonly<Record<string, string | number>> = {}): string {
  const route = routeByName(name);
  if (!route || route.path === '*') throw new Error(`No route named ${name}`);
  return route.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const v = params[key];
    if (v === undefined || v === '') throw new Error(`Route ${name} needs param ${key}`);
    return encodeURIComponent(String(v));
  });
}

/** spec catalogue §2.4: the layout of a route, default 'default'. */
export function layoutOf(route: RouteDef): LayoutName {
  return route.layout ?? 'default';
}
