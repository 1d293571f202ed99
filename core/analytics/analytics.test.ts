import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BehaviorSubject, Subject } from 'rxjs';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { FakeCartBackend } from '../../test-fixtures/arbitraries/cart-fake-backend';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';
import type { Product } from '../catalogue/types';
import { DEFAULT_CONFIG } from '../config';
import { cartItemIdentity } from '../cart/identity';
import { offlineTotals, segmentValue } from '../cart/totals';
import { EMPTY_CART_STATE, type CartItem, type CartPaymentMethod, type CartShippingMethod, type CartState } from '../cart/types';
import { INITIAL_CHECKOUT_STATE, type CheckoutState } from '../checkout/checkout-service';
import { ROUTES, matchRoute, routeByName } from '../routing/routes';
import { ManualNetwork, MemoryLogger, VirtualScheduler } from '../testing/virtual-time';
import type { CookieConsent } from '../ui-state/claims-service';
import type { CartLineChange } from '../cart/cart-service';
import { AnalyticsService } from './analytics-service';
import { cartChangeEvents, goodsValue, itemFromLine, pageView, purchase, type EcommerceEvent } from './events';

const config = DEFAULT_CONFIG;
const product = (sku: string, over: Partial<Product> = {}): Product => ({ id: sku, sku, name: `Papier ${sku}`, type_id: 'simple', price_incl_tax: 4.95, ...over });
const line = (sku: string, qty: number, price: number, over: Partial<CartItem> = {}): CartItem => ({ sku, qty, name: sku, price_incl_tax: price, ...over });

/** the DataLayer port as a list, and a consent the test sets */
function harness(initial: CookieConsent = 'granted') {
  const pushed: object[] = [];
  let consent: CookieConsent = initial;
  const service = new AnalyticsService({ push: (e) => pushed.push(e) }, { snapshot: () => ({ consent }) }, config);
  const events = () => pushed.filter((e): e is EcommerceEvent => 'event' in e);
  return { service, pushed, events, names: () => events().map((e) => e.event), setConsent: (c: CookieConsent) => (consent = c) };
}

describe('consent first (spec catalogue §2.4 tag-manager hooks; spec transactions §4 "Cookie notice")', () => {
  it('pushes nothing before consent or after a decline; what happened before consent is dropped, not sent later', () => {
    const h = harness('unanswered');
    expect(h.service.viewItem(product('A'))).toBe(false);
    expect(h.service.pageView(routeByName('home')!, '/')).toBe(false);
    h.setConsent('denied');
    expect(h.service.viewItemList('Inpakpapier', [product('A')])).toBe(false);
    expect(h.pushed).toEqual([]);
    h.setConsent('granted');
    expect(h.service.viewItem(product('B'))).toBe(true);
    // only the event after the consent, behind GTM's reset of the e-commerce object
    expect(h.pushed).toEqual([{ ecommerce: null }, { event: 'view_item', ecommerce: { currency: 'EUR', value: 4.95, items: [{ item_id: 'B', item_name: 'Papier B', price: 4.95, quantity: 1 }] } }]);
  });

  it('a page view carries no e-commerce reset', () => {
    const h = harness();
    h.service.pageView(routeByName('home')!, '/?utm_source=x');
    expect(h.pushed).toEqual([{ event: 'page_view', page_type: 'home', page_path: '/' }]);
  });
});

describe('page views and the routes meta (spec catalogue §2.4 "meta name for the tag manager", "excluded from page-view tracking")', () => {
  it('the routes that carry a secret in their address are excluded; product routes share one tag-manager name', () => {
    expect(pageView(matchRoute('/order-status/abc.def').route, '/order-status/abc.def')).toBeUndefined();
    expect(pageView(matchRoute('/create-password').route, '/create-password?token=secret')).toBeUndefined();
    expect(pageView(matchRoute('/p/KP-1/kraft').route, '/p/KP-1/kraft')).toEqual({ event: 'page_view', page_type: 'product', page_path: '/p/KP-1/kraft' });
    expect(pageView(matchRoute('/checkout').route, '/checkout')?.page_type).toBe('checkout');
    // every other route is tracked
    const excluded = ROUTES.filter((r) => r.excludeFromPageView).map((r) => r.name);
    expect(excluded.sort()).toEqual(['create-password', 'order-status']);
  });

  it('a path the URL dispatcher resolved counts as the page it resolved to (spec catalogue §2.3)', () => {
    const route = matchRoute('/inpakpapier/kraft.html').route;
    expect(pageView(route, '/inpakpapier/kraft.html', 'product')?.page_type).toBe('product');
    expect(pageView(route, '/inpakpapier', 'category')?.page_type).toBe('category');
    expect(pageView(route, '/nergens', 'not-found')?.page_type).toBe('page-not-found');
  });
});

describe('items (GA4: item_id = sku, item_name, item_variant, price, quantity)', () => {
  it('a configured variant names its option values, a bundle its choices', () => {
    const configured = line('KERST-RED-A4', 2, 3.5, {
      name: 'Kerstpapier',
      parentSku: 'KERST',
      product_option: { extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: 1, value: 'Rood' }, { option_id: 142, option_value: 4, value: 'A4' }], custom_options: [], bundle_options: [] } },
    });
    expect(itemFromLine(configured, config)).toEqual({ item_id: 'KERST-RED-A4', item_name: 'Kerstpapier', item_variant: 'Rood / A4', price: 3.5, quantity: 2 });
    const bundle = line('BOX', 1, 12, { options: [{ label: 'Papier', value: '1 × Kraft' }, { label: 'Lint', value: '2 × Rood' }] });
    expect(itemFromLine(bundle, config).item_variant).toBe('Papier: 1 × Kraft; Lint: 2 × Rood');
    expect(itemFromLine(line('PLAIN', 1, 1), config)).not.toHaveProperty('item_variant');
  });

  it('cart changes: the quantity that came is added, the quantity that went is removed', () => {
    const before = [line('A', 1, 2.5), line('B', 3, 1.25), line('C', 1, 9)];
    const after = [line('A', 3, 2.5), line('B', 1, 1.25), line('D', 1, 0.99)];
    expect(cartChangeEvents(before, after, config)).toEqual([
      {
        event: 'add_to_cart',
        ecommerce: { currency: 'EUR', value: 5.99, items: [{ item_id: 'A', item_name: 'A', price: 2.5, quantity: 2 }, { item_id: 'D', item_name: 'D', price: 0.99, quantity: 1 }] },
      },
      {
        event: 'remove_from_cart',
        ecommerce: { currency: 'EUR', value: 11.5, items: [{ item_id: 'B', item_name: 'B', price: 1.25, quantity: 2 }, { item_id: 'C', item_name: 'C', price: 9, quantity: 1 }] },
      },
    ]);
    expect(cartChangeEvents(before, before, config)).toEqual([]);
  });

  // property: the events of a change account for it exactly: before + added − removed = after, line by line
  it('cart change events account for every quantity (property)', () => {
    const lines = fc.uniqueArray(fc.record({ sku: fc.constantFrom('A', 'B', 'C', 'D', 'E'), qty: fc.integer({ min: 1, max: 20 }), price: fc.integer({ min: 0, max: 50_000 }) }), { selector: (l) => l.sku, maxLength: 5 });
    fc.assert(
      fc.property(lines, lines, (b, a) => {
        const before = b.map((l) => line(l.sku, l.qty, l.price / 100));
        const after = a.map((l) => line(l.sku, l.qty, l.price / 100));
        const qty = new Map(before.map((l) => [cartItemIdentity(l), l.qty]));
        for (const e of cartChangeEvents(before, after, config)) {
          for (const i of e.ecommerce.items) qty.set(cartItemIdentity({ sku: i.item_id }), (qty.get(cartItemIdentity({ sku: i.item_id })) ?? 0) + (e.event === 'add_to_cart' ? i.quantity : -i.quantity));
          expect(e.ecommerce.value).toBe(goodsValue(e.ecommerce.items, config));
        }
        const expected = new Map(after.map((l) => [cartItemIdentity(l), l.qty]));
        expect([...qty].filter(([, q]) => q !== 0).sort()).toEqual([...expected].sort());
      }),
    );
  });
});

describe('purchase value (spec transactions §3 "Totals", "Coupon")', () => {
  const shipping = (price: number): CartShippingMethod => ({ method_title: 'DPD Courier', method_code: 'dpd', carrier_code: 'dpd', amount: price, price_incl_tax: price });
  const payment = (cost: number): CartPaymentMethod => ({ code: 'cashondelivery', title: 'Rembours', cost_incl_tax: cost });

  // property: with the totals the cart computes (core/cart/totals.ts offlineTotals), the purchase's items add up to
  // the subtotal, and value = items − discount + shipping = grand_total − the payment method's cost, to the cent
  it('items, discount and shipping add up to the totals the shopper saw (property)', () => {
    const cents = (max: number) => fc.integer({ min: 0, max });
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: cents(100_000), qty: fc.integer({ min: 1, max: 99 }) }), { minLength: 1, maxLength: 8 }),
        fc.option(cents(2_000), { nil: undefined }),
        fc.option(cents(1_000), { nil: undefined }),
        fc.option(cents(50_000), { nil: undefined }),
        (raw, ship, fee, discount) => {
          const items = raw.map((r, i) => line(`SKU-${i}`, r.qty, r.price / 100));
          const coupon = discount === undefined ? undefined : { code: 'LINT10', discount: discount / 100 };
          const totals = offlineTotals(items, ship === undefined ? undefined : shipping(ship / 100), fee === undefined ? undefined : payment(fee / 100), config, coupon);
          const p = purchase('100000042', { items, totals, coupon }, config)!;
          const sum = Math.round(p.ecommerce.items.reduce((s, i) => s + Math.round(i.price * 100) * i.quantity, 0)) / 100;
          expect(sum).toBe(segmentValue(totals, 'subtotal_incl_tax'));
          const grand = segmentValue(totals, 'grand_total');
          const fees = segmentValue(totals, 'payment');
          expect(p.ecommerce.value).toBe(Math.round((grand - fees) * 100) / 100);
          expect(p.ecommerce.shipping).toBe(segmentValue(totals, 'shipping'));
          expect(p.ecommerce.transaction_id).toBe('100000042');
          if (coupon) expect(p.ecommerce.coupon).toBe('LINT10');
        },
      ),
    );
  });
});

describe('AnalyticsService on the cart and checkout', () => {
  function sources() {
    const cart = new BehaviorSubject<CartState>({ ...EMPTY_CART_STATE, loaded: false });
    const lineChanges = new Subject<CartLineChange>();
    const checkout = new BehaviorSubject<CheckoutState>(INITIAL_CHECKOUT_STATE);
    return { cart, lineChanges, checkout };
  }
  const filled = (items: CartItem[], over: Partial<CartState> = {}): CartState => ({ ...EMPTY_CART_STATE, loaded: true, cartItems: items, ...over });

  it('view_cart when the microcart opens; begin_checkout once the cart is restored; step events; purchase with the order number', () => {
    const h = harness();
    const s = sources();
    h.service.watchCart({ state$: s.cart, lineChanges$: s.lineChanges });
    h.service.watchCheckout({ state$: s.checkout });
    // the checkout page is shown before the cart is restored (a reload of /checkout)
    h.service.pageView(routeByName('checkout')!, '/checkout');
    expect(h.names()).toEqual(['page_view']);
    const items = [line('A', 2, 3.5)];
    s.cart.next(filled(items, { shipping: { method_title: 'DPD Courier', method_code: 'dpd', carrier_code: 'dpd', amount: 4.95, price_incl_tax: 4.95 } }));
    expect(h.names()).toEqual(['page_view', 'begin_checkout']);
    s.cart.next(filled(items, { isMicrocartOpen: true, shipping: s.cart.value.shipping }));
    expect(h.names().at(-1)).toBe('view_cart');
    expect(h.events().at(-1)?.ecommerce).toEqual({ currency: 'EUR', value: 7, items: [{ item_id: 'A', item_name: 'A', price: 3.5, quantity: 2 }] });

    const co = (over: Partial<CheckoutState>) => s.checkout.next({ ...s.checkout.value, ...over });
    // a resume to a later step (a reload) is no step the shopper finished
    co({ loaded: true, step: 'payment' });
    co({ step: 'shipping' });
    expect(h.names().filter((n) => n.startsWith('add_'))).toEqual([]);
    co({ step: 'payment', selectedShippingMethod: s.cart.value.shipping });
    co({ step: 'review', paymentDetails: { paymentMethod: 'ideal' } as CheckoutState['paymentDetails'] });
    expect(h.events().slice(-2).map((e) => [e.event, e.ecommerce.shipping_tier ?? e.ecommerce.payment_type])).toEqual([
      ['add_shipping_info', 'DPD Courier'],
      ['add_payment_info', 'ideal'],
    ]);

    // placing empties the cart first, then names the order
    s.cart.next(filled([]));
    co({ lastOrder: { order_id: 'local-1', status: 'placed', result: { increment_id: '000000017' }, paymentMethod: 'ideal', email: 'a@b.nl' }, step: 'personal' });
    const bought = h.events().at(-1)!;
    expect(bought).toEqual({
      event: 'purchase',
      ecommerce: { transaction_id: '000000017', currency: 'EUR', value: 11.95, tax: 0, shipping: 4.95, items: [{ item_id: 'A', item_name: 'A', price: 3.5, quantity: 2 }] },
    });
  });

  it('no purchase for an order kept offline or placed by another tab', () => {
    const h = harness();
    const s = sources();
    h.service.watchCart({ state$: s.cart, lineChanges$: s.lineChanges });
    h.service.watchCheckout({ state$: s.checkout });
    s.cart.next(filled([line('A', 1, 1)]));
    s.checkout.next({ ...s.checkout.value, loaded: true, lastOrder: { order_id: 'q-1', status: 'queued', paymentMethod: 'cashondelivery', email: '' } });
    s.checkout.next({ ...s.checkout.value, lastOrder: { order_id: 'e-1', status: 'placed', paymentMethod: 'ideal', email: '', placedElsewhere: true } });
    expect(h.names()).toEqual([]);
  });

  // the cart's own commands, end to end through a real CartService: add, quantity, remove are counted; a restore is not
  it('counts the shopper\'s adds, quantity changes and removals of a real cart, not its restore', async () => {
    const scheduler = new VirtualScheduler();
    const storage = new MemoryStorage();
    const backend = new FakeCartBackend();
    const make = () =>
      cartWithQueue({ api: backend.api, transport: backend, storage, network: new ManualNetwork(true), clock: scheduler.clock, config, logger: new MemoryLogger() }).cart;
    const cart = make();
    const h = harness();
    h.service.watchCart(cart);
    await cart.load();
    await cart.addItem(product('WRAP-RED'), 2);
    const id = cartItemIdentity({ sku: 'WRAP-RED' });
    await cart.updateQuantity(id, 5);
    await cart.updateQuantity(id, 1);
    await cart.removeItem(id);
    expect(h.events().map((e) => [e.event, e.ecommerce.items.map((i) => `${i.item_id}x${i.quantity}`).join(), e.ecommerce.value])).toEqual([
      ['add_to_cart', 'WRAP-REDx2', 9.9],
      ['add_to_cart', 'WRAP-REDx3', 14.85],
      ['remove_from_cart', 'WRAP-REDx4', 19.8],
      ['remove_from_cart', 'WRAP-REDx1', 4.95],
    ]);
    await cart.addItem(product('WRAP-BLUE'), 1);
    const next = make();
    const other = harness();
    other.service.watchCart(next);
    await next.load();
    expect(next.snapshot().cartItems).toHaveLength(1);
    expect(other.pushed).toEqual([]);
  });
});
