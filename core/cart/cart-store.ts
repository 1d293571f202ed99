/**
 * The cart's state and where it is kept (spec transactions §3 "Cart state", §7): items, server token, hash and coupon
 * in Storage 'carts'. Commands run one at a time across the browser's tabs (TAB_LOCKS.cart), each on the stored cart;
 * every stored change is announced to the other tabs. The cart's parts share it through CartContext.
 */
import { BehaviorSubject } from 'rxjs';
import type { Product } from '../catalogue/types';
import type { ShopConfig } from '../config';
import type { CartApi } from '../ports/cart-api';
import type { Clock } from '../ports/clock';
import { TAB_LOCKS, type CrossTab, type TabLocks } from '../ports/cross-tab';
import type { Logger } from '../ports/logger';
import type { Network } from '../ports/network';
import { STORAGE_COLLECTIONS, type Storage } from '../ports/storage';
import type { OfflineTaskQueue } from '../queue/types';
import { InProcessLocks, NoOtherTabs } from '../tabs/single-tab';
import type { TokenLock } from '../user/token-lock';
import type { CartNotice, StockStatus } from './add';
import type { StockLimit } from './quantity';
import { EMPTY_CART_STATE, type CartItem, type CartState } from './types';

export const CART_STORAGE_KEYS = { items: 'current-cart', token: 'current-cart-token', hash: 'current-cart-hash', coupon: 'current-cart-coupon' } as const;

export interface CartServiceDeps {
  api: CartApi;
  queue: OfflineTaskQueue;
  storage: Storage;
  network: Network;
  clock: Clock;
  config: ShopConfig;
  logger: Logger;
  /** the user token ('' / undefined for a guest) */
  getUserToken: () => string | undefined;
  tokenLock?: TokenLock;
  /** stock status of a line about to be added (stock-check.ts); default: from product.stock */
  stockStatus?: (product: Product, item: CartItem) => Promise<StockStatus>;
  /** how many of a line's sku the stock can serve (stock-check.ts); default: no check */
  stockLimit?: (item: CartItem) => Promise<StockLimit>;
  crossTab?: CrossTab;
  locks?: TabLocks;
}

/** What the cart's parts share: the dependencies, the store, and the questions each of them asks. */
export interface CartContext {
  readonly deps: CartServiceDeps;
  readonly store: CartStore;
  cartId(): string | undefined;
  online(): boolean;
  /** config.cart.serverSync, unless a refused connect disabled it for this cart */
  serverSync(): boolean;
  /** the signed-in customer's token ('' for a guest) */
  userToken(): string;
  /** a direct API call with the user token, through the token lock when there is one */
  withToken<T>(fn: (token: string) => Promise<T>, guest?: boolean): Promise<T>;
  notify(n: CartNotice): void;
}

export class CartStore {
  readonly subject = new BehaviorSubject<CartState>(EMPTY_CART_STATE);
  private lock: Promise<unknown> = Promise.resolve();
  private readonly locks: TabLocks;
  readonly tabs: CrossTab;
  /** another tab changed the stored cart since this tab last read it */
  private stale = false;
  /** other tabs may exist: every command starts from the stored cart (a message may arrive after the lock does) */
  private readonly multiTab: boolean;

  constructor(private readonly deps: Pick<CartServiceDeps, 'storage' | 'logger' | 'crossTab' | 'locks'>) {
    this.tabs = deps.crossTab ?? new NoOtherTabs();
    this.locks = deps.locks ?? new InProcessLocks();
    this.multiTab = deps.crossTab !== undefined && !(deps.crossTab instanceof NoOtherTabs);
  }

  get value(): CartState {
    return this.subject.value;
  }

  /** replace the state without storing it (hydration, a restore from storage) */
  next(state: CartState): void {
    this.subject.next(state);
  }

  /** the stored cart is another tab's now: the next command re-reads it */
  markStale(): void {
    this.stale = true;
  }

  /** run commands one after another (vue-storefront #4690), and one tab of the browser at a time, on the stored cart */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const locked = () =>
      this.locks.exclusive(TAB_LOCKS.cart, async () => {
        // a command before load() (the browser restores the cart after first paint) starts from the stored cart too, so
        // neither the command nor the restore undoes the other
        if (this.stale || !this.value.loaded || this.multiTab) await this.reloadStored();
        return fn();
      });
    const run = this.lock.then(locked, locked);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /** Items, token, hash and coupon as stored (Storage holds what any code wrote: each is checked). */
  private async readStored(): Promise<Pick<CartState, 'cartItems' | 'cartServerToken' | 'cartItemsHash' | 'coupon'>> {
    const { storage } = this.deps;
    const c = STORAGE_COLLECTIONS.cart;
    const [items, token, hash, coupon] = await Promise.all([
      storage.get<CartItem[]>(c, CART_STORAGE_KEYS.items),
      storage.get<string>(c, CART_STORAGE_KEYS.token),
      storage.get<string>(c, CART_STORAGE_KEYS.hash),
      storage.get<{ code?: unknown; discount?: unknown }>(c, CART_STORAGE_KEYS.coupon),
    ]);
    const discount = typeof coupon?.discount === 'number' ? coupon.discount : 0;
    return {
      cartItems: Array.isArray(items) ? items : [],
      cartServerToken: typeof token === 'string' && token ? token : undefined,
      cartItemsHash: typeof hash === 'string' ? hash : '',
      coupon: typeof coupon?.code === 'string' && coupon.code ? { code: coupon.code, discount } : undefined,
    };
  }

  /** The cart as another tab stored it; its totals and coupon stay this tab's unless it is another cart now. */
  private async reloadStored(): Promise<void> {
    this.stale = false;
    const { coupon: _stored, ...stored } = await this.readStored();
    const s = this.value;
    // another cart (ordered, logged out): its totals and coupon are not this one's
    const other = stored.cartServerToken !== s.cartServerToken;
    const reset = { platformTotals: undefined, platformTotalSegments: undefined, itemsAfterPlatformTotals: {} };
    this.subject.next({ ...s, ...stored, ...(other ? { ...reset, coupon: undefined } : {}) });
  }

  /** Restore items, token, hash and coupon from Storage (in turn with the commands: one run before wrote first). */
  restore(): Promise<void> {
    return this.exclusive(async () => this.subject.next({ ...this.value, ...(await this.readStored()), loaded: true }));
  }

  /** Change the state and store what changed; the other tabs hear of a real change. */
  async set(patch: Partial<CartState>): Promise<void> {
    const before = this.value;
    const next = { ...before, ...patch };
    this.subject.next(next);
    const { storage } = this.deps;
    const c = STORAGE_COLLECTIONS.cart;
    const put = (key: string, value: unknown) => (value === undefined ? storage.remove(c, key) : storage.set(c, key, value));
    try {
      if (next.cartItems !== before.cartItems) await put(CART_STORAGE_KEYS.items, next.cartItems);
      if (next.cartServerToken !== before.cartServerToken) await put(CART_STORAGE_KEYS.token, next.cartServerToken);
      if (next.cartItemsHash !== before.cartItemsHash) await put(CART_STORAGE_KEYS.hash, next.cartItemsHash);
      // the applied coupon survives a reload (its 'remove' control with it)
      if (next.coupon !== before.coupon) await put(CART_STORAGE_KEYS.coupon, next.coupon);
    } catch (e) {
      this.deps.logger.warn(`cart not saved: ${String(e)}`, 'cart');
    }
    // tell the other tabs only of a real change (the same totals written again by each tab must not echo forever)
    if (
      next.cartServerToken !== before.cartServerToken ||
      next.cartItemsHash !== before.cartItemsHash ||
      (next.cartItems !== before.cartItems && JSON.stringify(next.cartItems) !== JSON.stringify(before.cartItems))
    ) {
      this.tabs.publish({ topic: 'cart' });
    }
  }
}
