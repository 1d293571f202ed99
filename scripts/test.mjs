// `npm test` (`npm test -- unit|e2e|typecheck` for one suite): install what is missing (node_modules, Debian's
// Chromium, redis-server and nginx), build, then run the type-check, the unit/property/adapter tests (vitest) and the
// browser journeys (Playwright in Debian's current /usr/bin/chromium, never a pinned or downloaded browser).
// Ends with the plain line `N passed, N failed` counting every test of every suite (the type-check counts as one).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { chromiumVersion, ensureDebianPackages, ensureNodeModules } from './ensure-deps.mjs';
import { freePort } from './topology.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (n) => `${root}node_modules/.bin/${n}`;
const started = Date.now();
const only = process.argv.slice(2);
const want = (s) => only.length === 0 || only.includes(s);

ensureNodeModules();
ensureDebianPackages(...(want('e2e') ? ['chromium'] : []), ...(want('unit') ? ['redis-server', 'nginx'] : []));
const { buildAll } = await import('./build.mjs');
await buildAll({ quiet: true });
mkdirSync(`${root}test-results`, { recursive: true });

const tally = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** a suite's figures added to the tally, and its line in the summary */
function count(suite, passed, failed, skipped, note = '') {
  tally.passed += passed;
  tally.failed += failed;
  tally.skipped += skipped;
  lines.push(`${suite}: ${passed} passed, ${failed} failed${note}`);
}

/** runs a suite that writes a JSON report to `out`; no report is one failure */
function suite(name, out, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd.replace(root, '')} ${args.join(' ')}`);
  rmSync(out, { force: true });
  const code = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  if (existsSync(out)) return [JSON.parse(readFileSync(out, 'utf8')), code];
  tally.failed++;
  lines.push(`${name}: no report (exit ${code})`);
  return [undefined, code];
}

/** The type-check, at a low priority beside the other suites (it takes the cycles they leave idle): its exit code. */
function typeCheck() {
  console.log('\n=== type-check (nice -n 10): tsc --noEmit -p tsconfig.json');
  const child = spawn('nice', ['-n', '10', bin('tsc'), '--noEmit', '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
  return once(child, 'close').then(([code]) => code ?? 1, () => 1);
}
const typeChecked = want('typecheck') ? typeCheck() : undefined;

if (want('unit')) {
  const out = `${root}test-results/vitest.json`;
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const [r] = suite('vitest', out, bin('vitest'), ['run', ...reporters]);
  // a file that failed before any test ran is a failure of its own
  const broken = (r?.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.length).length;
  const skipped = r && r.numPendingTests + r.numTodoTests;
  if (r) count('vitest', r.numPassedTests, r.numFailedTests + broken, skipped, ` (${r.testResults.length} files)`);
}

if (want('e2e')) {
  const out = `${root}test-results/playwright.json`;
  const browser = chromiumVersion();
  console.log(`\nbrowser journeys run in ${browser} (/usr/bin/chromium)`);
  const [port, apiPort] = [await freePort(), await freePort()];
  const env = { E2E_PORT: String(port), E2E_API_PORT: String(apiPort), PLAYWRIGHT_JSON_OUTPUT_NAME: out };
  const [r, code] = suite('playwright', out, bin('playwright'), ['test', '-c', 'ui/e2e/playwright.config.ts'], env);
  const s = r?.stats;
  // a run that failed without a failed test (a server that did not start) is one failure
  const failed = s && (s.unexpected || (code === 0 ? 0 : 1));
  if (s) count('playwright', s.expected + s.flaky, failed, s.skipped, `, in ${browser}`);
}

if (typeChecked) {
  const code = await typeChecked;
  tally[code === 0 ? 'passed' : 'failed']++;
  lines.unshift(`type-check: ${code === 0 ? 'passed' : 'FAILED'}`);
}

console.log(`\n${lines.join('\n')}\ntotal time ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
console.log(`${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed === 0 ? 0 : 1);
