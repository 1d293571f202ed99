/**
 * react-router-dom for the server bundle (scripts/build.mjs SERVER_SHIMS) with Link, Routes and StaticRouter replaced,
 * through public API alone: upstream's Link builds handlers and state a server never writes (a category body rendered
 * ~40 % slower) and resolves every href afresh; upstream's Routes flattens and ranks the whole table on every render.
 * server-router.test.tsx compares them with upstream's, byte for byte.
 */
import { cloneElement, createContext, createElement, forwardRef, isValidElement, useContext } from 'react';
import type { ForwardedRef, ReactElement, ReactNode } from 'react';
import { LRUCache } from 'lru-cache';
import { Link as UpstreamLink, Routes as UpstreamRoutes, StaticRouter as UpstreamStaticRouter } from 'react-router-dom';
import { Route, createRoutesFromChildren, matchRoutes, useHref, useLocation, useResolvedPath } from 'react-router-dom';
import type { LinkProps, RouteObject, RouteProps, RoutesProps, StaticRouterProps } from 'react-router-dom';

export * from 'react-router-dom';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

type AnyLinkProps = LinkProps & { mask?: unknown; defaultShouldRevalidate?: unknown };

/** the props upstream's Link takes for itself, never written on the <a> */
const OWN_PROPS = new Set([
  'onClick', 'discover', 'prefetch', 'relative', 'reloadDocument', 'replace', 'mask', 'state', 'target', 'to',
  'preventScrollReset', 'viewTransition', 'defaultShouldRevalidate',
]);

/** the href of each absolute path under a StaticRouter, per basename: the same whatever the route or location */
const hrefsByBasename = new Map<string, LRUCache<string, string>>();
const Hrefs = createContext<LRUCache<string, string> | undefined>(undefined);

export function StaticRouter(props: StaticRouterProps): ReactElement {
  const basename = props.basename ?? '/';
  let hrefs = hrefsByBasename.get(basename);
  if (!hrefs) hrefsByBasename.set(basename, (hrefs = new LRUCache({ max: 5_000 })));
  return createElement(Hrefs.Provider, { value: hrefs }, createElement(UpstreamStaticRouter, props));
}

function ServerLink(props: AnyLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const { to, relative, reloadDocument, mask, target, onClick, discover = 'render', prefetch = 'none' } = props;
  if (typeof to !== 'string' || ABSOLUTE_URL.test(to) || reloadDocument || mask !== undefined || prefetch !== 'none') {
    return createElement(UpstreamLink, { ...props, ref } as LinkProps);
  }
  const hrefs = to.startsWith('/') ? useContext(Hrefs) : undefined;
  let href = hrefs?.get(to);
  if (href === undefined) {
    // a server render runs each component once: a hook called on a miss alone keeps no state between renders
    href = useHref(to, relative ? { relative } : undefined);
    hrefs?.set(to, href);
  }
  // the rest of the props in their order (as upstream's `...rest`), then what upstream sets, in its order; a loop,
  // not Object.entries and a spread: those made 300 links render 2-3x slower
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(props)) if (!OWN_PROPS.has(k)) a[k] = (props as unknown as Record<string, unknown>)[k];
  a['href'] = href;
  a['onClick'] = onClick;
  a['ref'] = ref;
  a['target'] = target;
  a['data-discover'] = discover === 'render' ? 'true' : undefined;
  return createElement('a', a);
}

export const Link = forwardRef(ServerLink);
Link.displayName = 'Link';

/** a flat table of <Route>s: each alone (with the id upstream gives it there), and which one each path renders */
type Table = { routes: RouteObject[]; alone: ReactElement[]; picked: LRUCache<string, number> } | null;
const tables = new WeakMap<readonly ReactNode[], Table>();

function tableOf(children: readonly ReactNode[]): Table {
  if (!tables.has(children)) {
    const flat = children.every((c) => isValidElement<RouteProps>(c) && c.type === Route && !c.props.children);
    const routes = flat ? createRoutesFromChildren(children) : [];
    const alone = routes.map((r, i) => cloneElement(children[i] as ReactElement<{ id?: string }>, { id: r.id }));
    tables.set(children, flat ? { routes, alone, picked: new LRUCache({ max: 5_000 }) } : null);
  }
  return tables.get(children)!;
}

/**
 * Upstream's <Routes> given only the <Route> it would render: the table is matched once per pathname (with upstream's
 * matchRoutes over the whole table). A nested <Routes>, one with a location of its own, or children other than a flat
 * array of <Route>s are upstream's as they are.
 */
export function Routes(props: RoutesProps): ReactElement {
  const { pathname } = useLocation();
  // '.' resolves to '/' only outside any route (or under one at '/'): the table is matched against the whole pathname
  const top = useResolvedPath('.').pathname === '/';
  const table = top && props.location === undefined && Array.isArray(props.children) ? tableOf(props.children) : null;
  if (!table) return createElement(UpstreamRoutes, props);
  let i = table.picked.get(pathname);
  if (i === undefined) {
    const route = matchRoutes(table.routes, pathname)?.[0]?.route;
    i = route ? table.routes.indexOf(route) : -1;
    table.picked.set(pathname, i);
  }
  return createElement(UpstreamRoutes, null, i >= 0 ? table.alone[i] : props.children);
}
