import type { Container } from 'inversify';
import { HomeService } from '../../core/catalogue/home-service';

interface Hydratable<T> {
  snapshot(): T;
  hydrate(state: T): void;
}

/** The services whose state the server sends to the browser, by a stable name. */
export const HYDRATED_SERVICES: Record<string, abstract new (...args: never[]) => Hydratable<unknown>> = {
  home: HomeService as never,
};

export type DehydratedState = Record<string, unknown>;

export function dehydrate(container: Container): DehydratedState {
  const out: DehydratedState = {};
  for (const [name, id] of Object.entries(HYDRATED_SERVICES)) out[name] = container.get<Hydratable<unknown>>(id).snapshot();
  return out;
}

export function hydrateServices(container: Container, state: DehydratedState): void {
  for (const [name, id] of Object.entries(HYDRATED_SERVICES)) {
    if (name in state) container.get<Hydratable<unknown>>(id).hydrate(state[name]);
  }
}
