import type { ShopConfig } from '../core/config';
import type { CatalogueSearch } from '../core/ports/catalogue-search';
import { TOKENS } from '../core/ports/tokens';
import { createServerContainer } from '../adapters/container';
import { CategoryService } from '../core/catalogue/category-service';
import { sitemapEntries, sitemapXml, type SitemapEntry } from '../core/routing/sitemap';
import { loadSitemapProducts, productSitemapEntries } from '../core/routing/sitemap-products';
import { ROUTES } from '../core/routing/routes';
import { LRUCache, type Perf } from 'lru-cache';

/** robots.txt keeps crawlers off the API and the shopper's own pages (spec catalogue §2.1 routes) */
const PRIVATE_ROUTES = [
  'checkout', 'my-account', 'order-details', 'order-status', 'create-password', 'wishlist', 'compare',
];

/** The paths robots.txt disallows: prefixes ('/my-account' covers '/my-account/orders/…'), each once. */
export function disallowedPaths(): string[] {
  const paths = new Set(ROUTES.filter((r) => PRIVATE_ROUTES.includes(r.name)).map((r) => r.path.split('/:')[0]!));
  return [...[...paths].filter((p) => ![...paths].some((q) => p.startsWith(`${q}/`))), '/api/'];
}

/** `origin`: the one /sitemap.xml writes in front of its paths (ui/server.ts originOf), so both name the same URLs */
export function robotsTxt(origin: string): string {
  const disallow = disallowedPaths().map((p) => `Disallow: ${p}`);
  return ['User-agent: *', 'Allow: /', ...disallow, `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** how long a built sitemap is served before it is built again (the answer itself says max-age 3600 to clients) */
const SITEMAP_TTL_MS = 10 * 60_000;

/** spec catalogue §2.1: /sitemap.xml lists the categories and every listed product, whatever the origin. */
async function buildSitemapEntries(config: ShopConfig): Promise<SitemapEntry[]> {
  // the sitemap keeps what it built (createSitemapXml): its reads, a page of 500 products each, stay out of the
  // process's catalogue read cache, where they would only push out what renders read
  const container = createServerContainer({ config, catalogueReads: null });
  const categories = container.get(CategoryService);
  const [products] = await Promise.all([
    loadSitemapProducts(container.get<CatalogueSearch>(TOKENS.CatalogueSearch), config),
    categories.loadCategories().catch(() => undefined),
  ]);
  return [...sitemapEntries(categories.snapshot().tree, config), ...productSitemapEntries(products, config)];
}

/** A value built at most once per `ttl` ms, shared by concurrent callers (a failed build is tried again next call). */
export function cachedBuild<T extends NonNullable<unknown>>(
  build: () => Promise<T>,
  perf: Perf = performance,
  ttl = SITEMAP_TTL_MS,
) {
  const built = new LRUCache<'value', T>({ max: 1, ttl, ttlResolution: 0, perf, fetchMethod: build });
  return async (): Promise<T> => (await built.fetch('value'))!;
}

/** The sitemap of one shop: a client varying its Host header costs a string join, never a catalogue read. */
export function createSitemapXml(config: ShopConfig): (origin: string) => Promise<string> {
  const entries = cachedBuild(() => buildSitemapEntries(config));
  return async (origin) => sitemapXml(await entries(), origin);
}
