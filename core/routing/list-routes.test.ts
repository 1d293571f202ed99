import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { matchRoute, routePath } from './routes';
import { sitemapEntries, sitemapXml } from './sitemap';

// spec catalogue §1 "keep a cart, a wishlist and a compare list": the lists' pages have routes of their
// own; they are the shopper's, read from the browser's storage, so no sitemap lists them
describe('wishlist and compare routes', () => {
  it('/wishlist and /compare are routes of the table, with and without a trailing slash', () => {
    expect(matchRoute('/wishlist').route.name).toBe('wishlist');
    expect(matchRoute('/compare/').route.name).toBe('compare');
    expect(routePath('wishlist')).toBe('/wishlist');
    expect(routePath('compare')).toBe('/compare');
  });
  it('the sitemap (page and XML) leaves them out', () => {
    const entries = sitemapEntries([], DEFAULT_CONFIG);
    expect(entries.map((e) => e.path)).not.toEqual(expect.arrayContaining(['/wishlist']));
    expect(entries.map((e) => e.path)).not.toEqual(expect.arrayContaining(['/compare']));
    const xml = sitemapXml(entries, 'https://shop.example');
    expect(xml).not.toContain('/wishlist');
    expect(xml).not.toContain('/compare');
  });
});
