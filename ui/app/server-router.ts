// react-router-dom for the server bundle (scripts/build.mjs SERVER_SHIMS), public API alone: upstream's Link builds
// handlers a server never writes (a category body ~40 % slower), its Routes ranks the whole table on every render
// (~10 % of an uncached answer). server-router.test.tsx compares both with upstream's, byte for byte.
import { createContext, createElement, forwardRef, useContext } from 'react';
import type { ForwardedRef, ReactElement, ReactNode } from 'react';
import { LRUCache } from 'lru-cache';
import { Link as UpstreamLink, Routes as UpstreamRoutes, StaticRouter as UpstreamStaticRouter } from 'react-router-dom';
import { createRoutesFromChildren, useHref, useLocation, useResolvedPath, useRoutes } from 'react-router-dom';
import type { LinkProps, RoutesProps, StaticRouterProps } from 'react-router-dom';

export * from 'react-router-dom';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

type AnyLinkProps = LinkProps & { mask?: unknown; defaultShouldRevalidate?: unknown };

/** the props upstream's Link takes for itself, never written on the <a> */
const OWN_PROPS = new Set([
  'onClick', 'discover', 'prefetch', 'relative', 'reloadDocument', 'replace', 'mask', 'state', 'target', 'to',
  'preventScrollReset', 'viewTransition', 'defaultShouldRevalidate',
]);

/** What a StaticRouter of one basename keeps: each absolute path's href, each table's element by path (Routes) */
interface Kept {
  hrefs: LRUCache<string, string>;
  tables: WeakMap<readonly ReactNode[], LRUCache<string, { element: ReactElement | null }>>;
}
const keptByBasename = new Map<string, Kept>();
const KeptContext = createContext<Kept | undefined>(undefined);

export function StaticRouter(props: StaticRouterProps): ReactElement {
  const basename = props.basename ?? '/';
  let kept = keptByBasename.get(basename);
  if (!kept) keptByBasename.set(basename, (kept = { hrefs: new LRUCache({ max: 5_000 }), tables: new WeakMap() }));
  return createElement(KeptContext.Provider, { value: kept }, createElement(UpstreamStaticRouter, props));
}

function ServerLink(props: AnyLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const { to, relative, reloadDocument, mask, target, onClick, discover = 'render', prefetch = 'none' } = props;
  if (typeof to !== 'string' || ABSOLUTE_URL.test(to) || reloadDocument || mask !== undefined || prefetch !== 'none') {
    return createElement(UpstreamLink, { ...props, ref } as LinkProps);
  }
  const hrefs = to.startsWith('/') ? useContext(KeptContext)?.hrefs : undefined;
  let href = hrefs?.get(to);
  if (href === undefined) {
    // a server render runs each component once: a hook called on a miss alone (here and in Routes) keeps no state
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

/** Upstream's <Routes>, its element kept per path outside any route (a function of table and path alone). */
export function Routes(props: RoutesProps): ReactElement | null {
  const kept = useContext(KeptContext);
  const { pathname } = useLocation();
  // '.' resolves to '/' only outside any route (or under one at '/'): the table is matched against the whole path
  const top = useResolvedPath('.').pathname === '/';
  const { children, location } = props;
  if (!kept || !top || location !== undefined || !Array.isArray(children)) return createElement(UpstreamRoutes, props);
  let table = kept.tables.get(children);
  if (!table) kept.tables.set(children, (table = new LRUCache({ max: 5_000 })));
  let made = table.get(pathname);
  if (!made) table.set(pathname, (made = { element: useRoutes(createRoutesFromChildren(children)) }));
  return made.element;
}
