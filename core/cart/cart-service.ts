/**
 * The cart service (spec transactions §3 "Cart state", §4 cart transitions, §8 cart texts): the shopper's commands
 * over cart-store.ts (state, Storage, one command and one tab at a time), cart-server-sync.ts (connect, pull, merge,
 * item writes) and cart-totals-sync.ts (the platform's totals, shipping information, the coupon).
 */
import { distinctUntilChanged, map, skip, Subject, Subscription, type Observable } from 'rxjs';
import type { Product } from '../catalogue/types';
import { MESSAGES, ShopError } from '../messages';
import type { AddressInformation, ServerShippingMethod, ShippingMethodsAddress } from '../ports/cart-api';
import { addToCart, needsConfiguration, productToCartItems, removeCartItem, updateCartItemQty, type AddCandidate, type CartNotice, type StockStatus } from './add';
import { CartServerSync, type ConnectOptions, type SyncOptions } from './cart-server-sync';
import { CartStore, type CartContext, type CartServiceDeps } from './cart-store';
import { CartTotalsSync } from './cart-totals-sync';
import { cartItemsHash } from './hash';
import { cartItemIdentity } from './identity';
import type { MergeResult } from './merge';
import { minicartCount } from './minicart';
import { changeQuantity, type StockLimit } from './quantity';
import { restoreOrderLines, type OrderLine } from './restore';
import { applyStockResult } from './server-results';
import { cartTotals } from './totals';
import { connectsAtStart } from './cart-start';
import { totalsTaxCountry } from './tax-country';
import type { CartEditMode, CartItem, CartPaymentMethod, CartShippingMethod, CartState, TotalSegment } from './types';

export { CART_STORAGE_KEYS, type CartServiceDeps } from './cart-store';
export { CART_TASK_EVENTS, type ConnectOptions, type SyncOptions } from './cart-server-sync';

/** One command's change of the cart's lines (an add, a quantity change, a removal). */
export interface CartLineChange {
  readonly before: readonly CartItem[];
  readonly after: readonly CartItem[];
}

function defaultStockStatus(product: Product): StockStatus {
  if (product.stock && product.stock.is_in_stock === false) return 'out_of_stock';
  if (product.stock && product.stock.manage_stock === false) return 'volatile';
  return 'ok';
}

export class CartService {
  private readonly store: CartStore;
  private readonly server: CartServerSync;
  private readonly platform: CartTotalsSync;
  private readonly ctx: CartContext;
  readonly state$: Observable<CartState>;
  private readonly noticeSubject = new Subject<CartNotice>();
  /** success / warning / error notices for the notification service */
  readonly notices$: Observable<CartNotice> = this.noticeSubject.asObservable();
  private readonly lineChangeSubject = new Subject<CartLineChange>();
  /** the lines before and after each add, quantity change and removal the shopper made (analytics: core/analytics) */
  readonly lineChanges$ = this.lineChangeSubject.asObservable();
  readonly totals$: Observable<TotalSegment[]>;
  readonly count$: Observable<number>;
  private readonly subscription = new Subscription();
  private watchingOnline = false;
  /** the token handed to onUserLogin, used while the session has not stored it yet */
  private loginToken = '';

  constructor(private readonly deps: CartServiceDeps) {
    this.store = new CartStore(deps);
    const ctx: CartContext = (this.ctx = {
      deps,
      store: this.store,
      cartId: () => this.store.value.cartServerToken,
      online: () => deps.network.isOnline(),
      serverSync: () => deps.config.cart.serverSync && !this.store.value.serverSyncDisabled,
      userToken: () => deps.getUserToken() || this.loginToken,
      withToken: (fn, guest = false) => {
        if (guest) return fn('');
        const token = ctx.userToken();
        if (deps.tokenLock && token) return deps.tokenLock.run(fn);
        return fn(token);
      },
      notify: (n) => this.noticeSubject.next(n),
    });
    this.platform = new CartTotalsSync(ctx);
    this.server = new CartServerSync(ctx, this.platform);
    this.subscription.add(() => this.server.dispose());
    this.state$ = this.store.subject.pipe(distinctUntilChanged());
    this.totals$ = this.state$.pipe(
      map((s) => this.totalsOf(s)),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    );
    this.count$ = this.state$.pipe(map((s) => minicartCount(s.cartItems, deps.config)), distinctUntilChanged());
    this.subscription.add(this.store.tabs.messages$.subscribe((m) => {
      if (m.topic !== 'cart') return;
      this.store.markStale();
      // re-read once the other tab's command is over (the lock), then refresh the platform's totals for these lines
      void this.current()
        .then(() => (this.cartId && this.ctx.online() ? this.syncTotals() : undefined))
        .catch((e: unknown) => this.deps.logger.warn(`cart not re-read: ${String(e)}`, 'cart'));
    }));
  }

  snapshot(): CartState {
    return this.store.value;
  }
  hydrate(state: CartState): void {
    this.store.next(state);
  }
  get cartId(): string | undefined {
    return this.store.value.cartServerToken;
  }
  /** the totals to show: the platform's once synced, else offline totals (shipping counted once) */
  get totals(): TotalSegment[] {
    return this.totalsOf(this.store.value);
  }
  private totalsOf(s: CartState): TotalSegment[] {
    return cartTotals(s.platformTotals, s.cartItems, s.shipping, s.payment, this.deps.config, s.coupon);
  }
  get count(): number {
    return minicartCount(this.store.value.cartItems, this.deps.config);
  }

  /** the shopper's cart as stored: re-read first when another tab changed it (checkout places exactly this) */
  async current(): Promise<CartState> {
    await this.store.exclusive(async () => undefined);
    return this.store.value;
  }

  /** Restore the stored cart; then, online, connect or sync if the shopper has a cart (connectsAtStart). */
  async load(): Promise<void> {
    totalsTaxCountry(this.deps.config, this.deps.logger); // spec transactions §5: logged when no default tax country is set
    await this.store.restore();
    if (!this.watchingOnline) {
      this.watchingOnline = true;
      // a cart started offline connects (and pushes its items) when the network comes back
      this.subscription.add(this.deps.network.online$.pipe(skip(1)).subscribe((online) => {
        if (online) void this.onOnline();
      }));
    }
    if (this.ctx.online()) await this.onOnline();
  }

  /** Going online: connect a cart that has no token yet, else reload it from the server (connectsAtStart). */
  async onOnline(): Promise<void> {
    if (!this.ctx.serverSync() || !connectsAtStart(this.store.value, !!this.ctx.userToken())) return;
    const reconnect = this.cartId ? this.sync() : this.connect();
    await reconnect.catch((e: unknown) => this.deps.logger.warn(`cart sync on reconnect failed: ${String(e)}`, 'cart'));
  }

  /** spec transactions §4 "Sync need": a cart token, then a sync (cart-server-sync.ts connectNow). */
  connect(options: ConnectOptions = {}): Promise<void> {
    return this.store.exclusive(() => this.server.connectNow(options));
  }

  /** Pull the server cart, merge (spec §4 "Merge"), send the resulting updates and deletes, refresh totals. */
  sync(options: SyncOptions = {}): Promise<MergeResult | undefined> {
    return this.store.exclusive(() => this.server.syncNow(options, false));
  }

  /** spec transactions §4: totals sync (coalesced) */
  syncTotals(): Promise<void> {
    return this.platform.syncTotals();
  }

  /** spec transactions §4, §7: the server's shipping methods for an address ([] when not available) */
  serverShippingMethods(address: ShippingMethodsAddress): Promise<ServerShippingMethod[]> {
    return this.platform.serverShippingMethods(address);
  }

  /** spec transactions §7: POST shipping-information; the answer's totals become the cart's. False when not sent. */
  applyShippingInformation(addressInformation: AddressInformation): Promise<boolean> {
    return this.platform.applyShippingInformation(addressInformation);
  }

  /** Add a product (grouped: its children). spec transactions §4 "Adding". */
  addItem(product: Product, qty: unknown = 1): Promise<CartNotice[]> {
    return this.addItems([{ product, qty }]);
  }

  async addItems(entries: ReadonlyArray<{ product: Product; qty?: unknown }>): Promise<CartNotice[]> {
    // spec catalogue §4.2: a configurable parent with no option chosen is refused before any stock check or cart call
    const refusals: CartNotice[] = entries
      .filter((e) => needsConfiguration(e.product))
      .map((e) => ({ type: 'error', key: MESSAGES.noSuchConfiguration, sku: e.product.sku }));
    for (const n of refusals) this.ctx.notify(n);
    const rest = entries.filter((e) => !needsConfiguration(e.product));
    if (!rest.length) return refusals;
    const added = await this.changeLines(async () => {
      await this.store.set({ isAddingToCart: true });
      try {
        const candidates: AddCandidate[] = [];
        for (const e of rest) {
          for (const part of productToCartItems(e.product, e.qty ?? 1)) {
            const stock = this.deps.stockStatus ? await this.deps.stockStatus(part.product, part.item) : defaultStockStatus(part.product);
            candidates.push({ product: part.product, item: part.item, stock });
          }
        }
        const before = this.store.value.cartItems;
        const outcome = addToCart(before, candidates, this.deps.config);
        await this.store.set({ cartItems: outcome.items });
        if (outcome.changed.length) this.lineChangeSubject.next({ before, after: outcome.items });
        for (const n of outcome.notices) this.ctx.notify(n);
        await this.server.sendChanged(outcome.changed, before);
        return outcome.notices;
      } finally {
        await this.store.set({ isAddingToCart: false });
      }
    });
    return [...refusals, ...added];
  }

  /** A command that changes lines: run in turn (cart-store.ts), then send the queued writes, sync the totals once. */
  private async changeLines<T>(command: () => Promise<T>): Promise<T> {
    const result = await this.store.exclusive(command);
    await this.server.afterServerWrites();
    return result;
  }

  /**
   * spec transactions §4 "update", §5, §8: a quantity that is not a positive integer, or more than the stock can serve
   * (checked online when it goes up), is refused with a ShopError before anything changes. 'quantity updated' is said
   * once the server accepted it (at once when nothing is sent now).
   */
  updateQuantity(identity: string, qty: unknown): Promise<void> {
    return this.changeLines(async () => {
      const before = this.store.value.cartItems.find((i) => cartItemIdentity(i) === identity);
      if (!before) return;
      const asked = changeQuantity(before.qty, qty, undefined);
      if (!asked.ok) throw new ShopError(asked.key, asked.params);
      let limit: StockLimit;
      if (asked.qty > before.qty && this.deps.stockLimit && this.ctx.online()) {
        limit = await this.deps.stockLimit(before).catch((e: unknown) => {
          this.deps.logger.warn(`stock of ${before.sku} not checked: ${String(e)}`, 'cart');
          return undefined;
        });
      }
      const change = changeQuantity(before.qty, qty, limit);
      if (!change.ok) throw new ShopError(change.key, change.params);
      if (change.qty === before.qty) return;
      const lines = this.store.value.cartItems;
      const items = updateCartItemQty(lines, identity, change.qty);
      await this.store.set({ cartItems: items });
      this.lineChangeSubject.next({ before: lines, after: items });
      const line = items.find((i) => cartItemIdentity(i) === identity)!;
      const sendsNow = this.ctx.serverSync() && !!this.cartId && this.ctx.online();
      if (this.ctx.serverSync() && this.cartId) await this.server.queueUpdate(line, line.qty, before.qty, sendsNow);
      if (!sendsNow) this.ctx.notify({ type: 'success', key: MESSAGES.qtyUpdated, sku: line.sku });
    });
  }

  /** A placed order's lines back into the cart (restore.ts), sent like an add; answers the changed lines. */
  restoreOrderLines(lines: readonly OrderLine[]): Promise<CartItem[]> {
    return this.changeLines(async () => {
      const before = this.store.value.cartItems;
      const { items, changed } = restoreOrderLines(before, lines);
      if (changed.length === 0) return [];
      await this.store.set({ cartItems: items });
      await this.server.sendChanged(changed, before);
      return changed;
    });
  }

  /** spec transactions §4 "delete" */
  removeItem(identity: string): Promise<void> {
    return this.changeLines(async () => {
      const lines = this.store.value.cartItems;
      const line = lines.find((i) => cartItemIdentity(i) === identity);
      if (!line) return;
      const after = removeCartItem(lines, identity);
      await this.store.set({ cartItems: after });
      this.lineChangeSubject.next({ before: lines, after });
      if (this.ctx.serverSync() && this.cartId) await this.server.queueLineDelete(line, this.cartId);
    });
  }

  /** spec transactions §4 "Cart clear": empties items; optionally syncs (the deletes reach the server), disconnects. */
  clear(options: { sync?: boolean; disconnect?: boolean } = {}): Promise<void> {
    const { sync = true, disconnect = false } = options;
    return this.store.exclusive(async () => {
      const s = this.store.value;
      const cartId = s.cartServerToken;
      if (sync && this.ctx.serverSync() && cartId) {
        for (const line of s.cartItems) await this.server.queueLineDelete(line, cartId, disconnect);
      }
      const emptied = { cartItems: [], platformTotals: undefined, platformTotalSegments: undefined, itemsAfterPlatformTotals: {} };
      // disconnected: the server cart, its sync dates and its coupon are forgotten too
      const forgotten = { cartServerToken: undefined, cartItemsHash: '', cartServerLastSyncDate: 0, coupon: undefined };
      const rest = disconnect ? { ...forgotten, cartServerLastTotalsSyncDate: 0 } : { cartItemsHash: cartItemsHash([]) };
      await this.store.set({ ...emptied, ...rest });
    }).then(async () => {
      if (sync && this.ctx.online()) {
        await this.deps.queue.process();
        if (!disconnect) await this.platform.syncTotals();
      }
    });
  }

  /** After login: connect to the account cart and merge (guest + account summed once, nothing deleted). */
  async onUserLogin(token?: string): Promise<void> {
    if (token !== undefined) this.loginToken = token;
    const coupon = this.store.value.coupon;
    await this.store.exclusive(async () => {
      await this.store.set({ connectBypassCount: 0, serverSyncDisabled: false });
      await this.server.connectNow({ guestCart: false, mergeQtys: true, forceClientState: false });
    });
    // spec transactions §4 "Coupon": reapplied after login
    if (coupon && this.cartId) {
      const failed = (e: unknown) => this.deps.logger.warn(`coupon ${coupon.code} not reapplied: ${String(e)}`, 'cart');
      await this.applyCoupon(coupon.code).catch(failed);
    }
  }

  /** Logout: the cart is disconnected and cleared locally (the account cart stays on the server). */
  onUserLogout(): Promise<void> {
    this.loginToken = '';
    return this.clear({ sync: false, disconnect: true });
  }

  /** spec transactions §4 "Coupon" (cart-totals-sync.ts): true once applied, else ShopError 'cart.couponInvalid' */
  applyCoupon(code: string): Promise<boolean> {
    return this.platform.applyCoupon(code);
  }

  /** spec transactions §4 "Coupon": removed (on the server cart when online), then the totals are synced. */
  removeCoupon(): Promise<void> {
    return this.platform.removeCoupon();
  }

  /** spec transactions §4 "Stock sync result" */
  async applyStockResult(identity: string, inStock: boolean): Promise<void> {
    await this.store.exclusive(() => this.store.set({ cartItems: applyStockResult(this.store.value.cartItems, identity, inStock, this.deps.config) }));
  }

  /** checkout's chosen methods (totals then come from collect-totals) */
  async setShippingMethod(method: CartShippingMethod | undefined): Promise<void> {
    await this.store.set({ shipping: method });
  }
  async setPaymentMethod(method: CartPaymentMethod | undefined): Promise<void> {
    await this.store.set({ payment: method });
  }

  toggleMicrocart(open?: boolean): void {
    void this.store.set({ isMicrocartOpen: open ?? !this.store.value.isMicrocartOpen });
  }

  /** spec transactions §4 "Cart edit mode": null → opened with product id, qty and options → changed → closed to null */
  openEditMode(mode: CartEditMode): void {
    void this.store.set({ editMode: { ...mode, options: { ...mode.options } } });
  }
  updateEditMode(patch: Partial<Pick<CartEditMode, 'qty' | 'options'>>): void {
    const m = this.store.value.editMode;
    if (!m) return;
    void this.store.set({ editMode: { ...m, ...patch, options: { ...m.options, ...(patch.options ?? {}) } } });
  }
  closeEditMode(): void {
    void this.store.set({ editMode: null });
  }

  dispose(): void {
    this.subscription.unsubscribe();
  }
}
