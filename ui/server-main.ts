import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { startStorefront } from './server';
import { LruOutputCache } from '../adapters/cache/lru-output-cache';
import { SystemClock } from '../adapters/common/system-clock';

/** CLI entry of the storefront server (bundled to dist/server.mjs). */
const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

// OUTPUT_CACHE=1 keeps rendered pages for the spec's TTL (off by default, as upstream).
const outputCache = process.env.OUTPUT_CACHE === '1' ? new LruOutputCache(Number(process.env.OUTPUT_CACHE_SIZE ?? 500), new SystemClock()) : undefined;

startStorefront({ port, host, apiUrl, clientDir: join(here, 'client'), ...(outputCache ? { outputCache } : {}) }).then(({ url }) => {
  console.log(`storefront listening on ${url}`);
});
