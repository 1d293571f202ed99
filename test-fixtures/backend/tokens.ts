import { createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Context } from './context';
import { HttpError, TEXTS } from './errors';

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `payload.HMAC-SHA256(payload)`, keyed by the backend secret and the token's purpose */
const signed = (ctx: Context, purpose: string, payload: string): string =>
  `${payload}.${createHmac('sha256', `${purpose}:${ctx.secret}`).update(payload).digest('base64url')}`;

/** the payload of a token signed for `purpose`, undefined when its signature does not check out */
function payloadOf(ctx: Context, purpose: string, token: string): string | undefined {
  const payload = token.split('.')[0] ?? '';
  return payload && safeEqual(token, signed(ctx, purpose, payload)) ? payload : undefined;
}

interface TokenPayload { sub: number; exp: number; v: number; t: 'a' | 'r'; n: string }

/** Access and refresh tokens: base64url(JSON) + '.' + HMAC-SHA256 keyed by the backend secret. */
export function issueTokens(ctx: Context, customerId: number, version: number): { token: string; refreshToken: string } {
  const now = Math.floor(ctx.now().getTime() / 1000);
  const make = (t: 'a' | 'r', ttl: number) => {
    const payload = b64(JSON.stringify({ sub: customerId, exp: now + ttl, v: version, t, n: randomBytes(6).toString('hex') } satisfies TokenPayload));
    return signed(ctx, 'user-token', payload);
  };
  return { token: make('a', ctx.tokenTtlSeconds), refreshToken: make('r', 30 * 86400) };
}

export function verifyToken(ctx: Context, token: string, kind: 'a' | 'r'): { customerId: number } {
  const payload = payloadOf(ctx, 'user-token', token);
  if (!payload) throw new HttpError(401, TEXTS.unauthorized);
  let data: TokenPayload;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenPayload;
  } catch {
    throw new HttpError(401, TEXTS.unauthorized);
  }
  if (data.t !== kind) throw new HttpError(401, TEXTS.unauthorized);
  if (data.exp <= Math.floor(ctx.now().getTime() / 1000)) throw new HttpError(401, TEXTS.tokenExpired);
  const row = ctx.db.prepare('SELECT token_version FROM customers WHERE id = ?').get(data.sub) as { token_version: number } | undefined;
  if (!row || row.token_version !== data.v) throw new HttpError(401, TEXTS.unauthorized);
  return { customerId: data.sub };
}

/** The customer behind `?token=`: undefined for an empty token (guest), 401 for a bad or expired one. */
export function customerFromQuery(ctx: Context, query: URLSearchParams): number | undefined {
  const token = query.get('token');
  if (token === null || token === '' || token === 'undefined' || token === 'null') return undefined;
  if (token.length > 2000) throw new HttpError(401, TEXTS.unauthorized);
  return verifyToken(ctx, token, 'a').customerId;
}

export function requireCustomer(ctx: Context, query: URLSearchParams): number {
  const id = customerFromQuery(ctx, query);
  if (id === undefined) throw new HttpError(401, TEXTS.noToken);
  return id;
}

/** Passwords: scrypt with a random salt, stored as 'scrypt$salt$hash'. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$${b64(salt)}$${b64(hash)}`;
}

export function passwordMatches(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), 32, { N: 16384, r: 8, p: 1 });
  return safeEqual(b64(actual), hash);
}

/** The order token: base64url(order id) + '.' + HMAC, so a tampered token is recognised (HASH_INCORRECT). */
export function orderToken(ctx: Context, orderId: number): string {
  return signed(ctx, 'order-token', b64(String(orderId)));
}

export function readOrderToken(ctx: Context, token: string): number {
  const id = Number(Buffer.from(payloadOf(ctx, 'order-token', token) ?? '', 'base64url').toString('utf8'));
  if (!Number.isInteger(id) || id <= 0) throw new HttpError(403, TEXTS.hashIncorrect);
  return id;
}

export const randomId = (bytes = 16): string => randomBytes(bytes).toString('hex');
