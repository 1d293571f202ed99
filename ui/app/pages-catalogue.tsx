import { HomeService } from '../../core/catalogue/home-service';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import type { PageRegistry } from './page-registry';

/** Catalogue-side pages by route name (spec catalogue §2.1). */
export const CATALOGUE_PAGES: PageRegistry = {
  home: { element: <HomePage />, load: async ({ container }) => container.get(HomeService).load() },
  'page-not-found': { element: <NotFoundPage />, status: 404 },
};
