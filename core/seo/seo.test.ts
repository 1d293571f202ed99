import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createConfig, DEFAULT_CONFIG } from '../config';
import type { Category, Product } from '../catalogue/types';
import { priceDisplay } from '../catalogue/prices';
import { META_DESCRIPTION_MAX, plainText, truncateText } from './description';
import { absoluteUrl, pageCanonicalPath, productCanonicalPath, withoutQuery } from './canonical';
import { breadcrumbJsonLd, serializeJsonLd } from './structured-data';
import { aggregateOffer, IN_STOCK, offerAvailability, offerPrice, OUT_OF_STOCK, productHead, productJsonLd } from './product-head';
import { categoryHead, cmsHead, defaultHead, staticPageHead, type HeadContextData } from './page-head';

const config = DEFAULT_CONFIG;
const ORIGIN = 'https://shop.example';
const ctx: HeadContextData = { origin: ORIGIN, title: 'T - Papier & Lint', fallbackDescription: 'Fallback tekst.', homeName: 'Home', config };

const simple = (over: Partial<Product> = {}): Product => ({ id: 1, sku: 'S-1', name: 'Kraft rol', type_id: 'simple', price: 10, price_incl_tax: 12.1, url_path: 'inpakpapier/kraft-rol.html', ...over });
const configurable = (): Product => ({
  id: 7, sku: 'IP-7', name: 'Inpakpapier Sterren', type_id: 'configurable', url_path: 'inpakpapier/sterren-7.html', url_key: 'sterren-7', slug: 'sterren-7',
  price: 5, price_incl_tax: 6.05, configurable_children: [{ sku: 'IP-7-rood', id: 71, price: 5 } as never],
});

describe('meta description (SEO basics)', () => {
  const withFallback = (fallbackDescription: string) => ({ ...ctx, fallbackDescription });
  const productDescription = (over: Partial<Product>, fallback: string) =>
    productHead({ product: simple(over), parent: simple(over), gallery: [], breadcrumbs: [], now: 0 }, withFallback(fallback)).description;
  const category = (over: Partial<Category>) => ({ id: 4, name: 'Linten', url_path: 'linten', slug: 'linten-4', ...over }) as Category;

  it('a product says its short description, else its description, else the locale fallback // spec catalogue §3.1', () => {
    expect(productDescription({ short_description: '<p>Kort &amp; krachtig.</p>', description: '<p>Lang.</p>' }, 'F')).toBe('Kort & krachtig.');
    expect(productDescription({ short_description: '<p> </p>', description: '<p>Lang <b>verhaal</b>.</p>' }, 'F')).toBe('Lang verhaal.');
    expect(productDescription({}, 'Fallback tekst.')).toBe('Fallback tekst.');
  });

  it('a category says its description // spec catalogue §3.2', () => {
    expect(categoryHead(category({ description: '<p>Linten en koorden.</p>' }), [], withFallback('F')).description).toBe('Linten en koorden.');
    expect(categoryHead(category({}), [], withFallback('F')).description).toBe('F');
  });

  it("a CMS page says its meta_description, else its content's text // spec catalogue §3.5", () => {
    const page = (meta_description: string, content: string) => cmsHead({ id: 1, identifier: 'x', meta_description, content }, withFallback('F'));
    expect(page('Privacy - Papierwinkel', '<h2>Privacy</h2>').description).toBe('Privacy - Papierwinkel');
    expect(page('', '<h2>Over</h2><p>ons</p>').description).toBe('Over ons');
  });

  it('HTML becomes text: scripts, styles and comments dropped, entities decoded, whitespace collapsed', () => {
    expect(plainText('<p>a<script>alert("x")</script>b</p><!-- c --><style>p{}</style>&#233;&#x20AC;&nbsp;&lt;b&gt;')).toBe('a b é€ <b>');
    expect(plainText('<p>open comment <!-- never closed')).toBe('open comment');
    expect(plainText('&#xD800; &bogus; &#0;')).toBe('&#xD800; &bogus; &#0;');
  });

  it('text without markup survives unchanged (but for whitespace)', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !/[<&]/.test(s)), (s) => {
        expect(plainText(s)).toBe(s.replace(/\s+/g, ' ').trim());
      }),
    );
  });

  it(`a description is at most ${META_DESCRIPTION_MAX} characters, a prefix of the text, cut with '…'`, () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zé]{1,12}$/), { maxLength: 60 }).map((w) => w.join(' ')), fc.integer({ min: 20, max: 200 }), (text, max) => {
        const out = truncateText(text, max);
        expect([...out].length).toBeLessThanOrEqual(max);
        if ([...text].length <= max) expect(out).toBe(text);
        else {
          expect(out.endsWith('…')).toBe(true);
          expect(text.startsWith(out.slice(0, -1))).toBe(true);
        }
      }),
    );
  });
});

describe('canonical URL (SEO basics)', () => {
  it('never carries a query or fragment: tracking, filters, sort and depth are dropped', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(\/[a-z0-9._~%-]{0,12}){0,4}$/), fc.string(), fc.string(), (path, q, f) => {
        const out = pageCanonicalPath(`${path}?${q}#${f}`);
        expect(out).not.toMatch(/[?#]/);
        expect(out.startsWith('/')).toBe(true);
      }),
    );
    expect(pageCanonicalPath('/contact?utm_source=nieuwsbrief&gclid=abc')).toBe('/contact');
  });

  it('a filtered, sorted or paged category names its plain link // spec catalogue §2.2', () => {
    const cat = { name: 'Kerst', url_path: 'inpakpapier/kerst', slug: 'kerst-4' } as Category;
    expect(categoryHead(cat, [], ctx).canonical).toBe(`${ORIGIN}/inpakpapier/kerst`);
    const config = createConfig({ catalogue: { urlDispatcher: false } });
    expect(categoryHead(cat, [], { ...ctx, config }).canonical).toBe(`${ORIGIN}/c/kerst-4`);
  });

  it("a product names its parent's link without the chosen variant // spec catalogue §2.2", () => {
    const p = configurable();
    expect(productCanonicalPath(p, config)).toBe('/inpakpapier/sterren-7.html');
    // without URL dispatching the childSku segment is the parent's own sku, whichever variant is chosen
    expect(productCanonicalPath(p, createConfig({ catalogue: { urlDispatcher: false } }))).toBe('/p/IP-7/sterren-7/IP-7');
    expect(productCanonicalPath(simple(), config)).toBe('/inpakpapier/kraft-rol.html');
  });

  it('is absolute under the origin', () => {
    expect(absoluteUrl('https://shop.example/', '/x')).toBe('https://shop.example/x');
    expect(absoluteUrl('https://shop.example', 'x')).toBe('https://shop.example/x');
    expect(absoluteUrl('https://shop.example', 'https://cdn.example/i.png')).toBe('https://cdn.example/i.png');
    expect(withoutQuery('/a?b#c')).toBe('/a');
  });
});

describe('offer (SEO basics)', () => {
  it('availability follows the stock line: not in stock or no available variant is OutOfStock // spec catalogue §4.3, §4.4', () => {
    expect(offerAvailability({ stock: { is_in_stock: true } as never })).toBe(IN_STOCK);
    expect(offerAvailability({ stock: { is_in_stock: false } as never })).toBe(OUT_OF_STOCK);
    expect(offerAvailability({ stock: { is_in_stock: true } as never, errors: { variants: 'No available product variants' } })).toBe(OUT_OF_STOCK);
    // §4.4: no stock record -> the fallback (in stock, as the page's stock line says)
    expect(offerAvailability({})).toBe(IN_STOCK);
  });

  it('the price is the one the shopper sees, a special price only inside its window // spec catalogue §3.1, §9', () => {
    const p = simple({ special_price: 8, special_price_incl_tax: 9.68, special_from_date: '2026-06-01', special_to_date: '2026-06-30' });
    // 30 June 23:00 Amsterdam (21:00 UTC) is still inside: the to-day is inclusive in the store's zone
    expect(offerPrice(p, Date.UTC(2026, 5, 30, 21, 0), config)).toEqual({ price: '9.68', priceCurrency: 'EUR', priceValidUntil: '2026-06-30' });
    // 1 July 00:30 Amsterdam (30 June 22:30 UTC) is outside
    expect(offerPrice(p, Date.UTC(2026, 5, 30, 22, 30), config)).toEqual({ price: '12.10', priceCurrency: 'EUR' });
    // 1 June 00:30 Amsterdam (31 May 22:30 UTC) is inside, 31 May 23:30 Amsterdam is not
    expect(offerPrice(p, Date.UTC(2026, 4, 31, 22, 30), config).price).toBe('9.68');
    expect(offerPrice(p, Date.UTC(2026, 4, 31, 21, 30), config).price).toBe('12.10');
  });

  it('equals the price shown on the page, for any prices and special windows', () => {
    const DAY = 86_400_000;
    const T0 = Date.UTC(2026, 5, 15);
    const day = (n: number) => new Date(T0 + n * DAY).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }).map((c) => c / 100),
        fc.option(fc.integer({ min: 1, max: 100_000 }).map((c) => c / 100)),
        fc.option(fc.integer({ min: -20, max: 20 })),
        fc.option(fc.integer({ min: -20, max: 20 })),
        fc.integer({ min: -25 * DAY, max: 25 * DAY }),
        (price, special, from, to, offset) => {
          const p = simple({ price, price_incl_tax: undefined, special_price: special ?? undefined, special_from_date: from === null ? null : day(from), special_to_date: to === null ? null : day(to) } as Partial<Product>);
          const now = T0 + offset;
          const shown = priceDisplay(p, now, 'en-US', config);
          const amount = (shown.special ?? shown.regular).replace(/[^0-9.]/g, '');
          expect(offerPrice(p, now, config).price).toBe(amount);
        },
      ),
    );
  });

  it('a grouped product offers the sum of its parts // spec catalogue §3.1', () => {
    const g: Product = { id: 3, sku: 'G', name: 'Set', type_id: 'grouped', product_links: [
      { link_type: 'associated', linked_product_sku: 'A', sku: 'G', qty: 2, product: simple({ sku: 'A', price_incl_tax: 2.5 }) } as never,
      { link_type: 'associated', linked_product_sku: 'B', sku: 'G', qty: 1, product: simple({ sku: 'B', price_incl_tax: 1.25 }) } as never,
    ] };
    expect(offerPrice(g, 0, config).price).toBe('6.25');
  });
});

describe('JSON-LD documents', () => {
  it('Product with Offer: name, sku, url, price, currency EUR, availability', () => {
    const p = simple({ stock: { is_in_stock: false } as never });
    const doc = productJsonLd({ product: p, parent: p, url: `${ORIGIN}/x`, images: [`${ORIGIN}/img/a.svg`], description: 'D', now: 0 }, config) as Record<string, any>;
    expect(doc).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kraft rol', sku: 'S-1', url: `${ORIGIN}/x`, image: [`${ORIGIN}/img/a.svg`] });
    expect(doc.offers).toMatchObject({ '@type': 'Offer', url: `${ORIGIN}/x`, price: '12.10', priceCurrency: 'EUR', availability: OUT_OF_STOCK });
  });

  // spec catalogue §3.1 (configurable children, grouped parts and their prices), §4.3 (disabled children are not sold)
  it('a configurable product offers an AggregateOffer: the range of its enabled variants\' prices, how many, in stock when any is', () => {
    const childArb = fc.record({
      price_incl_tax: fc.integer({ min: 100, max: 9999 }).map((c) => c / 100),
      status: fc.constantFrom(1, 1, 2),
      stock: fc.record({ is_in_stock: fc.boolean() }),
    });
    fc.assert(fc.property(fc.array(childArb, { minLength: 1, maxLength: 6 }), (kids) => {
      const children = kids.map((k, i) => ({ ...k, id: 70 + i, sku: `IP-7-${i}` }));
      const parent = { ...configurable(), configurable_children: children };
      const doc = productJsonLd({ product: parent, parent, url: `${ORIGIN}/x`, images: [], description: '', now: 0 }, config) as Record<string, any>;
      const sold = children.filter((c) => c.status < 2);
      if (!sold.length) {
        expect(doc.offers['@type']).toBe('Offer');
        return;
      }
      const prices = sold.map((c) => c.price_incl_tax);
      expect(doc.offers).toEqual({
        '@type': 'AggregateOffer', url: `${ORIGIN}/x`, priceCurrency: 'EUR', lowPrice: Math.min(...prices).toFixed(2), highPrice: Math.max(...prices).toFixed(2),
        offerCount: sold.length, availability: sold.some((c) => c.stock.is_in_stock) ? IN_STOCK : OUT_OF_STOCK, itemCondition: 'https://schema.org/NewCondition',
      });
    }));
  });

  it('a grouped product offers an AggregateOffer over its associated products; a simple product keeps its one Offer', () => {
    const g: Product = { ...simple({ sku: 'G', type_id: 'grouped' }), product_links: [
      { link_type: 'associated', linked_product_sku: 'A', sku: 'G', qty: 2, product: simple({ sku: 'A', price_incl_tax: 2.5 }) } as never,
      { link_type: 'associated', linked_product_sku: 'B', sku: 'G', qty: 1, product: simple({ sku: 'B', price_incl_tax: 1.25, stock: { is_in_stock: false } }) } as never,
    ] };
    expect(aggregateOffer(g, `${ORIGIN}/g`, 0, config)).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '1.25', highPrice: '2.50', offerCount: 2, availability: IN_STOCK });
    expect(aggregateOffer(simple(), `${ORIGIN}/s`, 0, config)).toBeUndefined();
  });

  it('BreadcrumbList: home, the linked trail, the page; positions from 1, absolute items // spec catalogue §3.6', () => {
    const doc = breadcrumbJsonLd('Home', [{ name: 'Inpakpapier', link: '/inpakpapier' }, { name: 'Kerst', link: '/inpakpapier/kerst' }], { name: 'Ster', url: `${ORIGIN}/ster.html` }, ORIGIN) as Record<string, any>;
    expect(doc.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Inpakpapier', item: `${ORIGIN}/inpakpapier` },
      { '@type': 'ListItem', position: 3, name: 'Kerst', item: `${ORIGIN}/inpakpapier/kerst` },
      { '@type': 'ListItem', position: 4, name: 'Ster', item: `${ORIGIN}/ster.html` },
    ]);
  });

  it("a hostile product name cannot end the script element or open a comment, and reads back the same", () => {
    const name = '</script><script>alert(1)</script><!-- & \u2028 </SCRIPT >';
    const out = serializeJsonLd({ '@type': 'Product', name });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ '@type': 'Product', name });
  });

  it('any data serialises to text without <, > or & that parses back to the same data', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.boolean())), (data) => {
        const out = serializeJsonLd(data);
        expect(out).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(out)).toEqual(data);
      }),
    );
  });
});

describe('page heads', () => {
  it("a product: og type product with its image, its parent's canonical, the variant's offer", () => {
    const parent = configurable();
    const child: Product = { ...parent, sku: 'IP-7-rood', short_description: '<p>Rood sterrenpapier.</p>', image: '/i/p/ip-7-rood.svg', stock: { is_in_stock: true } as never };
    const head = productHead({ product: child, parent, gallery: [{ image: '/i/p/ip-7-rood.svg' }, { image: '/i/p/ip-7-blauw.svg' }], breadcrumbs: [{ name: 'Inpakpapier', link: '/inpakpapier' }], now: 0 }, ctx);
    expect(head.description).toBe('Rood sterrenpapier.');
    expect(head.canonical).toBe(`${ORIGIN}/inpakpapier/sterren-7.html`);
    expect(head.og).toEqual({ type: 'product', title: 'Inpakpapier Sterren', url: head.canonical, image: `${ORIGIN}/img/600/744/resize/i/p/ip-7-rood.svg` });
    const [product, crumbs] = head.jsonLd as Array<Record<string, any>>;
    expect(product!.sku).toBe('IP-7-rood');
    expect(product!.image).toEqual([`${ORIGIN}/img/600/744/resize/i/p/ip-7-rood.svg`, `${ORIGIN}/img/600/744/resize/i/p/ip-7-blauw.svg`]);
    expect(crumbs!['@type']).toBe('BreadcrumbList');
  });

  it('a category and any other page: og:title is the page title; the fallback text when the page has none', () => {
    const cat = { id: 4, name: 'Kerst', url_path: 'inpakpapier/kerst', slug: 'kerst-4' } as Category;
    expect(categoryHead(cat, [], ctx)).toMatchObject({ description: 'Fallback tekst.', canonical: `${ORIGIN}/inpakpapier/kerst`, og: { type: 'website', title: ctx.title } });
    expect(defaultHead('/contact?utm_campaign=x', ctx)).toMatchObject({ description: 'Fallback tekst.', canonical: `${ORIGIN}/contact`, og: { title: ctx.title } });
  });

  it('a page of its own showing a category (wholesale) or a CMS page (static pages) names itself canonical // spec catalogue §2.1', () => {
    const cat = { id: 9, name: 'Groothandel', url_path: 'groothandel', slug: 'groothandel-9', description: '<p>Voor winkels.</p>' } as Category;
    expect(categoryHead(cat, [], ctx, '/kadoverpakkingen-groothandel.html')).toMatchObject({ description: 'Voor winkels.', canonical: `${ORIGIN}/kadoverpakkingen-groothandel.html` });
    expect(staticPageHead('/privacy', { id: 1, identifier: 'privacy', meta_description: 'Privacy - Papierwinkel' }, ctx)).toMatchObject({ description: 'Privacy - Papierwinkel', canonical: `${ORIGIN}/privacy` });
    expect(staticPageHead('/legal', undefined, ctx).description).toBe('Fallback tekst.');
  });
});
