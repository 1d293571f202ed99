import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { startStorefront } from './server';

/** CLI entry of the storefront server (bundled to dist/server.mjs). */
const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

startStorefront({ port, host, apiUrl, clientDir: join(here, 'client') }).then(({ url }) => {
  console.log(`storefront listening on ${url}`);
});
