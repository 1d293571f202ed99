import type { BundleOption, Category, ConfigurableChild, Product, StockItem } from '../../core/catalogue/types';
import { COLOURS, SIZES, ATTRIBUTE_IDS, PATTERNS, materialValue, patternValue, type ColourDef, type SizeFamily } from './attributes';
import type { CategoryInfo, ProductFamily } from './categories';
import { addDays, magentoDate, round2, slugify, type Rng } from './rng';
import { englishLabel, type EnglishTexts } from './english';
import {
  CARD_TEXTS, FAMILY_DESCRIPTION, FAMILY_DESCRIPTION_EN, FAMILY_IMAGE_KIND, FAMILY_NOUNS, FAMILY_PRICE, FAMILY_SKU_PREFIX, PACK_SIZES, SERIES,
  THEME_MOTIFS, THEME_NOUN, WRAPPING_NOUNS, englishWord,
} from './vocabulary';

const TAX_RATE = 0.21;

/** Special-price window kinds (relative to the reference date). */
type SpecialWindow = 'past' | 'current' | 'future' | 'open';

export interface GeneratorContext {
  rng: Rng;
  reference: Date;
  categories: CategoryInfo[];
  nextId: () => number;
  /** the English store view's texts of every product, by id (filled as the products are made) */
  english: Map<number, EnglishTexts>;
}

/** the ribbon kinds that have a category of their own, and their material */
const RIBBON_MATERIAL: ReadonlyMap<string, string> = new Map([
  ['Satijnlint', 'Satijn'], ['Krullint', 'Katoen'], ['Organza lint', 'Organza'], ['Jute koord', 'Jute'],
]);

const FAMILY_SIZE: Partial<Record<ProductFamily, SizeFamily>> = {
  wrapping: 'roll', ribbon: 'ribbon', bag: 'bag', box: 'box', notebook: 'notebook',
};

function roundPrice(rng: Rng, min: number, max: number): number {
  const whole = rng.int(min, max);
  return whole + rng.pick([0.49, 0.95, 0.99, 0.5]);
}

function imagePath(kind: string, id: number, colour: ColourDef): string {
  return `/${kind[0]}/${kind[1]}/${kind}-${id}-${colour.code}.svg`;
}

/** Special-price windows in days from the reference date (`open` has no end). */
const WINDOWS: Record<SpecialWindow, [number, number | null]> = {
  past: [-90, -30], current: [-20, 60], future: [30, 75], open: [-10, null],
};

function window(kind: SpecialWindow, ref: Date): { from: string; to: string | null } {
  const [from, to] = WINDOWS[kind];
  return { from: magentoDate(addDays(ref, from)), to: to === null ? null : magentoDate(addDays(ref, to)) };
}

/** Price fields of a product, incl. 21% VAT; final_price is the price the indexer saw at the reference date. */
function priceFields(priceInclTax: number, special: { factor: number; window: SpecialWindow } | null, ref: Date) {
  const price = round2(priceInclTax / (1 + TAX_RATE));
  const fields: Record<string, unknown> = {
    price, price_incl_tax: priceInclTax, price_tax: round2(priceInclTax - price),
    original_price: price, original_price_incl_tax: priceInclTax, original_price_tax: round2(priceInclTax - price),
    special_price: null, special_price_incl_tax: null, special_price_tax: null, special_from_date: null, special_to_date: null,
    final_price: price, final_price_incl_tax: priceInclTax, final_price_tax: round2(priceInclTax - price),
    tier_prices: [],
  };
  if (special) {
    const candidate = Math.floor(priceInclTax * special.factor) + 0.95;
    const specialIncl = round2(candidate < priceInclTax ? candidate : priceInclTax * special.factor);
    const specialExcl = round2(specialIncl / (1 + TAX_RATE));
    const w = window(special.window, ref);
    Object.assign(fields, {
      special_price: specialExcl, special_price_incl_tax: specialIncl, special_price_tax: round2(specialIncl - specialExcl),
      special_from_date: w.from, special_to_date: w.to,
    });
    if (special.window === 'current' || special.window === 'open') {
      Object.assign(fields, { final_price: specialExcl, final_price_incl_tax: specialIncl, final_price_tax: round2(specialIncl - specialExcl) });
    }
  }
  return fields;
}

function stock(rng: Rng, id: number, outOfStock: boolean): StockItem {
  const qty = outOfStock ? 0 : rng.int(3, 300);
  return {
    item_id: id, product_id: id, stock_id: 1, qty, is_in_stock: !outOfStock, is_qty_decimal: false, manage_stock: true,
    min_sale_qty: 1, max_sale_qty: 10000, stock_status: outOfStock ? 0 : 1,
  } as StockItem;
}

function dates(ctx: GeneratorContext, isNew: 'none' | 'current' | 'past') {
  const created = addDays(ctx.reference, -ctx.rng.int(5, 700));
  const updated = addDays(created, Math.min(ctx.rng.int(0, 120), Math.floor((ctx.reference.getTime() - created.getTime()) / 86_400_000)));
  const news =
    isNew === 'current' ? { news_from_date: magentoDate(addDays(ctx.reference, -ctx.rng.int(1, 20))), news_to_date: magentoDate(addDays(ctx.reference, 45)) }
      : isNew === 'past' ? { news_from_date: magentoDate(addDays(ctx.reference, -200)), news_to_date: magentoDate(addDays(ctx.reference, -140)) }
        : { news_from_date: null, news_to_date: null };
  return { created_at: magentoDate(created), updated_at: magentoDate(updated), ...news };
}

function categoryRefs(ctx: GeneratorContext, leaf: CategoryInfo) {
  const infos = leaf.ancestors.map((id) => ctx.categories.find((c) => c.category.id === id) as CategoryInfo);
  return {
    category_ids: infos.map((i) => i.category.id),
    category: infos.map((i) => ({ category_id: i.category.id, name: i.category.name, slug: i.category.slug, path: i.category.url_path })),
  };
}

function leavesOf(ctx: GeneratorContext, family: ProductFamily): CategoryInfo[] {
  return ctx.categories.filter((c) => c.isLeaf && c.family === family);
}

function specialFor(ctx: GeneratorContext, n: number): { factor: number; window: SpecialWindow } | null {
  // every 5th product has a special price, cycling through past / current / future / open windows
  if (n % 5 !== 2) return null;
  const kinds: SpecialWindow[] = ['past', 'current', 'future', 'open'];
  return { factor: ctx.rng.pick([0.7, 0.75, 0.8, 0.85]), window: kinds[Math.floor(n / 5) % 4] as SpecialWindow };
}

/**
 * A product's name in both store views: `name` (Dutch, the catalogue's own) and `nameEn` (the English store view's, the
 * same picks in English words); `nameEnNoColour` is the English name without its colour (a configurable's: the colour is the choice).
 */
interface NameParts { name: string; nameEn: string; nameEnNoColour?: string; colour: ColourDef; material: string; pattern: string }

/** The name's words in order, each Dutch and English; `colour` marks the colour word. */
type Word = readonly [nl: string, en: string, colour?: true];
const word = (nl: string): Word => [nl, englishWord(nl)];

function nameFor(ctx: GeneratorContext, family: ProductFamily, leaf: CategoryInfo, n: number): NameParts {
  const { rng } = ctx;
  const colour = rng.pick(COLOURS);
  const colourWord: Word = [colour.label, englishLabel(colour.label), true];
  const series = word(SERIES[n % SERIES.length] as string);
  let words: Word[];
  let pattern: string = rng.pick(PATTERNS);
  let material = 'Papier';
  switch (family) {
    case 'wrapping': {
      const theme = leaf.theme ?? 'algemeen';
      const motif = rng.pick(THEME_MOTIFS[theme] ?? THEME_MOTIFS.algemeen ?? ['Strepen']);
      const noun = n % 4 === 3 ? THEME_NOUN[theme] ?? rng.pick(WRAPPING_NOUNS) : WRAPPING_NOUNS[n % 3] as string;
      words = [word(noun), word(motif), colourWord, series];
      pattern = theme === 'kerst' ? 'Kerstmotief' : pattern;
      material = theme === 'kraft' ? 'Kraftpapier' : 'Papier';
      break;
    }
    case 'ribbon': {
      // a ribbon in a ribbon kind's own category is that kind
      const noun = RIBBON_MATERIAL.has(leaf.category.name) ? leaf.category.name : rng.pick(FAMILY_NOUNS.ribbon);
      words = [word(noun), colourWord, series];
      material = RIBBON_MATERIAL.get(noun) ?? 'Katoen';
      pattern = 'Effen';
      break;
    }
    case 'card': {
      words = [word(rng.pick(FAMILY_NOUNS.card)), word(rng.pick(CARD_TEXTS)), series];
      material = 'Karton';
      break;
    }
    case 'envelope':
      words = [word(rng.pick(FAMILY_NOUNS.envelope)), colourWord, word(rng.pick(PACK_SIZES))];
      break;
    case 'tag': {
      const noun = rng.pick(FAMILY_NOUNS.tag);
      const motif = rng.pick(THEME_MOTIFS.algemeen ?? ['Stippen']);
      words = [word(noun), word(motif), colourWord, word(rng.pick(PACK_SIZES))];
      material = 'Karton';
      break;
    }
    case 'office': {
      words = [word(rng.pick(FAMILY_NOUNS.office)), colourWord, word(rng.pick(['500 vel', '250 vel', '100 vel']))];
      pattern = 'Effen';
      break;
    }
    case 'wholesale': words = [word(rng.pick(FAMILY_NOUNS.wholesale)), colourWord, series]; break;
    default: words = [word(rng.pick(FAMILY_NOUNS[family])), colourWord, series]; material = family === 'box' ? 'Karton' : material;
  }
  return {
    name: words.map((w) => w[0]).join(' '),
    nameEn: words.map((w) => w[1]).join(' '),
    nameEnNoColour: words.filter((w) => !w[2]).map((w) => w[1]).join(' '),
    colour, material, pattern,
  };
}

function baseProduct(ctx: GeneratorContext, id: number, family: ProductFamily, leaf: CategoryInfo, parts: NameParts, n: number): Product {
  const { rng } = ctx;
  const sku = `${FAMILY_SKU_PREFIX[family]}-${String(id).padStart(5, '0')}`;
  const urlKey = slugify(parts.name);
  const slug = `${urlKey}-${id}`;
  const image = imagePath(FAMILY_IMAGE_KIND[family], id, parts.colour);
  const description = FAMILY_DESCRIPTION[family](parts.name, parts.colour.label);
  // the English store view's texts of the product: the English index's documents are built from them
  ctx.english.set(id, {
    name: parts.nameEn,
    description: FAMILY_DESCRIPTION_EN[family](parts.nameEn, englishLabel(parts.colour.label)),
    short_description: `<p>${parts.nameEn}. ${family === 'wrapping' ? 'Wrapping paper on a roll.' : 'Delivered straight from stock.'}</p>`,
  });
  return {
    id, sku, name: parts.name, type_id: 'simple', status: 1, visibility: 4, attribute_set_id: 4, tax_class_id: 2,
    url_key: urlKey, slug, url_path: `${leaf.category.url_path}/${slug}.html`,
    image, small_image: image, thumbnail: image,
    media_gallery: [{ image, pos: 1, typ: 'image', lab: parts.name }],
    description,
    short_description: `<p>${parts.name}. ${family === 'wrapping' ? 'Inpakpapier op rol.' : 'Direct uit voorraad leverbaar.'}</p>`,
    meta_title: parts.name,
    color: parts.colour.value,
    material: materialValue(parts.material),
    pattern: patternValue(parts.pattern),
    erin_recommends: n % 9 === 4 ? 1 : 0,
    eco_collection: family === 'wrapping' && leaf.theme === 'kraft' ? 1 : n % 11 === 3 ? 1 : 0,
    new: n % 8 === 1 ? 1 : 0,
    ...dates(ctx, n % 8 === 1 ? 'current' : n % 13 === 5 ? 'past' : 'none'),
    ...categoryRefs(ctx, leaf),
    stock: stock(rng, id, n % 12 === 7),
    product_links: [],
    custom_attributes: null,
  } as unknown as Product;
}

export function makeSimple(ctx: GeneratorContext, family: ProductFamily, n: number): Product {
  const leaf = ctx.rng.pick(leavesOf(ctx, family));
  const id = ctx.nextId();
  const parts = nameFor(ctx, family, leaf, n);
  const product = baseProduct(ctx, id, family, leaf, parts, n);
  const [min, max] = FAMILY_PRICE[family];
  Object.assign(product, priceFields(roundPrice(ctx.rng, min, max), specialFor(ctx, n), ctx.reference));
  return product;
}

/** A configurable (color x size) with its children; children are also returned as separate visibility-1 products. */
export function makeConfigurable(ctx: GeneratorContext, family: ProductFamily, n: number): Product[] {
  const { rng } = ctx;
  const leaf = rng.pick(leavesOf(ctx, family));
  const id = ctx.nextId();
  const parts = nameFor(ctx, family, leaf, n);
  // configurable names drop the colour: the colour is the choice
  const name = parts.name.replace(` ${parts.colour.label}`, '');
  const nameEn = parts.nameEnNoColour ?? parts.nameEn;
  const parent = baseProduct(ctx, id, family, leaf, { ...parts, name, nameEn }, n);
  parent.type_id = 'configurable';
  parent.name = name;
  const sizeFamily = FAMILY_SIZE[family] ?? 'box';
  const sizes = SIZES.filter((s) => s.family === sizeFamily);
  const colours = rng.shuffle(COLOURS).slice(0, rng.int(2, 4));
  const [min, max] = FAMILY_PRICE[family];
  const base = roundPrice(rng, min, max);
  const special = specialFor(ctx, n);
  const children: Product[] = [];
  const childEntries: ConfigurableChild[] = [];
  let k = 0;
  for (const colour of colours) {
    for (const size of sizes) {
      const childId = ctx.nextId();
      const childSku = `${parent.sku}-${colour.code}-${size.code}`;
      const childName = `${name} ${colour.label} ${size.label}`;
      const childNameEn = `${nameEn} ${englishLabel(colour.label)} ${englishLabel(size.label)}`;
      const image = imagePath(FAMILY_IMAGE_KIND[family], id, colour);
      const total = colours.length * sizes.length;
      // deterministic mix: some disabled (status 2), some out of stock, all visibility 1 (not visible individually)
      const disabled = (n % 4 === 0 && k === total - 1) || rng.chance(0.04);
      const outOfStock = !disabled && ((n % 3 === 1 && k === 1) || rng.chance(0.06));
      const priceIncl = round2(Math.floor(base * size.factor) + 0.95);
      const child = {
        ...baseProduct(ctx, childId, family, leaf, { ...parts, name: childName, nameEn: childNameEn, colour }, n),
        id: childId, sku: childSku, name: childName, type_id: 'simple', status: disabled ? 2 : 1, visibility: 1,
        url_key: slugify(childName), slug: `${slugify(childName)}-${childId}`, url_path: `${leaf.category.url_path}/${slugify(childName)}-${childId}.html`,
        image, small_image: image, thumbnail: image, media_gallery: [{ image, pos: 1, typ: 'image', lab: childName }],
        color: colour.value, size: size.value, stock: stock(rng, childId, outOfStock),
        ...priceFields(priceIncl, special, ctx.reference),
      } as unknown as Product;
      children.push(child);
      childEntries.push({
        id: childId, sku: childSku, name: childName, status: child.status, visibility: 1, type_id: 'simple',
        color: colour.value, size: size.value, stock: child.stock, image, small_image: image, thumbnail: image,
        url_key: child.url_key, custom_attributes: null,
        ...priceFields(priceIncl, special, ctx.reference),
      } as unknown as ConfigurableChild);
      k++;
    }
  }
  const enabled = children.filter((c) => c.status === 1);
  const cheapest = enabled.reduce<Product | undefined>((a, c) => (!a || (c.price as number) < (a.price as number) ? c : a), undefined) ?? children[0];
  Object.assign(parent, priceFields(cheapest?.price_incl_tax as number, special, ctx.reference));
  delete parent.color;
  parent.color_options = colours.map((c) => c.value);
  parent.size_options = sizes.map((s) => s.value);
  parent.configurable_children = childEntries;
  parent.configurable_options = [
    { id: id * 10 + 1, attribute_id: String(ATTRIBUTE_IDS.color), attribute_code: 'color', label: 'Kleur', position: 0, product_id: id,
      values: colours.map((c) => ({ value_index: c.value, label: c.label })) } as never,
    { id: id * 10 + 2, attribute_id: String(ATTRIBUTE_IDS.size), attribute_code: 'size', label: 'Formaat', position: 1, product_id: id,
      values: sizes.map((s) => ({ value_index: s.value, label: s.label })) } as never,
  ];
  const mainImage = imagePath(FAMILY_IMAGE_KIND[family], id, colours[0] as ColourDef);
  Object.assign(parent, { image: mainImage, small_image: mainImage, thumbnail: mainImage });
  parent.media_gallery = colours.map((c, i) => ({ image: imagePath(FAMILY_IMAGE_KIND[family], id, c), pos: i + 1, typ: 'image', lab: `${name} ${c.label}` }));
  parent.stock = {
    item_id: id, product_id: id, stock_id: 1, qty: 0, manage_stock: true,
    is_in_stock: children.some((c) => c.status === 1 && c.stock?.is_in_stock), stock_status: 1,
  } as StockItem;
  return [parent, ...children];
}

/** A set (grouped) or a package (bundle) of wrapping things, named by its occasion, a colour and a series. */
function kitProduct(
  ctx: GeneratorContext, n: number, type: 'grouped' | 'bundle', noun: string, occasion: string, series: string,
): Product {
  const leaf = ctx.rng.pick(leavesOf(ctx, 'wrapping'));
  const id = ctx.nextId();
  const colour = ctx.rng.pick(COLOURS);
  const name = `${noun} ${occasion} ${colour.label} ${series}`;
  const nameEn = `${englishWord(noun)} ${englishWord(occasion)} ${englishLabel(colour.label)} ${series}`;
  const p = baseProduct(ctx, id, 'wrapping', leaf, { name, nameEn, colour, material: 'Papier', pattern: 'Effen' }, n);
  p.type_id = type;
  p.sku = `${type === 'grouped' ? 'SET' : 'PAK'}-${String(id).padStart(5, '0')}`;
  return p;
}

/** A kit's price (the sum of its parts), its stock (not managed: its parts' is), its descriptions in both views. */
function finishKit(ctx: GeneratorContext, p: Product, priceInclTax: number, description: string, english: string) {
  const id = p.id as number;
  Object.assign(p, priceFields(priceInclTax, null, ctx.reference));
  p.stock = { item_id: id, product_id: id, qty: 0, is_in_stock: true, manage_stock: false } as StockItem;
  p.description = description;
  ctx.english.set(id, { ...(ctx.english.get(id) as EnglishTexts), description: english });
  return p;
}

export function makeGrouped(ctx: GeneratorContext, n: number, pool: Product[]): Product {
  const theme = ['Kerst', 'Verjaardag', 'Bruiloft', 'Baby', 'Zakelijk', 'Voordeel'][n % 6] as string;
  const p = kitProduct(ctx, n, 'grouped', 'Inpakset', theme, SERIES[(n * 7) % SERIES.length] as string);
  const parts = ctx.rng.shuffle(pool).slice(0, ctx.rng.int(3, 4));
  p.product_links = parts.map((c, i) => ({
    sku: p.sku, link_type: 'associated', linked_product_sku: c.sku, linked_product_type: 'simple', position: i + 1, qty: 1, id: c.id,
  } as never));
  return finishKit(ctx, p, round2(parts.reduce((s, c) => s + (c.final_price_incl_tax as number), 0)),
    `<p>Compleet ${theme.toLowerCase()}pakket: inpakpapier, lint en labels die bij elkaar passen. `
      + 'Je kiest zelf de aantallen per onderdeel.</p>',
    `<p>A complete ${englishWord(theme).toLowerCase()} set: wrapping paper, ribbon and labels that go together. `
      + 'You choose how many of each.</p>');
}

export function makeBundle(ctx: GeneratorContext, n: number, papers: Product[], ribbons: Product[], cards: Product[]): Product {
  const occasion = ['Verjaardag', 'Kerst', 'Moederdag', 'Sinterklaas', 'Geboorte', 'Jubileum'][n % 6] as string;
  const p = kitProduct(ctx, n, 'bundle', 'Cadeaupakket', occasion, SERIES[(n * 3) % SERIES.length] as string);
  const id = p.id as number;
  let selectionId = id * 100;
  // each option's first link is its default; one of each link
  const option = (position: number, title: string, type: string, required: boolean, items: Product[]) => ({
    option_id: id * 10 + position, title, type, required, position, sku: p.sku,
    product_links: items.map((c, i) => ({
      id: ++selectionId, sku: c.sku, qty: 1, is_default: i === 0, price: c.final_price_incl_tax as number,
      position: i + 1, selection_can_change_quantity: 1, option_id: id * 10 + position,
    })),
  } as BundleOption);
  const options = [
    option(1, 'Inpakpapier', 'radio', true, ctx.rng.shuffle(papers).slice(0, 3)),
    option(2, 'Lint', 'select', true, ctx.rng.shuffle(ribbons).slice(0, 3)),
    option(3, 'Kaart', 'checkbox', false, ctx.rng.shuffle(cards).slice(0, 2)),
  ];
  p.bundle_options = options;
  finishKit(ctx, p, round2(options.reduce((s, o) => s + (o.product_links[0]?.price as number), 0)),
    `<p>Stel je eigen ${occasion.toLowerCase()}pakket samen: kies het inpakpapier, een bijpassend lint `
      + 'en eventueel een kaart.</p>',
    `<p>Put together your own ${englishWord(occasion)} package: choose the wrapping paper, a matching ribbon `
      + 'and a card if you like.</p>');
  (p as Record<string, unknown>).price_type = 0;
  return p;
}

export function countProducts(categories: Category[], products: Product[]): void {
  const counts = new Map<number, number>();
  for (const p of products) {
    if (p.visibility === 1 || p.status !== 1) continue;
    for (const id of p.category_ids ?? []) counts.set(Number(id), (counts.get(Number(id)) ?? 0) + 1);
  }
  for (const c of categories) c.product_count = counts.get(c.id) ?? 0;
}
