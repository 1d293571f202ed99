import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';
import Ajv, { type ErrorObject } from 'ajv';
import type { Logger } from 'pino';
import type { ErrorLog } from '../../adapters/common/log-limit';
import { requestIdFrom, requestLine } from '../../adapters/common/json-logs';
import { badRequest, HttpError } from './errors';
import { LIMITS, parseBoundedJson } from './limits';
import { EMAIL, SCHEMAS } from './schemas';

export interface Req {
  method: string;
  path: string;
  /** the route the path matched, as it was added: 'POST /api/order' (also for '/api/order/') */
  route: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
  baseUrl: string;
  /** the client's address: the socket's, or behind trusted proxies (TRUSTED_PROXIES) the X-Forwarded-For hop they vouch for */
  remote: string;
}

export interface Res {
  status: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export type Handler = (req: Req) => Res | Promise<Res>;

interface Route {
  method: string;
  route: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
  validate: (req: Req) => void;
}

const ajv = new Ajv({ allErrors: false, strict: false, verbose: true })
  .addFormat('email', EMAIL)
  .addKeyword({
    keyword: 'whole',
    modifying: true,
    // schemas.ts `whole`: a whole number in [min, max], a string holding one replaced by the number
    validate: ([min, max]: [number, number], data: unknown, _schema, at) => {
      const n = typeof data === 'string' && data.trim() !== '' ? Number(data) : data;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) return false;
      if (at) at.parentData[at.parentDataProperty] = n;
      return true;
    },
  });

/** 400 `Invalid request: body.cartItem.qty must be a whole number from 0 to 10000` from ajv's first error. */
function ajvMessage(where: string, errors: ErrorObject[] | null | undefined): string {
  const e = errors?.find((x) => x.keyword !== 'anyOf') ?? errors?.[0];
  if (!e) return `Invalid request: ${where} is invalid`;
  const path = e.instancePath.split('/').slice(1).map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'));
  const at = [where, ...path].join('.');
  const message = e.keyword === 'whole' ? `must be a whole number from ${(e.schema as number[]).join(' to ')}`
    : e.keyword === 'pattern' ? 'must not be blank' : e.message;
  return `Invalid request: ${at} ${message ?? 'is invalid'}`;
}

function validator(key: string): (req: Req) => void {
  const schema = SCHEMAS[key];
  if (!schema) throw new Error(`No JSON schema for ${key} (test-fixtures/backend/schemas.ts)`);
  const body = schema.body ? ajv.compile(schema.body) : undefined;
  const query = schema.query ? ajv.compile(schema.query) : undefined;
  return (req) => {
    if (query) {
      // no prototype: a parameter named `__proto__` or `constructor` is validated as the parameter it is
      const q: Record<string, string> = Object.create(null) as Record<string, string>;
      let n = 0;
      for (const [k, v] of req.query) {
        if (++n > LIMITS.queryParams) throw new HttpError(400, `Invalid request: more than ${LIMITS.queryParams} query parameters`);
        if (!(k in q)) q[k] = v;
      }
      if (!query(q)) throw new HttpError(400, ajvMessage('query', query.errors));
    }
    if (body && !body(req.body === undefined ? null : req.body)) throw new HttpError(400, ajvMessage('body', body.errors));
  };
}

export const ok = (result: unknown, meta?: unknown): Res => ({ status: 200, json: meta === undefined ? { code: 200, result } : { code: 200, result, meta } });

const decode = (v: string): string => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

export class Router {
  private readonly routes: Route[] = [];

  /** `:name` is one path segment, `:name*` the rest of the path */
  add(method: string, path: string, handler: Handler): this {
    const keys: string[] = [];
    const source = path.split('/').map((seg) => {
      if (!seg.startsWith(':')) return seg.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      keys.push(seg.slice(1).replace('*', ''));
      return seg.endsWith('*') ? '(.+)' : '([^/]+)';
    });
    const pattern = new RegExp(`^${source.join('/')}/?$`);
    const route = `${method} ${path}`;
    this.routes.push({ method, route, pattern, keys, handler, validate: validator(route) });
    return this;
  }

  get(path: string, h: Handler): this { return this.add('GET', path, h); }
  post(path: string, h: Handler): this { return this.add('POST', path, h); }

  /** the route of a request (HEAD is GET's), 'method' when only other methods have this path */
  match(method: string, path: string): (Route & { params: Record<string, string> }) | 'method' | undefined {
    const onPath = this.routes.filter((r) => r.pattern.test(path));
    const r = onPath.find((x) => x.method === method || (method === 'HEAD' && x.method === 'GET'));
    if (!r) return onPath.length ? 'method' : undefined;
    const m = r.pattern.exec(path) as RegExpExecArray;
    const params: Record<string, string> = {};
    r.keys.forEach((k, i) => (params[k] = decode(m[i + 1] ?? '')));
    return { ...r, params };
  }
}

/** Sockets the server cut off for sending their request too slowly (index.ts marks them on ERR_HTTP_REQUEST_TIMEOUT). */
const timedOut = new WeakSet<object>();
export function markTimedOut(socket: object): void {
  timedOut.add(socket);
}

/** The client stopped sending: a slow one was cut off (408), or it closed its connection (400). Logged as one line. */
class ClientGoneError extends HttpError {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > LIMITS.bodyBytes) {
        reject(new HttpError(413, `Request body larger than ${LIMITS.bodyBytes} bytes`));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', (e) =>
      reject(
        timedOut.has(req.socket)
          ? new ClientGoneError(408, 'the request body did not arrive in time; the client was cut off')
          : new ClientGoneError(400, `the client closed its connection before its body arrived (${e.message})`),
      ),
    );
  });
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  const text = raw.trim();
  if (!text) return undefined;
  const looksJson = text.startsWith('{') || text.startsWith('[') || text.startsWith('"');
  if (!looksJson && contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return parseBoundedJson(raw, 'body');
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Idempotency-Key, Authorization, Accept',
  'access-control-max-age': '600',
};

/** Whether the hop at this address (i = 0 is the socket's peer) is a proxy whose X-Forwarded-For is believed. */
export type TrustProxy = (address: string, i: number) => boolean;

/** TRUSTED_PROXIES as Fastify's `trustProxy` reads it (unset: none); a value that is no address stops the start. */
export function trustedProxies(value: string | undefined): TrustProxy {
  const list = (value ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  if (!list.length) return () => false;
  try {
    return proxyaddr.compile(list);
  } catch (e) {
    throw new Error(`TRUSTED_PROXIES is not a list of IP addresses or CIDR ranges (${e instanceof Error ? e.message : String(e)}): ${value}`);
  }
}

/** The Host header when it is a plain `name[:port]` (links in answers are built on it), else the local address. */
function hostOf(req: IncomingMessage): string {
  const host = req.headers.host;
  if (host && /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host) && Number(/:(\d+)$/.exec(host)?.[1] ?? 0) <= 65535) return host;
  const { localAddress, localPort } = req.socket;
  return localAddress?.includes(':') ? `[${localAddress}]:${localPort}` : `${localAddress ?? '127.0.0.1'}:${localPort}`;
}

/**
 * The request target as a URL on a fixed base: an absolute-form target keeps only its path (RFC 9112 §3.2.2), and
 * '//x' or 'x' never names a host. URL parsing would answer another path than the one sent for a dot-segment (plain
 * or percent-encoded), a backslash (a slash to it) or a '#' (dropped): those are refused with 400, so a proxy in
 * front that checked the target's prefix (/api/) saw the path that is answered. Spaces and control bytes never get
 * here: node:http refuses them with 400 itself.
 */
function requestTarget(raw = '/'): URL {
  const target = raw.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = target.split('?', 1)[0]!;
  // a browser sends a query's backslash as it is: only the path's is refused
  if (target.includes('#') || path.includes('\\')) {
    throw badRequest('Bad request: the request target has a backslash or a \'#\'');
  }
  if (path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))) {
    throw badRequest('Bad request: the path has a dot-segment (\'.\' or \'..\', plain or percent-encoded)');
  }
  return new URL(`/${target.replace(/^\/+/, '')}`, 'http://backend.invalid');
}

/**
 * Every request is one JSON line (`reqId`, method, url, status, ms): the id is its safe `X-Request-Id` (the
 * storefront's) or a new one, and is answered. A 500 also logs its stack (repeats counted); a client that stopped
 * sending, its `problem`.
 */
export function createHandler(
  router: Router, logs: { logger: Logger; logError: ErrorLog }, trust: TrustProxy = () => false,
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const reqId = requestIdFrom(req.headers['x-request-id']);
    const log = logs.logger.child({ reqId });
    const line = (status: number, extra: Record<string, unknown> = {}) => log.info({ ...requestLine(req.method, req.url, status, performance.now() - started), ...extra }, 'request');
    let out: Res;
    let problem: { problem: string } | undefined;
    const host = hostOf(req);
    try {
      // the target is parsed against a fixed base: a client's Host header never decides what parses (or throws)
      const url = requestTarget(req.url);
      const method = (req.method ?? 'GET').toUpperCase();
      if (method === 'OPTIONS') {
        res.writeHead(204, { ...CORS, 'x-request-id': reqId }).end();
        line(204);
        return;
      }
      const found = router.match(method, url.pathname);
      // a scan's 8,000-character path is not sent back whole
      const named = url.pathname.length > 200 ? `${url.pathname.slice(0, 200)}…` : url.pathname;
      if (found === undefined) throw new HttpError(404, `Not found: ${named}`);
      if (found === 'method') throw new HttpError(405, `Method ${method} not allowed on ${named}`);
      const bodyless = method === 'GET' || method === 'HEAD';
      const body = bodyless ? undefined : parseBody(await readBody(req), req.headers['content-type']);
      const request: Req = {
        method, path: url.pathname, route: found.route, query: url.searchParams, params: found.params,
        headers: req.headers, body,
        // X-Forwarded-For read from the right while each hop is a trusted proxy (as Fastify does): a browser's own
        // leftmost entry is reached only through trusted proxies, so it cannot pose as another client
        baseUrl: `http://${host}`, remote: (proxyaddr(req, trust) || req.socket.remoteAddress || '').slice(0, 64),
      };
      found.validate(request);
      out = await found.handler(request);
    } catch (e) {
      if (e instanceof ClientGoneError) {
        problem = { problem: e.message };
        // nobody is left to answer
        if (req.socket.destroyed) return line(e.status, problem);
      }
      if (e instanceof HttpError) out = { status: e.status, json: { code: e.status, result: e.message, ...e.extra }, headers: e.headers };
      else {
        logs.logError(`500 on ${req.method} ${req.url?.split('?', 1)[0]?.slice(0, 200)}`, e, log);
        out = { status: 500, json: { code: 500, result: 'Internal server error' } };
      }
    }
    const type = out.text === undefined ? 'application/json; charset=utf-8'
      : out.contentType ?? 'text/plain; charset=utf-8';
    res.writeHead(out.status, { ...CORS, ...out.headers, 'x-request-id': reqId, 'content-type': type });
    res.end(req.method === 'HEAD' ? undefined : out.text ?? JSON.stringify(out.json ?? null));
    line(out.status, problem);
  };
}
