import { createHash } from 'node:crypto';
import type { Context } from './context';
import { badRequest, HttpError } from './errors';
import type { Handler, Res } from './http';
import { isObject } from './search/request';
import { customerFromQuery } from './tokens';

/** `Idempotency-Key` per route: the same request again gets the first answer, another request a 422. */
export function idempotent(ctx: Context, handler: Handler): Handler {
  return async (req) => {
    const header = req.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || key === '') return handler(req);
    if (key.length > 200) throw badRequest('Invalid request: Idempotency-Key must have at most 200 characters');
    // the route, not the path: the path with a trailing slash is the same route, so the same scope
    const scope = req.route;
    // who sends it: the customer behind ?token=, not the token itself, which a refresh changes
    const who = customerFromQuery(ctx, req.query) ?? 'guest';
    const requestHash = requestHashOf(who, req.query.get('cartId') ?? '', req.body);
    const row = ctx.db.prepare('SELECT status, body, request_hash FROM idempotency WHERE scope = ? AND key = ?')
      .get(scope, key) as { status: number; body: string; request_hash: string } | undefined;
    if (row) {
      if (row.request_hash !== '' && row.request_hash !== requestHash) {
        throw new HttpError(422, 'Idempotency-Key was already used for a different request');
      }
      return { status: row.status, json: JSON.parse(row.body), headers: { 'idempotent-replayed': 'true' } };
    }
    // errors are not remembered: a failed attempt may be retried with the same key
    const res: Res = await handler(req);
    if (res.status < 300) {
      ctx.db.prepare('INSERT OR IGNORE INTO idempotency (scope, key, status, body, created_at, request_hash) '
        + 'VALUES (?, ?, ?, ?, ?, ?)')
        .run(scope, key, res.status, JSON.stringify(res.json ?? null), ctx.now().toISOString(), requestHash);
    }
    return res;
  };
}

/**
 * What makes two requests with one key the same request: the sender, the cart and the body as a JSON value (its
 * objects' keys in any order), less the order's own top-level `transmited` flag, the client's note of whether it sent
 * the order. Only that one flag: a `transmited` inside a product option or payment data is part of the order. The
 * parts are separated by newlines, which `who` (a customer id or 'guest') and the canonical JSON never hold.
 */
export function requestHashOf(who: string | number, cartId: string, body: unknown): string {
  let request = body ?? null;
  if (isObject(body)) {
    const { transmited: _note, ...order } = body;
    request = order;
  }
  return createHash('sha256').update(`${who}\n${cartId}\n${canonicalJson(request)}`).digest('base64url');
}

/** JSON text with every object's keys sorted (the body's depth is bounded by LIMITS.jsonDepth before it is parsed) */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  // 1e400 parses to Infinity, which JSON.stringify would write as null
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (!isObject(value)) return JSON.stringify(value) ?? 'null';
  // own entries: a `__proto__` key (JSON.parse makes one) is read and written as the data it is
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
