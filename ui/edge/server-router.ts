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
import { createElement, forwardRef, isValidElement, useContext, type ForwardedRef, type ReactElement, type ReactNode } from 'react';
import {
  Link as UpstreamLink,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  Route,
  createRoutesFromChildren,
  renderMatches,
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
 * Which of a flat route table's routes a pathname renders, and react-router's match of it, per table (its paths, index
 * and case flags), pathname and navigator.encodeLocation (issue 8, fifth and seventh passes). Upstream's <Routes>
 * builds a route object per <Route> (createRoutesFromChildren), flattens and ranks the whole table, compiles a RegExp per
 * path it tries, decodes the pathname and re-encodes the match's pathnames with `new URL` (encodeLocation), on every
 * render: ~4 % of an uncached category answer's CPU in a profile, still ~3 % once it was handed the matched route alone.
 * The table is the same for every request, so the first render of a pathname is upstream's useRoutes over the whole
 * table, and what it matched is kept from the element it answers (a RenderedRoute whose `match` holds the params and
 * the pathnames as useRoutes computed them, and the route's id). Later renders of that pathname build the matched
 * route's object alone (createRoutesFromChildren of that <Route>, given the id upstream gave it) and render it with
 * react-router's renderMatches, as useRoutes does: the same element, params, pathnames and route context. A nested
 * <Routes>, a location of its own, nested routes or children other than a flat array of <Route> elements are
 * upstream's <Routes> as it is.
 */
interface KeptMatch {
  readonly index: number;
  readonly id: string;
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly pathname: string;
  readonly pathnameBase: string;
}

/** a table's <Route>s (path, index and case flags) and the matches kept for it, per pathname */
interface Table {
  readonly paths: ReadonlyArray<string | undefined>;
  readonly flags: readonly number[];
  readonly matches: Map<string, KeptMatch | null>;
}
const tablesByEncoder = new WeakMap<object, Table[]>();
/** the key of navigators without encodeLocation */
const NO_ENCODER = {};
export const MATCHES_KEPT = 5_000;
/** tables kept per encoder (the shop has one; a test renders a few) */
const TABLES_KEPT = 16;

interface RouteElementProps {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: unknown;
}

/**
 * The kept table the children are, when they are a flat array of <Route> elements without child routes (compared
 * entry by entry with the tables kept: no key string to build and hash per render); a new one when none matches.
 * Undefined when the children are anything else.
 */
function tableOf(children: ReactNode, tables: Table[]): Table | undefined {
  if (!Array.isArray(children)) return undefined;
  const n = children.length;
  for (let i = 0; i < n; i++) {
    const child: unknown = children[i];
    if (!isValidElement(child) || child.type !== Route || (child.props as RouteElementProps).children) return undefined;
  }
  next: for (const table of tables) {
    if (table.paths.length !== n) continue;
    for (let i = 0; i < n; i++) {
      const p = (children[i] as ReactElement<RouteElementProps>).props;
      if (p.path !== table.paths[i] || ((p.index ? 1 : 0) | (p.caseSensitive ? 2 : 0)) !== table.flags[i]) continue next;
    }
    return table;
  }
  const props = (children as Array<ReactElement<RouteElementProps>>).map((c) => c.props);
  const table: Table = { paths: props.map((p) => p.path), flags: props.map((p) => (p.index ? 1 : 0) | (p.caseSensitive ? 2 : 0)), matches: new Map() };
  if (tables.length >= TABLES_KEPT) tables.length = 0;
  tables.push(table);
  return table;
}

/** what useRoutes answered for a flat table, when it is the one RenderedRoute of a match of `routes` */
function keptFrom(element: ReactElement | null, routes: readonly RouteObject[]): KeptMatch | null | undefined {
  if (element === null) return null;
  const props = (isValidElement(element) ? element.props : undefined) as { match?: { route?: RouteObject; params?: Record<string, string | undefined>; pathname?: unknown; pathnameBase?: unknown }; routeContext?: { matches?: unknown[] } } | undefined;
  const match = props?.match;
  const index = match?.route ? routes.indexOf(match.route) : -1;
  const id = match?.route?.id;
  if (!match || index < 0 || typeof id !== 'string' || props.routeContext?.matches?.length !== 1 || typeof match.pathname !== 'string' || typeof match.pathnameBase !== 'string') return undefined;
  return Object.freeze({ index, id, params: Object.freeze({ ...match.params }), pathname: match.pathname, pathnameBase: match.pathnameBase });
}

export function Routes({ children, location }: RoutesProps) {
  const parent = useContext(UNSAFE_RouteContext);
  const here = useLocation();
  const navigation = useContext(UNSAFE_NavigationContext) as { navigator: { encodeLocation?: object } };
  const encoder = navigation.navigator.encodeLocation ?? NO_ENCODER;
  let tables = tablesByEncoder.get(encoder);
  if (!tables) tablesByEncoder.set(encoder, (tables = []));
  // a nested <Routes>, a location of its own or nested routes: upstream's <Routes> as it is
  const table = location === undefined && parent.matches.length === 0 ? tableOf(children, tables) : undefined;
  if (table === undefined) return useRoutes(createRoutesFromChildren(children), location);
  const pathname = here.pathname || '/';
  const match = table.matches.get(pathname);
  if (match === undefined) {
    // upstream's matching, once per pathname
    const routes = createRoutesFromChildren(children);
    const element = useRoutes(routes);
    const found = keptFrom(element, routes);
    if (found !== undefined) {
      if (table.matches.size >= MATCHES_KEPT) table.matches.clear();
      table.matches.set(pathname, found);
    }
    return element;
  }
  if (match === null) return null;
  // the matched <Route>'s route object, with the id upstream gave it in the whole table (its index there)
  const route = createRoutesFromChildren([(children as ReactNode[])[match.index]])[0]!;
  route.id = match.id;
  return renderMatches([{ params: { ...match.params }, pathname: match.pathname, pathnameBase: match.pathnameBase, route }]);
}
