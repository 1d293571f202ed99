/**
 * The SEO head of server-rendered pages, read from the real storefront (ui/server.ts) against the demo
 * backend on loopback: the HTML is parsed, the JSON-LD parsed, and its Product / Offer / BreadcrumbList fields checked
 * against what the same page shows the shopper. A proxy in front of the backend gives one product a hostile name (as a
 * compromised or careless backend could) to show it stays data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSDOM } from 'jsdom';
import { startTestBackend, type TestBackend } from '../../test-fixtures/backend/test-helpers';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { startStorefront, type RunningStorefront } from '../server';
import nl from '../i18n/nl-NL';
import en from '../i18n/en-US';

const catalogue = generateCatalogue();
const visible = catalogue.products.filter((p) => p.visibility !== 1 && (p.status ?? 1) < 2);
const configurable = visible.find((p) => p.type_id === 'configurable' && (p.configurable_children?.length ?? 0) > 1)!;
const outOfStock = visible.find((p) => p.type_id === 'simple' && p.stock?.is_in_stock === false)!;
const hostileTarget = visible.find((p) => p.type_id === 'simple' && p.stock?.is_in_stock !== false && p.sku !== outOfStock.sku)!;
const category = catalogue.categories.find((c) => c.level === 3 && (c.product_count ?? 0) > 0 && c.description)!;
const cmsPage = catalogue.cmsPages.find((p) => p.meta_description)!;
const HOSTILE = '</script><script>window.__pwned=1</script><!-- "Kado" & <b>papier</b> \u2028';

let backend: TestBackend;
let proxy: Server;
let shop: RunningStorefront;

/** Passes every call to the backend; in catalogue answers the hostile target's name is replaced. */
function hostileProxy(upstream: URL): Server {
  return createServer((req, res) => {
    const up = httpRequest({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        if (/json/.test(String(r.headers['content-type']))) body = body.split(JSON.stringify(hostileTarget.name)).join(JSON.stringify(HOSTILE));
        const { 'content-length': _len, 'transfer-encoding': _te, ...headers } = r.headers;
        res.writeHead(r.statusCode ?? 502, { ...headers, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    req.pipe(up);
  });
}

beforeAll(async () => {
  backend = await startTestBackend();
  proxy = hostileProxy(new URL(backend.url));
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const clientDir = mkdtempSync(join(tmpdir(), 'seo-client-'));
  writeFileSync(join(clientDir, 'manifest.json'), JSON.stringify({ entry: '', css: [] }));
  shop = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, clientDir, publicOrigin: 'https://papierenlint.example' });
}, 60_000);

afterAll(async () => {
  await shop?.close();
  await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
  await backend?.close();
});

const ORIGIN = 'https://papierenlint.example';

interface Page {
  status: number;
  doc: Document;
  html: string;
  jsonLd: Array<Record<string, any>>;
  meta(name: string): string | undefined;
  og(property: string): string | undefined;
  canonical(): string | undefined;
}

async function page(path: string, cookie?: string): Promise<Page> {
  const res = await fetch(`${shop.url}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  const doc = new JSDOM(html).window.document;
  const head = doc.head;
  return {
    status: res.status,
    doc,
    html,
    // every JSON-LD block sits in <head> and parses as JSON
    jsonLd: [...head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as Record<string, any>),
    meta: (name) => head.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? undefined,
    og: (property) => head.querySelector(`meta[property="${property}"]`)?.getAttribute('content') ?? undefined,
    canonical: () => head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
  };
}

const ofType = (p: Page, type: string) => p.jsonLd.filter((d) => d['@type'] === type);
/** '€ 11,95' (nl-NL) -> '11.95' */
const amount = (shown: string) => shown.replace(/[^0-9,]/g, '').replace(',', '.');

describe('product page head (Product with Offer or AggregateOffer, BreadcrumbList, Open Graph)', () => {
  it('the Product and its Offer say what the page shows', async () => {
    const p = await page(`/${configurable.url_path}`);
    expect(p.status).toBe(200);
    const canonical = `${ORIGIN}/${configurable.url_path}`;
    expect(p.canonical()).toBe(canonical);
    const [product] = ofType(p, 'Product');
    expect(product).toBeDefined();
    expect(product!['@context']).toBe('https://schema.org');
    expect(product!.name).toBe(p.doc.querySelector('h1')!.textContent);
    expect(product!.sku).toBe(p.doc.querySelector('[data-testid="product-sku"]')!.textContent);
    expect(product!.url).toBe(canonical);
    // a configurable product: an AggregateOffer over its variants, the price shown inside its range
    const offer = product!.offers;
    expect(offer['@type']).toBe('AggregateOffer');
    expect(offer.url).toBe(canonical);
    expect(offer.priceCurrency).toBe('EUR');
    expect(offer.offerCount).toBe(configurable.configurable_children!.filter((c) => (c.status ?? 1) < 2).length);
    const shown = Number(amount(p.doc.querySelector('[data-testid="product-price"] .price__special, [data-testid="product-price"] .price__regular')!.textContent!));
    expect(Number(offer.lowPrice)).toBeLessThanOrEqual(shown);
    expect(Number(offer.highPrice)).toBeGreaterThanOrEqual(shown);
    if (p.doc.querySelector('.stock--ok') !== null) expect(offer.availability).toBe('https://schema.org/InStock');
    for (const image of product!.image as string[]) expect(image.startsWith(`${ORIGIN}/img/`)).toBe(true);
    expect(p.og('og:type')).toBe('product');
    expect(p.og('og:title')).toBe(product!.name);
    expect(p.og('og:url')).toBe(canonical);
    expect(p.og('og:image')).toBe((product!.image as string[])[0]);
    expect(p.meta('description')).toBe(p.doc.querySelector('.product-page__short')!.textContent!.trim());
  });

  it('the BreadcrumbList follows the visible breadcrumbs and ends at the canonical product URL', async () => {
    const p = await page(`/${configurable.url_path}`);
    const [list] = ofType(p, 'BreadcrumbList');
    const items = list!.itemListElement as Array<{ position: number; name: string; item: string }>;
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    expect(items.map((i) => i.name)).toEqual([...p.doc.querySelectorAll('.breadcrumbs li')].map((li) => li.textContent));
    expect(items[0]!.item).toBe(`${ORIGIN}/`);
    expect(items.at(-1)!.item).toBe(p.canonical());
    for (const i of items) expect(i.item.startsWith(`${ORIGIN}/`)).toBe(true);
  });

  it("another variant chosen in the URL names the same canonical; its offer is that variant's", async () => {
    const child = configurable.configurable_children!.at(-1)!;
    const p = await page(`/${configurable.url_path}?childSku=${encodeURIComponent(child.sku)}&utm_source=nieuwsbrief`);
    expect(p.canonical()).toBe(`${ORIGIN}/${configurable.url_path}`);
    const [product] = ofType(p, 'Product');
    expect(product!.sku).toBe(p.doc.querySelector('[data-testid="product-sku"]')!.textContent);
    expect(product!.offers.url).toBe(`${ORIGIN}/${configurable.url_path}`);
  });

  it('an out-of-stock product offers OutOfStock', async () => {
    const p = await page(`/${outOfStock.url_path}`);
    expect(p.doc.querySelector('.stock--out')).not.toBeNull();
    expect(ofType(p, 'Product')[0]!.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('a hostile product name from the backend stays data: no element ends early, no script added, the name reads back', async () => {
    const p = await page(`/${hostileTarget.url_path}`);
    expect(p.status).toBe(200);
    const [product] = ofType(p, 'Product');
    expect(product!.name).toBe(HOSTILE);
    expect(ofType(p, 'BreadcrumbList')[0]!.itemListElement.at(-1).name).toBe(HOSTILE);
    expect(p.og('og:title')).toBe(HOSTILE);
    // the only scripts are the JSON-LD blocks and the shell's own: the cookie notice's and the state's JSON data block
    // (this test's manifest names no entry, so there is no boot loader)
    const scripts = [...p.doc.querySelectorAll('script')];
    expect(scripts.filter((s) => s.getAttribute('type') !== 'application/ld+json').map((s) => s.getAttribute('type') ?? s.textContent?.slice(0, 18))).toEqual(['try{if(localStorag', 'application/json']);
    expect(p.html).not.toContain('<script>window.__pwned');
    // what the page shows is the same text
    expect(p.doc.querySelector('h1')!.textContent).toBe(HOSTILE);
  });
});

describe('category, CMS, home and other pages', () => {
  it('a filtered, sorted, tracked category names its plain URL and says its description', async () => {
    const plain = await page(`/${category.url_path}`);
    const noisy = await page(`/${category.url_path}?color=49&sort=price_asc&page=2&utm_source=x&gclid=y`);
    expect(plain.canonical()).toBe(`${ORIGIN}/${category.url_path}`);
    expect(noisy.canonical()).toBe(plain.canonical());
    expect(plain.meta('description')).toBe(plain.doc.querySelector('.category-page__description')!.textContent!.replace(/\s+/g, ' ').trim());
    expect(plain.og('og:title')).toBe(plain.doc.title);
    const [list] = ofType(plain, 'BreadcrumbList');
    expect(list!.itemListElement.at(-1).item).toBe(plain.canonical());
    expect(ofType(plain, 'Product')).toEqual([]);
  });

  it("a CMS page says its meta_description", async () => {
    const p = await page(`/i/${cmsPage.identifier}`);
    expect(p.meta('description')).toBe(cmsPage.meta_description);
    expect(p.canonical()).toBe(`${ORIGIN}/i/${cmsPage.identifier}`);
  });

  it('the wholesale page and a static page name their own URL; the static page says its CMS page\'s meta_description', async () => {
    const wholesale = await page('/kadoverpakkingen-groothandel.html');
    expect(wholesale.status).toBe(200);
    expect(wholesale.canonical()).toBe(`${ORIGIN}/kadoverpakkingen-groothandel.html`);
    const privacy = catalogue.cmsPages.find((p) => p.identifier === 'privacy')!;
    const staticPage = await page('/privacy');
    expect(staticPage.canonical()).toBe(`${ORIGIN}/privacy`);
    expect(staticPage.meta('description')).toBe(privacy.meta_description);
    // the same CMS page at its /i/ address names the static page as canonical: one page, one URL for crawlers
    expect((await page('/i/privacy')).canonical()).toBe(`${ORIGIN}/privacy`);
  });

  it("home and pages without text of their own say the locale's fallback (i18next)", async () => {
    expect((await page('/')).meta('description')).toBe(nl.seo.homeDescription);
    expect((await page('/', 'locale=en-US')).meta('description')).toBe(en.seo.homeDescription);
    const contact = await page('/contact?utm_medium=mail', 'locale=en-US');
    expect(contact.meta('description')).toBe(en.seo.defaultDescription);
    expect(contact.canonical()).toBe(`${ORIGIN}/contact`);
    expect(contact.og('og:locale')).toBe('en_US');
  });

  it('a page that is not found names no canonical and carries no structured data', async () => {
    const p = await page('/dit-bestaat-niet');
    expect(p.status).toBe(404);
    expect(p.canonical()).toBeUndefined();
    expect(p.jsonLd).toEqual([]);
    expect(p.meta('description')).toBe(nl.seo.defaultDescription);
  });
});
