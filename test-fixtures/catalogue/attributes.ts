import type { AttributeMetadata } from '../../core/catalogue/types';

/** Attribute ids and option values of the demo shop (Magento-like numbering). */
export interface ColourDef { value: number; label: string; code: string; hex: string; accent: string }
export interface SizeDef { value: number; label: string; code: string; family: SizeFamily; factor: number }
export type SizeFamily = 'roll' | 'ribbon' | 'bag' | 'box' | 'notebook';

/** the colour options, values 49 up in this order; a colour's code is its label in lower case */
export const COLOURS: readonly ColourDef[] = (
  [
    ['Rood', '#c0392b', '#f1c40f'], ['Groen', '#1e8449', '#f4d03f'],
    ['Goud', '#d4ac0d', '#7d6608'], ['Zilver', '#aab7b8', '#ffffff'],
    ['Blauw', '#1f4e9c', '#aed6f1'], ['Wit', '#f8f9f9', '#d5d8dc'],
    ['Zwart', '#1c1c1c', '#d4ac0d'], ['Roze', '#f1948a', '#ffffff'],
    ['Kraft', '#b9855a', '#5d4037'], ['Paars', '#7d3c98', '#e8daef'],
    ['Geel', '#f7dc6f', '#b7950b'], ['Oranje', '#e67e22', '#fdebd0'],
  ] as const
).map(([label, hex, accent], i) => ({ value: 49 + i, label, code: label.toLowerCase(), hex, accent }));

/** the size options, values 167 up in this order: size family, label, code, price factor */
export const SIZES: readonly SizeDef[] = (
  [
    ['roll', '50 cm x 3 m', '50x3', 1], ['roll', '70 cm x 5 m', '70x5', 1.6], ['roll', '100 cm x 10 m', '100x10', 2.8],
    ['ribbon', '10 mm x 20 m', '10mm', 1], ['ribbon', '25 mm x 20 m', '25mm', 1.5],
    ['ribbon', '40 mm x 20 m', '40mm', 2.1], ['bag', 'S', 's', 1], ['bag', 'M', 'm', 1.3], ['bag', 'L', 'l', 1.7],
    ['box', 'Klein (10 cm)', 'klein', 1], ['box', 'Middel (20 cm)', 'middel', 1.5],
    ['box', 'Groot (30 cm)', 'groot', 2.2],
    ['notebook', 'A6', 'a6', 0.8], ['notebook', 'A5', 'a5', 1], ['notebook', 'A4', 'a4', 1.4],
  ] as const
).map(([family, label, code, factor], i) => ({ value: 167 + i, label, code, family, factor }));

const MATERIALS = ['Papier', 'Kraftpapier', 'Satijn', 'Organza', 'Karton', 'Katoen', 'Jute', 'Gerecycled papier'] as const;
export const PATTERNS = ['Effen', 'Sterren', 'Strepen', 'Stippen', 'Bloemen', 'Kerstmotief', 'Hartjes', 'Ruit', 'Confetti'] as const;

export const ATTRIBUTE_IDS = {
  color: 93, size: 142, material: 136, pattern: 155, erin_recommends: 160, eco_collection: 161, new: 162, price: 77,
} as const;

const opt = (label: string, value: number | string) => ({ label, value: String(value) });

function selectAttribute(
  code: keyof typeof ATTRIBUTE_IDS,
  label: string,
  options: Array<{ label: string; value: string }>,
  extra: Partial<AttributeMetadata> = {},
): AttributeMetadata {
  return {
    attribute_id: ATTRIBUTE_IDS[code],
    id: ATTRIBUTE_IDS[code],
    attribute_code: code,
    frontend_input: options.length ? 'select' : 'price',
    frontend_label: label,
    default_frontend_label: label,
    is_user_defined: true,
    is_visible: true,
    is_visible_on_front: true,
    is_comparable: true,
    is_filterable: true,
    is_searchable: true,
    position: 0,
    options,
    ...extra,
  } as AttributeMetadata;
}

export function attributeMetadata(): AttributeMetadata[] {
  return [
    selectAttribute('color', 'Kleur', COLOURS.map((c) => opt(c.label, c.value))),
    selectAttribute('size', 'Formaat', SIZES.map((s) => opt(s.label, s.value))),
    selectAttribute('material', 'Materiaal', MATERIALS.map((m, i) => opt(m, 200 + i))),
    selectAttribute('pattern', 'Motief', PATTERNS.map((p, i) => opt(p, 220 + i))),
    selectAttribute('erin_recommends', 'Aanrader', [opt('Nee', 0), opt('Ja', 1)], { frontend_input: 'boolean' } as Partial<AttributeMetadata>),
    selectAttribute('eco_collection', 'Duurzame collectie', [opt('Nee', 0), opt('Ja', 1)], { frontend_input: 'boolean' } as Partial<AttributeMetadata>),
    selectAttribute('new', 'Nieuw', [opt('Nee', 0), opt('Ja', 1)], { frontend_input: 'boolean' } as Partial<AttributeMetadata>),
    selectAttribute('price', 'Prijs', [], { is_user_defined: false, is_comparable: false }),
  ];
}

export const materialValue = (m: string): number => 200 + MATERIALS.indexOf(m as (typeof MATERIALS)[number]);
export const patternValue = (p: string): number => 220 + PATTERNS.indexOf(p as (typeof PATTERNS)[number]);
