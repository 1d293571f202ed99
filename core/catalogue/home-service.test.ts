import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import { MemoryLogger } from '../testing/virtual-time';
import { HomeService, homeListRequest } from './home-service';
import { EMPTY_HOME_CONTENT, normaliseHomeContent, type HomeContentSource } from './home-content';
import type { Product } from './types';

const product = (sku: string): Product => ({ id: sku, sku, name: sku, type_id: 'simple' });

function searchAnswering(fail: string[] = []): CatalogueSearch & { requests: SearchRequest[] } {
  const requests: SearchRequest[] = [];
  return {
    requests,
    async search<T>(r: SearchRequest) {
      requests.push(r);
      const must = JSON.stringify(r.body);
      const list = must.includes('erin_recommends') ? 'bestsellers' : 'new_collection';
      if (fail.includes(list)) throw new Error('down');
      return { items: [product(`${list}-1`)] as T[], total: 1, start: 0, perPage: r.size, aggregations: {} };
    },
  };
}

describe('home lists (spec catalogue §2.11)', () => {
  it('asks for 8 listed products sorted by created_at descending', () => {
    for (const list of DEFAULT_CONFIG.catalogue.homeLists) {
      const r = homeListRequest(list, DEFAULT_CONFIG);
      expect(r.size).toBe(8);
      expect(r.sort).toBe('created_at:desc');
      expect(JSON.stringify(r.body)).toContain('"visibility":[2,3,4]');
      expect(JSON.stringify(r.body)).toContain('"status":[0,1]');
    }
  });

  it('loads both lists and the local content; a failing list keeps the other and flags the error', async () => {
    const content: HomeContentSource = { load: async () => normaliseHomeContent({ contentItems: [{ title: 'a', message: 'b' }] }) };
    const ok = new HomeService(searchAnswering(), DEFAULT_CONFIG, new MemoryLogger(), content);
    await ok.load();
    expect(ok.snapshot().status).toBe('ready');
    expect(ok.snapshot().lists.bestsellers.map((p) => p.sku)).toEqual(['bestsellers-1']);
    expect(ok.snapshot().content.contentItems).toEqual([{ title: 'a', message: 'b' }]);

    const half = new HomeService(searchAnswering(['bestsellers']), DEFAULT_CONFIG, new MemoryLogger());
    await half.load();
    expect(half.snapshot().status).toBe('error');
    expect(half.snapshot().lists.new_collection).toHaveLength(1);
    expect(half.snapshot().lists.bestsellers).toEqual([]);
  });

  it('a content file that fails is logged at debug level only and the lists still show', async () => {
    const logger = new MemoryLogger();
    const svc = new HomeService(searchAnswering(), DEFAULT_CONFIG, logger, { load: async () => Promise.reject(new Error('missing')) });
    await svc.load();
    expect(svc.snapshot().status).toBe('ready');
    expect(svc.snapshot().content).toEqual(EMPTY_HOME_CONTENT);
    expect(logger.lines.map((e) => e.level)).toEqual(['debug']);
  });

  it('does not search again once ready, and a hydrated state is kept', async () => {
    const search = searchAnswering();
    const svc = new HomeService(search, DEFAULT_CONFIG, new MemoryLogger());
    await svc.load();
    await svc.load();
    expect(search.requests).toHaveLength(2);
    const other = new HomeService(searchAnswering(), DEFAULT_CONFIG, new MemoryLogger());
    other.hydrate(svc.snapshot());
    expect(other.snapshot()).toEqual(svc.snapshot());
  });

  it('normalising any JSON never throws and keeps only well-formed entries', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const c = normaliseHomeContent(raw);
        for (const b of [...c.banners.mainBanners, ...c.banners.smallBanners, ...c.headImages]) {
          expect(typeof b.title).toBe('string');
          expect(typeof b.link).toBe('string');
        }
        return true;
      }),
    );
  });
});
