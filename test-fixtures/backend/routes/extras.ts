import { magentoDate } from '../../catalogue/rng';
import type { Context } from '../context';
import { badRequest, notFound, TEXTS } from '../errors';
import { ok, type Router } from '../http';
import { html, queueMail, textToHtml } from '../mail';
import { customerFromQuery, randomId } from '../tokens';
import { EMAIL } from '../schemas';

const CONTACT_CATEGORIES = [
  { value: 'order', label: 'Vraag over een bestelling' },
  { value: 'return', label: 'Retourneren' },
  { value: 'product', label: 'Vraag over een product' },
  { value: 'wholesale', label: 'Groothandel' },
  { value: 'other', label: 'Overig' },
];

export function extraRoutes(router: Router, ctx: Context): void {
  const now = () => magentoDate(ctx.now());

  // newsletter (mailchimp-subscribe extension)
  const base = '/api/ext/mailchimp-subscribe/subscribe';
  router.get(base, (req) => {
    const row = ctx.db.prepare('SELECT status FROM subscriptions WHERE email = ?').get(req.query.get('email')) as { status: string } | undefined;
    return ok(row?.status ?? 'unsubscribed');
  });
  for (const [method, status] of [['POST', 'subscribed'], ['DELETE', 'unsubscribed']] as const) {
    router.add(method, base, (req) => {
      const upsert = 'INSERT INTO subscriptions (email, status, updated_at) VALUES (?, ?, ?)'
        + ' ON CONFLICT(email) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at';
      ctx.db.prepare(upsert).run((req.body as { email: string }).email, status, now());
      return ok(true);
    });
  }

  // mail service
  router.get('/api/ext/mail-service/get-token', () => {
    const token = randomId(16);
    ctx.db.prepare('INSERT INTO mail_tokens (token, expires_at) VALUES (?, ?)').run(token, ctx.now().getTime() + 3600_000);
    return ok(token);
  });
  router.post('/api/ext/mail-service/send-email', (req) => {
    const body = req.body as {
      sourceAddress: string; targetAddress: string; subject: string; emailText: string; token: string;
      confirmation?: boolean | 0 | 1 | null;
    };
    const token = ctx.db.prepare('SELECT expires_at FROM mail_tokens WHERE token = ?').get(body.token) as { expires_at: number } | undefined;
    if (!token || token.expires_at < ctx.now().getTime()) throw badRequest('Email is not authorized!');
    if (!EMAIL.test(body.sourceAddress)) throw badRequest(TEXTS.sourceEmailInvalid);
    if (!EMAIL.test(body.targetAddress)) throw badRequest('Target email address is invalid!');
    // only the shop's own mailboxes receive (upstream's targetAddressWhitelist): anyone may write to the shop, nobody
    // may use it to mail a stranger a text of their choosing
    if (!ctx.mailTargets.includes(body.targetAddress.toLowerCase())) throw badRequest(`Target email address (${body.targetAddress}) is not from the whitelist!`);
    ctx.db.transaction(() => {
      ctx.db.prepare('DELETE FROM mail_tokens WHERE token = ?').run(body.token);
      // a visitor's text reaches the shop's mailbox as text: its markup shows as written, never as links or images
      queueMail(ctx, { to: body.targetAddress, from: body.sourceAddress, subject: body.subject, body: html`<p>${textToHtml(body.emailText)}</p>` });
      // the confirmation goes to an address nobody verified: a fixed text, never the sender's subject or text
      if (body.confirmation) {
        queueMail(ctx, { to: body.sourceAddress, from: body.targetAddress, subject: 'Bevestiging: we hebben je bericht ontvangen', body: html`<p>Bedankt voor je bericht. We antwoorden zo snel mogelijk.</p>` });
      }
    })();
    return ok('OK');
  });

  // contact
  router.get('/api/ext/contact/getCategoryCollection', () => ok(CONTACT_CATEGORIES));
  router.post('/api/ext/contact/send', (req) => {
    const { form } = req.body as { form: { name: string; email: string; message: string; category?: string | null } };
    if (form.category && !CONTACT_CATEGORIES.some((c) => c.value === form.category)) throw badRequest(`Invalid request: form.category must be one of ${CONTACT_CATEGORIES.map((c) => c.value).join(', ')}`);
    ctx.db.prepare('INSERT INTO contact_messages (name, email, message, category, created_at) VALUES (?, ?, ?, ?, ?)').run(form.name, form.email, form.message, form.category ?? null, now());
    return ok(true);
  });

  // reviews: stored as pending (Magento's review_status 2) — they are not in the search index until approved
  router.post('/api/review/create', (req) => {
    const { review } = req.body as {
      review: { product_id: number; title: string; detail: string; nickname: string; customer_id?: number | null };
    };
    if (!ctx.catalogue.byId.has(review.product_id)) throw notFound(`No such entity with productId = ${review.product_id}`);
    // a review is signed by a customer only when the customer's own token (?token=) says so: a customer_id in the body
    // alone is anyone's claim (it put reviews in another customer's name), so it is kept only when the token matches
    const tokenCustomer = customerFromQuery(ctx, req.query);
    const author = review.customer_id != null && review.customer_id === tokenCustomer ? tokenCustomer : null;
    const info = ctx.db.prepare('INSERT INTO reviews (product_id, title, detail, nickname, customer_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(review.product_id, review.title, review.detail, review.nickname, author, 2, now());
    return ok({ id: Number(info.lastInsertRowid), product_id: review.product_id, title: review.title, detail: review.detail, nickname: review.nickname, review_entity: 'product', review_status: 2 });
  });

  // feedback company widget: result is a JSON string, as upstream
  router.get('/api/ext/feedback-company/getFeedbackReview', () => {
    const reviews = ctx.catalogue.data.reviews;
    const avg = reviews.reduce((sum, r) => sum + (r.ratings[0]?.value ?? 0), 0) / Math.max(1, reviews.length);
    return ok(JSON.stringify({
      status: 'ok', link: 'https://www.feedbackcompany.com/nl-nl/reviews/papierwinkel/', percentage: Math.round((avg / 5) * 100),
      score: Math.round(avg * 2 * 10) / 10, score_max: 10, total_reviews: reviews.length,
    }));
  });
  router.get('/api/ext/feedback-company/getFeedbackCompanyReview', () => {
    const latest = [...ctx.catalogue.data.reviews].sort((a, b) => (a.created_at < b.created_at ? 1 : -1)).slice(0, 10);
    return ok(JSON.stringify({ success: true, reviews: latest.map((r) => ({ id: r.id, client: { name: r.nickname }, total_score: r.ratings[0]?.value ?? 0, title: r.title, text: r.detail, date_created: r.created_at })) }));
  });

  // development helpers: the outbox (reset-password links) and a health check
  if (ctx.dev) router.get('/__dev/outbox', (req) => {
    const to = req.query.get('to');
    const rows = to ? ctx.db.prepare('SELECT * FROM mails WHERE to_address = ? COLLATE NOCASE ORDER BY id DESC LIMIT 50').all(to) : ctx.db.prepare('SELECT * FROM mails ORDER BY id DESC LIMIT 50').all();
    return ok(rows);
  });
  router.get('/', () => ok({ name: 'papierwinkel demo backend', protocol: 'vue-storefront-api 1.12', products: ctx.catalogue.data.products.length }));
}
