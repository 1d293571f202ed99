import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SEED } from '../catalogue/index';
import type { Context } from './context';
import { getMeta, openDb, setMeta } from './db';
import { createHandler, markTimedOut, Router, trustedProxies } from './http';
import type { Logger } from 'pino';
import { limitedErrorLog } from '../../adapters/common/log-limit';
import { jsonLogger } from '../../adapters/common/json-logs';
import { cartRoutes } from './routes/cart';
import { catalogRoutes } from './routes/catalog';
import { extraRoutes } from './routes/extras';
import { orderRoutes, paymentLogoRoutes } from './routes/order';
import { userRoutes } from './routes/user';
import { SHOP_MAILBOX } from './mail';
import { resolveSecret } from './secret';
import { CatalogueStore } from './store';
import { LoginThrottle } from './throttle';

export { SHOP_MAILBOX } from './mail';

/** Each option's default and environment variable are listed in docs/backend.md. */
export interface BackendOptions {
  /** 0 = a free port */
  port?: number;
  host?: string;
  /** ':memory:' keeps nothing */
  dataDir?: string;
  /** wipe the database and reseed the catalogue stock */
  reset?: boolean;
  /** catalogue multiplier (default 1, or the scale the data folder was seeded with) */
  scale?: number;
  seed?: number;
  tokenTtlSeconds?: number;
  /** HMAC secret for user and order tokens (default: a random one kept in `{dataDir}/backend-secret`) */
  secret?: string;
  /** the storefront's origin(s), comma separated: mailed links point at the first, payment redirects must be on one */
  storefrontUrl?: string;
  /** development routes (`/__dev/outbox`) */
  dev?: boolean;
  /** the payment provider's offer: its methods (default all) and whether iDEAL lists its banks */
  psp?: { methods?: readonly string[]; issuers?: boolean };
  /** the proxies whose X-Forwarded-For names the client (IP addresses or CIDR ranges); unset trusts none */
  trustedProxies?: string;
  /** milliseconds a client has to send a whole request: a slower one is answered 408 and cut off */
  requestTimeoutMs?: number;
  /** the clock (tests) */
  now?: () => Date;
  /** the JSON-line logger (a line per request, warnings, errors); default warnings and errors on stdout */
  logger?: Logger;
  /** without a `logger`: each warning or error line goes here instead of stdout (tests) */
  log?: (line: string) => void;
}

export interface RunningBackend { url: string; port: number; close(): Promise<void> }

export async function startBackend(opts: BackendOptions = {}): Promise<RunningBackend> {
  const host = opts.host ?? '127.0.0.1';
  const trust = trustedProxies(opts.trustedProxies ?? process.env.TRUSTED_PROXIES);
  const dataDir = opts.dataDir ?? './data/backend';
  // the secret first: a damaged secret file stops the start before the database is opened
  const secret = resolveSecret(opts.secret ?? process.env.BACKEND_SECRET, dataDir);
  const db = openDb(dataDir, opts.reset === true);
  const seed = opts.seed ?? Number(getMeta(db, 'seed') ?? DEFAULT_SEED);
  const scale = opts.scale ?? Number(getMeta(db, 'scale') ?? 1);
  setMeta(db, 'seed', String(seed));
  setMeta(db, 'scale', String(scale));
  const sink = opts.log;
  const logger = opts.logger ?? jsonLogger({ name: 'backend', level: 'warn', ...(sink ? { stream: { write: (line: string) => sink(line.trimEnd()) } } : {}) });
  const log = (msg: string) => logger.warn(msg);
  const now = opts.now ?? (() => new Date());
  const storefront = storefrontOrigins(opts.storefrontUrl ?? process.env.STOREFRONT_URL ?? 'http://127.0.0.1:3000');
  const ctx: Context = {
    db,
    catalogue: CatalogueStore.open(db, { dataDir, seed, scale, reset: opts.reset === true, log }).store,
    secret,
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 3600,
    storefrontUrl: storefront.url,
    storefrontOrigins: storefront.origins,
    // MAIL_TARGETS, as upstream's mail-service targetAddressWhitelist: send-email is no open relay mailing anyone any text
    mailTargets: (process.env.MAIL_TARGETS ?? SHOP_MAILBOX).split(',').map((a) => a.trim().toLowerCase()).filter(Boolean),
    dev: opts.dev === true,
    psp: opts.psp ?? {},
    now,
    log,
    loginThrottle: new LoginThrottle(() => now().getTime()),
  };
  ctx.catalogue.warmUp();
  // the same error again within 10 s is counted, not written (one stack and a count per interval in an outage)
  const errors = limitedErrorLog(logger, () => now().getTime());
  const router = new Router();
  // the payment logos before the catalogue's /img/{path} images, which would otherwise claim their address
  for (const routes of [paymentLogoRoutes, catalogRoutes, cartRoutes, userRoutes, orderRoutes, extraRoutes]) {
    routes(router, ctx);
  }
  // a client trickling its headers or body is cut off (Node's own default waited 300 s, checking every 30 s)
  const requestTimeout = opts.requestTimeoutMs ?? 20_000;
  const server = createServer(
    { requestTimeout, headersTimeout: Math.min(10_000, requestTimeout), connectionsCheckingInterval: Math.max(250, Math.min(2000, requestTimeout / 4)) },
    createHandler(router, { logger, logError: errors }, trust),
  );
  server.keepAliveTimeout = 5000;
  // requests node:http refuses before any handler (headers too large, malformed): the same {code, result} envelope
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // the request being read learns why its body stopped (http.ts: 408, not a client that left)
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') markTimedOut(socket);
    if (!socket.writable) return;
    const [status, text] =
      err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request header fields too large'] : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request timeout'] : [400, 'Bad request'];
    const body = JSON.stringify({ code: status, result: text });
    socket.end(`HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 8080, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          errors.flush();
          ctx.catalogue.close();
          db.close();
          resolve();
        });
      }),
  };
}

/**
 * STOREFRONT_URL may list several origins (comma separated). The first is where mailed links point. A loopback origin
 * (127.0.0.1 / localhost / [::1]) also admits the other loopback spellings on the same port, as a browser may use either.
 */
export function storefrontOrigins(value: string): { url: string; origins: string[] } {
  const urls = value.split(',').map((u) => u.trim()).filter(Boolean);
  const origins = new Set<string>();
  for (const u of urls) {
    if (!URL.canParse(u)) throw new Error(`STOREFRONT_URL is not a URL: ${u}`);
    const parsed = new URL(u);
    origins.add(parsed.origin);
    if (['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) {
      for (const h of ['127.0.0.1', 'localhost', '[::1]']) origins.add(`${parsed.protocol}//${h}${parsed.port ? `:${parsed.port}` : ''}`);
    }
  }
  if (!urls.length) throw new Error('STOREFRONT_URL is empty');
  return { url: (urls[0] as string).replace(/\/$/, ''), origins: [...origins] };
}
