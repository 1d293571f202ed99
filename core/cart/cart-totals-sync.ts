/** The platform's totals and the coupon (spec transactions §3, §4 "Coupon", totals sync, §7). */
import { coalesce } from '../coalesce';
import { MESSAGES, ShopError } from '../messages';
import { isApiError } from '../ports/api-error';
import type { AddressInformation, ServerShippingMethod, ShippingMethodsAddress } from '../ports/cart-api';
import type { CartContext } from './cart-store';
import type { CartState, PlatformTotals } from './types';

/** spec §3 "Coupon": the totals' code wins; no code and no discount is none; else the known one, totals' discount. */
function couponFromTotals(known: CartState['coupon'], totals: PlatformTotals, discount: number): CartState['coupon'] {
  const code = typeof totals.coupon_code === 'string' ? totals.coupon_code.trim() : '';
  if (code) return { code, discount: Math.abs(discount) };
  if (!known) return undefined;
  if (discount === 0 && 'coupon_code' in totals) return undefined;
  return { ...known, discount: Math.abs(discount) };
}

export class CartTotalsSync {
  constructor(private readonly ctx: CartContext) {}

  /** spec transactions §4: totals sync (coalesced: one run at a time, one more if asked meanwhile) */
  readonly syncTotals = coalesce(() => this.syncTotalsOnce());

  private async syncTotalsOnce(): Promise<void> {
    const { ctx } = this;
    const cartId = ctx.cartId();
    if (!ctx.serverSync() || !ctx.deps.config.cart.synchronizeTotals || !ctx.online() || !cartId) return;
    const { shipping: ship, payment: pay } = ctx.store.value;
    const methods = ship && pay && {
      paymentMethod: { method: pay.code },
      shippingCarrierCode: ship.carrier_code,
      shippingMethodCode: ship.method_code,
    };
    const { api } = ctx.deps;
    try {
      const call = (t: string) => (methods ? api.collectTotals(t, cartId, methods) : api.totals(t, cartId));
      await this.storeTotals(await ctx.withToken(call));
    } catch (e) {
      ctx.deps.logger.warn(`totals sync failed: ${String(e)}`, 'cart');
    }
  }

  private async storeTotals(totals: PlatformTotals): Promise<void> {
    const { store } = this.ctx;
    const after: CartState['itemsAfterPlatformTotals'] = {};
    for (const i of totals.items ?? []) {
      after[String(i.item_id)] = { row_total_incl_tax: i.row_total_incl_tax, discount_amount: i.discount_amount };
    }
    const items = store.value.cartItems.map((it) => {
      const t = it.server_item_id !== undefined ? after[String(it.server_item_id)] : undefined;
      return t ? { ...it, totals: t } : it;
    });
    const discount = totals.total_segments.find((x) => x.code === 'discount')?.value ?? totals.discount_amount ?? 0;
    const coupon = couponFromTotals(store.value.coupon, totals, discount);
    await store.set({
      platformTotals: totals,
      platformTotalSegments: totals.total_segments,
      itemsAfterPlatformTotals: after,
      cartItems: items,
      cartServerLastTotalsSyncDate: this.ctx.deps.clock.now(),
      coupon,
    });
  }

  /** POST /api/cart/shipping-methods; [] without a server cart, offline, on a failure (logged), for no list */
  async serverShippingMethods(address: ShippingMethodsAddress): Promise<ServerShippingMethod[]> {
    const { ctx } = this;
    const cartId = ctx.cartId();
    if (!ctx.serverSync() || !ctx.online() || !cartId) return [];
    const methods = await ctx.withToken((t) => ctx.deps.api.shippingMethods(t, cartId, address)).catch((e: unknown) => {
      ctx.deps.logger.warn(`shipping methods could not be loaded: ${String(e)}`, 'cart');
      return [];
    });
    // the answer's type is the API's claim: anything but a list is no methods
    return Array.isArray(methods) ? methods : [];
  }

  /** POST /api/cart/shipping-information: the answer's totals become the cart's. False when not sent or it failed. */
  async applyShippingInformation(addressInformation: AddressInformation): Promise<boolean> {
    const { ctx } = this;
    const cartId = ctx.cartId();
    if (!ctx.serverSync() || !ctx.online() || !cartId) return false;
    try {
      const answer = await ctx.withToken((t) => ctx.deps.api.shippingInformation(t, cartId, addressInformation));
      if (!answer || !answer.totals) return false;
      await this.storeTotals(answer.totals);
      return true;
    } catch (e) {
      ctx.deps.logger.warn(`shipping information not accepted: ${String(e)}`, 'cart');
      return false;
    }
  }

  /** spec §4 "Coupon": an earlier one removed first; ShopError 'cart.couponInvalid' if refused, cartless or offline */
  async applyCoupon(code: string): Promise<boolean> {
    const { ctx } = this;
    await ctx.store.exclusive(async () => {
      const cartId = ctx.cartId();
      if (!cartId || !ctx.online()) throw new ShopError(MESSAGES.couponInvalid);
      if (ctx.store.value.coupon) {
        await ctx.withToken((t) => ctx.deps.api.deleteCoupon(t, cartId));
        await ctx.store.set({ coupon: undefined });
      }
      try {
        await ctx.withToken((t) => ctx.deps.api.applyCoupon(t, cartId, code));
      } catch (e) {
        const refused = isApiError(e) && e.status >= 400 && e.status < 500;
        if (refused) throw new ShopError(MESSAGES.couponInvalid, {}, e.status);
        throw e;
      }
      await ctx.store.set({ coupon: { code, discount: 0 } });
    });
    await this.syncTotals();
    return true;
  }

  async removeCoupon(): Promise<void> {
    const { ctx } = this;
    await ctx.store.exclusive(async () => {
      const cartId = ctx.cartId();
      if (cartId && ctx.online()) await ctx.withToken((t) => ctx.deps.api.deleteCoupon(t, cartId));
      await ctx.store.set({ coupon: undefined });
    });
    await this.syncTotals();
  }
}
