import type { ReactElement } from 'react';
import type { Container } from 'inversify';
import { HomeService } from '../../core/catalogue/home-service';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';

export interface RouteLoadContext {
  container: Container;
  params: Record<string, string | undefined>;
  query: URLSearchParams;
}

export interface AppRoute {
  name: string;
  path: string;
  element: ReactElement;
  /** data the page needs before it can render (awaited on the server, run after navigation in the browser) */
  load?: (ctx: RouteLoadContext) => Promise<void>;
  layout?: 'default' | 'minimal';
  status?: number;
}

/** Mirrors the route table of spec catalogue §2.1 as pages are built. */
export const ROUTES: AppRoute[] = [
  { name: 'home', path: '/', element: <HomePage />, load: ({ container }) => container.get(HomeService).load() },
  { name: 'home', path: '/pwa.html', element: <HomePage />, load: ({ container }) => container.get(HomeService).load() },
  { name: 'page-not-found', path: '*', element: <NotFoundPage />, status: 404 },
];
