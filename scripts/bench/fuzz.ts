/**
 * Run: node scripts/bench/run.mjs fuzz [requests] [--max-seconds N] [--costly N] [--costly-scale S] [--edge N]
 * - the demo backend's fuzz: 20,000 fast-check requests over every endpoint against a backend in this process, every
 *   table hashed around each request: requests by status, records changed by rejected requests (must be 0), time per
 *   endpoint; it stops early (saying so) at --max-seconds (default 300), so it stays bounded on a busy machine;
 * - `--costly N` (300) small search requests that ask for much work (`costlySearch` below), with the backend CPU of
 *   each; `--costly-scale S` runs them again against a backend of its own at catalogue scale S;
 * - the storefront's edge (docs/security.md): `--edge N` (3,000) hostile requests from test-fixtures/edge-fuzz.ts:
 *   answers by status and every 5xx, stack trace or injected header; then a shopper's /api call timed next to 100
 *   clients trickling a body. Exits 1 on any failure.
 */
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { startBackend } from '../../test-fixtures/backend/index';
import { makeFixture, runFuzz, type FuzzReport } from '../../test-fixtures/backend/fuzz';
import { edgeAnswerProblem, edgeRequestArbitrary, sendEdgeRequest } from '../../test-fixtures/edge-fuzz';
import { startStorefront } from '../../ui/server';
import { LruOutputCache } from '../../ui/edge/lru-output-cache';
import { costlyRequestArb } from '../../test-fixtures/backend/search/costly-requests';
import { FieldPaths } from '../../test-fixtures/backend/search/fields';
import { arg, quantile } from './servers';

const wanted = Number(process.argv[2]?.match(/^\d+$/)?.[0] ?? 20_000);
const maxSeconds = arg('max-seconds', 300);
const edgeRequests = arg('edge', 3000);
const batch = 1000;
const costlyRequests = arg('costly', 300);
/** 0: no second run at catalogue scale */
const costlyScale = arg('costly-scale', 0);
let costly: Array<{ lines: string[]; ok: boolean }> = [];
let costlySeconds = 0;
let edgeFailures = 0;
let edgeSeconds = 0;
const edgeLines: string[] = [];

/** The storefront's edge under hostile requests, and slow uploads next to a shopper's /api call. */
async function edgeFuzz(): Promise<void> {
  const t0 = performance.now();
  const clientDir = mkdtempSync(join(tmpdir(), 'bench-edge-'));
  writeFileSync(join(clientDir, 'manifest.json'), JSON.stringify({ entry: 'entry-client-ABCD1234.js', css: [] }));
  const shop = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir, outputCache: new LruOutputCache(200, { now: () => Date.now() }), invalidationKey: 'bench-key' });
  try {
    const byStatus = new Map<number, number>();
    const problems: string[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(edgeRequestArbitrary(), async (r) => {
        if ((performance.now() - t0) / 1000 > maxSeconds) return;
        const answer = await sendEdgeRequest(shop.url, r);
        sent++;
        byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
        const problem = edgeAnswerProblem(r, answer);
        if (problem) problems.push(`${problem}: ${r.method} ${r.target.slice(0, 160)} ${JSON.stringify(r.headers).slice(0, 200)}`);
      }),
      { numRuns: edgeRequests, seed: 20261123 },
    );
    edgeFailures += problems.length;
    edgeLines.push(`edge fuzz: ${sent} hostile requests to the storefront in ${((performance.now() - t0) / 1000).toFixed(1)} s; answers by status: ${[...byStatus].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s} ${n}`).join(', ')}`);
    edgeLines.push(`  5xx, stack traces or injected headers: ${problems.length}`);
    for (const p of problems.slice(0, 20)) edgeLines.push(`  FAILURE ${p}`);

    // 100 clients trickle a body to /api; a shopper's /api call next to them
    const { port } = new URL(shop.url);
    const slow: Socket[] = await Promise.all(Array.from({ length: 100 }, () => new Promise<Socket>((resolve, reject) => {
      const s = connect(Number(port), '127.0.0.1', () => s.write('POST /api/cart/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{', () => resolve(s)));
      s.on('error', reject);
    })));
    const t1 = performance.now();
    let outcome: string;
    try {
      const res = await fetch(`${shop.url}/api/cart/create`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(15_000) });
      outcome = `answered ${res.status} in ${(performance.now() - t1).toFixed(0)} ms`;
      if (res.status !== 200) edgeFailures++;
    } catch {
      outcome = 'no answer within 15 s';
      edgeFailures++;
    } finally {
      for (const s of slow) s.destroy();
    }
    edgeLines.push(`  a shopper's /api call next to 100 clients trickling a body: ${outcome}`);
  } finally {
    await shop.close();
    rmSync(clientDir, { recursive: true, force: true });
    edgeSeconds = (performance.now() - t0) / 1000;
  }
}

const COSTLY_CPU_MS = 50;

/**
 * The "costly but small" class: search requests of a few KB that ask for as much work as they can
 * (test-fixtures/backend/search/costly-requests.ts), sent one by one to a backend in this process, whose CPU time
 * around each one is the backend's cost of it (plus the client's, which is small).
 * Sends `count` costly requests to `url`, twice: the first round is the backend's first contact with them (at scale 1 its
 * start built every field's indexes; at larger scales a real field's are built on its first use, once per field), the
 * second the same requests again. Answers the report lines (the count over 50 ms is a figure, printed, as every
 * benchmark figure) and whether no answer was a 5xx.
 */
async function costlySearch(url: string, count: number, label: string, maxSeconds: number): Promise<{ lines: string[]; ok: boolean }> {
  const paths = new FieldPaths();
  for (const p of catalogue.products) paths.add(p);
  const requests = fc.sample(costlyRequestArb([...paths.spell()].sort()), { numRuns: count, seed: 20261127 });
  const lines: string[] = [];
  let ok = true;
  for (const pass of ['first contact', 'again']) {
    const byStatus = new Map<number, number>();
    const cpu: Array<[number, string]> = [];
    let maxBytes = 0;
    const t0 = performance.now();
    for (const r of requests) {
      if ((performance.now() - t0) / 1000 > maxSeconds) break;
      const body = JSON.stringify(r.body);
      maxBytes = Math.max(maxBytes, Buffer.byteLength(body));
      const c0 = process.cpuUsage();
      const res = await fetch(`${url}/api/catalog/vue_storefront_catalog/product/_search?size=${r.size}&from=${r.from}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      await res.arrayBuffer();
      const used = process.cpuUsage(c0);
      cpu.push([(used.user + used.system) / 1000, r.kind]);
      byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
    }
    const ms = cpu.map(([m]) => m);
    const pct = (q: number) => (ms.length ? quantile(ms, q) : 0).toFixed(1);
    const over = cpu.filter(([m]) => m > COSTLY_CPU_MS);
    const byKind = new Map<string, number>();
    for (const [m, kind] of cpu) byKind.set(kind, Math.max(byKind.get(kind) ?? 0, m));
    const server5xx = [...byStatus].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
    lines.push(
      `costly but small (${label}, ${pass}): ${cpu.length} search requests of at most ${maxBytes} bytes in ${((performance.now() - t0) / 1000).toFixed(1)} s; answers by status: ${[...byStatus].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s} ${n}`).join(', ')}`,
      `  backend CPU per request: p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${pct(1)} ms; over ${COSTLY_CPU_MS} ms: ${over.length}`,
      `  costliest kinds (max ms): ${[...byKind].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, m]) => `${k} ${m.toFixed(1)}`).join('; ')}`,
    );
    ok &&= server5xx === 0;
  }
  return { lines, ok };
}

/** The same against a backend of its own at catalogue `scale` (a cold start: the catalogue is generated and indexed first). */
async function costlySearchAtScale(scale: number, count: number, maxSeconds: number): Promise<{ lines: string[]; ok: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), `bench-costly-${scale}-`));
  const backend = await startBackend({ port: 0, dataDir: dir, reset: true, scale, log: () => undefined });
  try {
    return await costlySearch(backend.url, count, `scale ${scale}`, maxSeconds);
  } finally {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

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
  if (costlyRequests > 0) {
    const c0 = performance.now();
    costly = [await costlySearch(backend.url, costlyRequests, 'scale 1', maxSeconds)];
    if (costlyScale > 0) costly.push(await costlySearchAtScale(costlyScale, costlyRequests, maxSeconds));
    costlySeconds = (performance.now() - c0) / 1000;
  }
  if (edgeRequests > 0) await edgeFuzz();
} finally {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
}
const seconds = (performance.now() - started) / 1000 - edgeSeconds - costlySeconds;
console.log(`fuzz: ${total.requests} requests in ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(1, total.requests)).toFixed(1)} ms each)${stoppedEarly ? ` — stopped at --max-seconds ${maxSeconds}, ${wanted} wanted` : ''}`);
console.log(`  2xx ${total.ok2xx}, 3xx ${total.other3xx}, 4xx ${total.client4xx}, 5xx ${total.server5xx}`);
console.log(`  records changed by rejected (4xx) requests: ${total.changedByRejected}; accepted requests that changed records: ${total.changedByAccepted}`);
console.log(`  slowest endpoints (total ms): ${Object.entries(total.msByEndpoint).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k} ${v.toFixed(0)}`).join('; ')}`);
for (const f of total.failures.slice(0, 20)) console.log(`  FAILURE ${f}`);
for (const line of [...costly.flatMap((c) => c.lines), ...edgeLines]) console.log(line);
process.exit(total.failures.length || total.server5xx || total.changedByRejected || edgeFailures || costly.some((c) => !c.ok) ? 1 : 0);
