// Starts the built demo backend (fresh data in a temp folder) and the built storefront on the ports the test
// runner picked (E2E_API_PORT, E2E_PORT), for Playwright's webServer. Both stop when Playwright stops this process.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = process.env.E2E_PORT ?? '3100';
const apiPort = process.env.E2E_API_PORT ?? '8180';
const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
// the shop runs as in production (React's production build); one storefront worker is enough for one browser
// warnings and errors only (Playwright prints what they write): a line per request would bury the test report
const env = { ...process.env, HOST: '127.0.0.1', NODE_ENV: 'production', WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
const kids = [];
/** Starts a built server and resolves once it prints that it listens (stdout is passed on). */
function start(args, childEnv) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    kids.push(child);
    child.on('exit', (c) => (c ? stop() : undefined));
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      if (/listening/.test(String(d))) resolve(child);
    });
    child.on('error', reject);
  });
}
const stop = () => {
  for (const k of kids) k.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// the backend first: a storefront serving before its API is up would render pages whose reads failed
await start(['dist/backend.mjs', '--reset', '--dev'], { ...env, API_PORT: apiPort, DATA_DIR: dataDir, STOREFRONT_URL: `http://127.0.0.1:${port}`, TOKEN_TTL_SECONDS: '3600' });
await start(['dist/server.mjs'], { ...env, PORT: port, API_URL: `http://127.0.0.1:${apiPort}` });
