// Installs what `npm start` / `npm test` need on a brand-new machine: node_modules (npm ci from the lock file) and
// Debian's packages: Chromium at /usr/bin/chromium for the browser tests (never a downloaded browser build),
// redis-server and nginx for the tests of the shared output cache and of the production shape (scripts/topology.mjs).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

const root = new URL('..', import.meta.url).pathname;

function run(cmd) {
  console.log(`$ ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, npm_config_engine_strict: 'false' } });
}

/**
 * node_modules is current when it was installed from this very lock file: the lock's hash is stamped into
 * node_modules after `npm ci` (a fresh checkout's lock file is always newer than the install, so no file times).
 */
export function ensureNodeModules() {
  const stamp = `${root}node_modules/.lock-sha256`;
  const hash = createHash('sha256').update(readFileSync(`${root}package-lock.json`)).digest('hex');
  const installed = existsSync(`${root}node_modules/.package-lock.json`) && existsSync(stamp);
  if (!installed || readFileSync(stamp, 'utf8').trim() !== hash) {
    run('npm ci --no-audit --no-fund');
    writeFileSync(stamp, `${hash}\n`);
  }
  const native = `${root}node_modules/better-sqlite3/build/Release/better_sqlite3.node`;
  if (!existsSync(native)) run('npm rebuild better-sqlite3');
}

/** the command each Debian package brings (nginx's is in /usr/sbin, not on every user's PATH) */
const COMMANDS = new Map([['chromium', '/usr/bin/chromium'], ['redis-server', 'redis-server'], ['nginx', 'nginx']]);

/**
 * Installs those of `packages` (chromium, redis-server, nginx) whose command is missing, with apt-get (sudo unless
 * root). The services they would start are not used: the tests start their own servers from temp dirs.
 */
export function ensureDebianPackages(...packages) {
  const has = (p) => spawnSync('sh', ['-c', `PATH="$PATH:/usr/sbin" command -v ${COMMANDS.get(p)}`]).status === 0;
  const missing = packages.filter((p) => !has(p));
  if (missing.length === 0) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`);
}

/** `chromium --version`'s line, e.g. 'Chromium 150.0.7871.100 built on Debian GNU/Linux 12 (bookworm)' */
export function chromiumVersion() {
  // Debian's wrapper also prints a harmless shell warning on stderr, left out
  const out = spawnSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return out.split('\n').find((l) => /Chromium \d/.test(l))?.trim() ?? 'unknown';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureNodeModules();
  ensureDebianPackages(...process.argv.slice(2));
}
