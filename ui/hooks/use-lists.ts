import { BehaviorSubject } from 'rxjs';
import type { SkuListService, SkuListState } from '../../core/user/sku-list-service';
import type { ListItem } from '../../core/user/list-item';
import { TX } from '../../adapters/container-tokens';
import { useTransactionGetter, useTransactionService } from '../app/transactions';
import { useObservable } from './use-observable';

export type ListKind = 'wishlist' | 'compare';

const NONE: SkuListState<ListItem> = { loaded: false, items: [] };
const nothing = { state$: new BehaviorSubject(NONE).asObservable(), snapshot: () => NONE };

const TOKEN: Record<ListKind, symbol> = { wishlist: TX.Wishlist, compare: TX.Compare };

/**
 * The wishlist or compare list (spec catalogue §1, transactions §3): its state, its service once bound, and `get()`
 * for event handlers. The lists are services of the transaction half (added to the page's graph when the browser is idle after
 * hydration or on first need), so the hook follows that half arriving: until then the state is an empty list that is
 * not loaded and `service` is undefined; `get()` loads the half first (a toggle's first click) and answers the service.
 * The service is never imported here, only named by its Symbol: the tiles' first load carries no list code.
 */
export function useSkuList(kind: ListKind): {
  state: SkuListState<ListItem>;
  service: SkuListService<ListItem> | undefined;
  get: () => Promise<SkuListService<ListItem> | undefined>;
} {
  const service = useTransactionService<SkuListService<ListItem>>(TOKEN[kind]);
  const getter = useTransactionGetter();
  const state = useObservable(service ?? nothing);
  return { state, service, get: () => getter<SkuListService<ListItem>>(TOKEN[kind]) };
}
