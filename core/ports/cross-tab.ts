import type { Observable } from 'rxjs';

/**
 * Tabs of one browser share one shopper, kept in the shared Storage: these ports tell a tab that another changed it,
 * and let tabs take turns on work that must happen once per browser.
 */

/** What changed in the shared Storage (each service re-reads its own collection on its topic). */
export type CrossTabTopic = 'cart' | 'session' | 'checkout' | 'wishlist' | 'compare' | 'orders' | 'queue';

export interface CrossTabMessage {
  readonly topic: CrossTabTopic;
  /** JSON-serialisable detail (e.g. the order id of an order placed in another tab) */
  readonly data?: unknown;
}

/** A channel to the other tabs of this browser (BroadcastChannel; storage events as fallback). */
export interface CrossTab {
  /** tell the OTHER tabs (never this one) */
  publish(message: CrossTabMessage): void;
  /** messages published by other tabs */
  readonly messages$: Observable<CrossTabMessage>;
}

/** Named exclusive locks shared by the browser's tabs (Web Locks API): fn runs once the lock is free, holding it. */
export interface TabLocks {
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

export const TAB_LOCKS = {
  /** read-modify-write of the cart */
  cart: 'shop:cart',
  /** appending a task (its storage key must be unique across tabs) */
  queueWrite: 'shop:queue-write',
  /** sending queued tasks: one tab at a time */
  queueDrain: 'shop:queue-drain',
  /** POST /api/user/refresh: once per browser */
  tokenRefresh: 'shop:token-refresh',
  /** placing or transmitting orders: an order at most once per cart */
  order: 'shop:order',
} as const;
