/**
 * the demo backend reads special-price dates as the storefront does: whole days of the store view's time
 * zone (Europe/Amsterdam), the end date inclusive through 23:59:59.999 there. Boundaries in summer and winter time,
 * a property against core's rule, and the cart's totals at the boundaries.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../core/config';
import { isSpecialPriceActive } from '../../core/catalogue/prices';
import { generateCatalogue } from '../catalogue/index';
import { STORE_TIME_ZONE, specialWindowOpen, wallClock } from './special-price';
import { startTestBackend, type TestBackend } from './test-helpers';

const at = (iso: string) => new Date(iso);

// spec catalogue §3.1: a special price counts only inside its special_from_date / special_to_date window
describe('special-price window in the store view\'s time zone', () => {
  it('is the storefront\'s zone', () => {
    expect(STORE_TIME_ZONE).toBe(DEFAULT_CONFIG.i18n.timeZone);
  });

  it('a to-day lasts through the end of that day in Amsterdam (summer: UTC+2, winter: UTC+1)', () => {
    expect(specialWindowOpen(null, '2026-06-30', at('2026-06-30T12:00:00Z'))).toBe(true);
    expect(specialWindowOpen(null, '2026-06-30', at('2026-06-30T21:59:59.999Z'))).toBe(true);
    expect(specialWindowOpen(null, '2026-06-30', at('2026-06-30T22:00:00Z'))).toBe(false);
    expect(specialWindowOpen(null, '2026-06-30 00:00:00', at('2026-06-30T21:59:59Z'))).toBe(true);
    expect(specialWindowOpen(null, '2026-12-31', at('2026-12-31T22:59:59.999Z'))).toBe(true);
    expect(specialWindowOpen(null, '2026-12-31', at('2026-12-31T23:00:00Z'))).toBe(false);
  });

  it('a from-day starts at 00:00 in Amsterdam, not at 02:00', () => {
    expect(specialWindowOpen('2026-06-01', null, at('2026-05-31T21:59:59.999Z'))).toBe(false);
    expect(specialWindowOpen('2026-06-01', null, at('2026-05-31T22:00:00Z'))).toBe(true);
    expect(specialWindowOpen('2026-06-01 00:00:00', null, at('2026-05-31T22:00:00Z'))).toBe(true);
    expect(specialWindowOpen('2026-01-10', null, at('2026-01-09T22:59:59Z'))).toBe(false);
    expect(specialWindowOpen('2026-01-10', null, at('2026-01-09T23:00:00Z'))).toBe(true);
  });

  it('a time of day is Amsterdam wall-clock time; a zoned ISO stamp is that instant; an unreadable date closes the window', () => {
    expect(specialWindowOpen('2026-06-01 09:30:00', null, at('2026-06-01T07:29:59Z'))).toBe(false);
    expect(specialWindowOpen('2026-06-01 09:30:00', null, at('2026-06-01T07:30:00Z'))).toBe(true);
    expect(specialWindowOpen(null, '2026-06-01T12:00:00Z', at('2026-06-01T11:59:59Z'))).toBe(true);
    expect(specialWindowOpen(null, '2026-06-01T12:00:00Z', at('2026-06-01T12:00:00Z'))).toBe(false);
    expect(specialWindowOpen('gisteren', null, at('2026-06-01T12:00:00Z'))).toBe(false);
    expect(specialWindowOpen(null, '2026-13-01', at('2026-06-01T12:00:00Z'))).toBe(false);
    expect(wallClock(at('2026-03-29T01:00:00Z'))).toBe('2026-03-29 03:00:00.000');
  });

  it('agrees with the storefront\'s rule (core isSpecialPriceActive) on any dates and instants (property)', () => {
    const day = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    const stamp = fc.oneof(day, day.map((d) => `${d} 00:00:00`), fc.tuple(day, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([d, h, m]) => `${d} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`));
    const instant = fc.date({ min: new Date('2024-12-30T00:00:00Z'), max: new Date('2029-01-02T00:00:00Z'), noInvalidDate: true });
    fc.assert(fc.property(fc.option(stamp, { nil: null }), fc.option(stamp, { nil: null }), instant, (from, to, now) => {
      // skip the hour the clocks go back (a wall-clock time there names two instants)
      fc.pre(!/^\d{4}-10-(2[5-9]|3[01]) 02:/.test(wallClock(now)));
      const core = isSpecialPriceActive({ special_price: 1, special_from_date: from, special_to_date: to }, now.getTime(), DEFAULT_CONFIG);
      expect(specialWindowOpen(from, to, now)).toBe(core);
    }), { numRuns: 2000 });
  });
});

// spec catalogue §3.1, spec transactions §3 "Totals": the cart's prices follow the same window
describe('the cart prices at the window\'s boundaries', () => {
  let be: TestBackend;
  const cat = generateCatalogue();
  const sale = cat.products.find((p) => p.type_id === 'simple' && p.status === 1 && p.special_price_incl_tax != null && p.special_to_date && p.special_from_date && Number(p.stock?.qty) > 5 && p.stock?.is_in_stock)!;
  const day = (s: string) => s.slice(0, 10);
  beforeAll(async () => {
    be = await startTestBackend();
  });
  afterAll(async () => be.close());

  const priceAt = async (iso: string) => {
    be.clock.now = new Date(iso);
    const cartId = (await be.call('POST', '/api/cart/create')).json.result;
    const res = await be.call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: sale.sku, qty: 1 } });
    expect(res.status).toBe(200);
    const totals = (await be.call('GET', `/api/cart/totals?cartId=${cartId}`)).json.result;
    const list = (await be.call('GET', `/api/product/render-list?skus=${encodeURIComponent(sale.sku)}`)).json.result.items[0].price_info.extension_attributes.tax_adjustments.final_price;
    expect(totals.subtotal_incl_tax).toBe(res.json.result.price);
    expect(list).toBe(res.json.result.price);
    return res.json.result.price as number;
  };
  /** the instant of 00:00 in Amsterdam on a day, plus ms */
  const amsterdamMidnight = (d: string, plusMs = 0) => {
    const guess = new Date(`${d}T00:00:00Z`).getTime();
    for (const offset of [1, 2]) {
      const t = guess - offset * 3_600_000;
      if (wallClock(new Date(t)).startsWith(`${d} 00:00:00`)) return new Date(t + plusMs).toISOString();
    }
    throw new Error('no midnight');
  };
  const next = (d: string) => new Date(new Date(`${d}T12:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

  it('the special price counts from 00:00 of its first day through 23:59:59.999 of its last, Amsterdam time', async () => {
    expect(sale).toBeDefined();
    const [from, to] = [day(sale.special_from_date as string), day(sale.special_to_date as string)];
    const [regular, special] = [Number(sale.price_incl_tax), Number(sale.special_price_incl_tax)];
    expect(await priceAt(amsterdamMidnight(from, -1))).toBe(regular);
    expect(await priceAt(amsterdamMidnight(from))).toBe(special);
    expect(await priceAt(amsterdamMidnight(next(to), -1))).toBe(special);
    expect(await priceAt(amsterdamMidnight(next(to)))).toBe(regular);
  });
});
