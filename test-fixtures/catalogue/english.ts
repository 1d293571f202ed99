import type { AttributeMetadata, Category, Product } from '../../core/catalogue/types';
import type { CmsBlock, CmsPage } from './content';

/**
 * The demo shop's English store data (attribute labels and option values come per store view from the
 * attribute metadata): served from the index `vue_storefront_catalog_en` and CMS store id 2. Everything a shopper
 * reads is English: attribute labels, option values, the shell's CMS blocks, category names and descriptions, the CMS
 * pages, and the product texts (names, descriptions, short descriptions, image labels, variant names, configurable and
 * bundle option titles), which the generator builds from the same picks in English words (vocabulary.ts ENGLISH_WORDS).
 * URL keys, slugs and url paths stay as they are: the URL mapping knows one url_path per page for every store view
 * (spec catalogue §2.2, §2.3), so a page has one URL whatever the language.
 */
export const ENGLISH_STORE_ID = 2;

const LABELS: Readonly<Record<string, string>> = {
  // attribute labels
  Kleur: 'Colour', Formaat: 'Size', Materiaal: 'Material', Motief: 'Pattern', Aanrader: 'Recommended',
  'Duurzame collectie': 'Eco collection', Nieuw: 'New', Prijs: 'Price',
  // boolean values
  Ja: 'Yes', Nee: 'No',
  // colours
  Rood: 'Red', Groen: 'Green', Goud: 'Gold', Zilver: 'Silver', Blauw: 'Blue', Wit: 'White', Zwart: 'Black', Roze: 'Pink',
  Kraft: 'Kraft', Paars: 'Purple', Geel: 'Yellow', Oranje: 'Orange',
  // sizes with words
  'Klein (10 cm)': 'Small (10 cm)', 'Middel (20 cm)': 'Medium (20 cm)', 'Groot (30 cm)': 'Large (30 cm)',
  // materials
  Papier: 'Paper', Kraftpapier: 'Kraft paper', Satijn: 'Satin', Organza: 'Organza', Karton: 'Cardboard', Katoen: 'Cotton',
  Jute: 'Jute', 'Gerecycled papier': 'Recycled paper',
  // patterns
  Effen: 'Plain', Sterren: 'Stars', Strepen: 'Stripes', Stippen: 'Dots', Bloemen: 'Flowers', Kerstmotief: 'Christmas',
  Hartjes: 'Hearts', Ruit: 'Check', Confetti: 'Confetti',
};

/** The English label of a Dutch attribute value or label (colours, sizes, materials, ...; the label itself when it has none). */
export const englishLabel = (label: string): string => LABELS[label] ?? label;

export function englishAttributes(attributes: readonly AttributeMetadata[]): AttributeMetadata[] {
  return attributes.map((a) => ({
    ...a,
    ...(a.frontend_label !== undefined ? { frontend_label: englishLabel(a.frontend_label) } : {}),
    ...(a.default_frontend_label !== undefined ? { default_frontend_label: englishLabel(a.default_frontend_label) } : {}),
    ...(a.options ? { options: a.options.map((o) => ({ ...o, label: englishLabel(o.label) })) } : {}),
  }));
}

const BLOCKS: Readonly<Record<string, { title: string; content: string }>> = {
  'header-block': {
    title: 'Header',
    content: '<p class="usp">Ordered before 16:00, shipped today &middot; 30 days free returns &middot; 10% off with the newsletter</p>',
  },
  'copyright-block': { title: 'Copyright', content: '<p>&copy; 2026 Papierwinkel B.V. &middot; Chamber of Commerce 12345678 &middot; All prices include VAT.</p>' },
  'footer-usp': { title: 'Benefits', content: '<ul><li>Free returns within 30 days</li><li>Fast delivery with DPD</li><li>Pay safely with iDEAL</li></ul>' },
};

export function englishCmsBlocks(blocks: readonly CmsBlock[]): CmsBlock[] {
  return blocks.map((b) => ({ ...b, ...(BLOCKS[b.identifier] ?? {}), store_id: ENGLISH_STORE_ID }));
}

/** Category names (the tree of categories.ts) and the top categories' descriptions, in the English store view. */
const CATEGORY_NAMES: Readonly<Record<string, string>> = {
  Inpakpapier: 'Wrapping paper', Kerst: 'Christmas', Klassiek: 'Classic', Modern: 'Modern', Kinderen: 'Children',
  Verjaardag: 'Birthday', Kinderfeest: "Children's party", Volwassenen: 'Adults', Bruiloft: 'Wedding', 'Baby en geboorte': 'Baby and birth',
  'Luxe cadeaupapier': 'Luxury gift wrap', Kraftpapier: 'Kraft paper',
  Linten: 'Ribbons', Satijnlint: 'Satin ribbon', Krullint: 'Curling ribbon', 'Organza lint': 'Organza ribbon', 'Jute koord': 'Jute cord',
  Cadeauzakjes: 'Gift bags', 'Papieren tassen': 'Paper bags', 'Organza zakjes': 'Organza pouches', 'Cellofaan zakjes': 'Cellophane bags',
  Dozen: 'Boxes', Cadeaudozen: 'Gift boxes', Magneetdozen: 'Magnetic boxes', Verzenddozen: 'Shipping boxes',
  'Kaarten en enveloppen': 'Cards and envelopes', Wenskaarten: 'Greeting cards', Enveloppen: 'Envelopes', 'Labels en tags': 'Labels and tags',
  Notitieboeken: 'Notebooks', Gelinieerd: 'Lined', Blanco: 'Blank', Dotted: 'Dotted',
  Kantoorpapier: 'Office paper', Printpapier: 'Printer paper', 'Gekleurd papier': 'Coloured paper', Karton: 'Cardboard',
  Groothandel: 'Wholesale', 'Rollen inpakpapier': 'Wrapping paper rolls', 'Dozen per 100': 'Boxes per 100',
};

const CATEGORY_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Inpakpapier: 'Wrapping paper and gift wrap on rolls for every occasion.',
  Linten: 'Ribbons and cords to finish every gift.',
  Cadeauzakjes: 'Paper bags, organza pouches and cellophane bags.',
  Dozen: 'Gift boxes, magnetic boxes and shipping boxes.',
  'Kaarten en enveloppen': 'Greeting cards, envelopes, labels and gift tags.',
  Notitieboeken: 'Notebooks and sketchbooks made of sustainable paper.',
  Kantoorpapier: 'Printer paper, coloured paper and cardboard.',
  Groothandel: 'Gift packaging in wholesale quantities for retailers.',
};

/** The English name of a Dutch category name (the name itself when the tree has a name this table misses). */
const englishCategoryName = (name: string): string => CATEGORY_NAMES[name] ?? name;

function englishCategory(c: Category): Category {
  const name = englishCategoryName(c.name);
  const description = CATEGORY_DESCRIPTIONS[c.name] ?? (c.description !== undefined ? `<p>${name}: a wide range, delivered fast.</p>` : undefined);
  return {
    ...c,
    name,
    ...(description !== undefined ? { description } : {}),
    ...(c.children_data ? { children_data: c.children_data.map(englishCategory) } : {}),
  };
}

/** The category tree of the English store view: names and descriptions translated, ids, paths and URL keys the same. */
export const englishCategories = (categories: readonly Category[]): Category[] => categories.map(englishCategory);

const PAGES: Readonly<Record<string, { title: string; content: string }>> = {
  'veel-gestelde-vragen': {
    title: 'Frequently asked questions',
    content: [
      '<h2>Frequently asked questions</h2>',
      '<h3>When will my order be delivered?</h3><p>Orders that reach us on a working day before 16:00 are shipped the same day with DPD. Shipping costs € 5.00.</p>',
      '<h3>Can I order wrapping paper to measure?</h3><p>Our wrapping paper and gift wrap come on rolls of 3, 5 and 10 metres. For larger quantities see <a href="/kadoverpakkingen-groothandel.html">Wholesale</a>.</p>',
      '<h3>How can I pay?</h3><p>With iDEAL, credit card or by bank transfer.</p>',
      '<h3>May I return my order?</h3><p>Yes, returns are free for 30 days. Read more under <a href="/i/orders-retouren">Orders &amp; returns</a>.</p>',
    ].join(''),
  },
  'orders-retouren': {
    title: 'Orders & returns',
    content: [
      '<h2>Orders &amp; returns</h2>',
      '<p>Not happy? You can return your order free of charge within 30 days. Send the unused item back in its original packaging.</p>',
      '<ol><li>Register your return through our <a href="/contacts">contact form</a>.</li><li>You receive a return label by e-mail.</li><li>Once we have it back we refund the amount within 14 days.</li></ol>',
    ].join(''),
  },
  privacy: {
    title: 'Privacy',
    content: [
      '<h2>Privacy statement</h2>',
      '<p>We handle your personal data with care and only use it to process your order and, if you wish, to send you our newsletter.</p>',
      '<p>You can always ask which data we keep about you and have it deleted.</p>',
    ].join(''),
  },
  leveringsvoorwaarden: {
    title: 'Terms of delivery',
    content: [
      '<h2>General terms of delivery</h2>',
      '<p>These terms apply to every order. Prices include 21% VAT. We deliver in the Netherlands and Belgium.</p>',
      '<p>Shipping with DPD Courier costs € 5.00 per order.</p>',
    ].join(''),
  },
  wiezijnwij: {
    title: 'About us',
    content: [
      '<h2>Who are we?</h2>',
      '<p>Since 1987 we have sold wrapping paper, gift wrap, ribbons and packaging to consumers and shops in the Netherlands and Belgium.</p>',
      '<p>Our warehouse is in Utrecht; hundreds of parcels leave it every day.</p>',
    ].join(''),
  },
  home: { title: 'Home', content: '<p>Welcome to our paper shop.</p>' },
};

/** The CMS pages of the English store view (store id 2): the same identifiers, English titles, bodies and meta texts. */
export function englishCmsPages(pages: readonly CmsPage[]): CmsPage[] {
  return pages.map((p) => {
    const en = PAGES[p.identifier];
    if (!en) return { ...p, store_id: ENGLISH_STORE_ID };
    return { ...p, title: en.title, content_heading: en.title, content: en.content, meta_description: `${en.title} - Papierwinkel`, meta_keywords: en.title.toLowerCase(), store_id: ENGLISH_STORE_ID };
  });
}

const BUNDLE_OPTION_TITLES: Readonly<Record<string, string>> = { Inpakpapier: 'Wrapping paper', Lint: 'Ribbon', Kaart: 'Card' };

/**
 * A product document as the English store view answers it: the bundle options' titles (what the shopper chooses
 * between) in English; everything else is the catalogue's content. A document without bundle options is answered as is.
 */
export function englishProductDoc<T>(doc: T): T {
  const options = (doc as { bundle_options?: Array<{ title?: string }> } | null)?.bundle_options;
  if (!Array.isArray(options)) return doc;
  return { ...doc, bundle_options: options.map((o) => (o && typeof o.title === 'string' ? { ...o, title: BUNDLE_OPTION_TITLES[o.title] ?? o.title } : o)) };
}

/** A product's texts in the English store view (kept by the generator, by product id). */
export interface EnglishTexts { readonly name: string; readonly description: string; readonly short_description: string }

/**
 * A product document of the English store view: the catalogue's document with the English texts of `english` (its
 * own, and its variants' names), English category names, image labels and configurable option labels, and English
 * bundle option titles. Ids, skus, prices, stock, url keys and paths are the same document's.
 */
export function englishProduct(p: Product, english: ReadonlyMap<number, EnglishTexts>): Product {
  const texts = english.get(Number(p.id));
  const name = texts?.name ?? p.name;
  const lab = (l: string) => (l === p.name ? name : l.startsWith(`${p.name} `) ? `${name} ${englishLabel(l.slice(p.name.length + 1))}` : l);
  const doc: Product = { ...p };
  if (texts) Object.assign(doc, { name, meta_title: name, description: texts.description, short_description: texts.short_description });
  if (p.media_gallery) doc.media_gallery = p.media_gallery.map((g) => (typeof g.lab === 'string' ? { ...g, lab: lab(g.lab) } : g));
  if (p.category) doc.category = p.category.map((c) => (typeof c.name === 'string' ? { ...c, name: englishCategoryName(c.name) } : c));
  if (p.configurable_children) doc.configurable_children = p.configurable_children.map((c) => ({ ...c, name: english.get(Number(c.id))?.name ?? c.name }));
  if (p.configurable_options) {
    doc.configurable_options = p.configurable_options.map((o) => ({
      ...o, label: englishLabel(o.label), ...(o.values ? { values: o.values.map((v) => ({ ...v, label: englishLabel(v.label) })) } : {}),
    }));
  }
  return englishProductDoc(doc);
}
