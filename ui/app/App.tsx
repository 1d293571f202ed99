import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AppNavigate } from './client-router';
import type { ShopServices as Container } from '../../adapters/wiring';
import { DefaultLayout } from './DefaultLayout';
import { MinimalLayout } from './MinimalLayout';
import { ROUTES, matchAppRoute } from './routes';
import { pageUnavailable } from '../../core/routing/page-resolution';
import { UnavailablePage } from '../pages/NotFoundPage';
import { RouteFocus } from './RouteFocus';
import { ProgressService } from '../../core/ui-state/progress-service';
import { ScrollRestore } from './ScrollRestore';
import { LiveRegion } from '../components/common/LiveRegion';
import { UpdatePrompt } from '../components/common/UpdatePrompt';
import { useAnalyticsPageViews } from './analytics';
import { usePageResolution } from '../hooks/use-service';

/** Runs the matched route's loader after client-side navigation (the server already ran it for the first page). */
function RouteLoader({ container, initialPath }: { container: Container; initialPath: string | undefined }) {
  const location = useLocation();
  const navigate = useNavigate();
  const first = useRef(true);
  useEffect(() => {
    // the first page came with its data, unless it is not the one the server rendered (a cached page offline)
    if (first.current) {
      first.current = false;
      if (initialPath === location.pathname + location.search) return;
    }
    const match = matchAppRoute(location.pathname)?.[0];
    const load = match?.route.load;
    if (!load) return;
    // spec catalogue §2.4: the progress bar of a route change, shown only if its load is slow (ProgressService)
    const end = container.get(ProgressService).routeChange();
    void load({ container, params: match?.params ?? {}, query: new URLSearchParams(location.search), path: location.pathname })
      .then((outcome) => {
        if (outcome && outcome.redirect) navigate(outcome.redirect, { replace: true });
      })
      .finally(end);
  }, [location, container, navigate]);
  return null;
}

/** Shown while a page's chunk arrives after a client-side navigation. */
function PageLoading() {
  const { t } = useTranslation();
  return <p role="status">{t('common.loading')}</p>;
}

/** the route table's <Route> elements, made once */
const ROUTE_ELEMENTS = ROUTES.map((r) => <Route key={`${r.name} ${r.path}`} path={r.path} element={r.element} />);

/** the page's boundary, one element per case, made once (ui/app/boundaries.tsx says why) */
const PAGE_PART = <Suspense fallback={<PageLoading />}>{<Routes>{ROUTE_ELEMENTS}</Routes>}</Suspense>;
const UNAVAILABLE_PART = (
  <Suspense fallback={<PageLoading />}>
    <UnavailablePage />
  </Suspense>
);

export function App({ container, initialPath }: { container: Container; initialPath?: string | undefined }) {
  const location = useLocation();
  const layout = matchAppRoute(location.pathname)?.[0]?.route.layout ?? 'default';
  const Layout = layout === 'minimal' ? MinimalLayout : DefaultLayout;
  // the backend could not serve this page: 'try again in a moment', whatever the route
  const unavailable = pageUnavailable(usePageResolution(), location.pathname);
  useAnalyticsPageViews();
  return (
    // the links navigate through it (ui/app/client-router.ts): no link reads the location
    <AppNavigate>
      <Layout>
        <RouteLoader container={container} initialPath={initialPath} />
        {unavailable ? UNAVAILABLE_PART : PAGE_PART}
      </Layout>
      {/* outside the layouts: the checkout's layout switch must neither drop an announcement nor remount these */}
      <RouteFocus />
      <ScrollRestore />
      <LiveRegion />
      <UpdatePrompt />
    </AppNavigate>
  );
}
