/**
 * Hostile requests for the storefront's HTTP edge (the audit in docs/security.md), shared by the test
 * (ui/edge/proxy-audit.test.ts, a few hundred) and the benchmark (`node scripts/bench/run.mjs fuzz`, thousands):
 * methods, request targets, query strings and headers a browser never sends, against pages, the /api and /img
 * pass-through, /invalidate, /sitemap.xml, the worker, the manifests and the bundle folder. Sent over a raw socket so
 * nothing is tidied up on the way. What must hold: never a 5xx, never a stack trace, never an answer header that
 * carries what the client sent (response splitting), and the connection is answered at all.
 */
import fc from 'fast-check';
import { exchange, headAndBody, requestText } from './raw-http';

interface EdgeRequest { method: string; target: string; headers: Array<[string, string]>; body: string | undefined }

const PATHS = [
  '/', '/inpakpapier', '/inpakpapier/kerst', '/c/inpakpapier', '/p/IP-00521', '/zoeken', '/checkout', '/my-account', '/order-status/000000001',
  '/api/cart/create', '/api/catalog/vue_storefront_catalog/product/_search', '/api/url/map', '/api/user/me', '/api/order', '/img/600/744/resize/i/p/inpakpapier-1.svg',
  '/img/0/0/resize/x.svg', '/invalidate', '/sitemap.xml', '/sw.js', '/manifest.webmanifest', '/manifest.json', '/favicon.ico', '/dist/manifest.json', '/dist/', '/dist/sw.js',
  '/metrics', '/robots.txt', '/healthz', '/readyz', '/api/catalog/vue_storefront_catalog_en/product/_search', '/api/catalog/vue_storefront_catalog_de/product/_search',
  '/api/ext/cms-data/cmsPageIdentifier/privacy/storeId/2', '/api/ext/cms-data/cmsBlockIdentifier/__proto__/storeId/99',
];
/** what is put into or after a path segment: encodings a normaliser may read in more than one way */
const TRICKS = [
  '..', '.', '%2e%2e', '%2E%2e', '.%2E', '%252e%252e', '%c0%ae%c0%ae', '%e0%80%ae', '%00', '%0d%0aSet-Cookie:%20x=1', '\\..\\', '%5c', ';', ';jsessionid=1', '..;',
  '%', '%E0%A4%A', '%ff', '//', '/./', '%2f', 'ü', '😀', '<script>', '"', "'", '~', '*', '?', '#', 'x'.repeat(3000),
];
const QUERIES = [
  '__proto__[x]=1', 'constructor[prototype][x]=1', '__proto__=1', 'prototype=1', 'toString=1', 'hasOwnProperty=1', 'page=1&page=2&page=__proto__', 'sort=constructor',
  'childSku=%00', 'q=%0d%0a', 'tag=a&tag=b', 'key=&key=x', 'key[]=x', 'page=1e400', 'page=-1', 'color=1&color=1&color=1', 'a=%', 'a=%E0%A4%A', '&&&==&',
];
const HEADER_VALUES: Record<string, readonly string[]> = {
  host: ['a b', '[', 'a:99999', 'evil.example', 'evil.example:80@x', 'x"><script>', '', '127.0.0.1:1', `${'a'.repeat(4000)}.example`],
  'x-forwarded-host': ['evil.example'],
  'x-forwarded-proto': ['javascript', 'https'],
  'x-forwarded-for': ['1.2.3.4', ', , ,', 'x'.repeat(2000)],
  'accept-language': ['*', 'x'.repeat(8000), 'en-US;q=abc', 'nl,en;q=0.5,'.repeat(300)],
  'accept-encoding': ['br;q=abc', 'gzip;q=0, br;q=0', '*;q=0, gzip', 'x-gzip, deflate, compress, zstd', 'br'.repeat(2000), ',,,,', 'gzip;q=1;q=0'],
  cookie: ['locale=%', 'locale=en-US; locale=nl-NL', 'locale="en-US"', Array.from({ length: 300 }, (_, i) => `c${i}=${'x'.repeat(20)}`).join('; '), 'locale=__proto__', '=;=;=;'],
  range: ['bytes=0-0,1-1,2-2,3-3,4-4,5-5,6-6,7-7', 'bytes=5-1', 'bytes=-0', 'bytes=99999999999999999999-', 'items=0-1'],
  'if-none-match': ['*', ',,,', 'W/"x", '.repeat(500), '"', 'W/'],
  'if-modified-since': ['yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT'],
  expect: ['100-continue', 'bogus'],
  'keep-alive': ['timeout=5'],
  upgrade: ['websocket', 'h2c'],
  te: ['trailers', 'gzip'],
  'proxy-authorization': ['Basic eDp4'],
  'content-type': ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', '*/*', 'application/json; charset=utf-16'],
  'idempotency-key': ['k', 'x'.repeat(300)],
  authorization: ['Bearer x', 'Basic eDp4', `Bearer ${'k'.repeat(6000)}`, 'Bearer \u00e9\u00e9\u00e9', 'bearer  a  b', 'Bearer'],
  origin: ['https://evil.example', 'null'],
};

export function edgeRequestArbitrary(): fc.Arbitrary<EdgeRequest> {
  const trick = fc.constantFrom(...TRICKS);
  const target = fc
    .tuple(fc.constantFrom(...PATHS), fc.option(trick, { nil: undefined }), fc.option(fc.constantFrom(...QUERIES), { nil: undefined }), fc.nat())
    .map(([path, t, q, at]) => {
      let p = path;
      if (t !== undefined) {
        const segments = p.split('/');
        const i = 1 + (at % Math.max(1, segments.length - 1));
        segments.splice(i, 0, t);
        p = segments.join('/');
      }
      return q === undefined ? p : `${p}?${q}`;
    });
  const header = fc.constantFrom(...Object.keys(HEADER_VALUES)).chain((name) => fc.tuple(fc.constant(name), fc.constantFrom(...(HEADER_VALUES[name] as string[]))));
  return fc.record({
    method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH', 'PROPFIND'),
    target,
    headers: fc.array(header, { maxLength: 5 }),
    body: fc.option(fc.constantFrom('{}', '{"a":', '{"__proto__":{"x":1}}', `[${'['.repeat(100)}`, 'a=1&a=2', 'x'.repeat(5000)), { nil: undefined }),
  });
}

interface EdgeAnswer { status: number; head: string; body: string }

/** Sends one request exactly as given; the answer's status, head and (raw) body. */
export async function sendEdgeRequest(baseUrl: string, r: EdgeRequest): Promise<EdgeAnswer> {
  return headAndBody(await exchange(baseUrl, requestText(baseUrl, r.method, r.target, r.headers, r.body)));
}

/** What is wrong with an answer to a hostile request (undefined: nothing). */
export function edgeAnswerProblem(r: EdgeRequest, a: EdgeAnswer): string | undefined {
  if (a.status === 0) return 'no HTTP answer';
  // a 503 with Retry-After is the answer for an API that is slow or down, not the client's doing
  if (a.status >= 500 && !(a.status === 503 && /^retry-after:/im.test(a.head))) return `${a.status}`;
  if (/\bat [\w.<>]+ \(?[^)\s]*\.(?:m?js|ts):\d+/.test(a.body)) return 'a stack trace in the body';
  // response splitting: a header line the client wrote into its request target or headers
  if (/^set-cookie: x=1/im.test(a.head)) return 'a header injected from the request';
  return undefined;
}
