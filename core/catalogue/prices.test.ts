import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import {
  bundleProductPrice,
  customOptionsPrice,
  formatPrice,
  groupedProductPrice,
  isSpecialPriceActive,
  priceDisplay,
  priceInclTax,
  productPrice,
  productPriceWithOptions,
} from './prices';
import type { Product } from './types';

const config = DEFAULT_CONFIG;
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 5, 1);
const iso = (t: number) => new Date(t).toISOString();

describe('isSpecialPriceActive', () => {
  it('a special price outside its window never applies, inside it always does // spec catalogue §3.1', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -30, max: 30 })),
        fc.option(fc.integer({ min: -30, max: 30 })),
        fc.integer({ min: -40 * DAY, max: 40 * DAY }),
        fc.integer({ min: 1, max: 100 }),
        (fromDay, toDay, offset, special) => {
          const now = T0 + offset;
          const p = {
            price: 200,
            special_price: special,
            special_from_date: fromDay === null ? null : iso(T0 + fromDay * DAY),
            special_to_date: toDay === null ? null : iso(T0 + toDay * DAY),
          };
          const inside = (fromDay === null || now >= T0 + fromDay * DAY) && (toDay === null || now < T0 + toDay * DAY);
          expect(isSpecialPriceActive(p, now, config)).toBe(inside);
          const price = productPrice(p, now, config, { inclTax: false });
          expect(price.final).toBe(inside ? special : 200);
          expect(price.special !== undefined).toBe(inside);
        },
      ),
    );
  });

  it("reads Magento dates 'YYYY-MM-DD HH:mm:ss'; unreadable dates make the special inactive // spec catalogue §3.1", () => {
    expect(isSpecialPriceActive({ special_price: 5, special_from_date: '2025-05-01 00:00:00', special_to_date: '2025-07-01' }, T0, config)).toBe(true);
    expect(isSpecialPriceActive({ special_price: 5, special_from_date: 'gisteren' }, T0, config)).toBe(false);
    expect(isSpecialPriceActive({ special_price: null }, T0, config)).toBe(false);
  });
});

// spec catalogue §3.1 (special-price window): dates are whole days of the store view's time zone
describe('special-price window in the store view\'s time zone (Europe/Amsterdam)', () => {
  it('isSpecialPriceActive and productPrice are one rule: at 2026-05-31T22:30Z a sale from 1 June is on in both', () => {
    const june = sale('2026-06-01', '2026-06-30');
    const at = Date.UTC(2026, 4, 31, 22, 30);
    expect(isSpecialPriceActive(june, at, config)).toBe(true);
    expect(productPrice(june, at, config, { inclTax: false })).toEqual({ regular: 20, special: 15, final: 15 });
  });
  it('property: the special price shows exactly when isSpecialPriceActive says so, for any dates, instants and zone', () => {
    const dateText = fc.oneof(fc.integer({ min: 0, max: 800 }).map((d) => new Date(Date.UTC(2025, 0, 1) + d * DAY).toISOString().slice(0, 10)), fc.integer({ min: 0, max: 800 * 24 }).map((h) => iso(Date.UTC(2025, 0, 1) + h * 3_600_000)));
    fc.assert(
      fc.property(fc.option(dateText, { nil: undefined }), fc.option(dateText, { nil: undefined }), fc.integer({ min: 0, max: 800 * DAY }), fc.constantFrom('Europe/Amsterdam', 'UTC'), (from, to, offset, timeZone) => {
        const zoned = { ...config, i18n: { ...config.i18n, timeZone } };
        const now = Date.UTC(2025, 0, 1) + offset;
        expect(productPrice(sale(from, to), now, zoned).special !== undefined).toBe(isSpecialPriceActive(sale(from, to), now, zoned));
      }),
    );
  });
  const AMS = config.i18n.timeZone;
  const sale = (from?: string, to?: string) => ({ price: 20, special_price: 15, special_from_date: from ?? null, special_to_date: to ?? null });
  it('is the configured zone', () => expect(AMS).toBe('Europe/Amsterdam'));
  it("'until 30 June' lasts through 30 June 23:59:59.999 in Amsterdam (summer time, UTC+2)", () => {
    const p = sale(undefined, '2026-06-30');
    expect(isSpecialPriceActive(p, Date.UTC(2026, 5, 30, 10), config)).toBe(true); // 12:00 Amsterdam
    expect(isSpecialPriceActive(p, Date.UTC(2026, 5, 30, 21, 59, 59, 999), config)).toBe(true); // 23:59:59.999
    expect(isSpecialPriceActive(p, Date.UTC(2026, 5, 30, 22), config)).toBe(false); // 1 July 00:00
    expect(productPrice(p, Date.UTC(2026, 5, 30, 10), config, { inclTax: false }).final).toBe(15);
    // Magento's own form of the same date
    expect(isSpecialPriceActive(sale(undefined, '2026-06-30 00:00:00'), Date.UTC(2026, 5, 30, 21, 59, 59, 999), config)).toBe(true);
  });
  it("'from 1 June' starts at 1 June 00:00 Amsterdam time, not at 02:00", () => {
    const p = sale('2026-06-01');
    expect(isSpecialPriceActive(p, Date.UTC(2026, 4, 31, 21, 59, 59, 999), config)).toBe(false);
    expect(isSpecialPriceActive(p, Date.UTC(2026, 4, 31, 22), config)).toBe(true);
  });
  it('in winter the day is UTC+1', () => {
    const p = sale('2026-01-10', '2026-01-10');
    expect(isSpecialPriceActive(p, Date.UTC(2026, 0, 9, 22, 59, 59, 999), config)).toBe(false);
    expect(isSpecialPriceActive(p, Date.UTC(2026, 0, 9, 23), config)).toBe(true);
    expect(isSpecialPriceActive(p, Date.UTC(2026, 0, 10, 22, 59, 59, 999), config)).toBe(true);
    expect(isSpecialPriceActive(p, Date.UTC(2026, 0, 10, 23), config)).toBe(false);
  });
  it('on the DST change days: 29 March 2026 has 23 hours, 25 October 2026 has 25', () => {
    const spring = sale('2026-03-29', '2026-03-29');
    expect(isSpecialPriceActive(spring, Date.UTC(2026, 2, 28, 22, 59, 59, 999), config)).toBe(false);
    expect(isSpecialPriceActive(spring, Date.UTC(2026, 2, 28, 23), config)).toBe(true); // 00:00 CET
    expect(isSpecialPriceActive(spring, Date.UTC(2026, 2, 29, 21, 59, 59, 999), config)).toBe(true); // 23:59:59.999 CEST
    expect(isSpecialPriceActive(spring, Date.UTC(2026, 2, 29, 22), config)).toBe(false);
    const autumn = sale('2026-10-25', '2026-10-25');
    expect(isSpecialPriceActive(autumn, Date.UTC(2026, 9, 24, 21, 59, 59, 999), config)).toBe(false);
    expect(isSpecialPriceActive(autumn, Date.UTC(2026, 9, 24, 22), config)).toBe(true); // 00:00 CEST
    expect(isSpecialPriceActive(autumn, Date.UTC(2026, 9, 25, 22, 59, 59, 999), config)).toBe(true); // 23:59:59.999 CET
    expect(isSpecialPriceActive(autumn, Date.UTC(2026, 9, 25, 23), config)).toBe(false);
  });
  it('property: a one-day window is active exactly during that local day, whatever the day (2000-2037)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1) / DAY, max: Date.UTC(2037, 11, 30) / DAY }), fc.integer({ min: -3 * 3_600_000, max: 27 * 3_600_000 }), (dayNumber, sinceUtcMidnight) => {
        const day = new Date(dayNumber * DAY).toISOString().slice(0, 10);
        const now = dayNumber * DAY + sinceUtcMidnight;
        // the local calendar day of `now` in Amsterdam, by the zone table
        const local = new Date(now + (isSummer(now) ? 2 : 1) * 3_600_000).toISOString().slice(0, 10);
        expect(isSpecialPriceActive(sale(day, day), now, config)).toBe(local === day);
      }),
    );
  });
});

/** EU summer time, written independently of time-zone.ts: last Sunday of March 01:00 UTC to last Sunday of October 01:00 UTC. */
function isSummer(t: number): boolean {
  const y = new Date(t).getUTCFullYear();
  const lastSunday = (m: number) => {
    const d = new Date(Date.UTC(y, m + 1, 0));
    return Date.UTC(y, m, d.getUTCDate() - d.getUTCDay(), 1);
  };
  return t >= lastSunday(2) && t < lastSunday(9);
}

describe('productPrice', () => {
  it('shows prices incl. or excl. tax; incl. tax is computed at 21% when the field is absent // spec catalogue §3.1', () => {
    expect(productPrice({ price: 10 }, T0, config)).toEqual({ regular: 12.1, final: 12.1 });
    expect(productPrice({ price: 10 }, T0, config, { inclTax: false })).toEqual({ regular: 10, final: 10 });
    expect(productPrice({ price: 10, price_incl_tax: 12.5, special_price: 8, special_price_incl_tax: 9.68 }, T0, config)).toEqual({ regular: 12.5, special: 9.68, final: 9.68 });
    expect(priceInclTax(4, config)).toBe(4.84);
  });
  it('final price never exceeds the regular price // spec catalogue §3.1', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10000 }), fc.option(fc.integer({ min: 0, max: 10000 })), fc.boolean(), (p, s, incl) => {
      const r = productPrice({ price: p / 100, special_price: s === null ? null : s / 100 }, T0, config, { inclTax: incl });
      expect(r.final).toBeLessThanOrEqual(r.regular);
    }));
  });
});

const part = (sku: string, price: number, qty?: number): Product => ({ id: sku, sku, name: sku, type_id: 'simple', price, ...(qty !== undefined ? { qty } : {}) });

describe('groupedProductPrice and bundleProductPrice', () => {
  it('a grouped product costs the sum of its parts (times their qty) // spec catalogue §3.1', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 4 })), { maxLength: 5 }), (parts) => {
      const grouped: Product = {
        id: 1, sku: 'G', name: 'G', type_id: 'grouped',
        product_links: parts.map(([cents, qty], i) => ({ link_type: 'associated', linked_product_type: 'simple', linked_product_sku: `s${i}`, sku: 'G', product: part(`s${i}`, cents / 100, qty) })),
      };
      const expected = parts.reduce((s, [cents, qty]) => s + (cents / 100) * qty, 0);
      expect(groupedProductPrice(grouped, T0, config, { inclTax: false }).final).toBeCloseTo(expected, 2);
    }));
  });

  it('a bundle sums only the default links (is_default, else the first) times qty; negative qty counts as 1 // spec catalogue §3.1, §4.4', () => {
    const bundle: Product = {
      id: 2, sku: 'B', name: 'Kerstpakket', type_id: 'bundle',
      bundle_options: [
        { option_id: 1, product_links: [{ id: 1, sku: 'a', qty: 2, is_default: false, product: part('a', 3) }, { id: 2, sku: 'b', qty: 3, is_default: true, product: part('b', 5) }] },
        { option_id: 2, product_links: [{ id: 3, sku: 'c', qty: 1, is_default: false, product: part('c', 7) }, { id: 4, sku: 'd', qty: 1, is_default: false, product: part('d', 100) }] },
        { option_id: 3, product_links: [{ id: 5, sku: 'e', qty: -4, is_default: true, price: 2 }] },
      ],
    };
    expect(bundleProductPrice(bundle, T0, config, { inclTax: false }).final).toBe(5 * 3 + 7 + 2);
  });
});

describe('custom option prices', () => {
  it('only option_type_id above 0 counts; fixed adds the price, percent a share of the base // spec catalogue §4.4', () => {
    expect(customOptionsPrice([
      { option_id: 1, option_type_id: 3, price_type: 'fixed', price: 2.5 },
      { option_id: 2, option_type_id: 4, price_type: 'percent', price: 10 },
      { option_id: 3, option_type_id: 0, price_type: 'fixed', price: 99 },
    ], 20, config)).toBe(4.5);
    const p: Product = {
      id: 1, sku: 'K', name: 'Kaart', type_id: 'simple', price: 10,
      custom_options: [{ option_id: 7, title: 'Inpakken', type: 'drop_down', values: [{ option_id: 7, option_type_id: 21, price_type: 'fixed', price: 1.5 }] }],
      product_option: { extension_attributes: { custom_options: [{ option_id: 7, option_value: '21' }], configurable_item_options: [], bundle_options: [] } },
    };
    expect(productPriceWithOptions(p, T0, config, { inclTax: false }).final).toBe(11.5);
  });
});

describe('formatPrice', () => {
  it("formats EUR with 2 decimals per locale: nl-NL '€ 12,50', en-US '€12.50'; negatives prefixed '-' // spec catalogue §9", () => {
    expect(formatPrice(12.5, 'nl-NL', config)).toBe('€\u00a012,50');
    expect(formatPrice(12.5, 'en-US', config)).toBe('€12.50');
    expect(formatPrice(-3, 'en-US', config)).toBe('-€3.00');
    expect(formatPrice(-3, 'nl-NL', config)).toBe('-€\u00a03,00');
    expect(formatPrice(1234.5, 'nl-NL', config)).toBe('€\u00a01.234,50');
  });
  it('a negative amount is the positive one prefixed with "-" (and -0 has no sign) // spec catalogue §9', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom('nl-NL' as const, 'en-US' as const), (cents, locale) => {
      expect(formatPrice(-cents / 100, locale, config)).toBe('-' + formatPrice(cents / 100, locale, config));
    }));
    expect(formatPrice(-0, 'en-US', config)).toBe('€0.00');
  });
  it('price display holds a regular and a special string // spec catalogue §3.1', () => {
    expect(priceDisplay({ id: 1, sku: 's', name: 'n', type_id: 'simple', price: 10, special_price: 8 }, T0, 'en-US', config, { inclTax: false })).toEqual({ regular: '€10.00', special: '€8.00' });
  });
});
