import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES, ShopError } from '../messages';
import { ApiError, NetworkError } from '../ports/api-error';
import type { Product } from '../catalogue/types';
import { notFoundResolution, resolutionFromMapping } from './dispatcher';
import { PageResolutionService, UNAVAILABLE_STATUS, loadFailureKind, loadFailureOutcome, pageUnavailable, resolvedPage, unavailableCause } from './page-resolution';

const config = DEFAULT_CONFIG;
const product: Product = { id: 1, sku: 'KP-1', name: 'Kraftpapier', type_id: 'simple', slug: 'kraftpapier-1', url_path: 'inpakpapier/kraftpapier-1.html' };

describe('resolvedPage', () => {
  it('a product, category or CMS match renders with 200, nothing with 404 // spec catalogue §2.3', () => {
    expect(resolvedPage(resolutionFromMapping({ _type: 'product', _source: product } as never, config))).toEqual({ kind: 'product', status: 200 });
    expect(resolvedPage(resolutionFromMapping({ _type: 'category', _source: { id: 4, slug: 'kerst-4', url_path: 'inpakpapier/kerst' } } as never, config))).toEqual({ kind: 'category', status: 200 });
    expect(resolvedPage(resolutionFromMapping({ _type: 'cms_page', _source: { id: 1, identifier: 'privacy' } } as never, config))).toEqual({ kind: 'cms_page', status: 200 });
    expect(resolvedPage(resolutionFromMapping(null, config))).toEqual({ kind: 'not-found', status: 404 });
    expect(resolvedPage(notFoundResolution())).toEqual({ kind: 'not-found', status: 404 });
  });
});

describe('loadFailureOutcome', () => {
  const emptyErrors = [
    new ShopError(MESSAGES.productStatusEmpty, { status: 2 }),
    new ShopError(MESSAGES.productVisibilityEmpty, { visibility: 1 }),
    new ShopError(MESSAGES.categoryQueryEmpty, { key: 'url_path', value: 'x' }),
    new ShopError(MESSAGES.cmsQueryEmpty),
  ];
  it('in the browser an empty-result error notifies the offline text and redirects home // spec catalogue §2.3', () => {
    for (const e of emptyErrors) {
      const o = loadFailureOutcome(e, 'browser', config);
      expect(o.kind).toBe('redirect');
      if (o.kind === 'redirect') {
        expect(o.to).toBe('/');
        expect(o.notification.message).toBe(MESSAGES.offlineRedirectHome);
        expect(o.notification.action).toBe(MESSAGES.ok);
      }
    }
  });
  it('on the server the page shows the error itself with 404 // spec catalogue §2.3, §4.1', () => {
    for (const e of emptyErrors) expect(loadFailureOutcome(e, 'server', config)).toEqual({ kind: 'show', status: 404, error: { key: e.key, params: e.params } });
  });
  it('a backend that does not answer while online is a 503 "try again in a moment", never not-found nor a redirect // spec catalogue §2.3', () => {
    expect(loadFailureOutcome(new NetworkError('timeout'), 'browser', config)).toEqual({ kind: 'show', status: 503, error: { key: MESSAGES.shopUnavailable, params: {} } });
    expect(loadFailureOutcome(new NetworkError('timeout'), 'server', config)).toEqual({ kind: 'show', status: 503, error: { key: MESSAGES.shopUnavailable, params: {} } });
    expect(loadFailureOutcome(new NetworkError('timeout'), 'server', config, undefined, true).kind).toBe('show'); // the server is never offline
    for (const runtime of ['server', 'browser'] as const) {
      expect(loadFailureOutcome(new ApiError(502, 'bad gateway'), runtime, config)).toEqual({ kind: 'show', status: 503, error: { key: MESSAGES.shopUnavailable, params: {} } });
    }
  });
  it('offline in the browser, a load nothing answered (network and cache) is "not available in Offline mode": notice with OK, then home // spec catalogue §2.3, §8', () => {
    const o = loadFailureOutcome(new NetworkError('Failed to fetch'), 'browser', config, undefined, true);
    expect(o).toEqual({ kind: 'redirect', to: '/', notification: { type: 'danger', message: MESSAGES.offlineRedirectHome, params: {}, action: MESSAGES.ok, redirect: '/' } });
    // an answer the backend gave is still judged by its status, offline or not
    expect(loadFailureOutcome(new ApiError(404, 'nope'), 'browser', config, undefined, true)).toMatchObject({ kind: 'show', status: 404 });
    expect(loadFailureOutcome(new ApiError(500, 'x'), 'browser', config, undefined, true)).toMatchObject({ kind: 'show', status: UNAVAILABLE_STATUS });
  });
  it('only empty-result errors ever redirect // spec catalogue §2.3', () => {
    const keys = Object.values(MESSAGES);
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.constantFrom('server' as const, 'browser' as const), (key, runtime) => {
        const o = loadFailureOutcome(new ShopError(key), runtime, config);
        const empty = emptyErrors.some((e) => e.key === key);
        expect(o.kind === 'redirect').toBe(empty && runtime === 'browser');
      }),
    );
  });
});

describe('PageResolutionService', () => {
  it('holds the resolved kind and status, and hydrates from a snapshot // spec catalogue §2.3', () => {
    const a = new PageResolutionService();
    a.resolved('/inpakpapier/kerst', 'category');
    expect(a.snapshot()).toEqual({ path: '/inpakpapier/kerst', kind: 'category', status: 200 });
    a.resolved('/nope', 'not-found');
    expect(a.snapshot().status).toBe(404);
    a.failed('/p/X/y', { key: MESSAGES.productStatusEmpty, params: { status: 2 } }, 404, 'product');
    const b = new PageResolutionService();
    b.hydrate(a.snapshot());
    expect(b.snapshot()).toEqual({ path: '/p/X/y', kind: 'product', status: 404, error: { key: MESSAGES.productStatusEmpty, params: { status: 2 } } });
  });
});

describe('loadFailureKind: a slow or absent API is never "not found"', () => {
  it('only a real answer is not-found: the core\'s empty-result errors and the API\'s own 404/410/400 // spec catalogue §2.3, §8', () => {
    for (const e of [new ShopError(MESSAGES.productStatusEmpty, { status: 2 }), new ShopError(MESSAGES.categoryQueryEmpty), new ShopError(MESSAGES.cmsQueryEmpty), new ShopError(MESSAGES.unknownEntityType)]) {
      expect(loadFailureKind(e)).toBe('not-found');
    }
    for (const status of [404, 410, 400]) expect(loadFailureKind(new ApiError(status, 'no'))).toBe('not-found');
  });
  it('no answer, a 5xx, a 408/429, other 4xx and unexpected errors are unavailable (503)', () => {
    for (const e of [new NetworkError('timeout'), new NetworkError('ECONNREFUSED'), new ApiError(500, 'x'), new ApiError(503, 'x'), new ApiError(408, 'x'), new ApiError(429, 'x'), new ApiError(401, 'x'), new TypeError('boom'), 'weird']) {
      expect(loadFailureKind(e)).toBe('unavailable');
    }
  });
  it('any ApiError status maps to 404 or 503 and nothing else; 5xx always 503 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.constantFrom('server' as const, 'browser' as const), (status, runtime) => {
        const o = loadFailureOutcome(new ApiError(status, 'x'), runtime, config);
        expect(o.kind).toBe('show');
        if (o.kind === 'show') {
          expect([404, UNAVAILABLE_STATUS]).toContain(o.status);
          if (status >= 500) expect(o.status).toBe(UNAVAILABLE_STATUS);
        }
      }),
    );
  });
  it('unavailableCause picks the first failure that is backend trouble; pageUnavailable tells the UI to show "try again"', () => {
    const down = new NetworkError('down');
    expect(unavailableCause([undefined, new ShopError(MESSAGES.cmsQueryEmpty), down, new ApiError(500, 'x')])).toBe(down);
    expect(unavailableCause([undefined, new ShopError(MESSAGES.cmsQueryEmpty)])).toBeUndefined();
    const pages = new PageResolutionService();
    const o = loadFailureOutcome(down, 'server', config);
    if (o.kind === 'show') pages.failed('/a', o.error, o.status);
    expect(pageUnavailable(pages.snapshot(), '/a')).toBe(true);
    expect(pageUnavailable(pages.snapshot(), '/b')).toBe(false);
    const browser = loadFailureOutcome(down, 'browser', config);
    if (browser.kind === 'show') pages.failed('/a', browser.error, browser.status);
    expect(pageUnavailable(pages.snapshot(), '/a')).toBe(true); // online in the browser too: 'try again', not 'not found'
  });
});
