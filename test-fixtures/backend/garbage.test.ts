import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/index';
import { ENDPOINTS, makeFixture, runFuzz, type FuzzFixture } from './fuzz';
import { SCHEMAS } from './schemas';
import { startTestBackend, type TestBackend } from './test-helpers';

/**
 * A fast-check fuzz over every endpoint (1,000 requests here; 20,000 in
 * `node scripts/bench/run.mjs fuzz`). Junk, and valid requests with one part replaced by junk: never a 5xx, every
 * error the `{ code, result }` envelope, and no record changed by a rejected request (every table hashed around each).
 */
const dir = mkdtempSync(join(tmpdir(), 'backend-garbage-'));
let be: TestBackend;
let fixture: FuzzFixture;
const catalogue = generateCatalogue();
const item = catalogue.products.find((p) => p.type_id === 'simple' && p.visibility === 4 && Number(p.stock?.qty) > 50)!;
const configurable = catalogue.products.find((p) => p.type_id === 'configurable')!;

beforeAll(async () => {
  be = await startTestBackend({ dataDir: dir, reset: true });
  fixture = await makeFixture(be.url, item.sku, configurable.sku, Number(item.id));
});
afterAll(async () => {
  await be.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('garbage in (fast-check fuzz over every endpoint)', () => {
  it('the fuzz covers every endpoint that has a schema', () => {
    const covered = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    const norm = (key: string) => key.replace(/:index\/:type/, 'vue_storefront_catalog/product');
    for (const key of Object.keys(SCHEMAS)) {
      if (key === 'GET /__dev/outbox') continue;
      const [method, path] = key.split(' ') as [string, string];
      const re = new RegExp(`^${path.replace(/\//g, '\\/').replace(/:[a-z]+\*?/gi, '[^?]+')}$`);
      expect([...covered].some((c) => c.startsWith(`${method} `) && re.test(c.slice(method.length + 1))), norm(key)).toBe(true);
    }
  });

  it('null in place of any one field of a valid body: a 4xx or an answer, never a 5xx', async () => {
    // every path to a leaf of a JSON value, e.g. ['addressInformation', 'shippingAddress', 'country_id']
    const leaves = (v: unknown, at: string[] = []): string[][] =>
      v !== null && typeof v === 'object' ? Object.entries(v).flatMap(([k, c]) => leaves(c, [...at, k])) : [at];
    const withNull = (v: any, [head, ...rest]: string[]): any =>
      head === undefined ? null : Array.isArray(v) ? v.map((c, i) => (String(i) === head ? withNull(c, rest) : c)) : { ...v, [head]: withNull(v[head], rest) };
    const failures: string[] = [];
    for (const e of ENDPOINTS.filter((x) => x.body)) {
      const body = e.body!(fixture);
      for (const leaf of leaves(body)) {
        const qs = new URLSearchParams(e.query?.(fixture) ?? {}).toString();
        const path = `${e.path.replace(':payment', fixture.paymentId)}${qs ? `?${qs}` : ''}`;
        const res = await be.call(e.method, path, withNull(body, leaf));
        if (res.status >= 500) failures.push(`${res.status} ${e.method} ${e.path} ${leaf.join('.')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('1,000 requests: never a 5xx, always the {code, result} envelope, and no record changed by a rejected request', async () => {
    const report = await runFuzz(be.url, dir, fixture, 1000, 20261101);
    expect(report.failures).toEqual([]);
    expect(report.server5xx).toBe(0);
    expect(report.changedByRejected).toBe(0);
    expect(report.requests).toBe(1000);
    // the fuzz is not all rejected at the door: some requests pass validation and are answered
    expect(report.ok2xx).toBeGreaterThan(50);
    expect(report.client4xx).toBeGreaterThan(300);
    // and the table hash does see changes (accepted requests make some: a subscription, a cart, a mail token)
    expect(report.changedByAccepted).toBeGreaterThan(0);
  }, 120_000);
});
