import type { ReactElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import type { ShopServices as Container } from '../../adapters/wiring';
import { ROUTES as CORE_ROUTES, layoutOf, type LayoutName } from '../../core/routing/routes';
import { CATALOGUE_PAGES } from './pages-catalogue';
import { DISPATCHED_CHUNKS } from '../pages/DispatchedPage';
import { TRANSACTION_PAGES } from './pages-transactions';

export interface RouteLoadContext {
  container: Container;
  params: Record<string, string | undefined>;
  query: URLSearchParams;
  /** the path as requested (without query) */
  path: string;
}

/** What a load may answer besides filling services: a redirect (301 on the server, replace in the browser) or a status. */
export interface LoadOutcome {
  redirect?: string;
  status?: number;
}

export interface PageEntry {
  element: ReactElement;
  /** data the page needs before it renders: awaited on the server, run after navigation in the browser */
  load?: (ctx: RouteLoadContext) => Promise<LoadOutcome | void>;
  status?: number;
  /** loads the page's chunk before the server render and the first hydration (`services`: the dispatcher's page) */
  preload?: (services?: Container) => Promise<void>;
  /** the source modules of the page's chunks (what `preload` loads): the server names their files as module preloads */
  chunks?: readonly string[];
  /** the render shows one shopper's data: never kept in any shared cache (`Cache-Control: private, no-store`) */
  personal?: boolean;
}

/** route name (core/routing ROUTES) -> page */
export type PageRegistry = Readonly<Record<string, PageEntry>>;

export interface AppRoute extends PageEntry {
  name: string;
  path: string;
  layout: LayoutName;
}

const PAGES = { ...CATALOGUE_PAGES, ...TRANSACTION_PAGES };

/** The UI's routes: core/routing's table (spec catalogue §2.1) with aliases, for every route that has a page. */
export const ROUTES: AppRoute[] = CORE_ROUTES.flatMap((r) => {
  const page = PAGES[r.name];
  if (!page) return [];
  return [r.path, ...(r.aliases ?? [])].map((path) => ({ ...page, name: r.name, path, layout: layoutOf(r) }));
});

const matched = new Map<string, ReturnType<typeof matchRoutes<AppRoute>>>();
/** at most this many paths' matches are kept (an LRU: a crawler's endless distinct paths cannot grow it) */
const MATCHES_KEPT = 500;

/** react-router's matchRoutes(ROUTES, pathname), remembered (it ranks the whole table per call); callers copy it. */
export function matchAppRoute(pathname: string): ReturnType<typeof matchRoutes<AppRoute>> {
  let m = matched.get(pathname);
  if (m !== undefined) {
    matched.delete(pathname);
  } else {
    m = matchRoutes(ROUTES, pathname);
    if (matched.size >= MATCHES_KEPT) matched.delete(matched.keys().next().value as string);
  }
  matched.set(pathname, m);
  return m;
}

/** The source modules of a rendered page's chunks (the resolved page's for the URL dispatcher): module preloads. */
export function pageChunks(pathname: string, state: Record<string, unknown>): readonly string[] {
  const route = matchAppRoute(pathname)?.[0]?.route;
  if (!route) return [];
  if (route.path !== '*') return route.chunks ?? [];
  const kind = (state['pageResolution'] as { kind?: string } | undefined)?.kind;
  return (kind && DISPATCHED_CHUNKS[kind]) || [];
}
