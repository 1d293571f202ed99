/**
 * react-router-dom for the server render (issue 8: CPU per render). The server bundle resolves `react-router-dom` to
 * this module (scripts/build.mjs, SERVER_ROUTER), which re-exports the package and replaces only `Link`.
 *
 * Upstream's Link is written for a browser: per link it builds a click handler (useLinkClickHandler: navigate,
 * location, resolved path), prefetch state (two useState, a ref, an effect), merged refs and a parsed target, none of
 * which reaches the HTML a server writes (event handlers, refs and effects are not rendered). A category page has ~100
 * links; upstream's Link was 5 % of its render's CPU. Here a link to a path (a string that is not an absolute URL) is
 * the same <a> with the same attributes in the same order: `href` from react-router's own useHref (same resolution,
 * basename and encoding), `data-discover` as upstream sets it. Anything else (an object target, an absolute URL,
 * reloadDocument, a mask, prefetching) is upstream's Link, which is also what the browser always runs. The href of an
 * absolute path is resolved by react-router once and kept (issue 8, fourth pass); ui/edge/server-router.test.tsx renders
 * both Links at several routes and locations and compares them byte for byte.
 */
import { createElement, forwardRef, useContext, type ForwardedRef } from 'react';
import {
  Link as UpstreamLink,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  createRoutesFromChildren,
  matchRoutes,
  useHref,
  useLocation,
  useRoutes,
  type LinkProps,
  type RouteObject,
  type RoutesProps,
} from 'react-router-dom';

export * from 'react-router-dom';

/** react-router's ABSOLUTE_URL_REGEX: a scheme, or a protocol-relative '//' (or '\\') */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

type AnyLinkProps = LinkProps & { mask?: unknown; defaultShouldRevalidate?: unknown };

/**
 * hrefs of absolute paths, per navigator.createHref (the static router's is one function for every render), basename
 * and path (issue 8, fourth pass: useHref was 1.5 % of a category answer, JSON-writing and reading the route matches per
 * link). An absolute path ('/…', not '//') resolves the same whatever route or location it is rendered in: react-router's
 * resolveTo reads the route matches and the location only for relative paths, '..' and '.' (see the test).
 * A map per basename rather than one keyed by basename + path (seventh pass): no key string to build and hash per link.
 */
const hrefsByNavigator = new WeakMap<object, Map<string, Map<string, string>>>();
export const HREFS_KEPT = 5_000;
/** the last navigator and basename asked and their map (every link of a render asks the same) */
let lastCreateHref: object | undefined;
let lastBasename: string | undefined;
let lastHrefs: Map<string, string> | undefined;

function hrefsOf(createHref: object, basename: string): Map<string, string> {
  if (createHref === lastCreateHref && basename === lastBasename) return lastHrefs!;
  let byBasename = hrefsByNavigator.get(createHref);
  if (!byBasename) hrefsByNavigator.set(createHref, (byBasename = new Map()));
  let hrefs = byBasename.get(basename);
  if (!hrefs) byBasename.set(basename, (hrefs = new Map()));
  lastCreateHref = createHref;
  lastBasename = basename;
  lastHrefs = hrefs;
  return hrefs;
}

/**
 * Whether a `to` string is an absolute URL (react-router's ABSOLUTE_URL_REGEX): a path the shop writes starts with '/'
 * and a letter, digit or '-' (never a second '/' or '\'), which is answered without the RegExp.
 */
function isAbsoluteUrl(to: string): boolean {
  if (to.charCodeAt(0) === 47 /* / */) {
    const c = to.charCodeAt(1);
    if (c !== 47 && c !== 92 /* \ */) return false;
  }
  return ABSOLUTE_URL.test(to);
}

function ServerLink(props: AnyLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const { to, relative, reloadDocument, mask, target, onClick } = props;
  const discover = props.discover === undefined ? 'render' : props.discover;
  const prefetch = props.prefetch === undefined ? 'none' : props.prefetch;
  if (typeof to !== 'string' || isAbsoluteUrl(to) || reloadDocument || mask !== undefined || prefetch !== 'none') {
    return createElement(UpstreamLink, { ...props, ref } as LinkProps);
  }
  const navigation = useContext(UNSAFE_NavigationContext) as { basename: string; navigator: { createHref: object } } | null;
  let href: string;
  if (to.startsWith('/') && !relative && navigation) {
    const hrefs = hrefsOf(navigation.navigator.createHref, navigation.basename);
    let kept = hrefs.get(to);
    if (kept === undefined) {
      // react-router's own resolution, once per path
      kept = useHref(to);
      if (hrefs.size >= HREFS_KEPT) hrefs.clear();
      hrefs.set(to, kept);
    }
    href = kept;
  } else {
    href = useHref(to, relative ? { relative } : undefined);
  }
  // the rest of the props in their order (as `...rest` would), then what upstream sets, in its order. A switch over
  // the names upstream's Link takes for itself (never spread on the <a>): cheaper per prop than a Set lookup, and far
  // cheaper than an object rest pattern that leaves 13 names out (seventh pass)
  const a: Record<string, unknown> = {};
  for (const k in props) {
    switch (k) {
      case 'onClick':
      case 'discover':
      case 'prefetch':
      case 'relative':
      case 'reloadDocument':
      case 'replace':
      case 'mask':
      case 'state':
      case 'target':
      case 'to':
      case 'preventScrollReset':
      case 'viewTransition':
      case 'defaultShouldRevalidate':
        continue;
    }
    if (Object.hasOwn(props, k)) a[k] = (props as unknown as Record<string, unknown>)[k];
  }
  a['href'] = href;
  a['onClick'] = onClick;
  a['ref'] = ref;
  a['target'] = target;
  a['data-discover'] = discover === 'render' ? 'true' : undefined;
  return createElement('a', a);
}

export const Link = forwardRef(ServerLink);
Link.displayName = 'Link';

/**
 * Which of a flat route table's routes a pathname renders, per table (its paths, index and case flags) and pathname
 * (issue 8, fifth pass). Upstream's <Routes> flattens and ranks the whole table and compiles a RegExp per path it
 * tries, on every render: ~4 % of an uncached category answer's CPU in a profile. The table is the same for every
 * request, so the match is found once per pathname with react-router's own matchRoutes, and the render then hands
 * useRoutes the matched route alone: the same route object, so the same params, pathnames and elements.
 */
const matchedRoute = new Map<string, number>();
export const MATCHES_KEPT = 5_000;

function shapeOf(routes: readonly RouteObject[]): string | undefined {
  let shape = '';
  for (const r of routes) {
    if (r.children?.length) return undefined;
    shape += `${r.path ?? ''}\u0001${r.index ? 1 : 0}${r.caseSensitive ? 1 : 0}\u0002`;
  }
  return shape;
}

export function Routes({ children, location }: RoutesProps) {
  const routes = createRoutesFromChildren(children);
  const parent = useContext(UNSAFE_RouteContext);
  const here = useLocation();
  // a nested <Routes>, a location of its own or nested routes: upstream's matching as it is
  const shape = location === undefined && parent.matches.length === 0 ? shapeOf(routes) : undefined;
  let only = routes;
  if (shape !== undefined) {
    const key = `${shape}\u0000${here.pathname || '/'}`;
    let index = matchedRoute.get(key);
    if (index === undefined) {
      const route = matchRoutes(routes, { pathname: here.pathname || '/' })?.[0]?.route;
      index = route ? routes.indexOf(route) : -1;
      if (matchedRoute.size >= MATCHES_KEPT) matchedRoute.clear();
      matchedRoute.set(key, index);
    }
    if (index >= 0) only = [routes[index]!];
  }
  return useRoutes(only, location);
}
