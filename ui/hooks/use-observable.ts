import { useCallback, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

export interface StateSource<T> {
  readonly state$: Observable<T>;
  snapshot(): T;
}

/** The one bridge from RxJS to React: subscribe to a service's state$ with useSyncExternalStore. */
export function useObservable<T>(source: StateSource<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = source.state$.subscribe(() => onChange());
      return () => sub.unsubscribe();
    },
    [source],
  );
  const get = useCallback(() => source.snapshot(), [source]);
  return useSyncExternalStore(subscribe, get, get);
}
