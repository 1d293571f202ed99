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

/**
 * The English words of the vocabulary above (the English store view's product texts are built from the same picks:
 * one Dutch word, one English word). Names of places (SERIES) and sizes in figures stay as they are.
 */
export const ENGLISH_WORDS: ReadonlyMap<string, string> = new Map([
  // motifs
  ['Sterren', 'Stars'], ['Rendieren', 'Reindeer'], ['Kerstbomen', 'Christmas trees'], ['Sneeuwvlokken', 'Snowflakes'], ['Hulst', 'Holly'],
  ['Kerstballen', 'Baubles'], ['Dennentakken', 'Pine branches'], ['Ballonnen', 'Balloons'], ['Confetti', 'Confetti'], ['Taartjes', 'Cupcakes'],
  ['Slingers', 'Bunting'], ['Feestmutsen', 'Party hats'], ['Cijfers', 'Numbers'], ['Hartjes', 'Hearts'], ['Rozen', 'Roses'], ['Kant', 'Lace'],
  ['Ringen', 'Rings'], ['Duiven', 'Doves'], ['Ooievaar', 'Stork'], ['Wolkjes', 'Clouds'], ['Beertjes', 'Teddy bears'], ['Stippen', 'Dots'],
  ['Sterretjes', 'Little stars'], ['Marmer', 'Marble'], ['Goudfolie', 'Gold foil'], ['Damast', 'Damask'], ['Art deco', 'Art deco'],
  ['Veren', 'Feathers'], ['Zijdeglans', 'Silk sheen'], ['Naturel', 'Natural'], ['Takjes', 'Twigs'], ['Bladeren', 'Leaves'],
  ['Stempelprint', 'Stamp print'], ['Eucalyptus', 'Eucalyptus'], ['Strepen', 'Stripes'], ['Ruit', 'Check'], ['Bloemen', 'Flowers'],
  ['Geometrisch', 'Geometric'], ['Terrazzo', 'Terrazzo'], ['Visgraat', 'Herringbone'],
  // nouns
  ['Inpakpapier', 'Wrapping paper'], ['Cadeaupapier', 'Gift wrap'], ['Kadopapier', 'Gift paper'], ['Kerstpapier', 'Christmas wrapping paper'],
  ['Verjaardagspapier', 'Birthday wrapping paper'], ['Bruiloftspapier', 'Wedding wrapping paper'], ['Babypapier', 'Baby wrapping paper'],
  ['Luxe cadeaupapier', 'Luxury gift wrap'], ['Kraft inpakpapier', 'Kraft wrapping paper'],
  ['Satijnlint', 'Satin ribbon'], ['Krullint', 'Curling ribbon'], ['Organza lint', 'Organza ribbon'], ['Jute koord', 'Jute cord'],
  ['Fluweellint', 'Velvet ribbon'], ['Geschenklint', 'Gift ribbon'],
  ['Papieren cadeautas', 'Paper gift bag'], ['Organza zakje', 'Organza pouch'], ['Cellofaan zakje', 'Cellophane bag'], ['Cadeauzakje', 'Gift pouch'],
  ['Kraft cadeautasje', 'Kraft gift bag'],
  ['Cadeaudoos', 'Gift box'], ['Magneetdoos', 'Magnetic box'], ['Verzenddoos', 'Shipping box'], ['Geschenkdoos', 'Present box'], ['Luxe doos met deksel', 'Luxury box with lid'],
  ['Wenskaart', 'Greeting card'], ['Felicitatiekaart', 'Congratulations card'], ['Kerstkaart', 'Christmas card'], ['Bedankkaart', 'Thank-you card'], ['Ansichtkaart', 'Postcard'],
  ['Envelop C6', 'Envelope C6'], ['Envelop C5', 'Envelope C5'], ['Envelop vierkant 15 x 15', 'Square envelope 15 x 15'], ['Envelop A5', 'Envelope A5'], ['Luxe envelop', 'Luxury envelope'],
  ['Cadeaulabels', 'Gift labels'], ['Hanglabels', 'Hang tags'], ['Naamkaartjes', 'Name cards'], ['Stickers rond', 'Round stickers'], ['Sluitzegels', 'Seal stickers'],
  ['Notitieboek', 'Notebook'], ['Schetsboek', 'Sketchbook'], ['Bullet journal', 'Bullet journal'], ['Notitieblok', 'Notepad'], ['Dagboek', 'Diary'],
  ['Printpapier A4 80 g', 'Printer paper A4 80 g'], ['Gekleurd papier A4 120 g', 'Coloured paper A4 120 g'], ['Karton A4 250 g', 'Card stock A4 250 g'],
  ['Fotopapier A4', 'Photo paper A4'], ['Kopieerpapier A3 80 g', 'Copy paper A3 80 g'],
  ['Groothandel rol inpakpapier 50 cm x 200 m', 'Wholesale wrapping paper roll 50 cm x 200 m'], ['Cadeaudozen per 100', 'Gift boxes per 100'],
  ['Linten groothandel per 10 rollen', 'Wholesale ribbons per 10 rolls'], ['Cadeautassen per 250', 'Gift bags per 250'],
  ['Kadopapier toonbankrol 30 cm x 250 m', 'Counter roll gift paper 30 cm x 250 m'],
  // card texts, pack sizes, sheets
  ['Gefeliciteerd', 'Congratulations'], ['Fijne feestdagen', 'Happy holidays'], ['Bedankt', 'Thank you'], ['Van harte', 'Best wishes'],
  ['Beterschap', 'Get well soon'], ['Proficiat', 'Well done'], ['Hoera', 'Hooray'], ['Zomaar', 'Just because'],
  ['per 10', 'pack of 10'], ['per 25', 'pack of 25'], ['per 50', 'pack of 50'], ['per 100', 'pack of 100'],
  ['500 vel', '500 sheets'], ['250 vel', '250 sheets'], ['100 vel', '100 sheets'],
  // sets and packages
  ['Inpakset', 'Wrapping set'], ['Cadeaupakket', 'Gift package'], ['Kerst', 'Christmas'], ['Verjaardag', 'Birthday'], ['Bruiloft', 'Wedding'],
  ['Baby', 'Baby'], ['Zakelijk', 'Business'], ['Voordeel', 'Value'], ['Moederdag', "Mother's Day"], ['Sinterklaas', 'Sinterklaas'],
  ['Geboorte', 'New baby'], ['Jubileum', 'Anniversary'],
]);

/** The English word of a vocabulary word (the word itself when it is a name or a figure). */
export const englishWord = (dutch: string): string => ENGLISH_WORDS.get(dutch) ?? dutch;

export const FAMILY_DESCRIPTION_EN: Record<ProductFamily, (name: string, colour: string) => string> = {
  wrapping: (n, c) => `<p>${n} in ${c.toLowerCase()}: sturdy wrapping paper (gift wrap) of 80 g/m², easy to fold and tear-resistant. Suits large and small presents.</p><p>Printed with plant-based ink on FSC-certified paper.</p>`,
  ribbon: (n, c) => `<p>${n} in ${c.toLowerCase()} finishes every wrapped present. Soft, glossy and easy to tie.</p>`,
  bag: (n, c) => `<p>${n} in ${c.toLowerCase()}: wrap a present quickly without wrapping paper. With a reinforced bottom.</p>`,
  box: (n, c) => `<p>${n} in ${c.toLowerCase()} made of sturdy cardboard. A fine gift packaging, even without wrapping paper.</p>`,
  card: (n, c) => `<p>${n} with ${c.toLowerCase()} accents, envelope included. Blank inside for your own message.</p>`,
  envelope: (n, c) => `<p>${n} in ${c.toLowerCase()}, 120 g/m² paper with a peel-and-seal strip.</p>`,
  tag: (n, c) => `<p>${n} in ${c.toLowerCase()} for the finishing touch of your gift wrap or gift bag.</p>`,
  notebook: (n, c) => `<p>${n} with a ${c.toLowerCase()} cover, 96 sheets of cream paper of 100 g/m².</p>`,
  office: (n, c) => `<p>${n} in ${c.toLowerCase()}, suitable for laser and inkjet printers.</p>`,
  wholesale: (n, c) => `<p>${n} in ${c.toLowerCase()}: wrapping paper and packaging at trade prices for shops and businesses. Sold by the carton only.</p>`,
};
