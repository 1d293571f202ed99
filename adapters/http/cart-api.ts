import type { KyInstance } from 'ky';
import type { CartPaymentMethod, PlatformTotals, ServerCartItem } from '../../core/cart/types';
import type {
  AddressInformation,
  CartApi,
  CartItemPayload,
  CollectTotalsMethods,
  ServerShippingMethod,
  ShippingMethodsAddress,
} from '../../core/ports/cart-api';
import { envelope } from './api-client';

/**
 * CartApi over vue-storefront-api (spec transactions §7 "Cart", docs/protocol.md). Every call carries `token` (user
 * token, '' for a guest) and `cartId` as query parameters, and `storeId` outside the default store view. Non-2xx → ApiError(status); no answer → NetworkError.
 */
export class HttpCartApi implements CartApi {
  /** `storeId`: the store view the lines are named in (`?storeId=`, the shop's locale: English names in the English shop); none for the default one */
  constructor(private readonly client: KyInstance, private readonly storeId?: number) {}

  private path(name: string, token: string, cartId?: string, extra: Record<string, string> = {}): string {
    const q = new URLSearchParams({ token, ...(cartId !== undefined ? { cartId } : {}), ...extra, ...(this.storeId !== undefined ? { storeId: String(this.storeId) } : {}) });
    return `api/cart/${name}?${q.toString()}`;
  }

  private idem(key: string | undefined): Record<string, string> {
    return key ? { 'Idempotency-Key': key } : {};
  }

  async create(token: string): Promise<string> {
    return (await envelope<string>(this.client, this.path('create', token), { method: 'post' })).result;
  }

  async pull(token: string, cartId: string): Promise<ServerCartItem[]> {
    return (await envelope<ServerCartItem[]>(this.client, this.path('pull', token, cartId))).result;
  }

  update(token: string, cartId: string, cartItem: CartItemPayload, idempotencyKey?: string): Promise<ServerCartItem> {
    return this.lineCommand<ServerCartItem>('update', token, cartId, cartItem, idempotencyKey);
  }

  delete(token: string, cartId: string, cartItem: CartItemPayload, idempotencyKey?: string): Promise<boolean> {
    return this.lineCommand<boolean>('delete', token, cartId, cartItem, idempotencyKey);
  }

  /** POST of one cart line (`{ cartItem }`), with the task's Idempotency-Key when it has one */
  private async lineCommand<T>(op: 'update' | 'delete', token: string, cartId: string, cartItem: CartItemPayload, idempotencyKey?: string): Promise<T> {
    return (await envelope<T>(this.client, this.path(op, token, cartId), { method: 'post', json: { cartItem }, headers: this.idem(idempotencyKey) })).result;
  }

  async totals(token: string, cartId: string): Promise<PlatformTotals> {
    return (await envelope<PlatformTotals>(this.client, this.path('totals', token, cartId))).result;
  }

  async paymentMethods(token: string, cartId: string): Promise<CartPaymentMethod[]> {
    return (await envelope<CartPaymentMethod[]>(this.client, this.path('payment-methods', token, cartId))).result;
  }

  async shippingMethods(token: string, cartId: string, address: ShippingMethodsAddress): Promise<ServerShippingMethod[]> {
    return (await envelope<ServerShippingMethod[]>(this.client, this.path('shipping-methods', token, cartId), { method: 'post', json: { address } })).result;
  }

  async shippingInformation(
    token: string,
    cartId: string,
    addressInformation: AddressInformation,
  ): Promise<{ payment_methods: CartPaymentMethod[]; totals: PlatformTotals }> {
    return (
      await envelope<{ payment_methods: CartPaymentMethod[]; totals: PlatformTotals }>(this.client, this.path('shipping-information', token, cartId), {
        method: 'post',
        json: { addressInformation },
      })
    ).result;
  }

  async collectTotals(token: string, cartId: string, methods: CollectTotalsMethods): Promise<PlatformTotals> {
    return (await envelope<PlatformTotals>(this.client, this.path('collect-totals', token, cartId), { method: 'post', json: { methods } })).result;
  }

  async applyCoupon(token: string, cartId: string, coupon: string): Promise<boolean> {
    return (await envelope<boolean>(this.client, this.path('apply-coupon', token, cartId, { coupon }), { method: 'post' })).result;
  }

  async deleteCoupon(token: string, cartId: string): Promise<boolean> {
    return (await envelope<boolean>(this.client, this.path('delete-coupon', token, cartId), { method: 'post' })).result;
  }
}
