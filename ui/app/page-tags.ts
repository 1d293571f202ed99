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
const PRODUCT_TAG = (idOrSku: { id?: string | number; sku?: string }): string[] => [
  ...(idOrSku.id !== undefined ? [`P${idOrSku.id}`] : []),
  ...(idOrSku.sku ? [`S${idOrSku.sku}`] : []),
];

function productTags(p: Product | undefined, into: Set<string>): void {
  if (!p) return;
  for (const t of PRODUCT_TAG(p)) into.add(t);
  if (p.parentSku) into.add(`S${p.parentSku}`);
  if (p.parentId !== undefined) into.add(`P${p.parentId}`);
  for (const child of p.configurable_children ?? []) for (const t of PRODUCT_TAG(child)) into.add(t);
}

/** The tags of the page just rendered with `container`, read from the hydrated services' snapshots. */
export function pageTags(container: Container): string[] {
  const tags = new Set<string>(['layout']);
  const product = container.get(ProductService).snapshot();
  productTags(product.current, tags);
  productTags(product.original, tags);
  productTags(product.parent, tags);
  for (const list of Object.values(product.related)) for (const p of list) productTags(p, tags);
  const category = container.get(CategoryService).snapshot();
  if (category.current) tags.add(`C${category.current.id}`);
  for (const p of category.list.items) productTags(p, tags);
  const home = container.get(HomeService).snapshot();
  for (const list of Object.values(home.lists)) for (const p of list) productTags(p, tags);
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
