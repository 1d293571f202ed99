import type { ShopConfig } from './config';

/**
 * spec catalogue §1: '{title} - {shop} - gift wrapping paper and luxury gift packaging'. One pass over the
 * template, so a title holding '{shop}' or '$&' stays verbatim.
 */
export function pageTitle(title: string, config: ShopConfig): string {
  const values: Record<string, string> = { title, shop: config.shop.name };
  return config.shop.titleTemplate.replace(/\{(title|shop)\}/g, (_, k: string) => values[k] ?? '');
}
