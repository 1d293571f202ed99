/**
 * CLI: `node dist/backend.mjs [--reset] [--dev] [--port N] [--scale N] [--seed N] [--host H] [--data-dir D]`;
 * env API_PORT, HOST, PSP_METHODS (comma list, empty = none), PSP_ISSUERS=none, DATA_DIR, TOKEN_TTL_SECONDS, BACKEND_SECRET, STOREFRONT_URL, MAIL_TARGETS, TRUSTED_PROXIES, CATALOGUE_SCALE, BACKEND_DEV=1 (= --dev),
 * LOG_LEVEL (default info: a JSON line per request on stdout; adapters/common/json-logs.ts).
 */
import { parseArgs } from 'node:util';
import { startBackend } from './index';
import { jsonLogger, lifecycleLogger, logLevel } from '../../adapters/common/json-logs';

/** a bad flag or setting, a damaged database or secret file: its message, no stack, a failed exit for the supervisor */
function notStarted(e: unknown, logger = jsonLogger({ name: 'backend' })): never {
  logger.fatal(`backend not started: ${e instanceof Error ? e.message : String(e)}`);
  return process.exit(1);
}
function orStop<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    return notStarted(e);
  }
}

const flag = { type: 'boolean' } as const;
const text = { type: 'string' } as const;
const options = { reset: flag, dev: flag, port: text, scale: text, seed: text, host: text, 'data-dir': text };
const { values: arg } = orStop(() => parseArgs({ options }));
const level = orStop(() => logLevel(process.env.LOG_LEVEL));
const logger = jsonLogger({ name: 'backend', level });
const port = Number(arg.port ?? process.env.API_PORT ?? 8080);
const scaleArg = arg.scale ?? process.env.CATALOGUE_SCALE;
const dev = arg.dev === true || process.env.BACKEND_DEV === '1';
const backend = await startBackend({
  port,
  host: arg.host ?? process.env.HOST ?? '127.0.0.1',
  dataDir: arg['data-dir'] ?? process.env.DATA_DIR ?? './data/backend',
  reset: arg.reset,
  scale: scaleArg ? Number(scaleArg) : undefined,
  seed: arg.seed ? Number(arg.seed) : undefined,
  tokenTtlSeconds: process.env.TOKEN_TTL_SECONDS ? Number(process.env.TOKEN_TTL_SECONDS) : undefined,
  secret: process.env.BACKEND_SECRET,
  storefrontUrl: process.env.STOREFRONT_URL,
  dev,
  logger,
  psp: {
    ...(process.env.PSP_METHODS !== undefined ? { methods: process.env.PSP_METHODS.split(',').map((m) => m.trim()).filter(Boolean) } : {}),
    ...(process.env.PSP_ISSUERS === 'none' ? { issuers: false } : {}),
  },
}).catch((e: unknown) => notStarted(e, logger));
lifecycleLogger(logger).info(`backend listening on ${backend.url}${dev ? ' (development routes on)' : ''}`);
const stop = () => {
  void backend.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
