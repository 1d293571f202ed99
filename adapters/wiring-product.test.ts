import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './storage/memory-storage';
import { InProcessLocks, NoOtherTabs } from '../core/tabs/single-tab';
import { ProductService } from '../core/catalogue/product-service';
import { PriceSyncService } from '../core/catalogue/price-sync';
import { CategoryService } from '../core/catalogue/category-service';
import { CartService } from '../core/cart/cart-service';
import { SessionService } from '../core/user/session-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { NotificationService } from '../core/ui-state/notification-service';
import { createFirstRenderServices } from './browser-services';
import { browserContainerOver } from './browser-container-over';
import { attachTransactions, transactionBindings, TRANSACTION_TOKENS } from './bindings-transactions';
import { CONTAINER_TOKENS, TX } from './container-tokens';
import { TransactionGraph } from './wiring-transactions';
import { provideProductMembers } from './wiring-product';
import { provideSyncMembers } from './wiring-sync';

// issue 10: the product page's services and the transaction half's table come with their code, over the first render's graph.
// One file, in order: the product members are provided once per module registry (vitest isolates files).
describe('members provided with their code (adapters/wiring-product.ts, FirstRenderServices.provide)', () => {
  const make = () => createFirstRenderServices({ apiUrl: 'http://127.0.0.1:9', storage: new MemoryStorage(), crossTab: new NoOtherTabs(), locks: new InProcessLocks() });

  it('before the product chunk: the first render answers no product service, and the graph says why', () => {
    const s = make();
    expect(s.isBound(ProductService)).toBe(false);
    expect(s.isBound(CONTAINER_TOKENS.Product)).toBe(false);
    expect(() => s.graph.product).toThrow(/not provided yet/);
    // the rest of the catalogue half answers as before
    expect(s.get(CategoryService)).toBeInstanceOf(CategoryService);
  });

  it('a container adopted before the product chunk came: the product services answer after it, one member of the graph', () => {
    const s = make();
    const early = browserContainerOver(s.graph);
    attachTransactions(early);
    s.adopt(early);
    expect(early.isBound(ProductService)).toBe(false);
    provideProductMembers();
    expect(s.isBound(ProductService)).toBe(true);
    const product = s.get(ProductService);
    expect(product).toBeInstanceOf(ProductService);
    expect(s.get(CONTAINER_TOKENS.Product)).toBe(product);
    expect(s.graph.product).toBe(product);
    // the price and stock syncs, which no page reads, are not the product page's: adapters/wiring-sync.ts
    expect(s.isBound(PriceSyncService)).toBe(false);
    provideSyncMembers();
    expect(s.get(PriceSyncService)).toBeInstanceOf(PriceSyncService);
    // a container made now binds them too, to the same members
    expect(browserContainerOver(s.graph).get(ProductService)).toBe(product);
  });

  it('the transaction half as a table: its services before the container, and the container adopted later gives the same members', () => {
    const s = make();
    const notifications = s.get(NotificationService);
    expect(s.isBound(TX.Cart)).toBe(false);
    s.provide(transactionBindings(new TransactionGraph(s.graph)));
    const cart = s.get(CartService);
    expect(s.get(TX.Cart)).toBe(cart);
    expect(s.get(TX.Session)).toBe(s.get(SessionService));
    expect(s.isBound(TRANSACTION_TOKENS.TaskQueue)).toBe(true);
    expect((s.get(CheckoutService) as unknown as { deps: { notifications: unknown } }).deps.notifications).toBe(notifications);
    const c = browserContainerOver(s.graph);
    attachTransactions(c);
    s.adopt(c);
    expect(s.get(TX.Cart)).toBe(cart);
    expect(c.get(CartService)).toBe(cart);
    expect(c.get(TX.Session)).toBe(s.get(SessionService));
  });
});
