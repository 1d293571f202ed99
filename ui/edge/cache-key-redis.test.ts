import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShops, type TestShops } from '../../test-fixtures/storefront';
import { connectedCache, startRedis, type TestRedis } from '../../test-fixtures/redis-server';
import type { RedisOutputCache } from './redis-output-cache';
import type { RunningStorefront } from '../server';

// Output-cache flooding: the shared output cache in a real redis-server uses the same canonical key
// (ui/edge/cache-key.ts) and keeps at most maxVariantsPerPage variants of a page.

const CATEGORY = '/inpakpapier/kerst';
const PREFIX = `flood-${process.pid}:`;
let shops: TestShops;
let redis: TestRedis;
let cache: RedisOutputCache;
let shop: RunningStorefront;

beforeAll(async () => {
  redis = await startRedis();
  [shops, cache] = await Promise.all([startTestShops(), connectedCache(redis.url, { prefix: PREFIX, maxVariantsPerPage: 3 })]);
  shop = await shops.start({ outputCache: cache, publicOrigin: 'https://papierenlint.example' });
}, 60_000);

afterAll(async () => {
  await shops?.close();
  await cache?.quit();
  await redis?.stop();
});

async function state(path: string): Promise<string> {
  const res = await fetch(`${shop.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return res.headers.get('x-output-cache') ?? '';
}

const pageKeys = async () => (await redis.client.keys(`${PREFIX}page:*`)).sort();
/** a miss is stored after its answer has gone: wait for the page's key itself */
async function stored(key: string): Promise<void> {
  await expect.poll(async () => (await redis.client.exists(`${PREFIX}page:${key}`)) === 1, { timeout: 10_000 }).toBe(true);
}

describe('the canonical key in Redis', () => {
  it('junk query strings share the page\u2019s one entry; filter variants are trimmed to maxVariantsPerPage', async () => {
    expect(await state(`${CATEGORY}?utm_source=1`)).toBe('miss');
    await stored(`nl-NL ${CATEGORY}`);
    expect(await pageKeys()).toEqual([`${PREFIX}page:nl-NL ${CATEGORY}`]);
    for (let i = 2; i < 300; i++) expect(await state(`${CATEGORY}?utm_source=${i}&fbclid=${i * 13}`)).toBe('hit');
    expect(await state(CATEGORY)).toBe('hit');
    expect(await pageKeys()).toHaveLength(1);

    expect(await state(`${CATEGORY}?sort=price_asc&utm_source=x`)).toBe('miss');
    await stored(`nl-NL ${CATEGORY}?sort=price_asc`);
    expect(await state(`${CATEGORY}?utm_source=y&sort=price_asc`)).toBe('hit');
    expect(await pageKeys()).toContain(`${PREFIX}page:nl-NL ${CATEGORY}?sort=price_asc`);
    for (let i = 0; i < 6; i++) {
      expect(await state(`${CATEGORY}?color=${9000 + i}`)).toBe('miss');
      await stored(`nl-NL ${CATEGORY}?color=${9000 + i}`);
    }
    expect(await redis.client.zcard(`${PREFIX}variants:nl-NL ${CATEGORY}`)).toBe(3);
    const keys = await pageKeys();
    expect(keys).toHaveLength(4);
    expect(keys).toContain(`${PREFIX}page:nl-NL ${CATEGORY}`);
    expect(keys).toContain(`${PREFIX}page:nl-NL ${CATEGORY}?color=9005`);
    expect(await state(CATEGORY)).toBe('hit');
  }, 120_000);
});
