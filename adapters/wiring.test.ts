/**
 * The composition root (adapters/wiring*.ts): one graph per scope over the parts it was given, each member made once;
 * the browser's graph gets its product and transaction parts when their code loads, and a part added to one graph is
 * in no other (no registration shared between graphs).
 */
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './storage/memory-storage';
import { InProcessLocks, NoOtherTabs } from '../core/tabs/single-tab';
import { CategoryService } from '../core/catalogue/category-service';
import { ProductService } from '../core/catalogue/product-service';
import { PriceSyncService } from '../core/catalogue/price-sync';
import { CartService } from '../core/cart/cart-service';
import { SessionService } from '../core/user/session-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { NotificationService } from '../core/ui-state/notification-service';
import { CATALOGUE, CONTAINER_TOKENS, TRANSACTION_TOKENS, TX, createBrowserContainer } from './wiring';
import { TRANSACTIONS } from './wiring-transactions';
import { PRODUCT } from './wiring-product';
import { SYNC } from './headless';
import { createTestContainer, inversifyContainer } from './container';

const browser = () => createBrowserContainer({ apiUrl: 'http://127.0.0.1:9', storage: new MemoryStorage(), crossTab: new NoOtherTabs(), locks: new InProcessLocks() });
const TRANSACTION_IDS = [CartService, SessionService, CheckoutService, TX.Cart, TX.Session, TX.OrderStatus, TRANSACTION_TOKENS.TaskQueue];

describe('the browser graph of a page', () => {
  it('has the catalogue part only: no transaction or product service until their parts are added', () => {
    const g = browser();
    expect(g.get(CategoryService)).toBeInstanceOf(CategoryService);
    expect(g.get(NotificationService)).toBeInstanceOf(NotificationService);
    for (const id of [...TRANSACTION_IDS, ProductService, CONTAINER_TOKENS.Product, PriceSyncService]) expect(g.isBound(id)).toBe(false);
    expect(() => g.get(TX.Cart)).toThrow(/not bound: its part of the wiring/);
    expect(() => g.get(ProductService)).toThrow(/ProductService is not bound/);
  });

  it('the transaction part, added once its chunk loads, builds over the same members (one notification service)', () => {
    const g = browser();
    const notifications = g.get(NotificationService);
    const categories = g.get(CategoryService);
    g.add(TRANSACTIONS).add(TRANSACTIONS); // a second add changes nothing
    const cart = g.get(CartService);
    expect(g.get(TX.Cart)).toBe(cart);
    expect(g.get(TX.Session)).toBe(g.get(SessionService));
    expect(g.get(CategoryService)).toBe(categories);
    // the checkout notifies through the NotificationService the shell shows; the cart queues into the graph's queue
    expect((g.get(CheckoutService) as unknown as { deps: { notifications: unknown } }).deps.notifications).toBe(notifications);
    expect((cart as unknown as { deps: { queue: unknown } }).deps.queue).toBe(g.get(TRANSACTION_TOKENS.TaskQueue));
  });

  it('the product part is the graph\'s own: another page\'s graph does not get it', () => {
    const g = browser();
    const other = browser();
    g.add(PRODUCT);
    const product = g.get(ProductService);
    expect(g.get(CONTAINER_TOKENS.Product)).toBe(product);
    expect(other.isBound(ProductService)).toBe(false);
    // the price and stock syncs, which no page reads, are not the product page's part
    expect(g.isBound(PriceSyncService)).toBe(false);
  });
});

describe('the parts of the composition root', () => {
  it('bind each id once: no part hides another part\'s binding', () => {
    const ids = [CATALOGUE, PRODUCT, SYNC, TRANSACTIONS].flatMap((part) => [...part.keys()]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an inversify container over a graph answers every id with the graph\'s member', () => {
    const g = createTestContainer({ apiUrl: 'http://127.0.0.1:9' });
    const c = inversifyContainer(g);
    for (const id of g.ids()) {
      expect(c.isBound(id)).toBe(true);
      expect(c.get(id)).toBe(g.get(id));
    }
    expect(c.get(CartService)).toBe(c.get(CartService));
  });
});
