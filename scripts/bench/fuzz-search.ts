/**
 * The "costly but small" class of the fuzz bench (scripts/bench/fuzz.ts): search requests of a few KB that ask for as much
 * work as they can (test-fixtures/backend/search/costly-requests.ts), sent one by one to a backend in this process; the
 * process's CPU time around each one is the backend's cost of it (plus the client's, which is small). Prints the answers
 * by status, CPU per request (p50, p99, max), how many took over 50 ms, and the costliest kinds.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { startBackend } from '../../test-fixtures/backend/index';
import { costlyRequestArb } from '../../test-fixtures/backend/search/costly-requests';
import { FieldPaths } from '../../test-fixtures/backend/search/fields';

export const COSTLY_CPU_MS = 50;

/**
 * Sends `count` costly requests to `url`, twice: the first round is the backend's first contact with them (at scale 1 its
 * start built every field's indexes; at larger scales a real field's are built on its first use, once per field), the
 * second the same requests again. Answers the report lines (the count over 50 ms is a figure, printed, as every
 * benchmark figure) and whether no answer was a 5xx.
 */
export async function costlySearch(url: string, count: number, label: string, maxSeconds: number): Promise<{ lines: string[]; ok: boolean }> {
  const paths = new FieldPaths();
  for (const p of generateCatalogue().products) paths.add(p);
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
    const ms = cpu.map(([m]) => m).sort((a, b) => a - b);
    const pct = (p: number) => (ms[Math.min(ms.length - 1, Math.floor((ms.length - 1) * p))] ?? 0).toFixed(1);
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
export async function costlySearchAtScale(scale: number, count: number, maxSeconds: number): Promise<{ lines: string[]; ok: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), `bench-costly-${scale}-`));
  const backend = await startBackend({ port: 0, dataDir: dir, reset: true, scale, log: () => undefined });
  try {
    return await costlySearch(backend.url, count, `scale ${scale}`, maxSeconds);
  } finally {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
