// Starts the built demo backend (fresh data in a temp folder) and the built storefront on the ports the test runner
// picked (E2E_API_PORT, E2E_PORT), for Playwright's webServer. Both stop when this process stops (scripts/topology.mjs
// launch), and this process stops when either of them does.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from './topology.mjs';

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

/** Starts a built server and resolves once it says it listens; its output is passed on. */
async function start(name, args, serverEnv) {
  const server = launch(name, process.execPath, args, { env: { ...env, ...serverEnv }, ready: /listening/ });
  server.child.stdout.pipe(process.stdout);
  server.child.stderr.pipe(process.stderr);
  void server.exited.then((code) => code !== 0 && process.exit(1));
  await server.started;
}
// the backend first: a storefront serving before its API is up would render pages whose reads failed
const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
const storefrontUrl = `http://127.0.0.1:${port}`;
const backendEnv = { API_PORT: apiPort, DATA_DIR: dataDir, STOREFRONT_URL: storefrontUrl, TOKEN_TTL_SECONDS: '3600' };
await start('backend', ['dist/backend.mjs', '--reset', '--dev'], backendEnv);
await start('storefront', ['dist/server.mjs'], { PORT: port, API_URL: `http://127.0.0.1:${apiPort}` });
