import type { Context } from '../context';
import { badRequest, HttpError, notFound, TEXTS } from '../errors';
import { ok, type Req, type Router } from '../http';
import { idempotent } from '../idempotency';
import { customerFromQuery, randomId } from '../tokens';
import { PSP_METHODS } from './order';
import type { ProductView } from '../store';
import {
  canonicalOption, checkStock, computeTotals, COUPONS, resolveItem, resolveItemSafe, SHIPPING, storeView, type ProductOptionJson,
} from '../totals';

interface CartRow {
  id: string; customer_id: number | null; active: number; coupon: string | null; shipping_carrier: string | null; shipping_method: string | null;
  payment_method: string | null; address: string | null;
}
interface ItemRow { item_id: number; cart_id: string; sku: string; qty: number; product_option: string | null }

/** the payment provider's methods, and cash on delivery */
const PAYMENT_METHODS = [
  ...PSP_METHODS.map((m) => ({ code: m.id, title: m.description })),
  { code: 'cashondelivery', title: 'Rembours' },
];

const ALLOWED_COUNTRIES = ['NL', 'BE'];

/** the bodies as schemas.ts lets them through (numbers as numbers) */
interface CartItemBody {
  cartItem: { sku: string; qty?: number | null; item_id?: number | null; product_option?: ProductOptionJson | null };
}
interface MethodsBody {
  methods: {
    paymentMethod?: { method: string } | null;
    shippingCarrierCode?: string | null; shippingMethodCode?: string | null;
  };
}
interface AddressInformationBody {
  addressInformation: {
    shippingAddress: { country_id: string }; shipping_method_code: string; shipping_carrier_code: string;
  };
}

export function cartRoutes(router: Router, ctx: Context): void {
  const now = () => ctx.now().toISOString();
  // cart ids are bearer secrets (a guest cart has no other credential): 128 random bits, never sequential
  const newCart = (customerId: number | null): string => {
    const id = randomId(16);
    ctx.db.prepare('INSERT INTO carts (id, customer_id, created_at, updated_at) VALUES (?, ?, ?, ?)').run(id, customerId, now(), now());
    return id;
  };
  const customerCart = (customerId: number): string => {
    const sql = 'SELECT id FROM carts WHERE customer_id = ? AND active = 1 ORDER BY created_at DESC LIMIT 1';
    return (ctx.db.prepare(sql).get(customerId) as { id: string } | undefined)?.id ?? newCart(customerId);
  };
  const loadCart = (req: Req): CartRow => {
    const customerId = customerFromQuery(ctx, req.query);
    const cartId = req.query.get('cartId') as string; // schemas.ts: required, at most 100 characters
    const cart = ctx.db.prepare('SELECT * FROM carts WHERE id = ?').get(cartId) as CartRow | undefined;
    if (!cart || cart.active !== 1) throw notFound(`No such entity with cartId = ${cartId}`);
    if (cart.customer_id !== null && cart.customer_id !== customerId) throw new HttpError(401, TEXTS.unauthorized);
    return cart;
  };
  const items = (cartId: string): ItemRow[] => ctx.db.prepare('SELECT * FROM cart_items WHERE cart_id = ? ORDER BY item_id').all(cartId) as ItemRow[];
  const optionOf = (row: ItemRow) => (row.product_option ? (JSON.parse(row.product_option) as ProductOptionJson) : undefined);
  /** the cart's totals, its lines named in the request's store view (`?storeId=`) */
  const totals = (cart: CartRow, req: Req) => {
    const lines = items(cart.id).map((i) => ({ ...i, product_option: optionOf(i) }));
    return computeTotals(ctx, lines, cart.coupon, cart.shipping_method !== null, storeView(ctx, req.query));
  };
  /** a cart line as the API answers it, named in the store view `view` (a product that went away: its sku as name) */
  const serverItem = (row: ItemRow, view: ProductView) => {
    const option = optionOf(row);
    const r = resolveItemSafe(ctx, { ...row, product_option: option }, view);
    return {
      item_id: row.item_id, sku: row.sku, qty: row.qty, name: r?.name ?? row.sku, price: r?.unitPrice ?? 0,
      product_type: r?.productType ?? 'simple', quote_id: row.cart_id, ...(option ? { product_option: option } : {}),
    };
  };

  router.post('/api/cart/create', (req) => {
    const customerId = customerFromQuery(ctx, req.query);
    return ok(customerId === undefined ? newCart(null) : customerCart(customerId));
  });

  router.get('/api/cart/pull', (req) => {
    const view = storeView(ctx, req.query);
    return ok(items(loadCart(req).id).map((row) => serverItem(row, view)));
  });

  router.post('/api/cart/update', idempotent(ctx, (req) => {
    const cart = loadCart(req);
    const { cartItem } = req.body as CartItemBody;
    const qty = cartItem.qty ?? 1;
    if (qty <= 0) throw badRequest('Invalid request: cartItem.qty must be above 0');
    const option = cartItem.product_option ?? undefined;
    const resolved = resolveItem(ctx, cartItem.sku, option);
    // a configurable's options are kept with the child sku (as Magento answers); a bundle's choices in one canonical form
    const storedOption = canonicalOption(resolved, option);
    let row: ItemRow | undefined;
    if (cartItem.item_id != null) {
      row = items(cart.id).find((i) => i.item_id === cartItem.item_id);
      if (!row) throw notFound(`No such entity with itemId = ${cartItem.item_id}`);
      if (row.sku !== resolved.sku) throw badRequest('Invalid request: cartItem.sku does not match the item');
      checkStock(ctx, resolved, qty);
      ctx.db.prepare('UPDATE cart_items SET qty = ? WHERE item_id = ?').run(qty, row.item_id);
    } else {
      row = items(cart.id).find((i) => i.sku === resolved.sku && (resolved.productType !== 'bundle' || i.product_option === storedOption));
      const total = (row?.qty ?? 0) + qty;
      checkStock(ctx, resolved, total);
      if (row) ctx.db.prepare('UPDATE cart_items SET qty = ? WHERE item_id = ?').run(total, row.item_id);
      else {
        const info = ctx.db.prepare('INSERT INTO cart_items (cart_id, sku, qty, product_option, created_at) VALUES (?, ?, ?, ?, ?)').run(cart.id, resolved.sku, qty, storedOption, now());
        row = { item_id: Number(info.lastInsertRowid), cart_id: cart.id, sku: resolved.sku, qty, product_option: storedOption };
      }
    }
    ctx.db.prepare('UPDATE carts SET updated_at = ? WHERE id = ?').run(now(), cart.id);
    const fresh = ctx.db.prepare('SELECT * FROM cart_items WHERE item_id = ?').get(row.item_id) as ItemRow;
    return ok(serverItem(fresh, storeView(ctx, req.query)));
  }));

  router.post('/api/cart/delete', idempotent(ctx, (req) => {
    const cart = loadCart(req);
    const { cartItem } = req.body as { cartItem: { item_id: number } };
    const row = items(cart.id).find((i) => i.item_id === cartItem.item_id);
    if (!row) throw notFound(`No such entity with itemId = ${cartItem.item_id}`);
    ctx.db.prepare('DELETE FROM cart_items WHERE item_id = ?').run(row.item_id);
    return ok(true);
  }));

  router.get('/api/cart/totals', (req) => ok(totals(loadCart(req), req)));
  router.get('/api/cart/payment-methods', (req) => {
    loadCart(req);
    return ok(PAYMENT_METHODS);
  });

  const shippingMethods = (country: string) => [{
    carrier_code: SHIPPING.carrier_code, method_code: SHIPPING.method_code, carrier_title: SHIPPING.carrier_title, method_title: SHIPPING.method_title,
    amount: SHIPPING.amount, base_amount: SHIPPING.amount, available: ALLOWED_COUNTRIES.includes(country),
    error_message: ALLOWED_COUNTRIES.includes(country) ? '' : 'Deze verzendmethode is niet beschikbaar voor dit land.',
    price_excl_tax: SHIPPING.amount, price_incl_tax: SHIPPING.incl,
  }];
  router.post('/api/cart/shipping-methods', (req) => {
    loadCart(req);
    const { address } = req.body as { address: { country_id: string } };
    return ok(shippingMethods(address.country_id.toUpperCase()));
  });

  router.post('/api/cart/shipping-information', (req) => {
    const cart = loadCart(req);
    const { addressInformation } = req.body as AddressInformationBody;
    const country = addressInformation.shippingAddress.country_id.toUpperCase();
    if (!ALLOWED_COUNTRIES.includes(country)) throw badRequest(`Verzending naar ${country} is niet mogelijk.`);
    if (addressInformation.shipping_method_code !== SHIPPING.method_code || addressInformation.shipping_carrier_code !== SHIPPING.carrier_code) {
      throw badRequest('Carrier with such method not found: ' + `${addressInformation.shipping_carrier_code}, ${addressInformation.shipping_method_code}`);
    }
    ctx.db.prepare('UPDATE carts SET shipping_carrier = ?, shipping_method = ?, address = ?, updated_at = ? WHERE id = ?')
      .run(SHIPPING.carrier_code, SHIPPING.method_code, JSON.stringify(addressInformation), now(), cart.id);
    const fresh = ctx.db.prepare('SELECT * FROM carts WHERE id = ?').get(cart.id) as CartRow;
    return ok({ payment_methods: PAYMENT_METHODS, totals: totals(fresh, req) });
  });

  router.post('/api/cart/collect-totals', (req) => {
    const cart = loadCart(req);
    const { methods } = req.body as MethodsBody;
    if (methods.paymentMethod && !PAYMENT_METHODS.some((m) => m.code === methods.paymentMethod?.method)) throw badRequest(`The requested Payment Method is not available: ${methods.paymentMethod.method}`);
    const withShipping = Boolean(methods.shippingCarrierCode && methods.shippingMethodCode);
    if (withShipping && (methods.shippingCarrierCode !== SHIPPING.carrier_code || methods.shippingMethodCode !== SHIPPING.method_code)) throw badRequest('Carrier with such method not found');
    ctx.db.prepare('UPDATE carts SET payment_method = COALESCE(?, payment_method), shipping_carrier = COALESCE(?, shipping_carrier), shipping_method = COALESCE(?, shipping_method), updated_at = ? WHERE id = ?')
      .run(methods.paymentMethod?.method ?? null, withShipping ? SHIPPING.carrier_code : null, withShipping ? SHIPPING.method_code : null, now(), cart.id);
    return ok(totals(ctx.db.prepare('SELECT * FROM carts WHERE id = ?').get(cart.id) as CartRow, req));
  });

  router.post('/api/cart/apply-coupon', (req) => {
    const cart = loadCart(req);
    const code = (req.query.get('coupon') ?? '').trim().toUpperCase();
    if (!code || !COUPONS.has(code)) throw badRequest(TEXTS.couponInvalid);
    ctx.db.prepare('UPDATE carts SET coupon = ?, updated_at = ? WHERE id = ?').run(code, now(), cart.id);
    return ok(true);
  });
  router.post('/api/cart/delete-coupon', (req) => {
    const cart = loadCart(req);
    ctx.db.prepare('UPDATE carts SET coupon = NULL, updated_at = ? WHERE id = ?').run(now(), cart.id);
    return ok(true);
  });
  router.get('/api/cart/coupon', (req) => ok(loadCart(req).coupon ?? ''));
}
