import type { ShopServices as Container } from '../../adapters/wiring';
import { CategoryService } from '../../core/catalogue/category-service';
import { CmsService } from '../../core/catalogue/cms-service';
import { HomeService } from '../../core/catalogue/home-service';
import { ProductService } from '../../core/catalogue/product-service';
import type { Product } from '../../core/catalogue/types';

/**
 * Tag names of what a rendered page shows, as vue-storefront 1.12's tag cache named them (`/invalidate?tag=P12`):
 * `P<id>`/`S<sku>` a product, `C<id>` a category, `CP<id|identifier>` a CMS page, `CB<id|identifier>` a CMS block;
 * every page carries `layout` (the shell every page shares).
 */
function productTags(p: Product | undefined, into: Set<string>): void {
  // the product, its parent and its variants
  for (const one of p ? [p, { id: p.parentId, sku: p.parentSku }, ...(p.configurable_children ?? [])] : []) {
    if (one.id !== undefined) into.add(`P${one.id}`);
    if (one.sku) into.add(`S${one.sku}`);
  }
}

/** The tags of the page just rendered with `container`, read from the hydrated services' snapshots. */
export function pageTags(container: Container): string[] {
  const tags = new Set<string>(['layout']);
  const product = container.get(ProductService).snapshot();
  const category = container.get(CategoryService).snapshot();
  const home = container.get(HomeService).snapshot();
  const shown = [product.current, product.original, product.parent, ...Object.values(product.related).flat()];
  for (const p of [...shown, ...category.list.items, ...Object.values(home.lists).flat()]) productTags(p, tags);
  if (category.current) tags.add(`C${category.current.id}`);
  const cms = container.get(CmsService).snapshot();
  if (cms.current) {
    tags.add(`CP${cms.current.id}`);
    tags.add(`CP${cms.current.identifier}`);
  }
  for (const block of Object.values(cms.blocks)) {
    tags.add(`CB${block.id}`);
    tags.add(`CB${block.identifier}`);
  }
  return [...tags];
}
