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
