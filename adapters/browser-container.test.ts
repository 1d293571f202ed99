import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './storage/memory-storage';
import { InProcessLocks, NoOtherTabs } from '../core/tabs/single-tab';
import { CategoryService } from '../core/catalogue/category-service';
import { CartService } from '../core/cart/cart-service';
import { SessionService } from '../core/user/session-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { NotificationService } from '../core/ui-state/notification-service';
import { browserContainerOver, createBrowserContainer } from './browser-container';
import { createFirstRenderServices } from './browser-services';
import { catalogueBindings } from './bindings-catalogue';
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

// issue 10: the browser's first render reads the catalogue half without inversify; the transaction half brings the container
describe('first-render services (adapters/browser-services.ts)', () => {
  const make = () => createFirstRenderServices({ apiUrl: 'http://127.0.0.1:9', storage: new MemoryStorage(), crossTab: new NoOtherTabs(), locks: new InProcessLocks() });

  it('answers every binding of the catalogue half, and none of the transaction half', () => {
    const s = make();
    const c = browserContainerOver(s.graph);
    for (const [id] of catalogueBindings(s.graph)) {
      expect(s.isBound(id)).toBe(true);
      // the same member the container binds to the same graph
      expect(s.get(id)).toBe(c.get(id));
    }
    expect(s.get(CategoryService)).toBeInstanceOf(CategoryService);
    for (const id of [CartService, SessionService, CheckoutService, TX.Cart, TX.Session, TX.OrderStatus, TRANSACTION_TOKENS.TaskQueue]) expect(s.isBound(id as never)).toBe(false);
    expect(() => s.get(TX.Cart)).toThrow(/not bound before the transaction half/);
  });

  it('once it adopts the container with both halves, it answers from it with the first render\'s members', () => {
    const s = make();
    const notifications = s.get(NotificationService);
    const categories = s.get(CategoryService);
    const c = browserContainerOver(s.graph);
    attachTransactions(c);
    s.adopt(c);
    expect(s.isBound(TX.Cart)).toBe(true);
    expect(s.get(TX.Cart)).toBe(c.get(CartService));
    expect(s.get(CategoryService)).toBe(categories);
    expect((s.get(CheckoutService) as unknown as { deps: { notifications: unknown } }).deps.notifications).toBe(notifications);
  });
});
