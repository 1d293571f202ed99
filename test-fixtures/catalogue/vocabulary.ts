import type { ProductFamily } from './categories';

/** Dutch words the product names and texts are built from. */
export const THEME_MOTIFS: Record<string, readonly string[]> = {
  kerst: ['Sterren', 'Rendieren', 'Kerstbomen', 'Sneeuwvlokken', 'Hulst', 'Kerstballen', 'Dennentakken'],
  verjaardag: ['Ballonnen', 'Confetti', 'Taartjes', 'Slingers', 'Feestmutsen', 'Cijfers'],
  bruiloft: ['Hartjes', 'Rozen', 'Kant', 'Ringen', 'Duiven'],
  baby: ['Ooievaar', 'Wolkjes', 'Beertjes', 'Stippen', 'Sterretjes'],
  luxe: ['Marmer', 'Goudfolie', 'Damast', 'Art deco', 'Veren', 'Zijdeglans'],
  kraft: ['Naturel', 'Takjes', 'Bladeren', 'Stempelprint', 'Eucalyptus'],
  algemeen: ['Strepen', 'Stippen', 'Ruit', 'Bloemen', 'Geometrisch', 'Terrazzo', 'Visgraat'],
};

export const SERIES = [
  'Amsterdam', 'Utrecht', 'Noorderlicht', 'Tulp', 'Delfts', 'Zeeland', 'Veluwe', 'Friesland', 'Brabant', 'Limburg',
  'Haarlem', 'Gouda', 'Texel', 'Ameland', 'Kinderdijk', 'Giethoorn', 'Maastricht', 'Leiden', 'Zaanse', 'Dordrecht',
  'Antwerpen', 'Gent', 'Brugge', 'Leuven', 'Mechelen', 'Ardennen', 'Kempen', 'Scheldt', 'Maas', 'Waal',
] as const;

export const WRAPPING_NOUNS = ['Inpakpapier', 'Cadeaupapier', 'Kadopapier'] as const;
export const THEME_NOUN: Record<string, string> = {
  kerst: 'Kerstpapier', verjaardag: 'Verjaardagspapier', bruiloft: 'Bruiloftspapier', baby: 'Babypapier', luxe: 'Luxe cadeaupapier', kraft: 'Kraft inpakpapier',
};

export const FAMILY_NOUNS: Record<ProductFamily, readonly string[]> = {
  wrapping: WRAPPING_NOUNS,
  ribbon: ['Satijnlint', 'Krullint', 'Organza lint', 'Jute koord', 'Fluweellint', 'Geschenklint'],
  bag: ['Papieren cadeautas', 'Organza zakje', 'Cellofaan zakje', 'Cadeauzakje', 'Kraft cadeautasje'],
  box: ['Cadeaudoos', 'Magneetdoos', 'Verzenddoos', 'Geschenkdoos', 'Luxe doos met deksel'],
  card: ['Wenskaart', 'Felicitatiekaart', 'Kerstkaart', 'Bedankkaart', 'Ansichtkaart'],
  envelope: ['Envelop C6', 'Envelop C5', 'Envelop vierkant 15 x 15', 'Envelop A5', 'Luxe envelop'],
  tag: ['Cadeaulabels', 'Hanglabels', 'Naamkaartjes', 'Stickers rond', 'Sluitzegels'],
  notebook: ['Notitieboek', 'Schetsboek', 'Bullet journal', 'Notitieblok', 'Dagboek'],
  office: ['Printpapier A4 80 g', 'Gekleurd papier A4 120 g', 'Karton A4 250 g', 'Fotopapier A4', 'Kopieerpapier A3 80 g'],
  wholesale: ['Groothandel rol inpakpapier 50 cm x 200 m', 'Cadeaudozen per 100', 'Linten groothandel per 10 rollen', 'Cadeautassen per 250', 'Kadopapier toonbankrol 30 cm x 250 m'],
};

export const CARD_TEXTS = ['Gefeliciteerd', 'Fijne feestdagen', 'Bedankt', 'Van harte', 'Beterschap', 'Proficiat', 'Hoera', 'Zomaar'] as const;
export const PACK_SIZES = ['per 10', 'per 25', 'per 50', 'per 100'] as const;

export const FAMILY_SKU_PREFIX: Record<ProductFamily, string> = {
  wrapping: 'IP', ribbon: 'LT', bag: 'CZ', box: 'DZ', card: 'WK', envelope: 'EV', tag: 'LB', notebook: 'NB', office: 'KP', wholesale: 'GH',
};

/** Image kind per family: the file name of its SVG ('/w/r/wrapping-123-rood.svg'). */
export const FAMILY_IMAGE_KIND: Record<ProductFamily, string> = {
  wrapping: 'wrapping', ribbon: 'ribbon', bag: 'bag', box: 'box', card: 'card', envelope: 'envelope', tag: 'tag', notebook: 'notebook', office: 'paper', wholesale: 'roll',
};

export const FAMILY_PRICE: Record<ProductFamily, [number, number]> = {
  wrapping: [2, 12], ribbon: [2, 8], bag: [1, 5], box: [3, 19], card: [2, 4], envelope: [3, 9], tag: [2, 6], notebook: [6, 24], office: [5, 39], wholesale: [49, 249],
};

export const FAMILY_DESCRIPTION: Record<ProductFamily, (name: string, colour: string) => string> = {
  wrapping: (n, c) => `<p>${n} in ${c.toLowerCase()}: stevig inpakpapier (cadeaupapier, ook wel kadopapier) van 80 g/m², makkelijk te vouwen en scheurvast. Geschikt voor grote en kleine cadeaus.</p><p>Gedrukt met plantaardige inkt op FSC-gecertificeerd papier.</p>`,
  ribbon: (n, c) => `<p>${n} in ${c.toLowerCase()} maakt elk ingepakt cadeau compleet. Zacht, glanzend en eenvoudig te strikken.</p>`,
  bag: (n, c) => `<p>${n} in ${c.toLowerCase()}: snel een cadeau verpakken zonder inpakpapier. Met versterkte bodem.</p>`,
  box: (n, c) => `<p>${n} in ${c.toLowerCase()} van stevig karton. Mooi als geschenkverpakking, ook zonder inpakpapier.</p>`,
  card: (n, c) => `<p>${n} met ${c.toLowerCase()} accenten, inclusief envelop. Blanco binnenzijde voor je eigen tekst.</p>`,
  envelope: (n, c) => `<p>${n} in ${c.toLowerCase()}, 120 g/m² papier met plakstrip.</p>`,
  tag: (n, c) => `<p>${n} in ${c.toLowerCase()} voor de finishing touch van je kadopapier of cadeautas.</p>`,
  notebook: (n, c) => `<p>${n} met ${c.toLowerCase()} omslag, 96 vel crèmekleurig papier van 100 g/m².</p>`,
  office: (n, c) => `<p>${n} in ${c.toLowerCase()}, geschikt voor laser- en inkjetprinters.</p>`,
  wholesale: (n, c) => `<p>${n} in ${c.toLowerCase()}: voordelig inpakpapier en verpakkingen voor winkeliers en bedrijven. Alleen per omdoos leverbaar.</p>`,
};

export const REVIEW_TITLES = ['Prachtig papier', 'Snel geleverd', 'Mooie kwaliteit', 'Precies wat ik zocht', 'Kleur iets anders dan verwacht', 'Aanrader!', 'Goede prijs', 'Stevig en mooi'] as const;
export const REVIEW_DETAILS = [
  'Het papier scheurt niet bij het vouwen en ziet er heel luxe uit.',
  'Besteld op maandag, dinsdag al in huis. Netjes verpakt.',
  'Mooie kleuren, de cadeaus zagen er fantastisch uit onder de kerstboom.',
  'Goede verhouding tussen prijs en kwaliteit, ik bestel zeker opnieuw.',
  'De kleur is in het echt iets donkerder dan op de foto, maar nog steeds mooi.',
  'Ideaal voor onze winkel, klanten zijn er blij mee.',
] as const;
export const NICKNAMES = ['Anouk', 'Pieter', 'Sanne', 'Jeroen', 'Femke', 'Bram', 'Lotte', 'Wouter', 'Eline', 'Koen', 'Mieke', 'Thijs'] as const;
