/**
 * GET /robots.txt of the storefront against the demo backend: what crawlers may not visit (the shopper's own pages of
 * spec catalogue §2.1 and /api/), the sitemap's absolute URL built like /sitemap.xml's, and Host headers an attacker
 * chooses (never in the answer unless well formed, never a 5xx).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerLinesRequest } from '../../test-fixtures/raw-http';
import { startTestShops, type TestShops } from '../../test-fixtures/storefront';
import { matchRoute } from '../../core/routing/routes';
import type { RunningStorefront } from '../server';
import { disallowedPaths, robotsTxt } from '../sitemap-xml';

const ORIGIN = 'https://papierenlint.example';
let shops: TestShops;
let shop: RunningStorefront;
let hostShop: RunningStorefront;

beforeAll(async () => {
  shops = await startTestShops({ entry: '' });
  shop = await shops.start({ publicOrigin: ORIGIN });
  hostShop = await shops.start();
}, 60_000);

afterAll(() => shops?.close());

/** One GET /robots.txt with the Host header lines exactly as given (none, one, or several). */
const withHostLines = (baseUrl: string, hostLines: string[]) => headerLinesRequest(baseUrl, '/robots.txt', hostLines);

describe('/robots.txt', () => {
  it('plain text, cacheable, no page machinery; everything allowed but the private pages and the API; the sitemap under PUBLIC_URL', async () => {
    const res = await fetch(`${shop.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('content-security-policy')).toBeNull();
    const body = await res.text();
    expect(body).toBe(robotsTxt(ORIGIN));
    const lines = body.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    expect(lines.at(-1)).toBe(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines.filter((l) => l.startsWith('Disallow: '))).toEqual([
      'Disallow: /checkout', 'Disallow: /my-account', 'Disallow: /create-password', 'Disallow: /order-status', 'Disallow: /wishlist', 'Disallow: /compare', 'Disallow: /api/',
    ]);
  });

  it('disallows the routes of spec catalogue §2.1 a crawler must not index, and no catalogue or content page', () => {
    const disallowed = (path: string) => disallowedPaths().some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
    for (const path of ['/checkout', '/my-account', '/my-account/orders/12', '/order-status/abc', '/create-password', '/wishlist', '/compare', '/api/catalog/x']) {
      expect(disallowed(path), path).toBe(true);
    }
    for (const path of ['/', '/c/kerst', '/inpakpapier/kerst', '/p/IP-00001/x', '/i/privacy', '/privacy', '/contacts', '/sitemap', '/kadoverpakkingen-groothandel.html', '/img/x.svg']) {
      expect(disallowed(path), path).toBe(false);
      // and these are real pages or files, not only strings
      if (!path.startsWith('/img/') && !path.startsWith('/inpakpapier') && !path.startsWith('/p/')) expect(matchRoute(path).route.name).not.toBe('page-not-found');
    }
  });

  it('names the same absolute sitemap URL as /sitemap.xml writes its locations under', async () => {
    const robots = await (await fetch(`${hostShop.url}/robots.txt`)).text();
    const sitemap = await (await fetch(`${hostShop.url}/sitemap.xml`)).text();
    const origin = /^Sitemap: (.*)\/sitemap\.xml$/m.exec(robots)![1]!;
    expect(origin).toBe(hostShop.url);
    expect(/<loc>([^<]*)<\/loc>/.exec(sitemap)![1]!.startsWith(`${origin}/`)).toBe(true);
  }, 30_000);

  it('a hostile Host header is never written into the answer and never costs a 5xx', async () => {
    const hostile = [
      'evil.example/<script>alert(1)</script>',
      'evil.example"><x',
      'evil.example\tx',
      'evil.example:99999999',
      'evil.example%0d%0aSet-Cookie:%20a=b',
      'evil.example@shop.example',
      '[::1]:80',
      `${'x'.repeat(5000)}<`,
      '',
    ];
    for (const host of hostile) {
      const res = await withHostLines(hostShop.url, [`Host: ${host}`]);
      expect(res.status, host.slice(0, 40)).toBeGreaterThanOrEqual(200);
      expect(res.status, host.slice(0, 40)).toBeLessThan(500);
      if (res.status === 200) expect(res.body).toContain(`Sitemap: http://127.0.0.1:`);
      expect(res.head.toLowerCase()).not.toContain('set-cookie');
      expect(res.body).not.toContain('evil');
      expect(res.body).not.toContain('<');
    }
    // a very long but well-formed name answers 200 or a 4xx (the HTTP layer's header limit), one Sitemap line either way
    const long = await withHostLines(hostShop.url, [`Host: ${'x'.repeat(5000)}`]);
    expect(long.status).toBeLessThan(500);
    if (long.status === 200) expect(long.body.split('\n').filter((l) => l.startsWith('Sitemap: '))).toHaveLength(1);
    // a well-formed other host is used as is (like /sitemap.xml does), and PUBLIC_URL wins over any Host
    expect((await withHostLines(hostShop.url, ['Host: shop.example:8443'])).body).toContain('Sitemap: http://shop.example:8443/sitemap.xml');
    expect((await withHostLines(shop.url, ['Host: evil.example'])).body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // no Host, or two: a 4xx from the HTTP layer, not a 5xx
    for (const lines of [[], ['Host: a.example', 'Host: b.example']]) {
      const res = await withHostLines(hostShop.url, lines);
      expect(res.status).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(500);
    }
  }, 30_000);
});
