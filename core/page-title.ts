import type { ShopConfig } from './config';

/**
 * spec catalogue §1: '{title} - {shop} - gift wrapping paper and luxury gift packaging'. One pass over the
 * template, so a title holding '{shop}' or '$&' stays verbatim. The spec gives the template in English; a locale's
 * own template (its translation) may be passed instead.
 */
export function pageTitle(title: string, config: ShopConfig, template: string = config.shop.titleTemplate): string {
  const values: Record<string, string> = { title, shop: config.shop.name };
  return template.replace(/\{(title|shop)\}/g, (_, k: string) => values[k] ?? '');
}
