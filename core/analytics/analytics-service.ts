/**
 * The shop's analytics (spec catalogue §2.4), consent first: an event goes to the DataLayer port only while the
 * shopper's cookie consent is 'granted'; without it the event is dropped, never kept for later. Each e-commerce
 * event is preceded by `{ ecommerce: null }`: Google Tag Manager merges what is pushed into one data model, and without
 * the reset one event's items would carry into the next.
 */
import { pairwise, type Subscription } from 'rxjs';
import type { ShopConfig } from '../config';
import type { Product } from '../catalogue/types';
import { cartTotals } from '../cart/totals';
import type { CartService } from '../cart/cart-service';
import type { CheckoutService } from '../checkout/checkout-service';
import type { DataLayer } from '../ports/data-layer';
import type { ResolvedPageKind } from '../routing/page-resolution';
import type { RouteDef } from '../routing/routes';
import type { CookieConsent } from '../ui-state/claims-service';
import { cartChangeEvents, cartEvent, checkoutStepEvent, pageView, purchase, selectItem, viewItem, viewItemList, type AnalyticsEvent, type CartSnapshot } from './events';

export type CartSource = Pick<CartService, 'state$' | 'lineChanges$'>;
export type CheckoutSource = Pick<CheckoutService, 'state$'>;

const EMPTY: CartSnapshot = { items: [], totals: [] };

export class AnalyticsService {
  /** the cart as last seen, and the last one with lines (the order's: placing it empties the cart first) */
  private cart: CartSnapshot & { loaded: boolean } = { ...EMPTY, loaded: false };
  private lastFilled: CartSnapshot = EMPTY;
  private beginCheckoutWanted = false;

  constructor(
    private readonly layer: DataLayer,
    private readonly consent: { snapshot(): { readonly consent: CookieConsent } },
    private readonly config: ShopConfig,
  ) {}

  /** Pushes the event when consent is granted (answers whether it did); without consent it is dropped. */
  push(event: AnalyticsEvent | undefined): boolean {
    if (!event || this.consent.snapshot().consent !== 'granted') return false;
    if ('ecommerce' in event) this.layer.push({ ecommerce: null });
    this.layer.push(event);
    return true;
  }

  viewItemList(listName: string, products: readonly Product[]): boolean {
    return this.push(viewItemList(listName, products, this.config));
  }

  selectItem(listName: string, product: Product, index: number): boolean {
    return this.push(selectItem(listName, product, index, this.config));
  }

  viewItem(product: Product): boolean {
    return this.push(viewItem(product, this.config));
  }

  /** A route shown (page_view unless its meta excludes it); the checkout route begins the checkout too. */
  pageView(route: RouteDef, path: string, resolvedKind?: ResolvedPageKind): boolean {
    const pushed = this.push(pageView(route, path, resolvedKind));
    if (route.name === 'checkout') this.beginCheckout();
    return pushed;
  }

  /** begin_checkout with the cart's lines; when the cart is not restored yet, once it is. */
  beginCheckout(): void {
    if (this.cart.loaded) this.push(cartEvent('begin_checkout', this.cart, this.config));
    else this.beginCheckoutWanted = true;
  }

  /** add_to_cart / remove_from_cart per line change; view_cart when the microcart opens; keeps the cart for checkout. */
  watchCart(cart: CartSource): Subscription {
    const sub = cart.lineChanges$.subscribe((c) => {
      for (const e of cartChangeEvents(c.before, c.after, this.config)) this.push(e);
    });
    sub.add(
      cart.state$.pipe(pairwise()).subscribe(([before, after]) => {
        this.cart = { items: after.cartItems, totals: cartTotals(after.platformTotals, after.cartItems, after.shipping, after.payment, this.config, after.coupon), coupon: after.coupon, loaded: after.loaded };
        if (after.cartItems.length > 0) this.lastFilled = this.cart;
        if (after.isMicrocartOpen && !before.isMicrocartOpen) this.push(cartEvent('view_cart', this.cart, this.config));
        if (this.beginCheckoutWanted && after.loaded) {
          this.beginCheckoutWanted = false;
          this.push(cartEvent('begin_checkout', this.cart, this.config));
        }
      }),
    );
    return sub;
  }

  /**
   * add_shipping_info / add_payment_info as the checkout's steps move forward; purchase once the backend accepted an
   * order this tab placed (transaction_id: the backend's order number, the one the shopper and the shop see; the
   * shop's own order id when the backend named none). An order kept offline is no purchase yet; one another tab
   * placed is that tab's to count.
   */
  watchCheckout(checkout: CheckoutSource): Subscription {
    return checkout.state$.pipe(pairwise()).subscribe(([before, after]) => {
      if (before.loaded && after.loaded && before.step !== after.step) {
        const chosen = { shippingTier: after.selectedShippingMethod?.method_title, paymentType: after.paymentDetails?.paymentMethod };
        this.push(checkoutStepEvent(before.step, after.step, this.cart, chosen, this.config));
      }
      const order = after.lastOrder;
      if (order && order.order_id !== before.lastOrder?.order_id && order.status === 'placed' && !order.placedElsewhere) {
        this.push(purchase(String(order.result?.increment_id ?? order.order_id), this.lastFilled, this.config));
      }
    });
  }
}
