// Starts the built demo backend (fresh data in a temp folder) and the built storefront on the ports the test runner
// picked (E2E_API_PORT, E2E_PORT), for Playwright's webServer. Both stop when this process stops (scripts/topology.mjs
// serve), and this process stops when either of them does.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './topology.mjs';

const { E2E_PORT: port = '3100', E2E_API_PORT: apiPort = '8180' } = process.env;
// as in production (React's production build), one storefront worker for one browser, and warnings and errors only:
// a line per request would bury the test report (Playwright prints what the servers write)
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const stop = () => process.exit(0);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// the backend first: a storefront serving before its API is up would render pages whose reads failed
const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
const storefrontUrl = `http://127.0.0.1:${port}`;
const backendEnv = { API_PORT: apiPort, DATA_DIR: dataDir, STOREFRONT_URL: storefrontUrl, TOKEN_TTL_SECONDS: '3600' };
await serve('backend', ['dist/backend.mjs', '--reset', '--dev'], { ...env, ...backendEnv });
await serve('storefront', ['dist/server.mjs'], { ...env, PORT: port, API_URL: `http://127.0.0.1:${apiPort}` });
