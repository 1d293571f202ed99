import { magentoDate } from '../../catalogue/rng';
import type { Context } from '../context';
import { badRequest, HttpError, notFound, TEXTS } from '../errors';
import { ok, type Router } from '../http';
import { greetingName, html, queueMail, SHOP_MAILBOX } from '../mail';
import { hashPassword, issueTokens, passwordMatches, randomId, requireCustomer, verifyToken } from '../tokens';
import { lineInView, storeView, type ProductOptionJson } from '../totals';

/** an order's line as stored with it (the totals' line at placement) */
type OrderLine = { sku: string; qty: number; name?: string; options?: string; product_option?: ProductOptionJson };

interface CustomerRow { id: number; email: string; firstname: string; lastname: string; password_hash: string; data: string; token_version: number; created_at: string; updated_at: string }

/** a customer as schemas.ts lets it through (create requires the names and e-mail) */
interface CustomerBody { email?: string; firstname?: string; lastname?: string; addresses?: object[] | null }
type NewCustomer = Required<Pick<CustomerBody, 'email' | 'firstname' | 'lastname'>> & CustomerBody;

/** Magento's password rule (spec transactions §5): at least 8 characters and 3 of 4 classes. */
const passwordStrongEnough = (password: string): boolean =>
  password.length >= 8 && [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((r) => r.test(password)).length >= 3;

function customerJson(row: CustomerRow) {
  const data = JSON.parse(row.data) as { addresses?: unknown[]; [k: string]: unknown };
  return {
    id: row.id, group_id: 1, created_at: row.created_at, updated_at: row.updated_at, created_in: 'Default Store View',
    email: row.email, firstname: row.firstname, lastname: row.lastname, store_id: 1, website_id: 1,
    addresses: data.addresses ?? [], disable_auto_group_change: 0,
    extension_attributes: { is_subscribed: false },
  };
}

/** a hash no password matches: what an unknown e-mail's login is checked against */
const DUMMY_HASH = hashPassword(randomId(16));

export function userRoutes(router: Router, ctx: Context): void {
  const now = () => magentoDate(ctx.now());
  const byId = (id: number) => ctx.db.prepare('SELECT * FROM customers WHERE id = ?').get(id) as CustomerRow | undefined;
  const byEmail = (email: string) => ctx.db.prepare('SELECT * FROM customers WHERE email = ?').get(email) as CustomerRow | undefined;
  const addressesWithIds = (addresses: object[] | null | undefined, customerId: number) =>
    // the server's fields last: a client's `id` or `customer_id` in an address never overrides them
    (addresses ?? []).map((a, i) => ({ ...a, id: customerId * 100 + i + 1, customer_id: customerId }));
  // a new password signs out every older access and refresh token
  const setPassword = (id: number, password: string) => ctx.db
    .prepare('UPDATE customers SET password_hash = ?, token_version = token_version + 1, updated_at = ? WHERE id = ?')
    .run(hashPassword(password), now(), id);

  router.post('/api/user/create', (req) => {
    const body = req.body as { customer: NewCustomer; password: string };
    if (!passwordStrongEnough(body.password)) throw badRequest(TEXTS.passwordRule);
    // the hash is computed before the duplicate check: an existing e-mail costs the same time as a new one
    const passwordHash = hashPassword(body.password);
    if (byEmail(body.customer.email)) throw badRequest(TEXTS.duplicateEmail);
    const info = ctx.db.prepare('INSERT INTO customers (email, firstname, lastname, password_hash, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(body.customer.email, body.customer.firstname, body.customer.lastname, passwordHash, '{}', now(), now());
    const id = Number(info.lastInsertRowid);
    ctx.db.prepare('UPDATE customers SET data = ? WHERE id = ?').run(JSON.stringify({ addresses: addressesWithIds(body.customer.addresses, id) }), id);
    return ok(customerJson(byId(id) as CustomerRow));
  });

  router.post('/api/user/login', (req) => {
    const body = req.body as { username: string; password: string };
    ctx.loginThrottle.check(body.username, req.remote);
    const row = byEmail(body.username);
    // an unknown e-mail costs a hash too, so the answer's timing does not tell which e-mails exist
    const matches = row ? passwordMatches(body.password, row.password_hash) : (passwordMatches(body.password, DUMMY_HASH), false);
    if (!row || !matches) {
      ctx.loginThrottle.failed(body.username, req.remote);
      throw new HttpError(401, TEXTS.signInIncorrect);
    }
    ctx.loginThrottle.succeeded(body.username, req.remote);
    const { token, refreshToken } = issueTokens(ctx, row.id, row.token_version);
    return ok(token, { refreshToken });
  });

  router.post('/api/user/refresh', (req) => {
    const { customerId } = verifyToken(ctx, (req.body as { refreshToken: string }).refreshToken, 'r');
    const row = byId(customerId) as CustomerRow;
    const { token, refreshToken } = issueTokens(ctx, row.id, row.token_version);
    return ok(token, { refreshToken });
  });

  router.get('/api/user/me', (req) => ok(customerJson(byId(requireCustomer(ctx, req.query)) as CustomerRow)));

  router.post('/api/user/me', (req) => {
    const id = requireCustomer(ctx, req.query);
    const { customer } = req.body as { customer: CustomerBody };
    const row = byId(id) as CustomerRow;
    if (customer.email && customer.email.toLowerCase() !== row.email.toLowerCase() && byEmail(customer.email)) throw badRequest(TEXTS.duplicateEmail);
    const data = JSON.parse(row.data) as Record<string, unknown>;
    if (customer.addresses) data.addresses = addressesWithIds(customer.addresses, id);
    ctx.db.prepare('UPDATE customers SET email = ?, firstname = ?, lastname = ?, data = ?, updated_at = ? WHERE id = ?')
      .run(customer.email ?? row.email, customer.firstname ?? row.firstname, customer.lastname ?? row.lastname, JSON.stringify(data), now(), id);
    return ok(customerJson(byId(id) as CustomerRow));
  });

  // an order's latest payment (none: no payment created, e.g. cash on delivery): after a retry, the method that paid
  const latestPayment = (orderId: number): { status: string; method: string } | undefined =>
    ctx.db.prepare('SELECT status, method FROM payments WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(orderId) as { status: string; method: string } | undefined;
  router.get('/api/user/order-history', (req) => {
    const id = requireCustomer(ctx, req.query);
    const pageSize = Number(req.query.get('pageSize') ?? 20);
    const currentPage = Number(req.query.get('currentPage') ?? 1);
    const total = (ctx.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE customer_id = ?').get(id) as { n: number }).n;
    const rows = ctx.db.prepare('SELECT * FROM orders WHERE customer_id = ? ORDER BY id DESC LIMIT ? OFFSET ?').all(id, pageSize, (currentPage - 1) * pageSize) as Array<{
      id: number; increment_id: string; status: string; totals: string; items: string; created_at: string; email: string; body: string; comment: string | null;
    }>;
    // the lines named in the reading shop's store view: an order placed in Dutch reads English in the English shop
    const view = storeView(ctx, req.query);
    const items = rows.map((o) => {
      const totals = JSON.parse(o.totals) as Record<string, number>;
      const body = JSON.parse(o.body) as { addressInformation?: { shippingAddress?: unknown; billingAddress?: unknown; payment_method_code?: string } };
      const latest = latestPayment(o.id);
      return {
        entity_id: o.id, increment_id: o.increment_id, store_name: 'Papierwinkel\nDefault Store View', status: o.status, state: o.status === 'canceled' ? 'canceled' : 'new',
        created_at: o.created_at, customer_email: o.email, grand_total: totals.grand_total, base_grand_total: totals.grand_total,
        subtotal: totals.subtotal, subtotal_incl_tax: totals.subtotal_incl_tax, discount_amount: totals.discount_amount, shipping_amount: totals.shipping_amount,
        shipping_incl_tax: totals.shipping_incl_tax, tax_amount: totals.tax_amount, total_due: o.status === 'processing' ? 0 : totals.grand_total,
        order_currency_code: 'EUR', items: (JSON.parse(o.items) as OrderLine[]).map((line) => lineInView(ctx, line, view)), customer_note: o.comment,
        billing_address: body.addressInformation?.billingAddress ?? null,
        payment: { method: latest?.method ?? body.addressInformation?.payment_method_code ?? null, status: latest?.status ?? null },
        extension_attributes: { shipping_assignments: [{ shipping: { address: body.addressInformation?.shippingAddress ?? null, method: 'flatrate_flatrate' } }] },
      };
    });
    return ok({ items, search_criteria: { filter_groups: [{ filters: [{ field: 'customer_id', value: String(id), condition_type: 'eq' }] }], page_size: pageSize, current_page: currentPage }, total_count: total });
  });

  router.post('/api/user/reset-password', (req) => {
    const row = byEmail((req.body as { email: string }).email);
    // the same answer for known and unknown e-mails: only the mailbox's owner learns whether an account exists
    if (!row) return ok(true);
    const token = randomId(16);
    ctx.db.prepare('INSERT INTO reset_tokens (token, customer_id, expires_at) VALUES (?, ?, ?)').run(token, row.id, ctx.now().getTime() + 24 * 3600_000);
    const link = `${ctx.storefrontUrl}/create-password?resetToken=${token}&email=${encodeURIComponent(row.email)}`;
    const name = greetingName(row.firstname);
    queueMail(ctx, {
      to: row.email, from: SHOP_MAILBOX, subject: 'Wachtwoord opnieuw instellen',
      body: html`<p>${name ? `Beste ${name},` : 'Beste klant,'}</p><p>Stel je nieuwe wachtwoord in via <a href="${link}">${link}</a>.</p>`,
    });
    return ok(true);
  });

  router.post('/api/user/create-password', (req) => {
    const body = req.body as { email: string; newPassword: string; resetToken: string };
    const row = byEmail(body.email);
    const token = ctx.db.prepare('SELECT * FROM reset_tokens WHERE token = ?').get(body.resetToken) as { customer_id: number; expires_at: number; used: number } | undefined;
    if (!row || !token || token.customer_id !== row.id || token.used || token.expires_at < ctx.now().getTime()) throw badRequest(TEXTS.resetTokenInvalid);
    if (!passwordStrongEnough(body.newPassword)) throw badRequest(TEXTS.passwordRule);
    ctx.db.transaction(() => {
      setPassword(row.id, body.newPassword);
      ctx.db.prepare('UPDATE reset_tokens SET used = 1 WHERE token = ?').run(body.resetToken);
    })();
    return ok(true);
  });

  router.post('/api/user/change-password', (req) => {
    const id = requireCustomer(ctx, req.query);
    const body = req.body as { currentPassword: string; newPassword: string };
    const row = byId(id) as CustomerRow;
    if (!passwordMatches(body.currentPassword, row.password_hash)) throw badRequest(TEXTS.wrongPassword);
    if (!passwordStrongEnough(body.newPassword)) throw badRequest(TEXTS.passwordRule);
    setPassword(id, body.newPassword);
    return ok(true);
  });
}
