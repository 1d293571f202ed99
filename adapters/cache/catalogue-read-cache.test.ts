import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../core/testing/virtual-time';
import { NetworkError } from '../../core/ports/api-error';
import type { CatalogueSearch, SearchRequest } from '../../core/ports/catalogue-search';
import type { SearchResult } from '../../core/catalogue/types';
import { createConfig } from '../../core/config';
import { TOKENS } from '../../core/ports/tokens';
import { CategoryService } from '../../core/catalogue/category-service';
import { CmsService } from '../../core/catalogue/cms-service';
import { UrlDispatcher } from '../../core/routing/dispatcher';
import { startBackend, type RunningBackend } from '../../test-fixtures/backend/index';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { createServerContainer, createTestContainer } from '../container';
import { CatalogueReadCache, sharedSearch as share } from './catalogue-read-cache';
import { HttpCatalogueSearch } from '../http/catalogue-search';

const request = (type: SearchRequest['type'] = 'product', size = 10): SearchRequest => ({ type, size, from: 0, body: { query: { match_all: {} } } });

/** A CatalogueSearch that counts its calls and answers when the test says so. */
function countingSearch() {
  const calls: SearchRequest[] = [];
  const waiting: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  let fail: unknown;
  const search: CatalogueSearch = {
    search<T>(r: SearchRequest): Promise<SearchResult<T>> {
      calls.push(r);
      return new Promise((resolve, reject) => {
        waiting.push({
          resolve: () => resolve({ items: [{ sku: `n${calls.length}` }] as T[], total: 1, start: 0, perPage: r.size, aggregations: {} }),
          reject,
        });
      }).then(() => {
        if (fail) throw fail;
        return { items: [{ sku: `n${calls.length}` }] as T[], total: 1, start: 0, perPage: r.size, aggregations: {} };
      });
    },
  };
  return {
    search,
    calls,
    answerAll: () => waiting.splice(0).forEach((w) => w.resolve()),
    /** the read's answer once every call under way is answered */
    answered<T>(read: Promise<T>): Promise<T> {
      waiting.splice(0).forEach((w) => w.resolve());
      return read;
    },
    failNext: (e: unknown) => {
      fail = e;
    },
    succeed: () => {
      fail = undefined;
    },
  };
}

/** a search shared through a cache of `maxEntries` answers kept 10 s, over a fake backend, on a virtual clock */
function sharedSearch(maxEntries: number) {
  const clock = new VirtualClock();
  const fake = countingSearch();
  const cache = new CatalogueReadCache(clock, maxEntries);
  return { clock, fake, cache, shared: share(fake.search, cache, 10_000) };
}

describe('CatalogueReadCache (server catalogue reads shared across renders)', () => {
  it('N concurrent reads of the same search make ONE backend call, and all get its answer (single-flight)', async () => {
    const { fake, shared } = sharedSearch(100);
    const pending = Array.from({ length: 50 }, () => shared.search(request()));
    const other = shared.search(request('category'));
    fake.answerAll();
    const answers = await Promise.all(pending);
    await other;
    expect(fake.calls).toHaveLength(2); // one per distinct read
    expect(new Set(answers).size).toBe(1);
  });

  it('keeps an answer for the TTL, then asks the backend again (virtual clock)', async () => {
    const { clock, fake, shared } = sharedSearch(100);
    const first = shared.search(request());
    fake.answerAll();
    await first;
    clock.set(clock.now() + 10_000);
    await shared.search(request());
    expect(fake.calls).toHaveLength(1);
    // past the TTL (lru-cache: stale once more than the TTL has passed)
    clock.set(clock.now() + 1);
    const again = shared.search(request());
    fake.answerAll();
    expect((await again).items).toEqual([{ sku: 'n2' }]);
    expect(fake.calls).toHaveLength(2);
  });

  it('never keeps a failure: every waiter of the failed call gets the error, the next read asks again', async () => {
    const { fake, shared } = sharedSearch(100);
    fake.failNext(new NetworkError('timeout'));
    const a = shared.search(request());
    const b = shared.search(request());
    fake.answerAll();
    await expect(a).rejects.toBeInstanceOf(NetworkError);
    await expect(b).rejects.toBeInstanceOf(NetworkError);
    expect(fake.calls).toHaveLength(1);
    fake.succeed();
    const c = shared.search(request());
    fake.answerAll();
    expect((await c).items).toHaveLength(1);
    expect(fake.calls).toHaveLength(2);
  });

  it('shares nothing for reviews (they change as shoppers write them) and nothing with TTL 0', async () => {
    const fake = countingSearch();
    const cache = new CatalogueReadCache(new VirtualClock(), 100);
    const reviews = share(fake.search, cache, 10_000);
    const r = [reviews.search(request('review')), reviews.search(request('review'))];
    const off = share(fake.search, cache, 0);
    r.push(off.search(request()), off.search(request()));
    fake.answerAll();
    await Promise.all(r);
    expect(fake.calls).toHaveLength(4);
  });

  it('keeps at most maxEntries answers, the least recently used dropped first', async () => {
    const { fake, cache, shared } = sharedSearch(2);
    for (const size of [1, 2]) await fake.answered(shared.search(request('product', size)));
    await shared.search(request('product', 1)); // hit: size 1 is now the most recent
    await fake.answered(shared.search(request('product', 3)));
    expect(cache.stats().entries).toBe(2);
    await shared.search(request('product', 1));
    expect(fake.calls).toHaveLength(3);
    await fake.answered(shared.search(request('product', 2))); // dropped: asked again
    expect(fake.calls).toHaveLength(4);
  });

  it('drops expired answers as new ones come in, not only when asked for again (memory follows the TTL, not maxEntries)', async () => {
    const { clock, fake, cache, shared } = sharedSearch(10_000);
    const read = (size: number) => fake.answered(shared.search(request('product', size)));
    // a crawl: 100 distinct listings a second for 30 s, never one asked twice
    for (let second = 0; second < 30; second++) {
      for (let i = 0; i < 100; i++) await read(second * 100 + i + 1);
      clock.set(clock.now() + 1_000);
    }
    // only what is younger than the TTL is kept (10 s of reads), not all 3000 the size limit allows
    expect(cache.stats().entries).toBeLessThanOrEqual(1_100);
    expect(cache.stats().entries).toBeGreaterThanOrEqual(900);
    // and what is kept still answers
    await shared.search(request('product', 3000));
    expect(fake.calls).toHaveLength(3000);
  });

  it('is bounded by bytes too (maxBytes, JSON size): the least recently used answers go first, too large ones are not kept', async () => {
    const clock = new VirtualClock();
    const cache = new CatalogueReadCache(clock, 10_000, 50_000);
    const big = (n: number) => ({ items: [{ sku: 'x'.repeat(n) }] });
    for (let i = 0; i < 100; i++) await cache.read(`k${i}`, 10_000, async () => big(2_000));
    const s = cache.stats();
    expect(s.bytes).toBeLessThanOrEqual(50_000);
    expect(s.entries).toBeGreaterThan(15);
    expect(s.entries).toBeLessThan(26);
    let loads = 0;
    await cache.read('k99', 10_000, async () => (loads++, big(1)));
    await cache.read('k0', 10_000, async () => (loads++, big(1)));
    expect(loads).toBe(1);
    expect(await cache.read('huge', 10_000, async () => big(60_000))).toEqual(big(60_000));
    expect(cache.stats().bytes).toBeLessThanOrEqual(50_000);
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('hands out frozen answers: a render cannot change what the next shopper sees', async () => {
    const fake = countingSearch();
    const shared = share(fake.search, new CatalogueReadCache(new VirtualClock(), 10), 10_000);
    const answer = await fake.answered(shared.search<{ sku: string }>(request()));
    expect(() => {
      (answer.items[0] as { sku: string }).sku = 'changed';
    }).toThrow(TypeError);
  });
});

describe('server containers share catalogue reads through the demo backend', () => {
  let backend: RunningBackend;
  const calls: string[] = [];
  const counting: typeof fetch = async (input, init) => {
    const req = input instanceof Request ? input : new Request(input, init);
    calls.push(`${req.method} ${new URL(req.url).pathname}${req.method === 'POST' ? ' ' + (await req.clone().text()) : new URL(req.url).search}`);
    return fetch(req);
  };
  beforeAll(async () => {
    backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  });
  afterAll(async () => backend?.close());

  it('20 concurrent category loads through 20 server containers make one backend call per distinct read', async () => {
    const config = createConfig({ api: { url: backend.url }, search: { serverTimeoutMs: 5000, clientTimeoutMs: 5000 } });
    const reads = new CatalogueReadCache(new VirtualClock(), 100);
    const category = generateCatalogue().categories.find((c) => c.level === 3)!;
    const loadPage = async () => {
      const c = createServerContainer({ config, fetch: counting, catalogueReads: reads });
      const cms = c.get(CmsService);
      await Promise.all([c.get(CategoryService).loadCategories(), cms.loadBlock(config.cms.headerBlock), cms.loadBlock(config.cms.copyrightBlock)]);
      const resolution = await c.get(UrlDispatcher).resolve(`/${category.url_path}`);
      expect(resolution.kind).toBe('category');
      const categories = c.get(CategoryService);
      await categories.setCurrentByPath(`/${category.url_path}`);
      await categories.applyFilters({});
      return categories.snapshot();
    };
    calls.length = 0;
    const states = await Promise.all(Array.from({ length: 20 }, loadPage));
    expect(states.every((s) => s.current?.id === category.id && s.list.items.length > 0)).toBe(true);
    // category tree, 2 CMS blocks, url/map, the category's products: each asked once for the 20 renders
    expect(calls).toHaveLength(5);
    expect(new Set(calls).size).toBe(5);
    // a later render within the TTL asks nothing
    await loadPage();
    expect(calls).toHaveLength(5);
  });

  it('only the server shares: other (browser, test) containers read the backend themselves', async () => {
    const config = createConfig({ api: { url: backend.url }, search: { serverTimeoutMs: 5000, clientTimeoutMs: 5000 } });
    calls.length = 0;
    await Promise.all([1, 2].map(() => createTestContainer({ config, fetch: counting }).get(CategoryService).loadCategories()));
    expect(calls).toHaveLength(2);
    const server = createServerContainer({ config, fetch: counting });
    expect(server.get(TOKENS.CatalogueSearch)).toBeInstanceOf(HttpCatalogueSearch); // a fake fetch never gets the process cache
  });
});
