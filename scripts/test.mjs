// `npm test`: install what is missing (node_modules, Debian's Chromium and redis-server), build, then run the type-check,
// the unit/property/adapter tests (vitest) and the browser journeys (Playwright in /usr/bin/chromium).
// Ends with the plain line `N passed, N failed` counting every test of every suite (the type-check counts as one).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { ensureChromium, ensureNodeModules, ensureRedis } from './ensure-deps.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (n) => `${root}node_modules/.bin/${n}`;
const started = Date.now();
const only = process.argv.slice(2); // e.g. `npm test -- unit` or `npm test -- e2e`
const want = (s) => only.length === 0 || only.includes(s);

ensureNodeModules();
if (want('e2e')) ensureChromium();
if (want('unit')) ensureRedis();
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

if (want('typecheck')) {
  const code = step('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  if (code === 0) tally.passed++;
  else tally.failed++;
  lines.push(`type-check: ${code === 0 ? 'passed' : 'FAILED'}`);
}

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
    lines.push(`playwright: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${failed} failed`);
  } else {
    tally.failed++;
    lines.push(`playwright: no report (exit ${code})`);
  }
}

console.log(`\n${lines.join('\n')}\ntotal time ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
console.log(`${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed === 0 ? 0 : 1);
