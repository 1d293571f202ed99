// `npm test`: install what is missing (node_modules, Debian's Chromium, redis-server and nginx), build, then run the type-check,
// the unit/property/adapter tests (vitest) and the browser journeys (Playwright in /usr/bin/chromium).
// Ends with the plain line `N passed, N failed` counting every test of every suite (the type-check counts as one).
// The journeys run in Debian's current Chromium (never a pinned or downloaded browser): its version is printed.
// Beside other suites the type-check runs at a low priority (nice): it uses the cycles the browser
// journeys leave idle, and its output is printed when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromiumVersion, ensureChromium, ensureNginx, ensureNodeModules, ensureRedis } from './ensure-deps.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (n) => `${root}node_modules/.bin/${n}`;
const started = Date.now();
const only = process.argv.slice(2); // e.g. `npm test -- unit` or `npm test -- e2e`
const want = (s) => only.length === 0 || only.includes(s);

ensureNodeModules();
if (want('e2e')) ensureChromium();
if (want('unit')) {
  ensureRedis();
  ensureNginx();
}
const { buildAll } = await import('./build.mjs');
await buildAll({ quiet: true });
mkdirSync(`${root}test-results`, { recursive: true });

const tally = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd.replace(root, '')} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The type-check, started now; resolves to its exit code (output kept and printed when it ends). */
function typeCheck(background) {
  const args = ['--noEmit', '-p', 'tsconfig.json'];
  if (!background) return Promise.resolve(step('type-check', bin('tsc'), args));
  console.log(`\n=== type-check (beside the tests, nice -n 10): tsc ${args.join(' ')}`);
  // its output goes to a file, not a pipe: the tests below run synchronously, nothing would read a pipe meanwhile
  const log = `${root}test-results/type-check.log`;
  const fd = openSync(log, 'w');
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '10', bin('tsc'), ...args], { cwd: root, stdio: ['ignore', fd, fd] });
    child.on('error', () => resolve(1));
    child.on('close', (code) => {
      closeSync(fd);
      const output = readFileSync(log, 'utf8');
      if (output.trim()) console.log(`\n=== type-check output\n${output}`);
      resolve(code ?? 1);
    });
  });
}

// beside other suites it runs in the background; alone (`npm test -- typecheck`) in the foreground
const typeChecked = want('typecheck') ? typeCheck(want('unit') || want('e2e')) : undefined;

if (want('unit')) {
  const out = `${root}test-results/vitest.json`;
  const code = step('unit, property and adapter tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    const failedSuites = (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
    tally.passed += r.numPassedTests;
    tally.failed += r.numFailedTests + failedSuites;
    tally.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    lines.push(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests + failedSuites} failed (${(r.testResults ?? []).length} files)`);
  } else {
    tally.failed++;
    lines.push(`vitest: no report (exit ${code})`);
  }
}

if (want('e2e')) {
  const out = `${root}test-results/playwright.json`;
  const [port, apiPort] = [await freePort(), await freePort()];
  const browser = chromiumVersion();
  console.log(`\nbrowser journeys run in ${browser} (/usr/bin/chromium)`);
  const code = step('browser journeys (Playwright, /usr/bin/chromium)', bin('playwright'), ['test', '-c', 'ui/e2e/playwright.config.ts'], {
    E2E_PORT: String(port),
    E2E_API_PORT: String(apiPort),
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    const failed = (s.unexpected ?? 0) + (code !== 0 && !s.unexpected ? 1 : 0);
    tally.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    tally.failed += failed;
    tally.skipped += s.skipped ?? 0;
    lines.push(`playwright: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${failed} failed, in ${browser}`);
  } else {
    tally.failed++;
    lines.push(`playwright: no report (exit ${code})`);
  }
}

if (typeChecked) {
  const code = await typeChecked;
  if (code === 0) tally.passed++;
  else tally.failed++;
  lines.unshift(`type-check: ${code === 0 ? 'passed' : 'FAILED'}`);
}

console.log(`\n${lines.join('\n')}\ntotal time ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
console.log(`${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed === 0 ? 0 : 1);
