import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContainer } from './container';
import { startBackend } from '../test-fixtures/backend';
import { HomeService } from '../core/catalogue/home-service';
import { ProductService } from '../core/catalogue/product-service';
import { CategoryService } from '../core/catalogue/category-service';
import { SearchService } from '../core/catalogue/search-service';
import { CmsService } from '../core/catalogue/cms-service';
import { UrlDispatcher } from '../core/routing/dispatcher';
import { CartService } from '../core/cart/cart-service';
import { SessionService } from '../core/user/session-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { PaymentService } from '../core/checkout/payment-service';
import { OrderStatusService } from '../core/checkout/order-status-service';
import { NotificationService } from '../core/ui-state/notification-service';
import { ContactService } from '../core/content/contact-service';
import { restoreSession, restoreShopperData } from './wiring-transactions';
import { DEFAULT_CONFIG, createConfig } from '../core/config';

let backend: { url: string; close(): Promise<void> };
beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:' });
});
afterAll(async () => backend?.close());

describe('container', () => {
  it('resolves every service, each a singleton per container', () => {
    const c = createTestContainer({ apiUrl: 'http://127.0.0.1:9' });
    for (const S of [HomeService, ProductService, CategoryService, SearchService, CmsService, UrlDispatcher, CartService, SessionService, CheckoutService, PaymentService, OrderStatusService, NotificationService, ContactService]) {
      expect(c.get(S as never)).toBe(c.get(S as never));
    }
    expect(createTestContainer().get(HomeService)).not.toBe(c.get(HomeService));
  });

  // spec catalogue §2.11: the home slice end to end through the container and the ky adapter
  it('loads both home lists, 8 items each, newest first, from the demo backend', async () => {
    const config = createConfig({ api: { url: backend.url } });
    const home = createTestContainer({ config }).get(HomeService);
    await home.load();
    const s = home.snapshot();
    expect(s.status).toBe('ready');
    for (const list of DEFAULT_CONFIG.catalogue.homeLists) {
      const items = s.lists[list];
      expect(items).toHaveLength(DEFAULT_CONFIG.catalogue.homeListSize);
      const created = items.map((p) => String(p.created_at));
      expect([...created].sort().reverse()).toEqual(created);
    }
  });

  // spec transactions §4 "Sync need": a first visitor gets no server cart at start (core/cart/cart-start.ts); adding the
  // first line connects (adapters/headless.test.ts, core/cart/cart-start.test.ts)
  it('starts a shopper session: the cart is restored, a first visitor gets no server cart yet', async () => {
    const config = createConfig({ api: { url: backend.url } });
    const c = createTestContainer({ config });
    await restoreSession(c);
    await restoreShopperData(c);
    expect(c.get(CartService).snapshot().loaded).toBe(true);
    expect(c.get(CartService).snapshot().cartServerToken).toBeUndefined();
    expect(c.get(SessionService).isLoggedIn()).toBe(false);
  });
});
