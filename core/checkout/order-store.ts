/** Orders kept in Storage 'orders' (spec transactions §3 "Offline order", §4): stored before they are sent. */
import type { OrderBody, OrderPlacementResult } from '../ports/order-api';
import { STORAGE_COLLECTIONS, type Storage } from '../ports/storage';

export interface StoredOrder extends OrderBody {
  /** sent as the Idempotency-Key header on every attempt */
  idempotency_key: string;
  transmited_at?: number;
  result?: OrderPlacementResult;
  resultCode?: number;
  /** the server refused the order (4xx): final, never re-sent (vue-storefront #2663) */
  rejected?: boolean;
  /** storage order: orders are sent oldest first */
  seq?: number;
  /** which cart was ordered (cartOrderKey): a tab still showing that cart shows this order; never sent */
  cart_key?: string;
  /** the coupon the ordered cart had ("back to cart" applies it again); never sent: the platform reads it from the cart */
  coupon_code?: string;
}

export class OrderStore {
  constructor(private readonly storage: Storage) {}

  /** Store a new order after every stored one (assigns `seq`). */
  async add(order: StoredOrder): Promise<StoredOrder> {
    const all = await this.all();
    const seq = all.reduce((m, o) => Math.max(m, o.seq ?? 0), 0) + 1;
    const stored = { ...order, seq };
    await this.save(stored);
    return stored;
  }

  save(order: StoredOrder): Promise<void> {
    return this.storage.set(STORAGE_COLLECTIONS.orders, order.order_id, order);
  }

  get(orderId: string): Promise<StoredOrder | undefined> {
    return this.storage.get<StoredOrder>(STORAGE_COLLECTIONS.orders, orderId);
  }

  async all(): Promise<StoredOrder[]> {
    const entries = await this.storage.entries<StoredOrder>(STORAGE_COLLECTIONS.orders);
    return entries.map(([, o]) => o).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0) || a.created_at.localeCompare(b.created_at));
  }

  /** orders still to be sent: not transmitted and not rejected, oldest first */
  async pending(): Promise<StoredOrder[]> {
    return (await this.all()).filter((o) => !o.transmited && !o.rejected);
  }
}
