import type { Product } from '../../core/catalogue/types';
import { addDays, magentoDate, type Rng } from './rng';
import { NICKNAMES, REVIEW_DETAILS, REVIEW_TITLES } from './vocabulary';

export interface CmsPage {
  id: number; identifier: string; title: string; content: string; content_heading: string; meta_description: string;
  meta_keywords: string; page_layout: string; active: boolean; store_id: number; creation_time: string; update_time: string;
}
export interface CmsBlock { id: number; identifier: string; title: string; content: string; active: boolean; store_id: number; creation_time: string; update_time: string }
export interface Review {
  id: number; product_id: number; title: string; detail: string; nickname: string; review_entity: string; review_status: number;
  customer_id: number | null; created_at: string; ratings: Array<{ title: string; percent: number; value: number }>;
}

const page = (id: number, identifier: string, title: string, body: string, ref: Date): CmsPage => ({
  id, identifier, title, content_heading: title, content: body, meta_description: `${title} - Papierwinkel`, meta_keywords: title.toLowerCase(),
  page_layout: '1column', active: true, store_id: 1, creation_time: magentoDate(addDays(ref, -400)), update_time: magentoDate(addDays(ref, -30)),
});

export function cmsPages(ref: Date): CmsPage[] {
  return [
    page(1, 'veel-gestelde-vragen', 'Veel gestelde vragen', [
      '<h2>Veel gestelde vragen</h2>',
      '<h3>Wanneer wordt mijn bestelling geleverd?</h3><p>Bestellingen die op werkdagen vóór 16:00 uur binnenkomen, versturen we dezelfde dag met DPD. Je betaalt € 5,00 verzendkosten.</p>',
      '<h3>Kan ik inpakpapier op maat bestellen?</h3><p>Ons inpakpapier en cadeaupapier leveren we op rollen van 3, 5 en 10 meter. Voor grotere hoeveelheden kijk je bij <a href="/kadoverpakkingen-groothandel.html">Groothandel</a>.</p>',
      '<h3>Hoe kan ik betalen?</h3><p>Met iDEAL, creditcard of via een bankoverschrijving.</p>',
      '<h3>Mag ik mijn bestelling retourneren?</h3><p>Ja, je hebt 30 dagen gratis retour. Lees meer op <a href="/i/orders-retouren">Orders &amp; Retourneren</a>.</p>',
    ].join(''), ref),
    page(2, 'orders-retouren', 'Orders & Retourneren', [
      '<h2>Orders &amp; Retourneren</h2>',
      '<p>Niet tevreden? Je kunt je bestelling binnen 30 dagen gratis retourneren. Stuur het ongebruikte artikel in de originele verpakking terug.</p>',
      '<ol><li>Meld je retour aan via ons <a href="/contacts">contactformulier</a>.</li><li>Je ontvangt een retourlabel per e-mail.</li><li>Na ontvangst storten we het bedrag binnen 14 dagen terug.</li></ol>',
    ].join(''), ref),
    page(3, 'privacy', 'Privacy', [
      '<h2>Privacyverklaring</h2>',
      '<p>Wij gaan zorgvuldig om met je persoonsgegevens en gebruiken ze alleen om je bestelling af te handelen en, als je dat wilt, om je onze nieuwsbrief te sturen.</p>',
      '<p>Je kunt altijd vragen welke gegevens we van je bewaren en ze laten verwijderen.</p>',
    ].join(''), ref),
    page(4, 'leveringsvoorwaarden', 'Leveringsvoorwaarden', [
      '<h2>Algemene leveringsvoorwaarden</h2>',
      '<p>Op alle bestellingen zijn deze voorwaarden van toepassing. Prijzen zijn inclusief 21% btw. We leveren in Nederland en België.</p>',
      '<p>Verzending met DPD Courier kost € 5,00 per bestelling.</p>',
    ].join(''), ref),
    page(5, 'wiezijnwij', 'Over ons', [
      '<h2>Wie zijn wij?</h2>',
      '<p>Sinds 1987 verkopen wij inpakpapier, cadeaupapier, linten en verpakkingen aan particulieren en winkeliers in Nederland en België.</p>',
      '<p>Ons magazijn staat in Utrecht; van daaruit gaan dagelijks honderden pakketten de deur uit.</p>',
    ].join(''), ref),
    page(6, 'home', 'Home', '<p>Welkom in onze papierwinkel.</p>', ref),
  ];
}

export function cmsBlocks(ref: Date): CmsBlock[] {
  const block = (id: number, identifier: string, title: string, content: string): CmsBlock => ({
    id, identifier, title, content, active: true, store_id: 1, creation_time: magentoDate(addDays(ref, -400)), update_time: magentoDate(addDays(ref, -10)),
  });
  return [
    block(1, 'header-block', 'Header', '<p class="usp">Vóór 16:00 besteld, vandaag verzonden &middot; 30 dagen gratis retour &middot; 10% korting met de nieuwsbrief</p>'),
    block(2, 'copyright-block', 'Copyright', '<p>&copy; 2026 Papierwinkel B.V. &middot; KvK 12345678 &middot; Alle prijzen zijn inclusief btw.</p>'),
    block(3, 'footer-usp', 'Voordelen', '<ul><li>Gratis retour binnen 30 dagen</li><li>Snel geleverd met DPD</li><li>Veilig betalen met iDEAL</li></ul>'),
  ];
}

export function makeReviews(rng: Rng, products: Product[], ref: Date): Review[] {
  const out: Review[] = [];
  let id = 1;
  for (const p of products) {
    if (p.visibility === 1 || !rng.chance(0.3)) continue;
    const count = rng.int(1, 4);
    for (let i = 0; i < count; i++) {
      const value = rng.int(3, 5);
      out.push({
        id: id++, product_id: Number(p.id), title: rng.pick(REVIEW_TITLES), detail: rng.pick(REVIEW_DETAILS), nickname: rng.pick(NICKNAMES),
        review_entity: 'product', review_status: 1, customer_id: null, created_at: magentoDate(addDays(ref, -rng.int(1, 300))),
        ratings: [{ title: 'Kwaliteit', percent: value * 20, value }],
      });
    }
  }
  return out;
}

export function taxRules() {
  return [{
    id: 2, code: 'BTW hoog', priority: 0, position: 0, calculate_subtotal: false,
    customer_tax_class_ids: [3], product_tax_class_ids: [2], tax_rate_ids: [3, 4],
    rates: [
      { id: 3, tax_country_id: 'NL', tax_region_id: 0, tax_postcode: '*', rate: 21, code: 'NL-21' },
      { id: 4, tax_country_id: 'BE', tax_region_id: 0, tax_postcode: '*', rate: 21, code: 'BE-21' },
    ],
  }];
}
