import { lazy, type ComponentType } from 'react';
import { recoverChunk } from './chunk-recovery';
import type { PageEntry } from './routes';

/** A page in its own chunk; once `preload()`ed it renders synchronously (a fulfilled thenable): hydration matches. */
export interface LazyPage<P extends object = object> {
  Component: ComponentType<P>;
  preload(): Promise<void>;
}

export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  // a failed load (offline) is tried again by the next preload or render
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

/** A route's entry for a lazy page: its element, its preload and its chunks' source modules. */
export function lazyEntry(page: LazyPage, chunks: readonly string[], rest: Partial<PageEntry> = {}): PageEntry {
  return { element: <page.Component />, preload: page.preload, chunks, ...rest };
}
