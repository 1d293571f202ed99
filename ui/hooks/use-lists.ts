import { useCallback, useContext, useSyncExternalStore, type ContextType } from 'react';
import type { Subscription } from 'rxjs';
import type { SkuListService, SkuListState } from '../../core/user/sku-list-service';
import type { ListItem } from '../../core/user/list-item';
import { TX } from '../../adapters/wiring';
import { subscribeTransactions, useTransactionGetter } from '../app/transactions';
import { ContainerContext } from './use-service';

export type ListKind = 'wishlist' | 'compare';
type List = SkuListService<ListItem>;

const NONE: SkuListState<ListItem> = { loaded: false, items: [] };

const TOKEN: Record<ListKind, symbol> = { wishlist: TX.Wishlist, compare: TX.Compare };

/** The list's service once the transaction half has bound it; never on the server (the browser hydrates empty). */
function bound(container: ContextType<typeof ContainerContext>, kind: ListKind): List | undefined {
  return typeof window !== 'undefined' && container?.isBound(TOKEN[kind]) ? container.get<List>(TOKEN[kind]) : undefined;
}

/** What `read` answers of the list's service, followed through the half's arrival and state$; re-renders on change. */
function useList<T>(kind: ListKind, read: (list: List | undefined) => T): T {
  const container = useContext(ContainerContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      let sub: Subscription | undefined;
      // state$ answers its state on subscribing: the half's arrival is told by that
      const follow = () => void (sub ??= bound(container, kind)?.state$.subscribe(onChange));
      const off = subscribeTransactions(follow);
      follow();
      return () => {
        off();
        sub?.unsubscribe();
      };
    },
    [container, kind],
  );
  return useSyncExternalStore(
    subscribe,
    () => read(bound(container, kind)),
    () => read(undefined),
  );
}

/** For event handlers: the list's service, loading the transaction half first when needed (a toggle's first click). */
export function useSkuListGetter(kind: ListKind): () => Promise<List | undefined> {
  const getter = useTransactionGetter();
  return () => getter<List>(TOKEN[kind]);
}

/** The wishlist or compare list (spec catalogue §1) once the transaction half is there; until then empty. */
export function useSkuList(kind: ListKind): { state: SkuListState<ListItem>; service: List | undefined } {
  const state = useList(kind, (list) => list?.snapshot() ?? NONE);
  return { state, service: bound(useContext(ContainerContext), kind) };
}

/** Whether a product is on the list: a boolean, so a tile's toggle re-renders only when its answer changes. */
export function useOnList(kind: ListKind, sku: string): boolean {
  return useList(kind, (list) => !!list?.snapshot().items.some((i) => i.sku === sku));
}
