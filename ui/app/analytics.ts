/** Analytics, consent first (spec catalogue §2.4): nothing loads or is pushed before the cookie notice is accepted. */
import { useCallback, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { AnalyticsService } from '../../core/analytics/analytics-service';
import type { ShopServices } from '../../adapters/wiring';
import { PAGE_NOT_FOUND, matchRoute } from '../../core/routing/routes';
import { ContainerContext, usePageResolution } from '../hooks/use-service';
import { useCookieNotice } from '../hooks/use-shell';

let started: Promise<AnalyticsService> | undefined;

function analytics(container: ShopServices): Promise<AnalyticsService> {
  started ??= import('./analytics-runtime').then(
    (m) => m.startAnalytics(container),
    (e: unknown) => {
      started = undefined;
      throw e;
    },
  );
  return started;
}

type Use = (a: AnalyticsService) => void;

/** Runs `use` with the analytics service when the shopper has consented; without consent nothing loads or runs. */
export function useAnalytics(): (use: Use) => void {
  const container = useContext(ContainerContext);
  const granted = useCookieNotice().state.consent === 'granted';
  return useCallback(
    (use: Use) => {
      if (!granted || !container || typeof window === 'undefined') return;
      analytics(container).then(use, (e: unknown) => console.warn('[analytics]', e));
    },
    [granted, container],
  );
}

/**
 * Pushes a view once per `key` shown with consent (undefined: nothing yet). `first`: in a layout effect, so the page
 * view comes before its parts' views (children's passive effects run first).
 */
export function useAnalyticsView(key: string | undefined, use: Use, first = false): void {
  const track = useAnalytics();
  const latest = useRef(use);
  latest.current = use;
  (first ? useLayoutEffect : useEffect)(() => {
    if (key !== undefined) track((a) => latest.current(a));
  }, [key, track]);
}

/** page_view of each route shown (spec catalogue §2.4: unless its meta excludes it); a dispatched path once resolved. */
export function useAnalyticsPageViews(): void {
  const location = useLocation();
  const resolution = usePageResolution();
  const route = matchRoute(location.pathname).route;
  const dispatched = route.name === PAGE_NOT_FOUND;
  const ready = !dispatched || resolution.path === location.pathname;
  useAnalyticsView(ready ? `${location.key} ${location.pathname}` : undefined, (a) => a.pageView(route, location.pathname, dispatched ? resolution.kind : undefined), true);
}
