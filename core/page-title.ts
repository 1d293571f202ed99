import type { ShopConfig } from './config';

/** spec catalogue §1: '{title} - {shop} - gift wrapping paper and luxury gift packaging' */
export function pageTitle(title: string, config: ShopConfig): string {
  return config.shop.titleTemplate.replace('{title}', title).replace('{shop}', config.shop.name);
}
