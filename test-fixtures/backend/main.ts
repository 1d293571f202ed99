/**
 * CLI: `node dist/backend.mjs [--reset] [--dev] [--port N] [--scale N] [--seed N] [--host H] [--data-dir D]`;
 * env API_PORT, HOST, PSP_METHODS (comma list, empty = none), PSP_ISSUERS=none, DATA_DIR, TOKEN_TTL_SECONDS, BACKEND_SECRET, STOREFRONT_URL, MAIL_TARGETS, TRUSTED_PROXIES, CATALOGUE_SCALE, BACKEND_DEV=1 (= --dev),
 * LOG_LEVEL (default info: a JSON line per request on stdout; adapters/common/json-logs.ts).
 */
import { startBackend } from './index';
import { jsonLogger, lifecycleLogger, logLevel, type LogLevelName } from '../../adapters/common/json-logs';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}

// a LOG_LEVEL that is not a level stops the start, with a line saying which levels there are
let level: LogLevelName;
try {
  level = logLevel(process.env.LOG_LEVEL);
} catch (e) {
  jsonLogger({ name: 'backend' }).fatal(`backend not started: ${(e as Error).message}`);
  process.exit(1);
}
const logger = jsonLogger({ name: 'backend', level });
const port = Number(arg('port') ?? process.env.API_PORT ?? 8080);
const scaleArg = arg('scale') ?? process.env.CATALOGUE_SCALE;
const dev = process.argv.includes('--dev') || process.env.BACKEND_DEV === '1';
const started = startBackend({
  port,
  host: arg('host') ?? process.env.HOST ?? '127.0.0.1',
  dataDir: arg('data-dir') ?? process.env.DATA_DIR ?? './data/backend',
  reset: process.argv.includes('--reset'),
  scale: scaleArg ? Number(scaleArg) : undefined,
  seed: arg('seed') ? Number(arg('seed')) : undefined,
  tokenTtlSeconds: process.env.TOKEN_TTL_SECONDS ? Number(process.env.TOKEN_TTL_SECONDS) : undefined,
  secret: process.env.BACKEND_SECRET,
  storefrontUrl: process.env.STOREFRONT_URL,
  dev,
  logger,
  psp: {
    ...(process.env.PSP_METHODS !== undefined ? { methods: process.env.PSP_METHODS.split(',').map((m) => m.trim()).filter(Boolean) } : {}),
    ...(process.env.PSP_ISSUERS === 'none' ? { issuers: false } : {}),
  },
});
// a damaged database or secret file, a bad setting: its message, no stack, and a failed exit for the supervisor
const backend = await started.catch((e: unknown) => {
  logger.fatal(`backend not started: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
lifecycleLogger(logger).info(`backend listening on ${backend.url}${dev ? ' (development routes on)' : ''}`);
const stop = () => {
  void backend.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
