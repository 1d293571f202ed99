import { useEffect } from 'react';
import { Route, Routes, useLocation, matchRoutes } from 'react-router-dom';
import type { Container } from 'inversify';
import { DefaultLayout } from './DefaultLayout';
import { ROUTES } from './routes';

/** Runs the matched route's loader after client-side navigation (the server already ran it for the first page). */
function RouteLoader({ container }: { container: Container }) {
  const location = useLocation();
  useEffect(() => {
    const match = matchRoutes(ROUTES, location)?.[0];
    const load = (match?.route as (typeof ROUTES)[number] | undefined)?.load;
    if (load) void load({ container, params: match?.params ?? {}, query: new URLSearchParams(location.search) });
  }, [location, container]);
  return null;
}

export function App({ container }: { container: Container }) {
  return (
    <DefaultLayout>
      <RouteLoader container={container} />
      <Routes>
        {ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
      </Routes>
    </DefaultLayout>
  );
}
