/**
 * An in-memory cart backend for CartService tests: the direct CartApi calls and the queued task calls (TaskTransport)
 * reach the same carts. Totals are a plain sum (no core rule, no shipping); Idempotency-Key is honoured.
 */
import { ApiError, NetworkError } from '../../core/ports/api-error';
import type { CartApi, CartItemPayload } from '../../core/ports/cart-api';
import type { TaskTransport, TransportRequest, TransportResponse } from '../../core/ports/task-transport';
import type { PlatformTotals, ServerCartItem } from '../../core/cart/types';
import { FakeCartServer } from './cart-fake-server';

export class FakeCartBackend implements TaskTransport {
  readonly carts = new Map<string, FakeCartServer>();
  readonly coupons = new Map<string, string>();
  readonly log: string[] = [];
  online = true;
  /** tokens accepted as users, with their account cart id */
  readonly users = new Map<string, string>();
  /** when true, every create answers 401 (guest too) */
  rejectAllCreates = false;
  /** when set, update answers this status for the sku */
  readonly failingSkus = new Map<string, number>();
  readonly validCoupons = new Set(['WELKOM10']);
  private guestN = 0;
  private readonly seen = new Map<string, TransportResponse>();

  cart(id: string): FakeCartServer {
    const c = this.carts.get(id);
    if (!c) throw new ApiError(404, 'No such entity with cartId', `/api/cart?cartId=${id}`);
    return c;
  }

  /** a call reaches the backend: refused while offline, else logged */
  private enter(line: string): void {
    if (!this.online) throw new NetworkError();
    this.log.push(line);
  }

  readonly api: CartApi = {
    create: async (token) => {
      this.enter(`create ${token || 'guest'}`);
      if (this.rejectAllCreates || (token && !this.users.has(token))) throw new ApiError(401, 'unauthorized');
      if (token) {
        const id = this.users.get(token)!;
        if (!this.carts.has(id)) this.carts.set(id, new FakeCartServer(id));
        return id;
      }
      const id = `guest-${++this.guestN}`;
      this.carts.set(id, new FakeCartServer(id));
      return id;
    },
    pull: async (_token, cartId) => {
      this.enter(`pull ${cartId}`);
      return this.cart(cartId).pull();
    },
    update: async (_t, cartId, cartItem) => this.doUpdate(cartId, cartItem),
    delete: async (_t, cartId, cartItem) => this.doDelete(cartId, cartItem),
    totals: async (_t, cartId) => {
      this.enter(`totals ${cartId}`);
      return this.totalsOf(cartId);
    },
    paymentMethods: async () => [{ code: 'checkmo', title: 'Check' }],
    shippingMethods: async () => [],
    shippingInformation: async (_t, cartId) => ({ payment_methods: [], totals: this.totalsOf(cartId) }),
    collectTotals: async (_t, cartId) => this.totalsOf(cartId),
    applyCoupon: async (_t, cartId, coupon) => {
      this.enter(`apply-coupon ${coupon}`);
      this.cart(cartId);
      if (!this.validCoupons.has(coupon)) throw new ApiError(400, "The coupon code isn't valid. Verify the code and try again.");
      if (this.coupons.has(cartId)) throw new ApiError(400, 'a coupon is already applied');
      this.coupons.set(cartId, coupon);
      return true;
    },
    deleteCoupon: async (_t, cartId) => {
      this.enter('delete-coupon');
      this.coupons.delete(cartId);
      return true;
    },
  };

  private doUpdate(cartId: string, cartItem: CartItemPayload): ServerCartItem {
    const id = cartItem.item_id !== undefined ? ` #${cartItem.item_id}` : '';
    this.enter(`update ${cartItem.sku} ${cartItem.qty}${id}`);
    const status = this.failingSkus.get(cartItem.sku);
    if (status) throw new ApiError(status, 'The requested qty exceeds the maximum qty allowed in shopping cart');
    try {
      return this.cart(cartId).update(cartItem);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw new ApiError(404, String(e));
    }
  }

  private doDelete(cartId: string, cartItem: CartItemPayload): boolean {
    this.enter(`delete ${cartItem.sku} #${cartItem.item_id}`);
    return this.cart(cartId).delete({ sku: cartItem.sku, item_id: cartItem.item_id });
  }

  totalsOf(cartId: string): PlatformTotals {
    const items = this.cart(cartId).pull();
    const subtotal = Math.round(items.reduce((s, i) => s + (i.price ?? 10) * i.qty, 0) * 100) / 100;
    const discount = this.coupons.has(cartId) ? -Math.round(subtotal * 10) / 100 : 0;
    const segments = [{ code: 'subtotal', title: 'Subtotal', value: subtotal }];
    if (discount) segments.push({ code: 'discount', title: 'Discount', value: discount });
    segments.push({ code: 'grand_total', title: 'Grand Total', value: subtotal + discount });
    return {
      grand_total: subtotal + discount,
      subtotal_incl_tax: subtotal,
      items: items.map((i) => ({ item_id: i.item_id, sku: i.sku, qty: i.qty, row_total_incl_tax: (i.price ?? 10) * i.qty })),
      total_segments: segments,
    };
  }

  /** TaskTransport: the queued calls */
  async send(req: TransportRequest): Promise<TransportResponse> {
    if (!this.online) throw new NetworkError();
    const key = req.headers['Idempotency-Key'];
    if (key && this.seen.has(key)) return this.seen.get(key)!;
    const url = new URL(req.url, 'http://fake');
    const cartId = url.searchParams.get('cartId') ?? '';
    const body = req.body as { cartItem: CartItemPayload };
    try {
      const result = url.pathname === '/api/cart/update' ? this.doUpdate(cartId, body.cartItem) : this.doDelete(cartId, body.cartItem);
      const res: TransportResponse = { status: 200, contentType: 'application/json', body: { code: 200, result } };
      if (key) this.seen.set(key, res);
      return res;
    } catch (e) {
      if (e instanceof NetworkError) throw e;
      const status = e instanceof ApiError ? e.status : 500;
      const result = e instanceof ApiError ? e.result : String(e);
      return { status, contentType: 'application/json', body: { code: status, result } };
    }
  }

  /** count of log lines starting with the prefix */
  count(prefix: string): number {
    return this.log.filter((l) => l.startsWith(prefix)).length;
  }
}
