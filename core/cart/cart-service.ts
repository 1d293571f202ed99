/**
 * The cart service (spec transactions §3 "Cart state", §4 cart transitions, §8 cart texts).
 *
 * State lives in a BehaviorSubject; items, server token and hash are written to Storage (collection 'carts') after every
 * change and restored by load(). Reads from the server (create, pull, totals, coupons) go straight through the CartApi
 * (through the token lock when a user token is used); item writes (update, delete) go through the offline task queue, so
 * they survive going offline and reloads and are applied once (Idempotency-Key).
 *
 * Failures of vue-storefront 1.12 this design avoids (each has a test in cart-service.test.ts):
 * #2898 a sync waits until the queued deletes were sent before pulling; #4690 commands are serialised and totals syncs
 * coalesced; #2592 an invalid cart token is replaced; #4062 clear sends the deletes; #3994 a cart started offline
 * connects when back online; #5007 totals are refreshed after every merge; #4205 a login merge never duplicates lines.
 */
import { BehaviorSubject, Subject, distinctUntilChanged, map, skip, type Observable, type Subscription } from 'rxjs';
import type { Product } from '../catalogue/types';
import type { ShopConfig } from '../config';
import { MESSAGES, ShopError } from '../messages';
import { isApiError, isNetworkError } from '../ports/api-error';
import type { AddressInformation, CartApi, CartItemPayload, ServerShippingMethod, ShippingMethodsAddress } from '../ports/cart-api';
import type { Clock } from '../ports/clock';
import type { Logger } from '../ports/logger';
import type { Network } from '../ports/network';
import { STORAGE_COLLECTIONS, type Storage } from '../ports/storage';
import type { OfflineTaskQueue, SyncTask, TaskOutcome } from '../queue/types';
import type { TokenLock } from '../user/token-lock';
import { TAB_LOCKS, type CrossTab, type TabLocks } from '../ports/cross-tab';
import { InProcessLocks, NoOtherTabs } from '../tabs/single-tab';
import { addToCart, needsConfiguration, productToCartItems, removeCartItem, updateCartItemQty, type AddCandidate, type CartNotice, type StockStatus } from './add';
import { cartItemsHash, cartNeedsSync } from './hash';
import { cartItemIdentity } from './identity';
import { mergeCartItems, type MergeResult } from './merge';
import { minicartCount } from './minicart';
import { changeQuantity, type StockLimit } from './quantity';
import { restoreOrderLines, type OrderLine } from './restore';
import { applyStockResult, revertFailedServerUpdate } from './server-results';
import { knownServerMessage } from '../server-messages';
import { cartTotals } from './totals';
import { connectsAtStart } from './cart-start';
import { totalsTaxCountry } from './tax-country';
import {
  EMPTY_CART_STATE,
  type CartEditMode,
  type CartItem,
  type CartPaymentMethod,
  type CartShippingMethod,
  type CartState,
  type PlatformTotals,
  type ServerCartItem,
  type TotalSegment,
} from './types';

export const CART_STORAGE_KEYS = { items: 'current-cart', token: 'current-cart-token', hash: 'current-cart-hash', coupon: 'current-cart-coupon' } as const;
export const CART_TASK_EVENTS = { update: 'cart/serverUpdateItem', delete: 'cart/serverDeleteItem' } as const;

const UPDATE_URL = '/api/cart/update?token={{token}}&cartId={{cartId}}';
const DELETE_URL = '/api/cart/delete?token={{token}}&cartId={{cartId}}';

interface TaskMeta {
  identity: string;
  prev_qty?: number;
  cartId?: string;
  /** a quantity change the shopper made: 'quantity updated' is said once the server accepted it */
  announce?: boolean;
}

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
  /** stock status of a line about to be added (stock check); default: from product.stock */
  stockStatus?: (product: Product, item: CartItem) => Promise<StockStatus>;
  /** how many of a line's sku the stock can serve (undefined: not managed, unknown, offline); default: no check */
  stockLimit?: (item: CartItem) => Promise<StockLimit>;
  /**
   * issue 11: one cart per browser. Commands run under TAB_LOCKS.cart and start from the stored cart when another tab
   * changed it; every stored change is announced to the other tabs, which re-read it (badge updates without reload).
   */
  crossTab?: CrossTab;
  locks?: TabLocks;
}

export interface ConnectOptions {
  guestCart?: boolean;
  forceClientState?: boolean;
  mergeQtys?: boolean;
}

export interface SyncOptions {
  forceClientState?: boolean;
  mergeQtys?: boolean;
  forceSync?: boolean;
}

function defaultStockStatus(product: Product): StockStatus {
  if (product.stock && product.stock.is_in_stock === false) return 'out_of_stock';
  if (product.stock && product.stock.manage_stock === false) return 'volatile';
  return 'ok';
}

/**
 * spec transactions §3 "Coupon: code, discount": the coupon the platform's totals say is applied. Totals naming a code
 * make it the cart's coupon (a reload, another tab, a login merge: the server is the truth); totals with neither a code
 * nor a discount mean none is applied; otherwise the known coupon stays with the discount the totals give.
 */
export function couponFromTotals(known: CartState['coupon'], totals: PlatformTotals, discount: number): CartState['coupon'] {
  const code = typeof totals.coupon_code === 'string' ? totals.coupon_code.trim() : '';
  if (code) return { code, discount: Math.abs(discount) };
  if (!known) return undefined;
  if (discount === 0 && 'coupon_code' in totals) return undefined;
  return { ...known, discount: Math.abs(discount) };
}

export class CartService {
  private readonly state = new BehaviorSubject<CartState>(EMPTY_CART_STATE);
  readonly state$: Observable<CartState> = this.state.pipe(distinctUntilChanged());
  private readonly noticeSubject = new Subject<CartNotice>();
  /** success / warning / error notices for the notification service */
  readonly notices$: Observable<CartNotice> = this.noticeSubject.asObservable();
  readonly totals$: Observable<TotalSegment[]>;
  readonly count$: Observable<number>;
  private lock: Promise<unknown> = Promise.resolve();
  private totalsRun: Promise<void> | null = null;
  private totalsAgain = false;
  private readonly subscriptions: Array<() => void> = [];
  private onlineSubscription: Subscription | undefined;
  private readonly tabs: CrossTab;
  private readonly locks: TabLocks;
  /** another tab changed the stored cart since this tab last read it */
  private stale = false;
  /** other tabs may exist: every command starts from the stored cart (a message may arrive after the lock does) */
  private readonly multiTab: boolean;

  constructor(private readonly deps: CartServiceDeps) {
    this.tabs = deps.crossTab ?? new NoOtherTabs();
    this.locks = deps.locks ?? new InProcessLocks();
    this.multiTab = deps.crossTab !== undefined && !(deps.crossTab instanceof NoOtherTabs);
    this.totals$ = this.state$.pipe(
      map((s) => cartTotals(s.platformTotals, s.cartItems, s.shipping, s.payment, deps.config, s.coupon)),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    );
    this.count$ = this.state$.pipe(
      map((s) => minicartCount(s.cartItems, deps.config)),
      distinctUntilChanged(),
    );
    const offUpdate = deps.queue.on(CART_TASK_EVENTS.update, (task, outcome) => this.onServerUpdate(task, outcome));
    const offDelete = deps.queue.on(CART_TASK_EVENTS.delete, (task, outcome) => this.onServerDelete(task, outcome));
    this.subscriptions.push(offUpdate, offDelete);
    const tabSub = this.tabs.messages$.subscribe((m) => {
      if (m.topic !== 'cart') return;
      this.stale = true;
      // re-read once the other tab's command is over (the lock), then refresh the platform's totals for these lines
      void this.exclusive(async () => undefined)
        .then(() => (this.state.value.cartServerToken && this.online ? this.syncTotals() : undefined))
        .catch((e: unknown) => this.deps.logger.warn(`cart not re-read: ${String(e)}`, 'cart'));
    });
    this.subscriptions.push(() => tabSub.unsubscribe());
  }

  // ---------------------------------------------------------------- reading

  snapshot(): CartState {
    return this.state.value;
  }
  hydrate(state: CartState): void {
    this.state.next(state);
  }
  get cartId(): string | undefined {
    return this.state.value.cartServerToken;
  }
  /** the totals to show: the platform's once synced, else offline totals (shipping counted once) */
  get totals(): TotalSegment[] {
    const s = this.state.value;
    return cartTotals(s.platformTotals, s.cartItems, s.shipping, s.payment, this.deps.config, s.coupon);
  }
  get count(): number {
    return minicartCount(this.state.value.cartItems, this.deps.config);
  }

  private get serverSync(): boolean {
    return this.deps.config.cart.serverSync && !this.state.value.serverSyncDisabled;
  }
  private get online(): boolean {
    return this.deps.network.isOnline();
  }

  // ---------------------------------------------------------------- plumbing

  /** run commands one after another (#4690), and one tab of the browser at a time, on the stored cart (issue 11) */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const locked = () =>
      this.locks.exclusive(TAB_LOCKS.cart, async () => {
        // issue 10: a command before load() (the browser restores the cart after first paint) starts from the
        // stored cart too, so neither the command nor the restore undoes the other
        if (this.stale || !this.state.value.loaded || (this.multiTab && this.state.value.loaded)) await this.reloadStored();
        return fn();
      });
    const run = this.lock.then(locked, locked);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /** Items, token and hash as stored (another tab changed them); what lives only in this tab's memory stays. */
  private async reloadStored(): Promise<void> {
    this.stale = false;
    const { storage } = this.deps;
    const c = STORAGE_COLLECTIONS.cart;
    const [items, token, hash] = await Promise.all([
      storage.get<CartItem[]>(c, CART_STORAGE_KEYS.items),
      storage.get<string>(c, CART_STORAGE_KEYS.token),
      storage.get<string>(c, CART_STORAGE_KEYS.hash),
    ]);
    const s = this.state.value;
    const cartServerToken = typeof token === 'string' && token ? token : undefined;
    const patch: Partial<CartState> = {
      cartItems: Array.isArray(items) ? items : [],
      cartServerToken,
      cartItemsHash: typeof hash === 'string' ? hash : '',
    };
    // another cart (ordered, logged out): its totals and coupon are not this one's
    if (cartServerToken !== s.cartServerToken) Object.assign(patch, { platformTotals: undefined, platformTotalSegments: undefined, itemsAfterPlatformTotals: {}, coupon: undefined });
    this.state.next({ ...s, ...patch });
  }

  /** the shopper's cart as stored: re-read first when another tab changed it (checkout places exactly this) */
  async current(): Promise<CartState> {
    await this.exclusive(async () => undefined);
    return this.state.value;
  }

  private async set(patch: Partial<CartState>): Promise<void> {
    const before = this.state.value;
    const next = { ...before, ...patch };
    this.state.next(next);
    const { storage } = this.deps;
    const c = STORAGE_COLLECTIONS.cart;
    try {
      if (next.cartItems !== before.cartItems) await storage.set(c, CART_STORAGE_KEYS.items, next.cartItems);
      if (next.cartServerToken !== before.cartServerToken) {
        if (next.cartServerToken === undefined) await storage.remove(c, CART_STORAGE_KEYS.token);
        else await storage.set(c, CART_STORAGE_KEYS.token, next.cartServerToken);
      }
      if (next.cartItemsHash !== before.cartItemsHash) await storage.set(c, CART_STORAGE_KEYS.hash, next.cartItemsHash);
      // the applied coupon survives a reload (its 'remove' control with it)
      if (next.coupon !== before.coupon) {
        if (next.coupon === undefined) await storage.remove(c, CART_STORAGE_KEYS.coupon);
        else await storage.set(c, CART_STORAGE_KEYS.coupon, next.coupon);
      }
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

  private notify(n: CartNotice): void {
    this.noticeSubject.next(n);
  }

  /** the token handed to onUserLogin, used while the session has not stored it yet */
  private loginToken = '';

  private userToken(): string {
    return this.deps.getUserToken() || this.loginToken;
  }

  /** a direct API call with the user token, through the token lock when there is one */
  private withToken<T>(fn: (token: string) => Promise<T>, guest = false): Promise<T> {
    if (guest) return fn('');
    if (this.deps.tokenLock && this.userToken()) return this.deps.tokenLock.run(fn);
    return fn(this.userToken());
  }

  private payload(item: CartItem, qty: number | undefined, cartId = '{{cartId}}'): CartItemPayload {
    const p: CartItemPayload = { sku: item.sku, quoteId: cartId };
    if (qty !== undefined) p.qty = qty;
    if (item.server_item_id !== undefined && item.server_cart_id === this.cartId) p.item_id = item.server_item_id;
    if (item.product_option !== undefined) p.product_option = item.product_option;
    return p;
  }

  private async queueUpdate(item: CartItem, qty: number, prevQty: number | undefined, announce = false): Promise<void> {
    const meta: TaskMeta = { identity: cartItemIdentity(item) };
    if (announce) meta.announce = true;
    if (prevQty !== undefined) meta.prev_qty = prevQty;
    if (this.cartId !== undefined) meta.cartId = this.cartId;
    await this.deps.queue.queue({
      url: UPDATE_URL,
      payload: { method: 'POST', body: { cartItem: this.payload(item, qty) } },
      callback_event: CART_TASK_EVENTS.update,
      meta,
    });
  }

  private async queueDelete(item: { sku: string; item_id: number | string; product_option?: CartItem['product_option'] }, cartId?: string): Promise<void> {
    const cartItem: CartItemPayload = { sku: item.sku, item_id: item.item_id, quoteId: cartId ?? '{{cartId}}' };
    const url = cartId ? DELETE_URL.replace('{{cartId}}', encodeURIComponent(cartId)) : DELETE_URL;
    await this.deps.queue.queue({
      url,
      payload: { method: 'POST', body: { cartItem } },
      callback_event: CART_TASK_EVENTS.delete,
      meta: { identity: cartItemIdentity(item), cartId: cartId ?? this.cartId },
    });
  }

  /** after item writes: send the queue, then one totals sync for the whole burst (#4690, #5007) */
  private async afterServerWrites(): Promise<void> {
    if (!this.online || !this.cartId) return;
    await this.deps.queue.process();
    // every write answered: the server holds these lines (a failed one was reverted locally)
    if (this.deps.queue.pending() === 0) await this.set({ cartItemsHash: cartItemsHash(this.state.value.cartItems), cartServerLastSyncDate: this.deps.clock.now() });
    await this.syncTotals();
  }

  private onServerUpdate(task: SyncTask, outcome: TaskOutcome): void {
    const meta = task.meta as TaskMeta | undefined;
    if (!meta) return;
    const items = this.state.value.cartItems;
    if (outcome.ok) {
      const server = outcome.response.result as ServerCartItem | undefined;
      const line = items.find((i) => cartItemIdentity(i) === meta.identity);
      if (meta.announce && line) this.notify({ type: 'success', key: MESSAGES.qtyUpdated, sku: line.sku });
      if (!server || server.item_id === undefined) return;
      if (!line) {
        // removed locally while its update was on the way: the server now holds a line the client dropped
        if (meta.cartId && meta.cartId === this.cartId) void this.queueDelete({ sku: server.sku, item_id: server.item_id, product_option: server.product_option }, meta.cartId);
        return;
      }
      const patched: CartItem = { ...line, server_item_id: server.item_id, item_id: server.item_id };
      if (meta.cartId !== undefined) {
        patched.server_cart_id = meta.cartId;
        patched.quote_id = meta.cartId;
      }
      delete patched.prev_qty;
      void this.set({ cartItems: items.map((i) => (i === line ? patched : i)) });
      return;
    }
    // spec transactions §4 "Server item update failing"
    const error = outcome.error;
    if (error instanceof ShopError && error.key === MESSAGES.noCartId) return; // the cart is re-created and re-synced
    this.deps.logger.warn(`cart update of ${task.url} failed: ${error.message}`, 'cart');
    const next = revertFailedServerUpdate(items, meta.identity, meta.prev_qty);
    void this.set({ cartItems: next });
    if (!task.silent) {
      // the server's answer as the shopper's message (core/server-messages.ts); a bare 400 is the platform's qty refusal
      const message = isApiError(error) ? String(error.result) : error.message;
      const known = isApiError(error) ? knownServerMessage(message, error.status) : undefined;
      if (known) this.notify({ type: 'error', key: known.key, params: known.params });
      else this.notify({ type: 'error', key: isApiError(error) && error.status === 400 ? MESSAGES.qtyExceedsMax : MESSAGES.serverError, params: { message } });
    }
  }

  private onServerDelete(task: SyncTask, outcome: TaskOutcome): void {
    if (!outcome.ok) this.deps.logger.info(`cart delete of ${task.url} failed: ${outcome.error.message}`, 'cart');
  }

  // ---------------------------------------------------------------- commands

  /** Restore items, token and hash from Storage; then connect or sync when online, if the shopper has a cart (connectsAtStart). */
  async load(): Promise<void> {
    const { storage } = this.deps;
    totalsTaxCountry(this.deps.config, this.deps.logger); // spec transactions §5: logged when no default tax country is set
    const c = STORAGE_COLLECTIONS.cart;
    // in turn with the cart's commands: one that ran before the restore (issue 10) wrote its result to storage first
    await this.exclusive(async () => {
      const [items, token, hash, coupon] = await Promise.all([
        storage.get<CartItem[]>(c, CART_STORAGE_KEYS.items),
        storage.get<string>(c, CART_STORAGE_KEYS.token),
        storage.get<string>(c, CART_STORAGE_KEYS.hash),
        storage.get<{ code?: unknown; discount?: unknown }>(c, CART_STORAGE_KEYS.coupon),
      ]);
      this.state.next({
        ...this.state.value,
        cartItems: Array.isArray(items) ? items : [],
        cartServerToken: typeof token === 'string' && token ? token : undefined,
        cartItemsHash: typeof hash === 'string' ? hash : '',
        coupon: coupon && typeof coupon.code === 'string' && coupon.code ? { code: coupon.code, discount: typeof coupon.discount === 'number' ? coupon.discount : 0 } : undefined,
        loaded: true,
      });
    });
    if (!this.onlineSubscription) {
      // #3994: a cart started offline connects (and pushes its items) when the network comes back
      this.onlineSubscription = this.deps.network.online$.pipe(skip(1)).subscribe((online) => {
        if (online) void this.onOnline();
      });
    }
    if (this.online) await this.onOnline();
  }

  /** Going online: connect a cart that has no token yet, else reload it from the server (a shopper with a cart: connectsAtStart). */
  async onOnline(): Promise<void> {
    if (!this.serverSync || !connectsAtStart(this.state.value, !!this.userToken())) return;
    try {
      if (!this.cartId) await this.connect();
      else await this.sync();
    } catch (e) {
      this.deps.logger.warn(`cart sync on reconnect failed: ${String(e)}`, 'cart');
    }
  }

  /**
   * spec transactions §4 "Sync need": request a cart token; on 200 store it and sync; on 401 retry as a guest cart while
   * the bypass counter is below config.cart.connectBypassMax; otherwise cart sync is disabled.
   */
  connect(options: ConnectOptions = {}): Promise<void> {
    return this.exclusive(() => this.connectNow(options));
  }

  private async connectNow(options: ConnectOptions): Promise<void> {
    if (!this.serverSync || !this.online) return;
    let cartId: string;
    try {
      cartId = await this.withToken((t) => this.deps.api.create(t), !!options.guestCart);
    } catch (e) {
      if (isApiError(e) && e.status === 401) {
        const s = this.state.value;
        if (s.connectBypassCount < this.deps.config.cart.connectBypassMax) {
          await this.set({ connectBypassCount: s.connectBypassCount + 1 });
          return this.connectNow({ ...options, guestCart: true });
        }
        this.deps.logger.warn('cart connect unauthorized: cart sync disabled', 'cart');
        await this.set({ serverSyncDisabled: true });
        return;
      }
      if (isNetworkError(e)) return;
      throw e;
    }
    await this.set({ cartServerToken: cartId, cartServerLastSyncDate: 0 });
    await this.syncNow({ forceClientState: options.forceClientState, mergeQtys: options.mergeQtys, forceSync: true }, true);
  }

  /** Pull the server cart, merge (spec §4 "Merge"), send the resulting updates and deletes, refresh totals. */
  sync(options: SyncOptions = {}): Promise<MergeResult | undefined> {
    return this.exclusive(() => this.syncNow(options, false));
  }

  private async syncNow(options: SyncOptions, afterConnect: boolean): Promise<MergeResult | undefined> {
    if (!this.serverSync || !this.online) return undefined;
    const cartId = this.cartId;
    if (!cartId) {
      if (!afterConnect) await this.connectNow(options);
      return undefined;
    }
    if (!options.forceSync && !options.forceClientState && !options.mergeQtys && !cartNeedsSync(this.state.value)) {
      await this.syncTotals();
      return undefined;
    }
    // #2898: queued deletes and updates go first; a pull before them would bring removed items back
    await this.deps.queue.process();
    if (this.deps.queue.pending() > 0) return undefined;
    let serverItems: ServerCartItem[];
    try {
      serverItems = await this.withToken((t) => this.deps.api.pull(t, cartId));
    } catch (e) {
      if (isApiError(e) && (e.status === 404 || e.status === 401) && !afterConnect) {
        // #2592: the cart token is invalid: drop it and start a new cart (the client items are pushed to it)
        this.deps.logger.warn(`cart ${cartId} is invalid (${e.status}): creating a new one`, 'cart');
        await this.set({ cartServerToken: undefined, cartItemsHash: '', cartServerLastSyncDate: 0, platformTotals: undefined, platformTotalSegments: undefined });
        await this.connectNow({ forceClientState: options.forceClientState });
        return undefined;
      }
      if (isNetworkError(e) || isApiError(e)) {
        this.deps.logger.warn(`cart pull failed: ${e.message}`, 'cart');
        return undefined;
      }
      throw e;
    }
    const result = mergeCartItems(this.state.value.cartItems, serverItems, {
      forceClientState: !!options.forceClientState,
      serverMergeByDefault: this.deps.config.cart.serverMergeByDefault,
      mergeQtys: !!options.mergeQtys,
      // spec transactions §4 "Merge": the config flags (vue-storefront 1.12 serverSyncCanRemoveLocalItems / serverSyncCanModifyLocalItems)
      canRemoveLocalItems: this.deps.config.cart.serverSyncCanRemoveLocalItems ?? false,
      canModifyLocalItems: this.deps.config.cart.serverSyncCanModifyLocalItems ?? false,
      cartId,
    });
    await this.set({ cartItems: result.items, cartItemsHash: cartItemsHash(result.items), cartServerLastSyncDate: this.deps.clock.now() });
    for (const a of result.actions) {
      if (a.type === 'server-update') await this.queueUpdate(a.item, a.qty, a.serverItem?.qty ?? 0);
      else if (a.type === 'server-delete') await this.queueDelete({ sku: a.serverItem.sku, item_id: a.serverItem.item_id, product_option: a.serverItem.product_option });
    }
    await this.deps.queue.process();
    // the hash after the server answered (a failed update may have restored a line)
    await this.set({ cartItemsHash: cartItemsHash(this.state.value.cartItems) });
    await this.syncTotals(); // #5007
    return result;
  }

  /** spec transactions §4: totals sync (coalesced: one run at a time, one more if asked meanwhile) */
  syncTotals(): Promise<void> {
    if (this.totalsRun) {
      this.totalsAgain = true;
      return this.totalsRun;
    }
    this.totalsRun = (async () => {
      do {
        this.totalsAgain = false;
        await this.syncTotalsOnce();
      } while (this.totalsAgain);
    })().finally(() => {
      this.totalsRun = null;
    });
    return this.totalsRun;
  }

  private async syncTotalsOnce(): Promise<void> {
    const cartId = this.cartId;
    if (!this.serverSync || !this.deps.config.cart.synchronizeTotals || !this.online || !cartId) return;
    const s = this.state.value;
    try {
      const totals: PlatformTotals =
        s.shipping && s.payment
          ? await this.withToken((t) =>
              this.deps.api.collectTotals(t, cartId, {
                paymentMethod: { method: s.payment!.code },
                shippingCarrierCode: s.shipping!.carrier_code,
                shippingMethodCode: s.shipping!.method_code,
              }),
            )
          : await this.withToken((t) => this.deps.api.totals(t, cartId));
      await this.storeTotals(totals);
    } catch (e) {
      this.deps.logger.warn(`totals sync failed: ${String(e)}`, 'cart');
    }
  }

  /** Keep the platform's totals: segments, per-line row totals and discounts, the coupon's discount. */
  private async storeTotals(totals: PlatformTotals): Promise<void> {
    const after: CartState['itemsAfterPlatformTotals'] = {};
    for (const i of totals.items ?? []) {
      const entry: { row_total_incl_tax?: number; discount_amount?: number } = {};
      if (i.row_total_incl_tax !== undefined) entry.row_total_incl_tax = i.row_total_incl_tax;
      if (i.discount_amount !== undefined) entry.discount_amount = i.discount_amount;
      after[String(i.item_id)] = entry;
    }
    const items = this.state.value.cartItems.map((it) => {
      const t = it.server_item_id !== undefined ? after[String(it.server_item_id)] : undefined;
      return t ? { ...it, totals: t } : it;
    });
    const discount = totals.total_segments.find((x) => x.code === 'discount')?.value ?? totals.discount_amount ?? 0;
    const coupon = couponFromTotals(this.state.value.coupon, totals, discount);
    await this.set({
      platformTotals: totals,
      platformTotalSegments: totals.total_segments,
      itemsAfterPlatformTotals: after,
      cartItems: items,
      cartServerLastTotalsSyncDate: this.deps.clock.now(),
      coupon,
    });
  }

  /**
   * spec transactions §4, §7: the server's shipping methods for an address (POST /api/cart/shipping-methods). Answers []
   * when there is no server cart, cart sync is off, offline, or the call fails (logged): the configured methods remain.
   */
  async serverShippingMethods(address: ShippingMethodsAddress): Promise<ServerShippingMethod[]> {
    const cartId = this.cartId;
    if (!this.serverSync || !this.online || !cartId) return [];
    try {
      const methods = await this.withToken((t) => this.deps.api.shippingMethods(t, cartId, address));
      return Array.isArray(methods) ? methods : [];
    } catch (e) {
      this.deps.logger.warn(`shipping methods could not be loaded: ${String(e)}`, 'cart');
      return [];
    }
  }

  /**
   * spec transactions §7: POST /api/cart/shipping-information with the chosen address and method; the answer's totals
   * become the cart's totals (shipping included). False when not sent (no server cart, offline) or it failed (logged).
   */
  async applyShippingInformation(addressInformation: AddressInformation): Promise<boolean> {
    const cartId = this.cartId;
    if (!this.serverSync || !this.online || !cartId) return false;
    try {
      const answer = await this.withToken((t) => this.deps.api.shippingInformation(t, cartId, addressInformation));
      if (!answer || !answer.totals) return false;
      await this.storeTotals(answer.totals);
      return true;
    } catch (e) {
      this.deps.logger.warn(`shipping information not accepted: ${String(e)}`, 'cart');
      return false;
    }
  }

  /** Add a product (grouped: its children). spec transactions §4 "Adding". */
  addItem(product: Product, qty: unknown = 1): Promise<CartNotice[]> {
    return this.addItems([{ product, qty }]);
  }

  addItems(entries: ReadonlyArray<{ product: Product; qty?: unknown }>): Promise<CartNotice[]> {
    // spec catalogue §4.2 (issue 12): a configurable parent with no option chosen is refused before any call (no
    // stock check, no cart connect, no totals); addToCart's rule would refuse it too, after those calls
    const refusals: CartNotice[] = entries
      .filter((e) => needsConfiguration(e.product))
      .map((e) => ({ type: 'error', key: MESSAGES.noSuchConfiguration, sku: e.product.sku }));
    for (const n of refusals) this.notify(n);
    const rest = entries.filter((e) => !needsConfiguration(e.product));
    if (!rest.length) return Promise.resolve(refusals);
    return this.addCheckedItems(rest).then((notices) => [...refusals, ...notices]);
  }

  private addCheckedItems(entries: ReadonlyArray<{ product: Product; qty?: unknown }>): Promise<CartNotice[]> {
    return this.exclusive(async () => {
      await this.set({ isAddingToCart: true });
      try {
        const candidates: AddCandidate[] = [];
        for (const e of entries) {
          for (const part of productToCartItems(e.product, e.qty ?? 1)) {
            const stock = this.deps.stockStatus ? await this.deps.stockStatus(part.product, part.item) : defaultStockStatus(part.product);
            candidates.push({ product: part.product, item: part.item, stock });
          }
        }
        const before = this.state.value.cartItems;
        const outcome = addToCart(before, candidates, this.deps.config);
        await this.set({ cartItems: outcome.items });
        for (const n of outcome.notices) this.notify(n);
        if (this.serverSync) {
          if (this.cartId) {
            for (const line of outcome.changed) {
              const prev = before.find((b) => cartItemIdentity(b) === cartItemIdentity(line));
              await this.queueUpdate(prev ? { ...line, server_item_id: prev.server_item_id, server_cart_id: prev.server_cart_id } : line, line.qty, prev?.qty ?? 0);
            }
          } else if (this.online && outcome.changed.length > 0) {
            // a guest's new server cart is empty: the lines just added are the truth (no merge flag may drop them)
            await this.connectNow({ forceClientState: !this.userToken() });
          }
        }
        return outcome.notices;
      } finally {
        await this.set({ isAddingToCart: false });
      }
    }).then(async (notices) => {
      await this.afterServerWrites();
      return notices;
    });
  }

  /**
   * spec transactions §4 "update", §5 quantity rules, §8 'Only {maxQuantity} products of this type are available!'.
   * A quantity that is not a positive integer, or more than the stock can serve (checked when online and the quantity
   * goes up), is refused with a ShopError before anything changes: the line keeps its last valid quantity. Otherwise
   * the line changes; 'quantity updated' is said once the server accepted it (at once when nothing is sent now).
   */
  updateQuantity(identity: string, qty: unknown): Promise<void> {
    return this.exclusive(async () => {
      const before = this.state.value.cartItems.find((i) => cartItemIdentity(i) === identity);
      if (!before) return;
      const asked = changeQuantity(before.qty, qty, undefined);
      if (!asked.ok) throw new ShopError(asked.key, asked.params);
      let limit: StockLimit;
      if (asked.qty > before.qty && this.deps.stockLimit && this.online) {
        try {
          limit = await this.deps.stockLimit(before);
        } catch (e) {
          this.deps.logger.warn(`stock of ${before.sku} not checked: ${String(e)}`, 'cart');
        }
      }
      const change = changeQuantity(before.qty, qty, limit);
      if (!change.ok) throw new ShopError(change.key, change.params);
      if (change.qty === before.qty) return;
      const items = updateCartItemQty(this.state.value.cartItems, identity, change.qty);
      await this.set({ cartItems: items });
      const line = items.find((i) => cartItemIdentity(i) === identity)!;
      const sendsNow = this.serverSync && !!this.cartId && this.online;
      if (this.serverSync && this.cartId) await this.queueUpdate(line, line.qty, before.qty, sendsNow);
      if (!sendsNow) this.notify({ type: 'success', key: MESSAGES.qtyUpdated, sku: line.sku });
    }).then(() => this.afterServerWrites());
  }

  /**
   * Put a placed order's lines back into the cart (after a failed or cancelled payment; core/cart/restore.ts): lines of
   * the same identity add up, the others are appended; sent to the server cart like an add (or connect when there is
   * none yet). Answers the lines that changed.
   */
  restoreOrderLines(lines: readonly OrderLine[]): Promise<CartItem[]> {
    return this.exclusive(async () => {
      const before = this.state.value.cartItems;
      const { items, changed } = restoreOrderLines(before, lines);
      if (changed.length === 0) return [];
      await this.set({ cartItems: items });
      if (this.serverSync) {
        if (this.cartId) {
          for (const line of changed) {
            const prev = before.find((b) => cartItemIdentity(b) === cartItemIdentity(line));
            await this.queueUpdate(prev ? { ...line, server_item_id: prev.server_item_id, server_cart_id: prev.server_cart_id } : line, line.qty, prev?.qty ?? 0);
          }
        } else if (this.online) {
          await this.connectNow({ forceClientState: !this.userToken() });
        }
      }
      return changed;
    }).then(async (changed) => {
      await this.afterServerWrites();
      return changed;
    });
  }

  /** spec transactions §4 "delete" */
  removeItem(identity: string): Promise<void> {
    return this.exclusive(async () => {
      const line = this.state.value.cartItems.find((i) => cartItemIdentity(i) === identity);
      if (!line) return;
      await this.set({ cartItems: removeCartItem(this.state.value.cartItems, identity) });
      if (this.serverSync && this.cartId && line.server_item_id !== undefined && line.server_cart_id === this.cartId) {
        await this.queueDelete({ sku: line.sku, item_id: line.server_item_id, product_option: line.product_option });
      }
    }).then(() => this.afterServerWrites());
  }

  /**
   * spec transactions §4 "Cart clear": empties items, optionally syncs (the deletes reach the server, #4062), optionally
   * disconnects (drops the token). After an order: clear({ sync: false }).
   */
  clear(options: { sync?: boolean; disconnect?: boolean } = {}): Promise<void> {
    const { sync = true, disconnect = false } = options;
    return this.exclusive(async () => {
      const s = this.state.value;
      const cartId = s.cartServerToken;
      if (sync && this.serverSync && cartId) {
        for (const line of s.cartItems) {
          if (line.server_item_id !== undefined && line.server_cart_id === cartId) {
            await this.queueDelete({ sku: line.sku, item_id: line.server_item_id, product_option: line.product_option }, disconnect ? cartId : undefined);
          }
        }
      }
      const patch: Partial<CartState> = { cartItems: [], platformTotals: undefined, platformTotalSegments: undefined, itemsAfterPlatformTotals: {} };
      if (disconnect) {
        Object.assign(patch, { cartServerToken: undefined, cartItemsHash: '', cartServerLastSyncDate: 0, cartServerLastTotalsSyncDate: 0, coupon: undefined });
      } else {
        patch.cartItemsHash = cartItemsHash([]);
      }
      await this.set(patch);
    }).then(async () => {
      if (sync && this.online) {
        await this.deps.queue.process();
        if (!disconnect) await this.syncTotals();
      }
    });
  }

  /** After login: connect to the account cart and merge (guest + account summed once, nothing deleted: #3995, #5345). */
  async onUserLogin(token?: string): Promise<void> {
    if (token !== undefined) this.loginToken = token;
    const coupon = this.state.value.coupon;
    await this.exclusive(async () => {
      await this.set({ connectBypassCount: 0, serverSyncDisabled: false });
      await this.connectNow({ guestCart: false, mergeQtys: true, forceClientState: false });
    });
    // spec transactions §4 "Coupon": reapplied after login
    if (coupon && this.cartId) {
      try {
        await this.applyCoupon(coupon.code);
      } catch (e) {
        this.deps.logger.warn(`coupon ${coupon.code} not reapplied: ${String(e)}`, 'cart');
      }
    }
  }

  /** Logout: the cart is disconnected and cleared locally (the account cart stays on the server). */
  onUserLogout(): Promise<void> {
    this.loginToken = '';
    return this.clear({ sync: false, disconnect: true });
  }

  /** spec transactions §4 "Coupon": applying removes any previous one first; success triggers a totals sync. */
  applyCoupon(code: string): Promise<boolean> {
    return this.exclusive(async () => {
      const cartId = this.cartId;
      if (!cartId || !this.online) throw new ShopError(MESSAGES.couponInvalid);
      const previous = this.state.value.coupon;
      if (previous) {
        await this.withToken((t) => this.deps.api.deleteCoupon(t, cartId));
        await this.set({ coupon: undefined });
      }
      try {
        await this.withToken((t) => this.deps.api.applyCoupon(t, cartId, code));
      } catch (e) {
        if (isApiError(e) && e.status >= 400 && e.status < 500) throw new ShopError(MESSAGES.couponInvalid, {}, e.status);
        throw e;
      }
      await this.set({ coupon: { code, discount: 0 } });
      return true;
    }).then(async (ok) => {
      await this.syncTotals();
      return ok;
    });
  }

  removeCoupon(): Promise<void> {
    return this.exclusive(async () => {
      const cartId = this.cartId;
      if (cartId && this.online) await this.withToken((t) => this.deps.api.deleteCoupon(t, cartId));
      await this.set({ coupon: undefined });
    }).then(() => this.syncTotals());
  }

  /** spec transactions §4 "Stock sync result" */
  async applyStockResult(identity: string, inStock: boolean): Promise<void> {
    await this.exclusive(() => this.set({ cartItems: applyStockResult(this.state.value.cartItems, identity, inStock, this.deps.config) }));
  }

  /** checkout's chosen methods (totals then come from collect-totals) */
  async setShippingMethod(method: CartShippingMethod | undefined): Promise<void> {
    await this.set({ shipping: method });
  }
  async setPaymentMethod(method: CartPaymentMethod | undefined): Promise<void> {
    await this.set({ payment: method });
  }

  toggleMicrocart(open?: boolean): void {
    void this.set({ isMicrocartOpen: open ?? !this.state.value.isMicrocartOpen });
  }

  /** spec transactions §4 "Cart edit mode": null → opened with product id, qty and options → changed → closed to null */
  openEditMode(mode: CartEditMode): void {
    void this.set({ editMode: { ...mode, options: { ...mode.options } } });
  }
  updateEditMode(patch: Partial<Pick<CartEditMode, 'qty' | 'options'>>): void {
    const m = this.state.value.editMode;
    if (!m) return;
    void this.set({ editMode: { ...m, ...patch, options: { ...m.options, ...(patch.options ?? {}) } } });
  }
  closeEditMode(): void {
    void this.set({ editMode: null });
  }

  dispose(): void {
    for (const off of this.subscriptions) off();
    this.subscriptions.length = 0;
    this.onlineSubscription?.unsubscribe();
    this.onlineSubscription = undefined;
  }
}
