import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES, ShopError } from '../messages';
import { ApiError, NetworkError } from '../ports/api-error';
import type { Product } from '../catalogue/types';
import { EMPTY_RESULT_KEYS, notFoundResolution, resolutionFromMapping } from './dispatcher';
import { homeLink } from './links';
import { PageResolutionService, UNAVAILABLE_STATUS, classifyLoadFailure, loadFailureKind, loadFailureOutcome, pageUnavailable, resolvedPage, unavailableCause } from './page-resolution';

const config = DEFAULT_CONFIG;
const product: Product = { id: 1, sku: 'KP-1', name: 'Kraftpapier', type_id: 'simple', slug: 'kraftpapier-1', url_path: 'inpakpapier/kraftpapier-1.html' };

describe('resolvedPage', () => {
  it('a product, category or CMS match renders with 200, nothing with 404 // spec catalogue §2.3', () => {
    expect(resolvedPage(resolutionFromMapping({ _type: 'product', _source: product } as never))).toEqual({ kind: 'product', status: 200 });
    expect(resolvedPage(resolutionFromMapping({ _type: 'category', _source: { id: 4, slug: 'kerst-4', url_path: 'inpakpapier/kerst' } } as never))).toEqual({ kind: 'category', status: 200 });
    expect(resolvedPage(resolutionFromMapping({ _type: 'cms_page', _source: { id: 1, identifier: 'privacy' } } as never))).toEqual({ kind: 'cms_page', status: 200 });
    expect(resolvedPage(resolutionFromMapping(null))).toEqual({ kind: 'not-found', status: 404 });
    expect(resolvedPage(notFoundResolution())).toEqual({ kind: 'not-found', status: 404 });
  });
});

const SERVER = { runtime: 'server', online: true } as const;
const BROWSER_ONLINE = { runtime: 'browser', online: true } as const;
const BROWSER_OFFLINE = { runtime: 'browser', online: false } as const;
const unavailable = { kind: 'show', status: UNAVAILABLE_STATUS, error: { key: MESSAGES.shopUnavailable, params: {} } };
const offlineHome = { kind: 'redirect', to: '/', notification: { type: 'danger', message: MESSAGES.offlineRedirectHome, params: {}, action: MESSAGES.ok } };

describe('loadFailureOutcome', () => {
  const emptyErrors = [
    new ShopError(MESSAGES.productStatusEmpty, { status: 2 }),
    new ShopError(MESSAGES.productVisibilityEmpty, { visibility: 1 }),
    new ShopError(MESSAGES.categoryQueryEmpty, { key: 'url_path', value: 'x' }),
    new ShopError(MESSAGES.cmsQueryEmpty),
  ];
  it('in the browser an empty-result error notifies the offline text and redirects home, online or not // spec catalogue §2.3', () => {
    for (const e of emptyErrors) for (const facts of [BROWSER_ONLINE, BROWSER_OFFLINE]) expect(loadFailureOutcome(e, facts, config)).toEqual(offlineHome);
  });
  it('on the server the page shows the error itself with 404 // spec catalogue §2.3, §4.1', () => {
    for (const e of emptyErrors) expect(loadFailureOutcome(e, SERVER, config)).toEqual({ kind: 'show', status: 404, error: { key: e.key, params: e.params } });
  });
  it('a backend slow to answer while online is a 503 "try again in a moment", never not-found nor a redirect // spec catalogue §2.3', () => {
    const timeout = new NetworkError('timeout', '', true);
    expect(loadFailureOutcome(timeout, BROWSER_ONLINE, config)).toEqual(unavailable);
    expect(loadFailureOutcome(timeout, SERVER, config)).toEqual(unavailable);
    expect(loadFailureOutcome(new NetworkError('ECONNREFUSED'), SERVER, config)).toEqual(unavailable); // the server is never offline
    for (const facts of [SERVER, BROWSER_ONLINE, BROWSER_OFFLINE]) expect(loadFailureOutcome(new ApiError(502, 'bad gateway'), facts, config)).toEqual(unavailable);
  });
  it('in the browser a load nothing answered is "not available in Offline mode": notice with OK, then home, even when navigator.onLine says online // spec catalogue §2.3, §8', () => {
    // what Chromium 150 gave a hard load of a never-visited page the worker answered offline: a fetch TypeError, onLine true
    expect(loadFailureOutcome(new NetworkError('Failed to fetch'), BROWSER_ONLINE, config)).toEqual(offlineHome);
    expect(loadFailureOutcome(new NetworkError('Failed to fetch'), BROWSER_OFFLINE, config)).toEqual(offlineHome);
    // a timeout is offline when the Network port says so, or when this document is the worker's cached answer
    expect(loadFailureOutcome(new NetworkError('timeout', '', true), BROWSER_OFFLINE, config)).toEqual(offlineHome);
    expect(loadFailureOutcome(new NetworkError('timeout', '', true), { ...BROWSER_ONLINE, servedFromWorkerCache: true }, config)).toEqual(offlineHome);
    // an answer the backend gave is still judged by its status, offline or not
    expect(loadFailureOutcome(new ApiError(404, 'nope'), BROWSER_OFFLINE, config)).toMatchObject({ kind: 'show', status: 404 });
    expect(loadFailureOutcome(new ApiError(500, 'x'), BROWSER_OFFLINE, config)).toEqual(unavailable);
  });
  it('a store view\'s offline redirect goes to that store\'s home // spec catalogue §2.2, §2.3', () => {
    const o = loadFailureOutcome(new NetworkError('Load failed'), BROWSER_OFFLINE, config, 'de');
    expect(o.kind).toBe('redirect');
    if (o.kind === 'redirect') expect(o.to).toBe(homeLink(config, 'de'));
  });
  it('only empty-result errors of the ShopErrors ever redirect // spec catalogue §2.3', () => {
    const keys = Object.values(MESSAGES);
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.constantFrom(SERVER, BROWSER_ONLINE, BROWSER_OFFLINE), (key, facts) => {
        const o = loadFailureOutcome(new ShopError(key), facts, config);
        const empty = emptyErrors.some((e) => e.key === key);
        expect(o.kind === 'redirect').toBe(empty && facts.runtime === 'browser');
      }),
    );
  });
});

/**
 * Every shape a failed navigation load has been seen to take, with what the page knew about the network:
 * the platform's fetch failures as the HTTP adapter passes them on (any wording: Chromium 'Failed to fetch',
 * Firefox 'NetworkError when attempting to fetch resource.', Safari 'Load failed', undici 'fetch failed', a failed
 * chunk import 'Failed to fetch dynamically imported module'), ky's timeout, the worker's cached answer for the
 * document, navigator.onLine either way (Chromium 150 said true in a document the worker answered offline).
 */
const wording = fc.oneof(
  fc.constantFrom('Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'fetch failed', 'Failed to fetch dynamically imported module: /dist/x.js', 'timeout', 'network unavailable', ''),
  fc.string(),
);
const facts = fc.record({ runtime: fc.constantFrom('server' as const, 'browser' as const), online: fc.boolean(), servedFromWorkerCache: fc.boolean() });
type Shape = { kind: 'empty-result' | 'not-found' | 'no-connection' | 'timeout' | 'server-error'; error: unknown };
const shapes: fc.Arbitrary<Shape> = fc.oneof(
  fc.tuple(wording, fc.webUrl()).map(([m, url]): Shape => ({ kind: 'no-connection', error: new NetworkError(m, url) })),
  fc.tuple(wording, fc.webUrl()).map(([m, url]): Shape => ({ kind: 'timeout', error: new NetworkError(m, url, true) })),
  fc.constantFrom(...EMPTY_RESULT_KEYS).map((key): Shape => ({ kind: 'empty-result', error: new ShopError(key) })),
  fc.constantFrom(404, 410, 400).map((status): Shape => ({ kind: 'not-found', error: new ApiError(status, 'no') })),
  fc.integer({ min: 100, max: 599 }).filter((s) => ![404, 410, 400].includes(s)).map((status): Shape => ({ kind: 'server-error', error: new ApiError(status, 'x') })),
  // errors no adapter translated: a raw TypeError (a bug, or an untranslated fetch), anything thrown
  wording.map((m): Shape => ({ kind: 'server-error', error: new TypeError(m) })),
  fc.anything().filter((v) => !(v instanceof Error)).map((v): Shape => ({ kind: 'server-error', error: v })),
);

describe('classifyLoadFailure: one rule over every failure shape // spec catalogue §2.3, §8', () => {
  it('reads the error by its type and fields only, never its wording: the server is never offline; the browser is offline exactly for an empty result, no connection, or a timeout while offline or on the worker\'s cached answer', () => {
    fc.assert(
      fc.property(shapes, facts, (shape, f) => {
        const c = classifyLoadFailure(shape.error, f);
        const notFound = shape.kind === 'not-found' || (shape.kind === 'empty-result' && f.runtime === 'server');
        if (notFound) expect(c).toBe('not-found');
        else if (f.runtime === 'server' || shape.kind === 'server-error') expect(c).toBe('unavailable');
        else if (shape.kind === 'timeout') expect(c).toBe(!f.online || f.servedFromWorkerCache ? 'offline' : 'unavailable');
        else expect(c).toBe('offline');
      }),
    );
  });
  it('offline always ends on the home route with the offline notice and its OK action; nothing else redirects', () => {
    fc.assert(
      fc.property(shapes, facts, (shape, f) => {
        const o = loadFailureOutcome(shape.error, f, config);
        if (classifyLoadFailure(shape.error, f) === 'offline') expect(o).toEqual(offlineHome);
        else expect(o.kind).toBe('show');
      }),
    );
  });
  it('a hard load and an in-app navigation to a never-visited page offline end the same: on home with the notice', () => {
    // the shapes each path gives (core's catalogue cache answers an in-app product/category load with an empty
    // result flagged offline; the URL dispatcher of a hard load passes the fetch failure on)
    fc.assert(
      fc.property(wording, fc.boolean(), fc.boolean(), (m, online, cached) => {
        const f = { runtime: 'browser', online, servedFromWorkerCache: cached } as const;
        expect(loadFailureOutcome(new NetworkError(m), f, config)).toEqual(loadFailureOutcome(new ShopError(MESSAGES.categoryQueryEmpty), f, config));
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
        const o = loadFailureOutcome(new ApiError(status, 'x'), { runtime, online: true }, config);
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
    const o = loadFailureOutcome(down, SERVER, config);
    if (o.kind === 'show') pages.failed('/a', o.error, o.status);
    expect(pageUnavailable(pages.snapshot(), '/a')).toBe(true);
    expect(pageUnavailable(pages.snapshot(), '/b')).toBe(false);
    const browser = loadFailureOutcome(new NetworkError('timeout', '', true), BROWSER_ONLINE, config);
    if (browser.kind === 'show') pages.failed('/a', browser.error, browser.status);
    expect(pageUnavailable(pages.snapshot(), '/a')).toBe(true); // a timeout online in the browser too: 'try again', not 'not found'
  });
});
