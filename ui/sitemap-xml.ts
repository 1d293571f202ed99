import type { ShopConfig } from '../core/config';
import { createServerContainer } from '../adapters/container';
import { CategoryService } from '../core/catalogue/category-service';
import { sitemapEntries, sitemapXml } from '../core/routing/sitemap';

/**
 * spec catalogue §2.1: the sitemap is also served as /sitemap.xml (categories from the API, XML answer).
 * The HTTP server only calls this; what the sitemap lists is decided here and in core/routing/sitemap.ts.
 */
export async function renderSitemapXml(config: ShopConfig, origin: string): Promise<string> {
  const categories = createServerContainer({ config }).get(CategoryService);
  await categories.loadCategories().catch(() => undefined);
  return sitemapXml(sitemapEntries(categories.snapshot().tree, config), origin);
}
