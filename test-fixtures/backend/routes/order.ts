import { magentoDate } from '../../catalogue/rng';
import type { Context } from '../context';
import { badRequest, HttpError, notFound, TEXTS } from '../errors';
import { ok, type Router } from '../http';
import { idempotent } from '../idempotency';
import { escapeHtml as esc } from '../mail';
import { customerFromQuery, orderToken, randomId, readOrderToken } from '../tokens';
import { checkStock, computeTotals, resolveItem, SHIPPING, type ProductOptionJson } from '../totals';

interface OrderRow { id: number; increment_id: string; customer_id: number | null; email: string | null; cart_id: string | null; totals: string; status: string; created_at: string }
interface PaymentRow { id: string; order_id: number; method: string; issuer: string | null; amount: number; currency: string; redirect_url: string; status: string }

export const PSP_METHODS = [
  { id: 'ideal', description: 'iDEAL', colour: '#cc0066' },
  { id: 'creditcard', description: 'Creditcard', colour: '#1a1f71' },
  { id: 'banktransfer', description: 'Bankoverschrijving', colour: '#2e7d32' },
];
/** the iDEAL banks by BIC (a bank's issuer id is ideal_<BIC>) */
const ISSUERS = Object.entries({ ABNANL2A: 'ABN AMRO', INGBNL2A: 'ING', RABONL2U: 'Rabobank', SNSBNL2A: 'SNS Bank', ASNBNL21: 'ASN Bank', KNABNL2H: 'Knab' }).map(
  ([bic, name]) => ({ id: `ideal_${bic}`, name }),
);
/** Payment outcomes the simulator offers, each with its Dutch button text (the status follows in brackets). */
const OUTCOMES = (
  [['paid', 'Betaald'], ['pending', 'In behandeling'], ['open', 'Open'], ['failed', 'Mislukt'], ['canceled', 'Geannuleerd'], ['expired', 'Verlopen']] as const
).map(([status, dutch]) => ({ status, label: `${dutch} (${status})` }));
/** a paid order: neither a comment nor a later payment outcome changes it */
const FINAL_ORDER_STATUSES = ['processing', 'complete'];
const FINAL_PAYMENT = ['paid', 'failed', 'canceled', 'expired'];
/** open -> pending -> paid | failed | canceled | expired, each step once; a final outcome never changes */
export function paymentMayMove(from: string, to: string): boolean {
  if (FINAL_PAYMENT.includes(from) || from === to) return false;
  if (from === 'pending') return to !== 'open';
  return from === 'open';
}
const ORDER_STATUS: Record<string, string> = { paid: 'processing', pending: 'pending_payment', open: 'pending_payment', failed: 'canceled', canceled: 'canceled', expired: 'canceled' };

const logo = (text: string, colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="40" viewBox="0 0 64 40"><rect width="64" height="40" rx="6" fill="${colour}"/><text x="32" y="25" font-family="sans-serif" font-size="11" fill="#fff" text-anchor="middle">${text}</text></svg>`;

/** the bodies as schemas.ts lets them through (quantities as numbers) */
type OrderAddress = { email?: string | null; country_id?: string | null } | null | undefined;
interface OrderBody {
  user_id?: string | number | null;
  cart_id?: string | number | null;
  products: Array<{ sku: string; qty: number; product_option?: ProductOptionJson | null }>;
  addressInformation: {
    shippingAddress?: OrderAddress; billingAddress: OrderAddress;
    shipping_method_code?: string | null; shipping_carrier_code?: string | null;
  };
  comment?: string | null;
}
interface PostPaymentBody {
  currency: string; order_id: string | number; redirectUrl: string; method: string;
  issuer?: string | null; order_token?: string | null;
}
interface OrderCommentBody {
  order_id: string | number; order_token?: string | null; status_history: { comment: string; status?: string | null };
}

/**
 * A logo's address is a path on the API under /img/ (no origin): the storefront passes /img/* through, so the browser
 * loads it from the shop's own origin and a strict CSP (`img-src 'self'`) allows it, whatever host the API is reached on.
 */
const logoPath = (id: string): string => `/img/payment-logos/${encodeURIComponent(id)}.svg`;

/** Method and issuer logos, at /img/payment-logos/{id}.svg and (the older address) /payment-logos/{id}.svg. */
export function paymentLogoRoutes(router: Router): void {
  for (const path of ['/img/payment-logos/:name', '/payment-logos/:name']) {
    router.get(path, (req) => {
      const name = (req.params.name as string).replace(/\.svg$/, '');
      const method = PSP_METHODS.find((m) => m.id === name);
      const issuer = ISSUERS.find((i) => i.id === name);
      if (!method && !issuer) throw notFound('Logo not found');
      return {
        status: 200, text: logo(method?.description ?? issuer?.name.split(' ')[0] ?? '', method?.colour ?? '#34495e'), contentType: 'image/svg+xml',
        headers: { 'cache-control': 'public, max-age=86400' },
      };
    });
  }
}

export function orderRoutes(router: Router, ctx: Context): void {
  const now = () => magentoDate(ctx.now());
  const orderBy = (ref: string): OrderRow | undefined =>
    (ctx.db.prepare('SELECT * FROM orders WHERE increment_id = ?').get(ref) as OrderRow | undefined) ??
    (/^\d+$/.test(ref) ? (ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(Number(ref)) as OrderRow | undefined) : undefined);
  /**
   * The order named by `ref`, when the caller may act on it: the order's signed token (order_token in the body), or the
   * access token (?token=) of the customer who owns it. Unknown orders answer like unauthorised ones (nothing leaks).
   */
  const authorizedOrder = (query: URLSearchParams, ref: string, token: string | undefined): OrderRow => {
    const order = orderBy(ref);
    if (token !== undefined) {
      const id = readOrderToken(ctx, token);
      if (!order || order.id !== id) throw new HttpError(403, TEXTS.hashIncorrect);
      return order;
    }
    const customerId = customerFromQuery(ctx, query);
    if (customerId === undefined) throw new HttpError(401, TEXTS.noToken);
    if (!order || order.customer_id !== customerId) throw new HttpError(401, TEXTS.unauthorized);
    return order;
  };
  const onStorefront = (url: string): boolean => {
    const u = URL.canParse(url) ? new URL(url) : undefined;
    return (u?.protocol === 'http:' || u?.protocol === 'https:') && u.username === '' && u.password === ''
      && ctx.storefrontOrigins.includes(u.origin);
  };

  router.post('/api/order', idempotent(ctx, (req) => {
    const body = req.body as OrderBody;
    const info = body.addressInformation;
    if (info.shipping_method_code && (info.shipping_method_code !== SHIPPING.method_code || info.shipping_carrier_code !== SHIPPING.carrier_code)) {
      throw badRequest('Carrier with such method not found');
    }
    const country = (info.shippingAddress?.country_id ?? info.billingAddress?.country_id ?? 'NL').toUpperCase();
    if (!['NL', 'BE'].includes(country)) throw badRequest(`Verzending naar ${country} is niet mogelijk.`);
    // every line must exist, be enabled and in stock: nothing is written before all pass
    const lines = body.products.map((p, k) => {
      const option = p.product_option ?? undefined;
      const resolved = resolveItem(ctx, p.sku, option);
      checkStock(ctx, resolved, p.qty);
      return { item_id: k + 1, sku: resolved.sku, qty: p.qty, product_option: option, resolved };
    });
    // an order for a customer needs that customer's access token (?token=); a guest order is tied to nothing but
    // the guest cart it closes, whose random id is the guest's only credential
    const tokenCustomer = customerFromQuery(ctx, req.query);
    let customerId: number | null = null;
    if (body.user_id != null && body.user_id !== '') {
      const id = Number(body.user_id);
      if (tokenCustomer === undefined) throw new HttpError(401, TEXTS.noToken);
      if (!Number.isInteger(id) || id !== tokenCustomer) throw new HttpError(401, TEXTS.unauthorized);
      customerId = id;
    }
    let coupon: string | null = null;
    if (body.cart_id) {
      const cart = ctx.db.prepare('SELECT * FROM carts WHERE id = ?').get(body.cart_id) as { customer_id: number | null; coupon: string | null; active: number } | undefined;
      if (cart && cart.customer_id !== null && cart.customer_id !== customerId) throw new HttpError(401, TEXTS.unauthorized);
      coupon = cart?.active ? cart.coupon : null;
    }
    const totals = computeTotals(ctx, lines, coupon, true);
    const email = info.billingAddress?.email ?? info.shippingAddress?.email ?? null;
    const orderId = ctx.db.transaction(() => {
      const res = ctx.db.prepare('INSERT INTO orders (increment_id, customer_id, email, cart_id, body, totals, items, status, comment, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(`pending-${randomId(4)}`, customerId, email, body.cart_id ?? null, JSON.stringify(body), JSON.stringify(totals), JSON.stringify(totals.items), 'pending', body.comment ?? null, now());
      const id = Number(res.lastInsertRowid);
      ctx.db.prepare('UPDATE orders SET increment_id = ? WHERE id = ?').run(String(id).padStart(9, '0'), id);
      for (const l of lines) for (const [sku, per] of l.resolved.stockSkus) ctx.catalogue.decrementStock(sku, per * l.qty);
      if (body.cart_id) ctx.db.prepare('UPDATE carts SET active = 0, updated_at = ? WHERE id = ?').run(now(), body.cart_id);
      if (body.comment) ctx.db.prepare('INSERT INTO order_comments (order_id, comment, status, data, created_at) VALUES (?, ?, ?, ?, ?)').run(id, body.comment, 'pending', '{}', now());
      return id;
    })();
    const incrementId = String(orderId).padStart(9, '0');
    return ok({ magentoOrderId: String(orderId), backendOrderId: String(orderId), transferedAt: ctx.now().toISOString(), increment_id: incrementId, order_token: orderToken(ctx, orderId), grand_total: totals.grand_total });
  }));

  const base = '/api/ext/vsf-payment-service-api';
  // the provider's configured offer (BackendOptions.psp): a shop may have no provider methods, or iDEAL without banks
  const offered = PSP_METHODS.filter((m) => !ctx.psp?.methods || ctx.psp.methods.includes(m.id));
  const banks = ctx.psp?.issuers === false ? [] : ISSUERS;
  router.get(`${base}/payment-methods`, () => ok({
    count: offered.length,
    _embedded: { methods: offered.map((m) => ({ resource: 'method', id: m.id, description: m.description, image: { size1x: logoPath(m.id), size2x: logoPath(m.id), svg: logoPath(m.id) } })) },
  }));
  router.get(`${base}/fetch-issuers`, () => ok(banks.map((i) => ({ resource: 'issuer', id: i.id, name: i.name, image: { svg: logoPath(i.id) } }))));

  router.post(`${base}/post-payment`, (req) => {
    const body = req.body as PostPaymentBody;
    if (!offered.some((m) => m.id === body.method)) throw badRequest(`Unknown payment method: ${body.method}`);
    if (body.issuer && !banks.some((i) => i.id === body.issuer)) throw badRequest(`Unknown issuer: ${body.issuer}`);
    if (!onStorefront(body.redirectUrl)) throw badRequest('Invalid request: redirectUrl must be on the storefront');
    const order = authorizedOrder(req.query, String(body.order_id), body.order_token ?? undefined);
    const paid = ctx.db.prepare("SELECT 1 FROM payments WHERE order_id = ? AND status = 'paid'").get(order.id);
    if (paid) throw new HttpError(409, `Order ${order.increment_id} is already paid`);
    const totals = JSON.parse(order.totals) as { grand_total: number };
    const id = randomId(16);
    ctx.db.prepare('INSERT INTO payments (id, order_id, method, issuer, amount, currency, redirect_url, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(id, order.id, body.method, body.issuer ?? null, totals.grand_total, body.currency, body.redirectUrl, 'open', now(), now());
    ctx.db.prepare('UPDATE orders SET status = ? WHERE id = ?').run('pending_payment', order.id);
    return ok({ order_id: order.increment_id, amount: totals.grand_total, payment_gateway_url: `${req.baseUrl}/payment-simulator/${id}` });
  });

  router.post(`${base}/order-comments`, (req) => {
    const body = req.body as OrderCommentBody;
    const order = authorizedOrder(req.query, String(body.order_id), body.order_token ?? undefined);
    const status = body.status_history.status;
    if (status && FINAL_ORDER_STATUSES.includes(order.status)) throw new HttpError(409, `Order ${order.increment_id} is ${order.status}: its status cannot change to ${status}`);
    ctx.db.transaction(() => {
      ctx.db.prepare('INSERT INTO order_comments (order_id, comment, status, data, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(order.id, body.status_history.comment, status ?? null, JSON.stringify(body.status_history), now());
      if (status) ctx.db.prepare('UPDATE orders SET status = ? WHERE id = ?').run(status, order.id);
    })();
    return ok(true);
  });

  router.post(`${base}/get-payment-status`, (req) => {
    const id = readOrderToken(ctx, (req.body as { token: string }).token);
    const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(id) as OrderRow | undefined;
    if (!order) throw notFound(TEXTS.invalidPaymentToken);
    const payment = ctx.db.prepare('SELECT * FROM payments WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(order.id) as PaymentRow | undefined;
    return ok({ order: { increment_id: order.increment_id, customer_email: order.email }, payment: { status: payment?.status ?? 'open', method: payment?.method ?? null, amount: payment?.amount ?? null } });
  });

  // The payment simulator: a page where a person (or a Playwright test) picks the outcome.
  router.get('/payment-simulator/:id', (req) => {
    const payment = ctx.db.prepare('SELECT * FROM payments WHERE id = ?').get(req.params.id) as PaymentRow | undefined;
    if (!payment) throw notFound('Payment not found');
    const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(payment.order_id) as OrderRow;
    const method = PSP_METHODS.find((m) => m.id === payment.method)?.description ?? payment.method;
    const issuer = ISSUERS.find((i) => i.id === payment.issuer)?.name;
    const html = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Betaalsimulator - bestelling ${esc(order.increment_id)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}h2{font-size:1rem;font-weight:600}
.amount{font-size:2rem;font-weight:700;margin:1rem 0}form{display:grid;gap:.5rem}button{font-size:1rem;padding:.75rem;border:1px solid #888;border-radius:6px;background:#f7f7f7;cursor:pointer}
button[value=paid]{background:#2e7d32;color:#fff;border-color:#2e7d32}.muted{color:#666;font-size:.9rem}</style></head>
<body><main><h1>Betaalsimulator</h1><p class="muted">Dit is een testomgeving: er wordt geen geld overgemaakt.</p>
<p>Bestelling <strong id="order">${esc(order.increment_id)}</strong> &middot; ${esc(method)}${issuer ? ` &middot; ${esc(issuer)}` : ''}</p>
<p class="amount" id="amount">€ ${payment.amount.toFixed(2).replace('.', ',')}</p>
<p>Huidige status: <strong id="status">${esc(payment.status)}</strong></p>
<h2 id="outcome" class="muted">Kies de uitkomst van de betaling</h2>
<form method="post" action="/payment-simulator/${esc(payment.id)}" aria-labelledby="outcome">
${OUTCOMES.map((o) => `<button type="submit" name="status" value="${o.status}">${o.label}</button>`).join('\n')}
</form>
<p><a href="${esc(payment.redirect_url)}">Terug naar de winkel zonder te kiezen</a></p></main></body></html>`;
    return { status: 200, text: html, contentType: 'text/html; charset=utf-8' };
  });
  router.post('/payment-simulator/:id', (req) => {
    const payment = ctx.db.prepare('SELECT * FROM payments WHERE id = ?').get(req.params.id) as PaymentRow | undefined;
    if (!payment) throw notFound('Payment not found');
    const outcome = OUTCOMES.find((o) => o.status === (req.body as { status: string }).status);
    if (!outcome) throw badRequest(`Invalid request: status must be one of ${OUTCOMES.map((o) => o.status)}`);
    const { status } = outcome;
    const redirect = { status: 303, text: '', headers: { location: payment.redirect_url } };
    // a payment only moves forward: open -> pending -> one final outcome; a replay changes nothing and answers the same
    if (status === payment.status) return redirect;
    if (!paymentMayMove(payment.status, status)) throw new HttpError(409, `Payment is ${payment.status}: it cannot become ${status}`);
    const orderRow = ctx.db.prepare('SELECT status FROM orders WHERE id = ?').get(payment.order_id) as { status: string };
    if (FINAL_ORDER_STATUSES.includes(orderRow.status) && status !== 'paid') throw new HttpError(409, `Order is ${orderRow.status}: it cannot become ${ORDER_STATUS[status]}`);
    ctx.db.transaction(() => {
      ctx.db.prepare('UPDATE payments SET status = ?, updated_at = ? WHERE id = ?').run(status, now(), payment.id);
      ctx.db.prepare('UPDATE orders SET status = ? WHERE id = ?').run(ORDER_STATUS[status], payment.order_id);
      ctx.db.prepare('INSERT INTO order_comments (order_id, comment, status, data, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(payment.order_id, `Betaalstatus: ${status}`, ORDER_STATUS[status], '{}', now());
    })();
    return redirect;
  });
}
