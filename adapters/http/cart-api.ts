import type { KyInstance, Options } from 'ky';
import type { CartPaymentMethod, PlatformTotals, ServerCartItem } from '../../core/cart/types';
import type {
  AddressInformation,
  CartApi,
  CartItemPayload,
  CollectTotalsMethods,
  ServerShippingMethod,
  ShippingMethodsAddress,
} from '../../core/ports/cart-api';
import { result } from './api-client';

type ShippingInformation = { payment_methods: CartPaymentMethod[]; totals: PlatformTotals };

/**
 * CartApi over vue-storefront-api (spec transactions §7 "Cart", docs/protocol.md). Every call carries `token` ('' for
 * a guest) and `cartId` as query parameters, and `storeId` outside the default store view.
 */
export class HttpCartApi implements CartApi {
  /** `storeId`: the store view the lines are named in (the shop's locale); none for the default one */
  constructor(private readonly client: KyInstance, private readonly storeId?: number) {}

  private send<T>(name: string, token: string, cartId?: string, options: Options = {}, query = {}): Promise<T> {
    const searchParams = { token, cartId, ...query, storeId: this.storeId };
    return result<T>(this.client, `api/cart/${name}`, { ...options, searchParams });
  }

  create(token: string): Promise<string> {
    return this.send('create', token, undefined, { method: 'post' });
  }

  pull(token: string, cartId: string): Promise<ServerCartItem[]> {
    return this.send('pull', token, cartId);
  }

  update(token: string, cartId: string, cartItem: CartItemPayload, idempotencyKey?: string): Promise<ServerCartItem> {
    return this.lineCommand('update', token, cartId, cartItem, idempotencyKey);
  }

  delete(token: string, cartId: string, cartItem: CartItemPayload, idempotencyKey?: string): Promise<boolean> {
    return this.lineCommand('delete', token, cartId, cartItem, idempotencyKey);
  }

  /** POST of one cart line (`{ cartItem }`), with the task's Idempotency-Key when it has one */
  private lineCommand<T>(op: 'update' | 'delete', token: string, cartId: string, cartItem: CartItemPayload, key = '') {
    const headers = key ? { 'Idempotency-Key': key } : {};
    return this.send<T>(op, token, cartId, { method: 'post', json: { cartItem }, headers });
  }

  totals(token: string, cartId: string): Promise<PlatformTotals> {
    return this.send('totals', token, cartId);
  }

  paymentMethods(token: string, cartId: string): Promise<CartPaymentMethod[]> {
    return this.send('payment-methods', token, cartId);
  }

  shippingMethods(token: string, cartId: string, address: ShippingMethodsAddress): Promise<ServerShippingMethod[]> {
    return this.send('shipping-methods', token, cartId, { method: 'post', json: { address } });
  }

  shippingInformation(token: string, cartId: string, address: AddressInformation): Promise<ShippingInformation> {
    return this.send('shipping-information', token, cartId, { method: 'post', json: { addressInformation: address } });
  }

  collectTotals(token: string, cartId: string, methods: CollectTotalsMethods): Promise<PlatformTotals> {
    return this.send('collect-totals', token, cartId, { method: 'post', json: { methods } });
  }

  applyCoupon(token: string, cartId: string, coupon: string): Promise<boolean> {
    return this.send('apply-coupon', token, cartId, { method: 'post' }, { coupon });
  }

  deleteCoupon(token: string, cartId: string): Promise<boolean> {
    return this.send('delete-coupon', token, cartId, { method: 'post' });
  }
}
