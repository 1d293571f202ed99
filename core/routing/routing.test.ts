import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG, createConfig } from '../config';
import { ShopError } from '../messages';
import { ApiError, NetworkError } from '../ports/api-error';
import type { UrlMapHit, UrlMapRequest, UrlMapper } from '../ports/url-mapper';
import type { Product } from '../catalogue/types';
import { ROUTES, layoutOf, matchRoute, routePath } from './routes';
import { categoryLink, cmsPageLink, productLink, splitStoreCode } from './links';
import { UrlDispatcher, resolutionFromMapping, urlMapRequest, withLoadedCategories } from './dispatcher';

const config = DEFAULT_CONFIG;
const noDispatch = createConfig({ catalogue: { urlDispatcher: false } });
const simple: Product = { id: 1, sku: 'KP-001', name: 'Kraftpapier', type_id: 'simple', slug: 'kraftpapier', url_path: 'inpakpapier/kraftpapier.html' };
const conf: Product = { id: 2, sku: 'KERST-01', name: 'Kerstpapier', type_id: 'configurable', slug: 'kerstpapier', url_path: 'inpakpapier/kerst/kerstpapier.html' };

describe('route table', () => {
  it('holds every route of §2.1 plus order-status // spec catalogue §2.1, transactions §2', () => {
    const names = ROUTES.map((r) => r.name);
    for (const n of ['home', 'checkout', 'my-account', 'legal', 'privacy', 'about-us', 'customer-service', 'store-locator', 'size-guide', 'delivery', 'returns', 'contact', 'error',
      'virtual-product', 'bundle-product', 'simple-product', 'downloadable-product', 'grouped-product', 'configurable-product', 'product', 'category', 'contacts', 'sitemap', 'cms-page', 'create-password', 'page-not-found', 'order-status']) {
      expect(names).toContain(n);
    }
    expect(matchRoute('/pwa.html').route.name).toBe('home');
    expect(matchRoute('/sitemap.xml').route.name).toBe('sitemap');
    expect(matchRoute('/kadoverpakkingen-groothandel.html').route.path).toBe('/kadoverpakkingen-groothandel.html');
    expect(matchRoute('/p/KP-001/kraftpapier').route.name).toBe('virtual-product');
    expect(matchRoute('/p/KERST-01/kerstpapier/KERST-01-R').params).toEqual({ parentSku: 'KERST-01', slug: 'kerstpapier', childSku: 'KERST-01-R' });
    expect(matchRoute('/order-status/abc.def').params).toEqual({ order_token: 'abc.def' });
    expect(matchRoute('/nope/deeper').route.name).toBe('page-not-found');
    expect(ROUTES.filter((r) => r.staticPage).length).toBe(9);
    expect(layoutOf(matchRoute('/').route)).toBe('default');
  });
  it('routePath fills params and matchRoute reads them back // spec catalogue §2.1', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (sku, slug) => {
      const path = routePath('simple-product', { parentSku: sku, slug });
      expect(matchRoute(path).params).toEqual({ parentSku: sku, slug });
    }));
  });
});

describe('links', () => {
  it('with URL dispatching a product path is its url_path, plus childSku for configurables // spec catalogue §2.2', () => {
    expect(productLink(simple, config)).toBe('/inpakpapier/kraftpapier.html');
    expect(productLink(conf, config, { childSku: 'KERST-01-R' })).toBe('/inpakpapier/kerst/kerstpapier.html?childSku=KERST-01-R');
    expect(productLink(conf, config)).toBe('/inpakpapier/kerst/kerstpapier.html?childSku=KERST-01');
  });
  it('without dispatching: /p/{parentSku}/{slug}[/{childSku}], parentSku defaulting to the own sku // spec catalogue §2.2', () => {
    expect(productLink(simple, noDispatch)).toBe('/p/KP-001/kraftpapier');
    expect(productLink({ ...conf, sku: 'KERST-01-R', parentSku: 'KERST-01' }, noDispatch)).toBe('/p/KERST-01/kerstpapier/KERST-01-R');
    expect(productLink({ ...simple, url_path: undefined }, config)).toBe('/p/KP-001/kraftpapier');
  });
  it('category links: /{url_path} or /c/{slug}; the store code only when the store view appends it // spec catalogue §2.2', () => {
    const cat = { url_path: 'inpakpapier/kerst', slug: 'kerst-12' };
    expect(categoryLink(cat, config)).toBe('/inpakpapier/kerst');
    expect(categoryLink(cat, noDispatch)).toBe('/c/kerst-12');
    expect(categoryLink(cat, config, 'de')).toBe('/de/inpakpapier/kerst');
    expect(categoryLink(cat, noDispatch, 'it')).toBe('/it/c/kerst-12');
    expect(categoryLink(cat, config, 'unknown')).toBe('/inpakpapier/kerst');
    expect(productLink(simple, config, { storeCode: 'de' })).toBe('/de/inpakpapier/kraftpapier.html');
    expect(cmsPageLink({ identifier: 'privacy' }, config)).toBe('/i/privacy');
  });
  it('multistore off: no path carries a store code // spec catalogue §1', () => {
    expect(splitStoreCode('/de/x', config)).toEqual({ path: '/de/x' });
    const multi = createConfig({ storeViews: { multistore: true, views: [{ storeCode: 'de', storeId: 3, name: 'de', url: '/de', appendStoreCode: true, disabled: false }] } });
    expect(splitStoreCode('/de/x', multi)).toEqual({ storeCode: 'de', path: '/x' });
  });
});

class FakeMapper implements UrlMapper {
  calls: UrlMapRequest[] = [];
  constructor(private readonly answers: Record<string, UrlMapHit | null>, private readonly fail = false) {}
  async map(request: UrlMapRequest): Promise<UrlMapHit | null> {
    this.calls.push(request);
    await Promise.resolve();
    if (this.fail) throw new NetworkError('offline');
    return this.answers[request.url] ?? null;
  }
}

describe('UrlDispatcher', () => {
  it('known routes resolve from the table without mapping // spec catalogue §2.3', async () => {
    const mapper = new FakeMapper({});
    const d = new UrlDispatcher(mapper, config);
    expect(await d.resolve('/checkout')).toMatchObject({ kind: 'route', name: 'checkout', layout: 'minimal' });
    expect(mapper.calls).toEqual([]);
  });
  it('an unknown path is mapped to product, category or cms page; else page-not-found with slug page-not-found // spec catalogue §2.3', async () => {
    const mapper = new FakeMapper({
      'inpakpapier/kerst/kerstpapier.html': { _type: 'product', _source: conf as unknown as Record<string, unknown> },
      'inpakpapier/kerst': { _type: 'category', _source: { id: 12, slug: 'kerst-12', url_path: 'inpakpapier/kerst' } },
      'veel-gestelde-vragen': { _type: 'cms_page', _source: { id: 3, identifier: 'veel-gestelde-vragen' } },
    });
    const d = new UrlDispatcher(mapper, config);
    expect(await d.resolve('/inpakpapier/kerst/kerstpapier.html?childSku=KERST-01-G')).toMatchObject({ kind: 'product', name: 'configurable-product', params: { parentSku: 'KERST-01', slug: 'kerstpapier', childSku: 'KERST-01-G' } });
    expect(mapper.calls[0]).toMatchObject({ url: 'inpakpapier/kerst/kerstpapier.html', filters: { sku: 'KERST-01-G' } });
    expect(await d.resolve('/inpakpapier/kerst/')).toMatchObject({ kind: 'category', params: { slug: 'kerst-12' } });
    expect(await d.resolve('/veel-gestelde-vragen')).toMatchObject({ kind: 'cms_page', name: 'cms-page', params: { slug: 'veel-gestelde-vragen' } });
    expect(await d.resolve('/bestaat-niet')).toEqual({ kind: 'not-found', name: 'page-not-found', params: { slug: 'page-not-found' } });
  });
  it('is locked while a route is processed, one resolution at a time // spec catalogue §2.3', async () => {
    const d = new UrlDispatcher(new FakeMapper({}), config);
    expect(d.isLocked()).toBe(false);
    const a = d.resolve('/a-b');
    const b = d.resolve('/c-d');
    expect(d.isLocked()).toBe(true);
    await a;
    expect(d.isLocked()).toBe(true);
    await b;
    expect(d.isLocked()).toBe(false);
  });
  it('offline: answers a cached mapping, else raises the failure // spec catalogue §1, §2.3', async () => {
    const store = new Map<string, UrlMapHit | null>([['kaarten', { _type: 'category', _source: { id: 20, slug: 'kaarten-20' } }]]);
    const cache = { getUrlMapping: async (u: string) => store.get(u), setUrlMapping: async (u: string, h: UrlMapHit | null) => void store.set(u, h) };
    const d = new UrlDispatcher(new FakeMapper({}, true), config, cache);
    expect(await d.resolve('/kaarten')).toMatchObject({ kind: 'category' });
    await expect(d.resolve('/dozen')).rejects.toBeInstanceOf(NetworkError);
  });
  it('offline, a path never mapped here is read from the menu\'s categories and the cached products; a real answer is not guessed at // spec catalogue §2.3', async () => {
    const store = new Map<string, UrlMapHit | null>();
    const cache = {
      getUrlMapping: async (u: string) => store.get(u),
      setUrlMapping: async (u: string, h: UrlMapHit | null) => void store.set(u, h),
      offlineUrlMapping: async (u: string) => (u === simple.url_path ? { _type: 'product' as const, _source: simple as unknown as Record<string, unknown> } : undefined),
    };
    const categories = [{ id: 9, name: 'Linten', slug: 'linten-9', url_path: 'linten' } as never];
    const d = new UrlDispatcher(new FakeMapper({}, true), config, withLoadedCategories(cache, () => categories));
    expect(await d.resolve('/linten')).toMatchObject({ kind: 'category', params: { slug: 'linten-9' } });
    expect(await d.resolve('/inpakpapier/kraftpapier.html')).toMatchObject({ kind: 'product', product: { sku: 'KP-001' } });
    await expect(d.resolve('/nooit-bezocht.html')).rejects.toBeInstanceOf(NetworkError);
    // the backend answered (a 500): no offline guess
    class Failing implements UrlMapper {
      async map(): Promise<UrlMapHit | null> {
        throw new ApiError(500, 'boom');
      }
    }
    await expect(new UrlDispatcher(new Failing(), config, withLoadedCategories(cache, () => categories)).resolve('/linten')).rejects.toBeInstanceOf(ApiError);
  });
  it("an unknown entity type raises 'No entity type registered' // spec catalogue §5", () => {
    expect(() => resolutionFromMapping({ _type: 'review' as 'product', _source: {} })).toThrow(ShopError);
    expect(urlMapRequest('/a/b.html?x=1', config).url).toBe('a/b.html');
  });
});
