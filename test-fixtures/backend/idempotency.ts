import type { Context } from './context';
import { badRequest } from './errors';
import type { Handler, Res } from './http';

/** A repeated Idempotency-Key (per path) answers the first answer and changes nothing. */
export function idempotent(ctx: Context, handler: Handler): Handler {
  return async (req) => {
    const header = req.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || key === '') return handler(req);
    if (key.length > 200) throw badRequest('Invalid request: Idempotency-Key must have at most 200 characters');
    const scope = `${req.method} ${req.path}`;
    const row = ctx.db.prepare('SELECT status, body FROM idempotency WHERE scope = ? AND key = ?').get(scope, key) as { status: number; body: string } | undefined;
    if (row) return { status: row.status, json: JSON.parse(row.body), headers: { 'idempotent-replayed': 'true' } };
    let res: Res;
    try {
      res = await handler(req);
    } catch (e) {
      throw e; // errors are not remembered: a failed attempt may be retried with the same key
    }
    if (res.status < 300) {
      ctx.db.prepare('INSERT OR IGNORE INTO idempotency (scope, key, status, body, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(scope, key, res.status, JSON.stringify(res.json ?? null), ctx.now().toISOString());
    }
    return res;
  };
}
