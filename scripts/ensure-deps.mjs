// Installs what `npm start` / `npm test` need on a brand-new machine: node_modules (npm ci from the lock file)
// and, for the browser tests, Debian's Chromium at /usr/bin/chromium (never a downloaded browser build).
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;

function run(cmd) {
  console.log(`$ ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, npm_config_engine_strict: 'false' } });
}

export function ensureNodeModules() {
  const marker = `${root}node_modules/.package-lock.json`;
  const lock = `${root}package-lock.json`;
  const native = `${root}node_modules/better-sqlite3/build/Release/better_sqlite3.node`;
  const stale = !existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
  if (stale) run('npm ci --no-audit --no-fund');
  if (!existsSync(native)) run('npm rebuild better-sqlite3');
}

export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureNodeModules();
  if (process.argv.includes('--browser')) ensureChromium();
}
