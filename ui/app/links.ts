import type { ShopConfig } from '../../core/config';
import type { Product } from '../../core/catalogue/types';

/**
 * The UI's one door to link building. It forwards to core/routing once the catalogue core's productLink lands;
 * until then it uses the spec's route form /p/{parentSku}/{slug} (catalogue §2.1, §2.2).
 */
export function productPath(product: Product, _config: ShopConfig): string {
  const parentSku = product.parentSku ?? product.sku;
  const slug = product.slug ?? product.url_key ?? String(product.id);
  return `/p/${encodeURIComponent(parentSku)}/${encodeURIComponent(slug)}`;
}
