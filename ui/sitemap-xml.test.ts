/**
 * /sitemap.xml against the demo backend on loopback: every listed product of the
 * catalogue once, at the URL its page names as canonical, with lastmod; and the per-origin cache in front of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig } from '../core/config';
import { startTestShops, type TestShops } from '../test-fixtures/storefront';
import { generateCatalogue } from '../test-fixtures/catalogue/index';
import { cachedBuild, createSitemapXml } from './sitemap-xml';
import type { RunningStorefront } from './server';

const catalogue = generateCatalogue();
const listed = catalogue.products.filter((p) => [0, 1].includes(p.status ?? 1) && [2, 3, 4].includes(p.visibility ?? 4));
const ORIGIN = 'https://papierenlint.example';

let shops: TestShops;
let shop: RunningStorefront;

beforeAll(async () => {
  shops = await startTestShops({ entry: '' });
  shop = await shops.start({ publicOrigin: ORIGIN });
}, 60_000);

afterAll(() => shops?.close());

const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => ({ loc: m[1]!.replace(/&amp;/g, '&'), lastmod: m[2] }));

describe('/sitemap.xml lists the products', () => {
  it("every listed product of the demo catalogue once, at its canonical URL, with its updated_at's day", async () => {
    expect(listed.length).toBeGreaterThan(400);
    const xml = await createSitemapXml(createConfig({ api: { url: shops.backend.url } }))(ORIGIN);
    const urls = locs(xml);
    const productUrls = new Map(listed.map((p) => [`${ORIGIN}/${p.url_path}`, p]));
    const inSitemap = urls.filter((u) => productUrls.has(u.loc));
    expect(inSitemap.length).toBe(listed.length);
    expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
    for (const u of inSitemap) expect(u.lastmod).toBe(productUrls.get(u.loc)!.updated_at!.slice(0, 10));
    // no product that is not listed (disabled, or visibility 1: a configurable's child)
    for (const p of catalogue.products.filter((x) => !listed.includes(x) && x.url_path)) expect(urls.some((u) => u.loc === `${ORIGIN}/${p.url_path}`)).toBe(false);
    // the categories and CMS pages are still there
    expect(urls.some((u) => u.loc === `${ORIGIN}/inpakpapier/kerst`)).toBe(true);
    expect(urls.some((u) => u.loc === `${ORIGIN}/i/wiezijnwij`)).toBe(true);
    // the privacy CMS page is listed once, at the static page that shows it (its canonical)
    expect(urls.some((u) => u.loc === `${ORIGIN}/privacy`)).toBe(true);
    expect(urls.some((u) => u.loc === `${ORIGIN}/i/privacy`)).toBe(false);
  });

  it('the same URL each product page names as canonical', async () => {
    const xml = await (await fetch(`${shop.url}/sitemap.xml`)).text();
    const product = listed.find((p) => p.type_id === 'configurable')!;
    const html = await (await fetch(`${shop.url}/${product.url_path}?childSku=${encodeURIComponent(product.configurable_children![0]!.sku)}`)).text();
    const canonical = /<link rel="canonical" href="([^"]+)">/.exec(html)![1]!;
    expect(locs(xml).map((u) => u.loc)).toContain(canonical);
  });

  it('is served as XML, at a size a crawler takes', async () => {
    const res = await fetch(`${shop.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(locs(xml).length).toBeLessThanOrEqual(50_000);
  });

  it('answers 503 (never a sitemap without its products) when the catalogue cannot be read', async () => {
    const down = await shops.start({ apiUrl: 'http://127.0.0.1:9', config: createConfig({ api: { url: 'http://127.0.0.1:9' } }) });
    const res = await fetch(`${down.url}/sitemap.xml`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });
});

describe('sitemap cache', () => {
  it('builds once within the TTL, shares a build in flight, keeps no failure', async () => {
    let t = 1;
    let builds = 0;
    let fail = false;
    const get = cachedBuild(
      async () => {
        builds++;
        if (fail) throw new Error('down');
        return `build ${builds}`;
      },
      { now: () => t },
      1000,
    );
    const [a, b] = await Promise.all([get(), get()]);
    expect([a, b]).toEqual(['build 1', 'build 1']);
    t = 1000;
    expect(await get()).toBe('build 1');
    expect(builds).toBe(1);
    t = 1002;
    fail = true;
    await expect(get()).rejects.toThrow('down');
    fail = false;
    expect(await get()).toBe('build 3');
  });

  it('reads the catalogue once for any number of origins (a Host header cannot make it read again)', async () => {
    const searches: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (/\/product\/_search/.test(decodeURIComponent(url))) searches.push(url);
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      // the sitemap reads past the process-wide catalogue read cache: every read reaches the backend and is counted
      const get = createSitemapXml(createConfig({ api: { url: shops.backend.url } }));
      const [one, two] = await Promise.all([get('https://a.example'), get('https://b.example')]);
      expect(await get('https://c.example')).toContain('<loc>https://c.example/</loc>');
      expect(one.replaceAll('https://a.example', '')).toBe(two.replaceAll('https://b.example', ''));
      // 416 listed products, 500 a page: one request
      expect(searches.length).toBe(1);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
