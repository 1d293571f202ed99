import { useContext, useMemo } from 'react';
import { BehaviorSubject } from 'rxjs';
import { CompareService, WishlistService, type SkuListService, type SkuListState } from '../../core/user/sku-list-service';
import type { ListItem } from '../../core/user/list-items';
import { useObservable } from './use-observable';
import { ContainerContext } from './use-service';

export type ListKind = 'wishlist' | 'compare';

const NONE: SkuListState<ListItem> = { loaded: false, items: [] };
const nothing = { state$: new BehaviorSubject(NONE).asObservable(), snapshot: () => NONE };

/**
 * The wishlist or compare list (spec catalogue §1, transactions §3) from the container: its state and service. A
 * container without the lists (a catalogue-only test container) answers an empty list that never loads.
 */
export function useSkuList(kind: ListKind): { state: SkuListState<ListItem>; service: SkuListService<ListItem> | undefined } {
  const container = useContext(ContainerContext);
  const id = kind === 'wishlist' ? WishlistService : CompareService;
  const service = useMemo(() => (container?.isBound(id) ? (container.get(id) as unknown as SkuListService<ListItem>) : undefined), [container, id]);
  const state = useObservable(service ?? nothing);
  return { state, service };
}
