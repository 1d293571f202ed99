import type { AttributeMetadata, Category, Product } from '../../core/catalogue/types';
import { attributeMetadata } from './attributes';
import { buildCategories, type ProductFamily } from './categories';
import { cmsBlocks, cmsPages, makeReviews, taxRules, type CmsBlock, type CmsPage, type Review } from './content';
import { countProducts, makeBundle, makeConfigurable, makeGrouped, makeSimple, type GeneratorContext } from './products';
import { createRng } from './rng';
import type { EnglishTexts } from './english';

export { parseImagePath, renderProductSvg } from './svg';

/** The reference date the special-price and news windows are placed around (override with `referenceDate`). */
const DEFAULT_REFERENCE_DATE = '2026-11-01T00:00:00Z';
export const DEFAULT_SEED = 20261101;
/** The generator's version, part of the backend's catalogue cache key: bump it with every change to its output. */
export const CATALOGUE_VERSION = 3;

export interface CatalogueOptions { seed?: number; scale?: number; referenceDate?: string | Date }

export interface DemoCatalogue {
  products: Product[];
  categories: Category[];
  attributes: AttributeMetadata[];
  cmsPages: CmsPage[];
  cmsBlocks: CmsBlock[];
  reviews: Review[];
  /** the English store view's product texts by product id (english.ts englishProduct builds its documents from them) */
  english: ReadonlyMap<number, EnglishTexts>;
  taxRules: ReturnType<typeof taxRules>;
  seed: number;
  scale: number;
  referenceDate: string;
}

/** Per scale unit: how many products of each kind (about 416 listed products, plus about 450 configurable children). */
const CONFIGURABLES: Array<[ProductFamily, number]> = [['wrapping', 26], ['ribbon', 8], ['bag', 6], ['box', 6], ['notebook', 4]];
const SIMPLES: Array<[ProductFamily, number]> = [
  ['wrapping', 70], ['ribbon', 30], ['bag', 30], ['box', 30], ['card', 45], ['envelope', 30], ['tag', 20], ['notebook', 25], ['office', 35], ['wholesale', 35],
];
const GROUPED_PER_UNIT = 8;
const BUNDLES_PER_UNIT = 8;

/** Deterministic: the same seed and scale always give the same catalogue. */
export function generateCatalogue(options: CatalogueOptions = {}): DemoCatalogue {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = Math.max(1, Math.floor(options.scale ?? 1));
  const reference = new Date(options.referenceDate ?? DEFAULT_REFERENCE_DATE);
  const rng = createRng(seed);
  const infos = buildCategories();
  let id = 0;
  const english = new Map<number, EnglishTexts>();
  const ctx: GeneratorContext = { rng, reference, categories: infos, nextId: () => ++id, english };
  const products: Product[] = [];
  let n = 0;
  for (let unit = 0; unit < scale; unit++) {
    const unitSimples: Product[] = [];
    for (const [family, count] of CONFIGURABLES) for (let i = 0; i < count; i++) products.push(...makeConfigurable(ctx, family, n++));
    for (const [family, count] of SIMPLES) {
      for (let i = 0; i < count; i++) {
        const p = makeSimple(ctx, family, n++);
        products.push(p);
        unitSimples.push(p);
      }
    }
    const inStock = unitSimples.filter((p) => p.stock?.is_in_stock && p.type_id === 'simple');
    const byPrefix = (prefix: string) => inStock.filter((p) => p.sku.startsWith(prefix));
    const kitPool = [...byPrefix('IP-'), ...byPrefix('LT-'), ...byPrefix('LB-')];
    for (let i = 0; i < GROUPED_PER_UNIT; i++) products.push(makeGrouped(ctx, n++, kitPool));
    for (let i = 0; i < BUNDLES_PER_UNIT; i++) products.push(makeBundle(ctx, n++, byPrefix('IP-'), byPrefix('LT-'), byPrefix('WK-')));
    // related products: each listed simple links to two others of its family
    for (const p of unitSimples) {
      const family = unitSimples.filter((o) => o.sku.slice(0, 2) === p.sku.slice(0, 2) && o.id !== p.id);
      p.product_links = rng.shuffle(family).slice(0, 2).map((o, i) => ({
        sku: p.sku, link_type: 'related', linked_product_sku: o.sku, linked_product_type: 'simple', position: i + 1,
      }));
    }
  }
  const categories = infos.map((i) => i.category);
  countProducts(categories, products);
  return {
    products, categories, attributes: attributeMetadata(), cmsPages: cmsPages(reference), cmsBlocks: cmsBlocks(reference),
    reviews: makeReviews(rng, products, reference), english, taxRules: taxRules(),
    seed, scale, referenceDate: reference.toISOString(),
  };
}
