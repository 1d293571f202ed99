/**
 * The cart and the server cart (spec transactions §4 "Sync need", "Merge of client and server items", "Server item
 * update failing"): connect (a guest cart when the user token is refused), pull and merge; item writes go through the
 * offline task queue, so they survive going offline and reloads and are applied once.
 */
import { MESSAGES, ShopError } from '../messages';
import { isApiError, isNetworkError } from '../ports/api-error';
import type { CartItemPayload } from '../ports/cart-api';
import type { SyncTask, TaskOutcome } from '../queue/types';
import { knownServerMessage } from '../server-messages';
import type { CartContext } from './cart-store';
import { cartItemsHash, cartNeedsSync } from './hash';
import { cartItemIdentity } from './identity';
import { markServerLine, mergeCartItems, type MergeResult } from './merge';
import { revertFailedServerUpdate } from './server-results';
import type { CartItem, ServerCartItem } from './types';

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

export class CartServerSync {
  readonly dispose: () => void;

  constructor(
    private readonly ctx: CartContext,
    private readonly totals: { syncTotals(): Promise<void> },
  ) {
    const { queue, logger } = ctx.deps;
    const offUpdate = queue.on(CART_TASK_EVENTS.update, (task, outcome) => this.onServerUpdate(task, outcome));
    const offDelete = queue.on(CART_TASK_EVENTS.delete, (task, outcome) => {
      if (!outcome.ok) logger.info(`cart delete of ${task.url} failed: ${outcome.error.message}`, 'cart');
    });
    this.dispose = () => {
      offUpdate();
      offDelete();
    };
  }

  async queueUpdate(item: CartItem, qty: number, prevQty: number | undefined, announce = false): Promise<void> {
    const cartId = this.ctx.cartId();
    const meta: TaskMeta = { identity: cartItemIdentity(item), announce: announce || undefined, prev_qty: prevQty, cartId };
    // the server's item id only for a line of this server cart (another cart's id would address nothing)
    const item_id = item.server_cart_id === cartId ? item.server_item_id : undefined;
    const cartItem: CartItemPayload = { sku: item.sku, quoteId: '{{cartId}}', qty, item_id, product_option: item.product_option };
    await this.queueTask(UPDATE_URL, cartItem, CART_TASK_EVENTS.update, meta);
  }

  private async queueTask(url: string, cartItem: CartItemPayload, callback_event: string, meta: TaskMeta) {
    await this.ctx.deps.queue.queue({ url, payload: { method: 'POST', body: { cartItem } }, callback_event, meta });
  }

  /** Queue the delete of a line if it is on server cart `cartId`; `disconnecting`: the task names that cart. */
  async queueLineDelete(line: CartItem, cartId: string, disconnecting = false): Promise<void> {
    if (line.server_item_id === undefined || line.server_cart_id !== cartId) return;
    await this.queueDelete({ sku: line.sku, item_id: line.server_item_id, product_option: line.product_option }, disconnecting ? cartId : undefined);
  }

  async queueDelete(item: { sku: string; item_id: number | string; product_option?: CartItem['product_option'] }, cartId?: string): Promise<void> {
    const cartItem: CartItemPayload = { sku: item.sku, item_id: item.item_id, quoteId: cartId ?? '{{cartId}}' };
    const url = cartId ? DELETE_URL.replace('{{cartId}}', encodeURIComponent(cartId)) : DELETE_URL;
    const meta = { identity: cartItemIdentity(item), cartId: cartId ?? this.ctx.cartId() };
    await this.queueTask(url, cartItem, CART_TASK_EVENTS.delete, meta);
  }

  /**
   * Lines added or restored locally go to the server cart: an update per changed line when there is one (its server ids
   * kept from the line before), else a connect, which pushes them all.
   */
  async sendChanged(changed: readonly CartItem[], before: readonly CartItem[]): Promise<void> {
    if (!this.ctx.serverSync()) return;
    if (this.ctx.cartId()) {
      for (const line of changed) {
        const prev = before.find((b) => cartItemIdentity(b) === cartItemIdentity(line));
        await this.queueUpdate(prev ? { ...line, server_item_id: prev.server_item_id, server_cart_id: prev.server_cart_id } : line, line.qty, prev?.qty ?? 0);
      }
    } else if (this.ctx.online() && changed.length > 0) {
      // a guest's new server cart is empty: the lines just added are the truth (no merge flag may drop them)
      await this.connectNow({ forceClientState: !this.ctx.userToken() });
    }
  }

  /** after item writes: send the queue, then one totals sync for the whole burst */
  async afterServerWrites(): Promise<void> {
    const { ctx } = this;
    if (!ctx.online() || !ctx.cartId()) return;
    await ctx.deps.queue.process();
    // every write answered: the server holds these lines (a failed one was reverted locally)
    if (ctx.deps.queue.pending() === 0) await ctx.store.set({ cartItemsHash: cartItemsHash(ctx.store.value.cartItems), cartServerLastSyncDate: ctx.deps.clock.now() });
    await this.totals.syncTotals();
  }

  private onServerUpdate(task: SyncTask, outcome: TaskOutcome): void {
    const { ctx } = this;
    const meta = task.meta as TaskMeta | undefined;
    if (!meta) return;
    const items = ctx.store.value.cartItems;
    if (outcome.ok) {
      const server = outcome.response.result as ServerCartItem | undefined;
      const line = items.find((i) => cartItemIdentity(i) === meta.identity);
      if (meta.announce && line) ctx.notify({ type: 'success', key: MESSAGES.qtyUpdated, sku: line.sku });
      if (!server || server.item_id === undefined) return;
      if (!line) {
        // removed locally while its update was on the way: the server now holds a line the client dropped
        if (meta.cartId && meta.cartId === ctx.cartId()) void this.queueDelete(server, meta.cartId);
        return;
      }
      void ctx.store.set({ cartItems: items.map((i) => (i === line ? markServerLine(line, server, meta.cartId) : i)) });
      return;
    }
    // spec transactions §4 "Server item update failing"
    const error = outcome.error;
    if (error instanceof ShopError && error.key === MESSAGES.noCartId) return; // the cart is re-created and re-synced
    ctx.deps.logger.warn(`cart update of ${task.url} failed: ${error.message}`, 'cart');
    void ctx.store.set({ cartItems: revertFailedServerUpdate(items, meta.identity, meta.prev_qty) });
    if (!task.silent) {
      // the server's answer as the shopper's message (core/server-messages.ts); a bare 400 is the platform's qty refusal
      const message = isApiError(error) ? String(error.result) : error.message;
      const known = isApiError(error) ? knownServerMessage(message, error.status) : undefined;
      if (known) ctx.notify({ type: 'error', key: known.key, params: known.params });
      else ctx.notify({ type: 'error', key: isApiError(error) && error.status === 400 ? MESSAGES.qtyExceedsMax : MESSAGES.serverError, params: { message } });
    }
  }

  /**
   * spec transactions §4 "Sync need": request a cart token; on 200 store it and sync; on 401 retry as a guest cart while
   * the bypass counter is below config.cart.connectBypassMax; otherwise cart sync is disabled.
   */
  async connectNow(options: ConnectOptions): Promise<void> {
    const { ctx } = this;
    if (!ctx.serverSync() || !ctx.online()) return;
    let cartId: string;
    try {
      cartId = await ctx.withToken((t) => ctx.deps.api.create(t), !!options.guestCart);
    } catch (e) {
      if (isApiError(e) && e.status === 401) {
        const s = ctx.store.value;
        if (s.connectBypassCount < ctx.deps.config.cart.connectBypassMax) {
          await ctx.store.set({ connectBypassCount: s.connectBypassCount + 1 });
          return this.connectNow({ ...options, guestCart: true });
        }
        ctx.deps.logger.warn('cart connect unauthorized: cart sync disabled', 'cart');
        await ctx.store.set({ serverSyncDisabled: true });
        return;
      }
      if (isNetworkError(e)) return;
      throw e;
    }
    await ctx.store.set({ cartServerToken: cartId, cartServerLastSyncDate: 0 });
    await this.syncNow({ forceClientState: options.forceClientState, mergeQtys: options.mergeQtys, forceSync: true }, true);
  }

  /** Pull the server cart, merge (spec §4 "Merge"), send the resulting updates and deletes, refresh totals. */
  async syncNow(options: SyncOptions, afterConnect: boolean): Promise<MergeResult | undefined> {
    const { ctx } = this;
    const { deps, store } = ctx;
    if (!ctx.serverSync() || !ctx.online()) return undefined;
    const cartId = ctx.cartId();
    if (!cartId) {
      if (!afterConnect) await this.connectNow(options);
      return undefined;
    }
    if (!options.forceSync && !options.forceClientState && !options.mergeQtys && !cartNeedsSync(store.value)) {
      await this.totals.syncTotals();
      return undefined;
    }
    // queued deletes and updates go first; a pull before them would bring removed items back
    await deps.queue.process();
    if (deps.queue.pending() > 0) return undefined;
    let serverItems: ServerCartItem[];
    try {
      serverItems = await ctx.withToken((t) => deps.api.pull(t, cartId));
    } catch (e) {
      if (isApiError(e) && (e.status === 404 || e.status === 401) && !afterConnect) {
        // the cart token is invalid: drop it and start a new cart (the client items are pushed to it)
        deps.logger.warn(`cart ${cartId} is invalid (${e.status}): creating a new one`, 'cart');
        await store.set({ cartServerToken: undefined, cartItemsHash: '', cartServerLastSyncDate: 0, platformTotals: undefined, platformTotalSegments: undefined });
        await this.connectNow({ forceClientState: options.forceClientState });
        return undefined;
      }
      if (isNetworkError(e) || isApiError(e)) {
        deps.logger.warn(`cart pull failed: ${e.message}`, 'cart');
        return undefined;
      }
      throw e;
    }
    const result = mergeCartItems(store.value.cartItems, serverItems, {
      forceClientState: !!options.forceClientState,
      serverMergeByDefault: deps.config.cart.serverMergeByDefault,
      mergeQtys: !!options.mergeQtys,
      canRemoveLocalItems: deps.config.cart.serverSyncCanRemoveLocalItems ?? false,
      canModifyLocalItems: deps.config.cart.serverSyncCanModifyLocalItems ?? false,
      cartId,
    });
    await store.set({ cartItems: result.items, cartItemsHash: cartItemsHash(result.items), cartServerLastSyncDate: deps.clock.now() });
    for (const a of result.actions) {
      if (a.type === 'server-update') await this.queueUpdate(a.item, a.qty, a.serverItem?.qty ?? 0);
      else if (a.type === 'server-delete') await this.queueDelete(a.serverItem);
    }
    await deps.queue.process();
    // the hash after the server answered (a failed update may have restored a line)
    await store.set({ cartItemsHash: cartItemsHash(store.value.cartItems) });
    await this.totals.syncTotals();
    return result;
  }
}
