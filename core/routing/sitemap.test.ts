import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG, createConfig } from '../config';
import { buildCategoryTree } from '../catalogue/categories';
import type { Category, Product } from '../catalogue/types';
import { relatedLinkSkus, relatedProductsRequest, deepestCategoryId } from '../catalogue/related-products';
import { matchRoute } from './routes';
import { sitemapEntries, sitemapXml } from './sitemap';
import { cmsCanonicalPath } from '../seo/canonical';

const c = (id: number, parent_id: number, position: number, name: string, url_path: string, is_active = true): Category =>
  ({ id, parent_id, position, name, url_path, level: 2, is_active, path: '', url_key: url_path, slug: `${url_path.split('/').pop()}-${id}` });
const flat = [c(2, 1, 0, 'Root', ''), c(3, 2, 1, 'Inpakpapier', 'inpakpapier'), c(4, 3, 1, 'Kerst', 'inpakpapier/kerst'), c(9, 2, 2, 'Oud', 'oud', false), c(5, 2, 3, 'Linten', 'linten')];

describe('sitemap', () => {
  it('lists home, the static pages, wholesale, the category tree and the CMS pages // spec catalogue §2.1, §2.2, §2.6', () => {
    const entries = sitemapEntries(buildCategoryTree(flat, DEFAULT_CONFIG), DEFAULT_CONFIG);
    const paths = entries.map((e) => e.path);
    expect(paths[0]).toBe('/');
    for (const p of ['/legal', '/privacy', '/about-us', '/customer-service', '/store-locator', '/size-guide', '/delivery', '/returns', '/contact', '/kadoverpakkingen-groothandel.html', '/contacts']) expect(paths).toContain(p);
    expect(entries.filter((e) => e.kind === 'category').map((e) => [e.path, e.depth])).toEqual([['/inpakpapier', 0], ['/inpakpapier/kerst', 1], ['/linten', 0]]);
    expect(paths).toContain('/i/wiezijnwij');
    // without URL dispatching the category links are /c/{slug}
    const noDispatch = createConfig({ catalogue: { urlDispatcher: false } });
    expect(sitemapEntries(buildCategoryTree(flat, noDispatch), noDispatch).filter((e) => e.kind === 'category').map((e) => e.path)).toEqual(['/c/inpakpapier-3', '/c/kerst-4', '/c/linten-5']);
  });
  it('a CMS page a static page shows (privacy) is listed once, at the static path its canonical names // spec catalogue §2.1', () => {
    const paths = sitemapEntries([], DEFAULT_CONFIG).map((e) => e.path);
    expect(paths).toContain('/privacy');
    expect(paths).not.toContain('/i/privacy');
    expect(cmsCanonicalPath({ identifier: 'privacy' }, DEFAULT_CONFIG)).toBe('/privacy');
    expect(cmsCanonicalPath({ identifier: 'wiezijnwij' }, DEFAULT_CONFIG)).toBe('/i/wiezijnwij');
    for (const e of sitemapEntries([], DEFAULT_CONFIG)) if (e.kind === 'cms-page') expect(cmsCanonicalPath({ identifier: e.path.replace(/^\/i\//, '') }, DEFAULT_CONFIG)).toBe(e.path);
  });
  it('every non-category entry is a route of the table // spec catalogue §2.1', () => {
    for (const e of sitemapEntries([], DEFAULT_CONFIG)) expect(matchRoute(e.path).route.name).not.toBe('page-not-found');
  });
  it('the XML holds each path once, escaped, under the origin // spec catalogue §2.1 (/sitemap.xml)', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 8 }), (names) => {
        const entries = names.map((n, i) => ({ path: `/x/${encodeURIComponent(n)}&${i % 3}`, kind: 'category', name: n, depth: 0 }));
        const xml = sitemapXml(entries, 'https://shop.example/');
        expect(xml.startsWith('<?xml')).toBe(true);
        expect((xml.match(/<loc>/g) ?? []).length).toBe(new Set(entries.map((e) => e.path)).size);
        expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|apos;|quot;)/);
      }),
    );
  });
});

describe('related products', () => {
  const p: Product = { id: 1, sku: 'A', name: 'A', type_id: 'simple', category: [{ category_id: 3, path: 'inpakpapier' }, { category_id: 4, path: 'inpakpapier/kerst' }] };
  it('uses the related links, else the deepest category without the product itself // spec catalogue §3.6', () => {
    expect(relatedLinkSkus({ ...p, product_links: [{ link_type: 'related', linked_product_type: 'simple', linked_product_sku: 'B', sku: 'A' }, { link_type: 'associated', linked_product_type: 'simple', linked_product_sku: 'C', sku: 'A' }] })).toEqual(['B']);
    expect(deepestCategoryId(p)).toBe(4);
    const req = relatedProductsRequest(p, DEFAULT_CONFIG)!;
    expect(req.size).toBe(4);
    const body = JSON.stringify(req.body);
    expect(body).toContain('"category_ids":[4]');
    expect(body).toContain('"A"');
    expect(relatedProductsRequest({ ...p, category: [], category_ids: [] }, DEFAULT_CONFIG)).toBeUndefined();
  });
});
