import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The servers' logs (the storefront's through Fastify, the demo backend's directly): pino's JSON lines on stdout, one
 * per request and one per event, each with `level`, `time`, `pid`, `hostname`, `name` (which server) and `msg`.
 * A request's lines carry its `reqId`, which the storefront also sends to the API as `X-Request-Id`.
 */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL as written (unset or empty: info); anything else throws, naming the levels there are. */
export function logLevel(value: string | undefined): LogLevelName {
  const level = value?.trim().toLowerCase() || 'info';
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevelName;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; not ${JSON.stringify(value?.slice(0, 40))}`);
}

/** `name`: which server writes (`storefront`, `backend`); `stream`: default stdout (tests read their own stream) */
export function jsonLogger(options: { name: string; level?: LogLevelName; stream?: DestinationStream }): Logger {
  const { name, level = 'info', stream = pino.destination({ dest: 1, sync: true }) } = options;
  return pino({ name, level }, stream);
}

/**
 * What a server says about itself (listening, warmed up) at `info` whatever LOG_LEVEL is (unless `silent`): the
 * scripts that start the servers wait for the "listening" line, and an operator who set `warn` still sees the starts.
 */
export function lifecycleLogger(logger: Logger): Logger {
  return logger.level === 'silent' ? logger : logger.child({}, { level: 'info' });
}

/** the request id a client may bring, as the storefront passes it to the API: short, and nothing a log could misread */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A request's id: the `X-Request-Id` it came with when that is short and safe (a load balancer's, or the storefront's
 * for the API calls it makes), else a new UUID: a newline, 10 KB or non-ASCII text is never logged, echoed or passed on.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** a request's line: `reqId` (from the logger's child), method, url (at most 2,000 characters), status and ms */
export function requestLine(method: string | undefined, url: string | undefined, status: number, ms: number): Record<string, unknown> {
  return { method, url: (url ?? '').slice(0, 2000), status, ms: Math.round(ms * 10) / 10 };
}
