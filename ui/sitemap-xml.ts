import type { ShopConfig } from '../core/config';
import type { CatalogueSearch } from '../core/ports/catalogue-search';
import { TOKENS } from '../core/ports/tokens';
import { createServerContainer } from '../adapters/container';
import { CategoryService } from '../core/catalogue/category-service';
import { sitemapEntries, sitemapXml } from '../core/routing/sitemap';
import { loadSitemapProducts, productSitemapEntries } from '../core/routing/sitemap-products';

/** how long a built sitemap is served before it is built again (the answer itself says max-age 3600 to clients) */
export const SITEMAP_TTL_MS = 10 * 60_000;

/**
 * spec catalogue §2.1: the sitemap is also served as /sitemap.xml (categories from the API, XML answer); issue 12: with
 * every listed product. The HTTP server only calls this; what the sitemap lists is decided here and in core/routing.
 */
export async function buildSitemapXml(config: ShopConfig, origin: string): Promise<string> {
  const container = createServerContainer({ config });
  const categories = container.get(CategoryService);
  const [products] = await Promise.all([
    loadSitemapProducts(container.get<CatalogueSearch>(TOKENS.CatalogueSearch), config),
    categories.loadCategories().catch(() => undefined),
  ]);
  return sitemapXml([...sitemapEntries(categories.snapshot().tree, config), ...productSitemapEntries(products, config)], origin);
}

interface Built {
  at: number;
  xml: Promise<string>;
}

/**
 * The sitemap per origin, built at most once per SITEMAP_TTL_MS and shared by concurrent requests (one build at a time;
 * a failed build is not kept, the next request tries again). Reading ~500 products costs one catalogue request per 500.
 */
export function sitemapCache(build: (origin: string) => Promise<string>, now: () => number = Date.now, ttlMs = SITEMAP_TTL_MS): (origin: string) => Promise<string> {
  const built = new Map<string, Built>();
  return (origin) => {
    const hit = built.get(origin);
    if (hit && now() - hit.at < ttlMs) return hit.xml;
    const xml = build(origin);
    const entry = { at: now(), xml };
    built.set(origin, entry);
    // few origins are expected (PUBLIC_URL, else the well-formed Host names of one shop): keep at most 20
    if (built.size > 20) built.delete(built.keys().next().value as string);
    xml.catch(() => {
      if (built.get(origin) === entry) built.delete(origin);
    });
    return xml;
  };
}

/** The sitemap XML of one shop (config), cached per origin. */
export function createSitemapXml(config: ShopConfig): (origin: string) => Promise<string> {
  return sitemapCache((origin) => buildSitemapXml(config, origin));
}
