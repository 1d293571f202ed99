/**
 * The sitemap (spec catalogue §2.1: /sitemap and /sitemap.xml): home, the static and wholesale pages, the categories
 * and the shop's CMS pages; /sitemap.xml adds the products (sitemap-products.ts).
 */
import type { ShopConfig } from '../config';
import type { Category } from '../catalogue/types';
import { categoryLink, cmsPageLink, homeLink, staticPageOf } from './links';
import { ROUTES, routePath } from './routes';

export interface SitemapEntry {
  readonly path: string;
  /** the route name, or 'category' / 'cms-page' */
  readonly kind: string;
  readonly name: string;
  readonly depth: number;
  /** the W3C date the page last changed ('2025-12-09'), when the data says */
  readonly lastmod?: string;
}

/** The CMS pages the shop footer links to (spec catalogue §2.6). */
export const SHOP_CMS_PAGES = ['veel-gestelde-vragen', 'orders-retouren', 'privacy', 'leveringsvoorwaarden', 'wiezijnwij'] as const;

/** Every entry of the sitemap: fixed pages first, then the category tree depth-first, then the CMS pages. */
export function sitemapEntries(tree: readonly Category[], config: ShopConfig, cmsPages: readonly { identifier: string; title?: string }[] = SHOP_CMS_PAGES.map((identifier) => ({ identifier })), storeCode?: string): SitemapEntry[] {
  const out: SitemapEntry[] = [{ path: homeLink(config, storeCode), kind: 'home', name: 'home', depth: 0 }];
  for (const r of ROUTES) if (r.staticPage || r.name === 'wholesale' || r.name === 'contacts') out.push({ path: routePath(r.name), kind: r.name, name: r.name, depth: 0 });
  const walk = (nodes: readonly Category[], depth: number) => {
    for (const c of nodes) {
      if (c.is_active === false) continue;
      out.push({ path: categoryLink(c, config, storeCode), kind: 'category', name: c.name, depth });
      walk(c.children_data ?? [], depth + 1);
    }
  };
  walk(tree, 0);
  // a CMS page a static page shows (privacy) is listed once, at the static page's path (its canonical)
  for (const p of cmsPages) if (!staticPageOf(p.identifier)) out.push({ path: cmsPageLink(p, config, storeCode), kind: 'cms-page', name: p.title ?? p.identifier, depth: 0 });
  return out;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

/** The sitemaps.org XML of the entries under an origin ('https://shop.example'); each path once. */
export function sitemapXml(entries: readonly SitemapEntry[], origin: string): string {
  const base = origin.replace(/\/+$/, '');
  const byPath = new Map<string, SitemapEntry>();
  for (const e of entries) if (!byPath.has(e.path)) byPath.set(e.path, e);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    [...byPath.values()].map((e) => `  <url><loc>${escapeXml(base + e.path)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>\n`).join('') +
    '</urlset>\n'
  );
}
