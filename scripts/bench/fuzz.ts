/**
 * The demo backend's fuzz at benchmark size (issue 9): 20,000 fast-check requests over every endpoint against a backend
 * in this process, every table hashed around each request. Prints requests, 2xx/3xx/4xx/5xx, records changed by rejected
 * requests (must be 0) and the time per endpoint. Run: node scripts/bench/run.mjs fuzz [requests] [--max-seconds N]
 * The run stops early (saying so) when --max-seconds (default 300) is reached, so it stays bounded on a busy machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { startBackend } from '../../test-fixtures/backend/index';
import { makeFixture, runFuzz, type FuzzReport } from '../../test-fixtures/backend/fuzz';

const args = process.argv.slice(2);
const wanted = Number(args.find((a) => /^\d+$/.test(a)) ?? 20_000);
const maxIdx = args.indexOf('--max-seconds');
const maxSeconds = maxIdx >= 0 ? Number(args[maxIdx + 1]) : 300;
const batch = 1000;

const dir = mkdtempSync(join(tmpdir(), 'bench-fuzz-'));
const catalogue = generateCatalogue();
const item = catalogue.products.find((p) => p.type_id === 'simple' && p.visibility === 4 && Number(p.stock?.qty) > 50)!;
const configurable = catalogue.products.find((p) => p.type_id === 'configurable')!;
const backend = await startBackend({ port: 0, dataDir: dir, reset: true, dev: true, log: (m) => console.error(m) });
const fixture = await makeFixture(backend.url, item.sku, configurable.sku, Number(item.id));
const total: FuzzReport = { requests: 0, ok2xx: 0, other3xx: 0, client4xx: 0, server5xx: 0, changedByRejected: 0, changedByAccepted: 0, failures: [], msByEndpoint: {} };
const started = performance.now();
let stoppedEarly = false;
try {
  for (let seed = 1; total.requests < wanted; seed++) {
    if ((performance.now() - started) / 1000 > maxSeconds) {
      stoppedEarly = true;
      break;
    }
    const r = await runFuzz(backend.url, dir, fixture, Math.min(batch, wanted - total.requests), 20261101 + seed);
    for (const k of ['requests', 'ok2xx', 'other3xx', 'client4xx', 'server5xx', 'changedByRejected', 'changedByAccepted'] as const) total[k] += r[k];
    total.failures.push(...r.failures);
    for (const [k, v] of Object.entries(r.msByEndpoint)) total.msByEndpoint[k] = (total.msByEndpoint[k] ?? 0) + v;
    process.stderr.write(`  ${total.requests} requests, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
} finally {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
}
const seconds = (performance.now() - started) / 1000;
console.log(`fuzz: ${total.requests} requests in ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(1, total.requests)).toFixed(1)} ms each)${stoppedEarly ? ` — stopped at --max-seconds ${maxSeconds}, ${wanted} wanted` : ''}`);
console.log(`  2xx ${total.ok2xx}, 3xx ${total.other3xx}, 4xx ${total.client4xx}, 5xx ${total.server5xx}`);
console.log(`  records changed by rejected (4xx) requests: ${total.changedByRejected}; accepted requests that changed records: ${total.changedByAccepted}`);
console.log(`  slowest endpoints (total ms): ${Object.entries(total.msByEndpoint).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k} ${v.toFixed(0)}`).join('; ')}`);
for (const f of total.failures.slice(0, 20)) console.log(`  FAILURE ${f}`);
process.exit(total.failures.length || total.server5xx || total.changedByRejected ? 1 : 0);
