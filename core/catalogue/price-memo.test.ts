/**
 * What the price rules keep changes no answer: every rule over many inputs answers the same
 * with what was kept before and with nothing kept (forgetPriceMemos), also right at the special-price window's
 * bounds, across summer-time changes and once more inputs than are kept have been seen.
 * Spec catalogue §3.1 (special-price window, read in the store view's time zone), §9 (price format).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG, createConfig, type ShopConfig } from '../config';
import { BOUNDS_KEPT, PRICES_KEPT, formatPrice, forgetPriceMemos, isSpecialPriceActive, priceDisplay, productPrice, specialDateBound } from './prices';
import { ZONE_RULES } from './time-zone';
import type { Product } from './types';

const config = DEFAULT_CONFIG;
const ZONES = Object.keys(ZONE_RULES);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** the date texts a catalogue holds: days, Magento's day form, times of day, ISO stamps with a zone, and junk */
const dateText = fc.oneof(
  fc.tuple(fc.integer({ min: 1990, max: 2040 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
  fc.tuple(fc.integer({ min: 1990, max: 2040 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })).map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)} 00:00:00`),
  fc
    .tuple(fc.integer({ min: 1990, max: 2040 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom(' ', 'T'))
    .map(([y, m, d, h, mi, s, ms, sep]) => `${y}-${pad(m)}-${pad(d)}${sep}${pad(h)}:${pad(mi)}:${pad(s)}.${pad(ms, 3)}`),
  fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }).map((t) => new Date(t).toISOString()),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(' 2026-03-29 ', '2026-10-25 02:30:00', '2026-03-29 02:30', 'gisteren', ''),
);
const side = fc.constantFrom('from' as const, 'to' as const);
const zone = fc.constantFrom(...ZONES);

/** the answer with nothing kept; the memo then holds it */
function fresh<T>(f: () => T): T {
  forgetPriceMemos();
  return f();
}

/**
 * every ask answered with what the asks before it kept, then afresh (nothing kept), then from what that kept: the
 * same answer all three times
 */
function sameWarmAndCold<A>(asks: readonly A[], answer: (ask: A) => unknown): void {
  const warm = asks.map(answer);
  asks.forEach((ask, i) => {
    expect(fresh(() => answer(ask))).toEqual(warm[i]);
    expect(answer(ask)).toEqual(warm[i]);
  });
}

describe('special-price bounds kept per date text, zone and side', () => {
  it('property: the bound of a text is the same whether it was kept, read afresh or read again', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(dateText, zone, side), { minLength: 1, maxLength: 30 }), (asks) => sameWarmAndCold(asks, ([v, z, s]) => specialDateBound(v, z, s))),
      { numRuns: 300 },
    );
  });

  it('a whole day is read the same for both sides only at its start, and the sides stay apart when kept', () => {
    forgetPriceMemos();
    const to = specialDateBound('2026-06-30', 'Europe/Amsterdam', 'to');
    const from = specialDateBound('2026-06-30', 'Europe/Amsterdam', 'from');
    expect([from, to]).toEqual([Date.UTC(2026, 5, 29, 22), Date.UTC(2026, 5, 30, 22)]);
    expect(specialDateBound('2026-06-30', 'UTC', 'from')).toBe(Date.UTC(2026, 5, 30));
    expect(specialDateBound('2026-06-30', 'Europe/London', 'from')).toBe(Date.UTC(2026, 5, 29, 23));
    expect(() => specialDateBound('2026-06-30', 'Mars/Olympus', 'from')).toThrow(/Unknown time zone/);
    expect(() => specialDateBound('2026-06-30', 'Mars/Olympus', 'from')).toThrow(/Unknown time zone/);
  });

  it(`still answers right once more than ${BOUNDS_KEPT} texts were read (the memo starts afresh)`, () => {
    forgetPriceMemos();
    const days = Array.from({ length: BOUNDS_KEPT * 2 + 7 }, (_, i) => new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    const first = days.map((d) => specialDateBound(d, 'Europe/Amsterdam', 'from'));
    days.forEach((d, i) => expect(fresh(() => specialDateBound(d, 'Europe/Amsterdam', 'from'))).toBe(first[i]));
    days.forEach((d, i) => expect(specialDateBound(d, 'Europe/Amsterdam', 'from')).toBe(first[i]));
  });
});

/** a product on sale from one date text to another */
const sale = (from: string | null, to: string | null, special = 15): Product => ({ id: 1, sku: 'S', name: 'S', type_id: 'simple', price: 20, special_price: special, special_from_date: from, special_to_date: to });

describe('the special-price window with bounds kept // spec catalogue §3.1', () => {
  it('property: right at and around each bound, active (and the price shown) as with nothing kept', () => {
    fc.assert(
      fc.property(fc.option(dateText), fc.option(dateText), zone, fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 1, maxLength: 4 }), (from, to, z, steps) => {
        const p = sale(from, to);
        const zoned = { ...config, i18n: { ...config.i18n, timeZone: z } };
        // the instants that matter: each readable bound and the ms around it
        const bounds = [from && fresh(() => specialDateBound(from, z, 'from')), to && fresh(() => specialDateBound(to, z, 'to'))].filter((b): b is number => typeof b === 'number' && Number.isFinite(b));
        const instants = bounds.flatMap((b) => steps.map((s) => b + s));
        if (!instants.length) instants.push(Date.UTC(2026, 5, 1));
        for (const now of instants) {
          const active = fresh(() => isSpecialPriceActive(p, now, zoned));
          const shown = fresh(() => priceDisplay(p, now, 'nl-NL', zoned));
          const price = fresh(() => productPrice(p, now, zoned));
          // warm: the memo holds both bounds now
          expect(isSpecialPriceActive(p, now, zoned)).toBe(active);
          expect(priceDisplay(p, now, 'nl-NL', zoned)).toEqual(shown);
          expect(productPrice(p, now, zoned)).toEqual(price);
          // and the window's rule itself: active from the from-bound (inclusive) until the to-bound (exclusive); an
          // absent (or empty) bound is open
          const f = from ? specialDateBound(from, z, 'from') : -Infinity;
          const t = to ? specialDateBound(to, z, 'to') : Infinity;
          expect(active).toBe(!Number.isNaN(f) && !Number.isNaN(t) && now >= f && now < t);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the last ms of a sale ending on the summer-time change days, and the first ms after it', () => {
    for (const [day, lastMs] of [
      ['2026-03-29', Date.UTC(2026, 2, 29, 22) - 1],
      ['2026-10-25', Date.UTC(2026, 9, 25, 23) - 1],
    ] as const) {
      const p = sale(null, day);
      for (let i = 0; i < 3; i++) {
        expect(isSpecialPriceActive(p, lastMs, config)).toBe(true);
        expect(isSpecialPriceActive(p, lastMs + 1, config)).toBe(false);
      }
    }
  });
});

/** the money settings a store view may have (spec catalogue §9: the price format template, digits, sign) */
const moneyConfig = fc
  .record({
    fractionDigits: fc.integer({ min: 0, max: 3 }),
    currencySign: fc.constantFrom('€', 'EUR ', '$'),
    priceFormatTemplate: fc.constantFrom('{sign}{amount}', '{amount}{sign}', 'vanaf {sign}{amount}', '{sign}{sign}{amount}'),
    currencyCode: fc.constantFrom('EUR', 'USD', 'not a code'),
  })
  .map((i18n) => createConfig({ i18n } as never));
const amount = fc.oneof(
  fc.integer({ min: -100_000, max: 100_000 }).map((c) => c / 100),
  fc.double({ min: -1e6, max: 1e6, noNaN: false }),
  fc.constantFrom(0, -0, -0.001, -0.004, -0.005, 0.005, 1.005, 2.675, -2.675, 1e21, Number.NaN, Infinity, -Infinity),
);

describe('formatted prices kept per locale, money settings and amount // spec catalogue §9', () => {
  it('property: the text of an amount is the same kept, formatted afresh or again, whatever the settings', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, fc.constantFrom('nl-NL' as const, 'en-US' as const), fc.oneof(fc.constant(config), moneyConfig)), { minLength: 1, maxLength: 20 }), (asks) =>
        sameWarmAndCold(asks, ([a, l, c]) => formatPrice(a, l, c)),
      ),
      { numRuns: 300 },
    );
  });

  it('one amount in other settings is formatted for them, not as kept for the others', () => {
    forgetPriceMemos();
    const nl = formatPrice(-12.5, 'nl-NL', config);
    const en = formatPrice(-12.5, 'en-US', config);
    const after = formatPrice(-12.5, 'nl-NL', createConfig({ i18n: { priceFormatTemplate: '{amount}{sign}' } }));
    const whole = formatPrice(-12.5, 'nl-NL', createConfig({ i18n: { fractionDigits: 0 } }));
    expect([nl, en, after, whole]).toEqual(['-€\u00a012,50', '-€12.50', '€\u00a012,50-', '-€\u00a013']);
    // -0 and amounts that round to 0 carry no sign, kept or not
    expect([formatPrice(-0, 'nl-NL', config), formatPrice(-0.004, 'nl-NL', config), formatPrice(0, 'nl-NL', config)]).toEqual(['€\u00a00,00', '€\u00a00,00', '€\u00a00,00']);
  });

  it(`still answers right once more than ${PRICES_KEPT} amounts were formatted (the memo starts afresh)`, () => {
    forgetPriceMemos();
    const amounts = Array.from({ length: PRICES_KEPT * 2 + 3 }, (_, i) => i / 100 - 10);
    const first = amounts.map((a) => formatPrice(a, 'nl-NL', config));
    amounts.forEach((a, i) => expect(fresh(() => formatPrice(a, 'nl-NL', config))).toBe(first[i]));
  });

  it('property: priceDisplay of products on sale is the same warm and cold', () => {
    const product = fc.record({ price: fc.integer({ min: 0, max: 50_000 }), special: fc.option(fc.integer({ min: 0, max: 50_000 })), from: fc.option(dateText), to: fc.option(dateText) }).map(
      ({ price, special, from, to }): Product => ({ id: 1, sku: 'P', name: 'P', type_id: 'simple', price: price / 100, special_price: special === null ? null : special / 100, special_from_date: from, special_to_date: to }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(product, fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2032, 0, 1) }), moneyConfig), { minLength: 1, maxLength: 10 }), (asks) =>
        sameWarmAndCold(asks, ([p, now, c]) => priceDisplay(p, now, 'nl-NL', c as ShopConfig)),
      ),
      { numRuns: 200 },
    );
  });
});
