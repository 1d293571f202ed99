import { createHash } from 'node:crypto';
import type { Context } from './context';
import { badRequest, HttpError } from './errors';
import type { Handler, Res } from './http';
import { customerFromQuery } from './tokens';

/** `Idempotency-Key` per method + path: the same request again gets the first answer, another request a 422. */
export function idempotent(ctx: Context, handler: Handler): Handler {
  return async (req) => {
    const header = req.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || key === '') return handler(req);
    if (key.length > 200) throw badRequest('Invalid request: Idempotency-Key must have at most 200 characters');
    const scope = `${req.method} ${req.path}`;
    // the request = who sends it (the customer behind ?token=, not the token itself, which a refresh changes), the cart and the body
    const who = customerFromQuery(ctx, req.query) ?? 'guest';
    const requestHash = createHash('sha256').update(`${who}\n${req.query.get('cartId') ?? ''}\n`)
      .update(JSON.stringify(req.body ?? null, unbooked)).digest('base64url');
    const row = ctx.db.prepare('SELECT status, body, request_hash FROM idempotency WHERE scope = ? AND key = ?').get(scope, key) as { status: number; body: string; request_hash: string } | undefined;
    if (row) {
      if (row.request_hash !== '' && row.request_hash !== requestHash) {
        throw new HttpError(422, 'Idempotency-Key was already used for a different request');
      }
      return { status: row.status, json: JSON.parse(row.body), headers: { 'idempotent-replayed': 'true' } };
    }
    // errors are not remembered: a failed attempt may be retried with the same key
    const res: Res = await handler(req);
    if (res.status < 300) {
      ctx.db.prepare('INSERT OR IGNORE INTO idempotency (scope, key, status, body, created_at, request_hash) VALUES (?, ?, ?, ?, ?, ?)')
        .run(scope, key, res.status, JSON.stringify(res.json ?? null), ctx.now().toISOString(), requestHash);
    }
    return res;
  };
}

/** The order's `transmited` flag is the client's note of whether it sent the order, not part of the request. */
const unbooked = (key: string, value: unknown): unknown => (key === 'transmited' ? undefined : value);
