import type { AttributeMetadata } from '../../core/catalogue/types';
import type { CmsBlock } from './content';

/**
 * The demo shop's English store data (issue 12: attribute labels and option values come per store view from the
 * attribute metadata): served from the index `vue_storefront_catalog_en` and CMS store id 2. Only what a shopper
 * reads as UI is translated: attribute labels, option values and the shell's CMS blocks; product, category and CMS
 * page texts stay the catalogue's (Dutch) content.
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

const en = (label: string | undefined) => (label === undefined ? label : (LABELS[label] ?? label));

export function englishAttributes(attributes: readonly AttributeMetadata[]): AttributeMetadata[] {
  return attributes.map((a) => ({
    ...a,
    ...(a.frontend_label !== undefined ? { frontend_label: en(a.frontend_label) } : {}),
    ...(a.default_frontend_label !== undefined ? { default_frontend_label: en(a.default_frontend_label) } : {}),
    ...(a.options ? { options: a.options.map((o) => ({ ...o, label: en(o.label) ?? o.label })) } : {}),
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
