import { ROUTES as CORE_ROUTES, layoutOf, type LayoutName } from '../../core/routing/routes';
import type { PageEntry } from './page-registry';
import { CATALOGUE_PAGES } from './pages-catalogue';
import { TRANSACTION_PAGES } from './pages-transactions';

export type { RouteLoadContext, LoadOutcome } from './page-registry';

export interface AppRoute extends PageEntry {
  name: string;
  path: string;
  layout: LayoutName;
}

const PAGES = { ...CATALOGUE_PAGES, ...TRANSACTION_PAGES };

/**
 * The UI's routes mirror core/routing's table (spec catalogue §2.1): every route of the table that has a page,
 * with its aliases; the page-not-found route ('*') comes last.
 */
export const ROUTES: AppRoute[] = CORE_ROUTES.flatMap((r) => {
  const page = PAGES[r.name];
  if (!page) return [];
  return [r.path, ...(r.aliases ?? [])].map((path) => ({ ...page, name: r.name, path, layout: layoutOf(r) }));
});
