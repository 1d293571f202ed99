import type { ReactElement } from 'react';
import type { ShopServices as Container } from '../../adapters/wiring';

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
