// Installs what `npm start` / `npm test` need on a brand-new machine: node_modules (npm ci from the lock file)
// and, for the browser tests, Debian's Chromium at /usr/bin/chromium (never a downloaded browser build); redis-server
// and nginx for the tests of the shared output cache and of the production shape.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

const root = new URL('..', import.meta.url).pathname;

function run(cmd) {
  console.log(`$ ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, npm_config_engine_strict: 'false' } });
}

/**
 * node_modules is current when it was installed from this very lock file: the lock's hash is stamped into
 * node_modules after `npm ci`. (A file-time comparison re-installed on every fresh checkout or worktree,
 * whose lock file is always newer than the install.)
 */
export function ensureNodeModules() {
  const marker = `${root}node_modules/.package-lock.json`;
  const stamp = `${root}node_modules/.lock-sha256`;
  const hash = createHash('sha256').update(readFileSync(`${root}package-lock.json`)).digest('hex');
  const native = `${root}node_modules/better-sqlite3/build/Release/better_sqlite3.node`;
  const stale = !existsSync(marker) || !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== hash;
  if (stale) {
    run('npm ci --no-audit --no-fund');
    writeFileSync(stamp, `${hash}\n`);
  }
  if (!existsSync(native)) run('npm rebuild better-sqlite3');
}

export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  aptInstall('chromium');
}

/**
 * The version of the browser the journeys run in, as `chromium --version` prints it (Debian's wrapper also prints a
 * harmless shell warning on stderr, left out), e.g. 'Chromium 156.0.8078.108 built on Debian GNU/Linux 12 (bookworm)'.
 */
export function chromiumVersion() {
  try {
    const out = execSync('/usr/bin/chromium --version', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.split('\n').find((l) => /Chromium \d/.test(l))?.trim() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Installs Debian packages with apt-get (sudo unless root); services they would start are not used by the tests. */
function aptInstall(...packages) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`);
}

/** redis-server for the shared output cache's tests (Debian's package; it starts no service by itself here). */
export function ensureRedis() {
  try {
    execSync('command -v redis-server', { stdio: 'ignore', shell: '/bin/sh' });
    return;
  } catch {
    // not installed
  }
  aptInstall('redis-server');
}

/**
 * nginx for the test of the production shape (scripts/topology.mjs): Debian's package, in /usr/sbin (not on every
 * user's PATH). The test runs its own nginx from a config in a temp dir; the package's service is not used (on a machine
 * with systemd, Debian starts it on port 80 unless that port is taken: `sudo systemctl disable --now nginx` stops it).
 */
export function ensureNginx() {
  if (existsSync('/usr/sbin/nginx')) return;
  aptInstall('nginx');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureNodeModules();
  if (process.argv.includes('--browser')) ensureChromium();
  if (process.argv.includes('--redis')) ensureRedis();
  if (process.argv.includes('--nginx')) ensureNginx();
}
