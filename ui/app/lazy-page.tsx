import { lazy, type ComponentType } from 'react';
import { recoverChunk } from './chunk-recovery';

/**
 * A page in its own chunk (split by route). The server and the browser's first render call `preload()` before
 * rendering, and once loaded the component renders synchronously — React.lazy gets an already-fulfilled thenable —
 * so server HTML and hydration match without a Suspense fallback. A client-side navigation to a page not loaded yet
 * suspends until its chunk arrives.
 */
export interface LazyPage<P extends object = object> {
  Component: ComponentType<P>;
  preload(): Promise<void>;
}

export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  // a route chunk gone after a deploy reloads the page once onto the new build (chunk-recovery.ts); any other failed
  // load (offline) is tried again by the next preload or render
  const preload = () =>
    (pending ??= recoverChunk(load()).then(
      (c) => void (loaded = c),
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ));
  const Component = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      const fulfilled = { then: (resolve: (m: typeof module) => void) => resolve(module) };
      return fulfilled as unknown as Promise<typeof module>;
    }
    return preload().then(() => ({ default: loaded as ComponentType<P> }));
  });
  return { Component: Component as unknown as ComponentType<P>, preload };
}
