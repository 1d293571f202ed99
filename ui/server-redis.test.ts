import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../test-fixtures/backend/test-helpers';
import { startRedis, type TestRedis } from '../test-fixtures/redis-server';
import { startShopProcess, type ShopProcess } from '../test-fixtures/storefront-process';
import { generateCatalogue } from '../test-fixtures/catalogue/index';
import { rawRequest } from '../test-fixtures/raw-http';

// Two storefront processes (dist/server.mjs) sharing their output cache in a real redis-server.

const product = generateCatalogue().products.find((p) => p.type_id === 'configurable' && p.visibility === 4)!;
const PRODUCT = `/${product.url_path}`;
const KEY = `k-${process.pid}-${Math.random().toString(36).slice(2)}`;

let backend: TestBackend;
let redis: TestRedis;
let one: ShopProcess;
let two: ShopProcess;

beforeAll(async () => {
  [backend, redis] = await Promise.all([startTestBackend(), startRedis()]);
  // one public origin for both (as behind one load balancer): pages carry absolute URLs (canonical, JSON-LD), and
  // without PUBLIC_URL each process's Host would key pages of its own
  const env = { API_URL: backend.url, REDIS_URL: redis.url, INVALIDATE_KEY: KEY, WEB_CONCURRENCY: '1', PUBLIC_URL: 'https://papierenlint.example' };
  [one, two] = await Promise.all([startShopProcess(env), startShopProcess(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await Promise.all([redis?.stop(), backend?.close()]);
});

async function renderedAt(): Promise<number> {
  const raw = await redis.client.get(`storefront:page:nl-NL ${PRODUCT}`);
  return raw ? (JSON.parse(raw) as { renderedAt: number }).renderedAt : 0;
}

async function until(what: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await what()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('shared output cache in Redis', () => {
  it('a page one process renders, the other serves from the cache; the invalidation key is required', async () => {
    const first = await rawRequest(one.url, PRODUCT);
    expect(first.status).toBe(200);
    expect(first.headers['x-output-cache']).toBe('miss');
    // a miss is stored once its answer has gone (a Redis round trip later): the page's key itself is waited for (the
    // full suite under load asked the other process first, 1 run in ~5)
    await until(async () => (await renderedAt()) > 0);
    const shared = await rawRequest(two.url, PRODUCT);
    expect(shared.headers['x-output-cache']).toBe('hit');
    expect(shared.body).toContain(product.name);
    expect((await rawRequest(two.url, `/invalidate?tag=P${product.id}`)).status).toBe(401);
    expect((await rawRequest(two.url, `/invalidate?tag=P${product.id}&key=nope`)).status).toBe(401);
  }, 60_000);

  it("invalidating a product's tag makes both processes serve it rendered afresh (stale served meanwhile)", async () => {
    await rawRequest(one.url, PRODUCT);
    const before = await renderedAt();
    expect(before).toBeGreaterThan(0);
    await rawRequest(one.url, '/about-us');
    await until(async () => (await redis.client.exists('storefront:page:nl-NL /about-us')) === 1);
    const home = await redis.client.get('storefront:page:nl-NL /about-us');
    const answer = await rawRequest(one.url, `/invalidate?tag=P${product.id}&key=${KEY}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).invalidated[`P${product.id}`]).toBeGreaterThanOrEqual(1);
    // the other process sees it stale at once and one of them renders it again
    expect((await rawRequest(two.url, PRODUCT)).headers['x-output-cache']).toBe('stale');
    await until(async () => (await renderedAt()) > before);
    for (const shop of [one, two]) {
      const again = await rawRequest(shop.url, PRODUCT);
      expect(again.headers['x-output-cache']).toBe('hit');
      expect(again.body).toContain(product.name);
    }
    // a CMS page does not show this product: untouched
    expect(await redis.client.get('storefront:page:nl-NL /about-us')).toBe(home);
  }, 60_000);
});
