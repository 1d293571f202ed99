import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './storage/memory-storage';
import { InProcessLocks, NoOtherTabs } from '../core/tabs/single-tab';
import { CategoryService } from '../core/catalogue/category-service';
import { CartService } from '../core/cart/cart-service';
import { SessionService } from '../core/user/session-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { NotificationService } from '../core/ui-state/notification-service';
import { createBrowserContainer } from './browser-container';
import { attachTransactions, TRANSACTION_TOKENS } from './bindings-transactions';
import { CONTAINER_TOKENS, TX } from './container-tokens';
import type { CatalogueGraph } from './wiring';

// issue 10: the browser's first page binds the catalogue half only; the transaction half is bound later over the same graph
describe('browser container in two halves', () => {
  const make = () => createBrowserContainer({ apiUrl: 'http://127.0.0.1:9', storage: new MemoryStorage(), crossTab: new NoOtherTabs(), locks: new InProcessLocks() });

  it('binds the catalogue half and the UI state, and no transaction service, until attachTransactions', () => {
    const c = make();
    expect(c.get(CategoryService)).toBeInstanceOf(CategoryService);
    expect(c.get(NotificationService)).toBeInstanceOf(NotificationService);
    for (const id of [CartService, SessionService, CheckoutService, TX.Cart, TX.Session, TX.OrderStatus, TRANSACTION_TOKENS.TaskQueue]) expect(c.isBound(id as never)).toBe(false);
    // nothing of the transaction half was made in the graph either
    expect(c.get<CatalogueGraph>(CONTAINER_TOKENS.Graph).madeSoFar().filter((m) => ['cart', 'session', 'queue', 'checkout'].includes(m))).toEqual([]);
  });

  it('attachTransactions binds the half once, over the same graph: its services use the catalogue half\'s members', () => {
    const c = make();
    const notifications = c.get(NotificationService);
    attachTransactions(c);
    attachTransactions(c); // a second call changes nothing (no double binding)
    const cart = c.get(CartService);
    expect(c.get(TX.Cart)).toBe(cart);
    expect(c.get(TX.Session)).toBe(c.get(SessionService));
    // the checkout notifies through the same NotificationService the shell shows
    expect((c.get(CheckoutService) as unknown as { deps: { notifications: unknown } }).deps.notifications).toBe(notifications);
    expect(c.get<CatalogueGraph>(CONTAINER_TOKENS.Graph).madeSoFar()).toEqual(expect.arrayContaining(['cart', 'queue', 'checkout', 'notifications']));
  });
});
