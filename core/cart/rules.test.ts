import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '../catalogue/types';
import { createConfig, DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import { cartItemArb, clientCartArb, configurableOption } from '../../test-fixtures/arbitraries/cart';
import { addCartItem, addToCart, needsConfiguration, priceUnknown, productToCartItems, removeCartItem, updateCartItemQty } from './add';
import { cartNeedsSync, cartItemsHash } from './hash';
import { cartItemIdentity, normalizeQty } from './identity';
import { minicartCount } from './minicart';
import { applyStockResult, revertFailedServerUpdate } from './server-results';
import { cartTotals, lineRowTotal, offlineTotals, platformTotalsFit, segmentValue } from './totals';
import type { PlatformTotals } from './types';
import type { CartItem } from './types';

const product = (over: Partial<Product> = {}): Product => ({ id: 1, sku: 'WRAP-RED', name: 'Wrap red', type_id: 'simple', price_incl_tax: 4.95, ...over });
const confOpt = configurableOption;

describe('cartItemIdentity', () => {
  // spec transactions §4 "Adding": same identity → qty increases; another configuration is another line
  it('depends on sku and options, not on option order, qty or server fields', () => {
    const a = { sku: 'W', product_option: confOpt(1, 2) };
    const reordered = {
      sku: 'W',
      product_option: { extension_attributes: { ...confOpt(1, 2).extension_attributes, configurable_item_options: [...confOpt(1, 2).extension_attributes.configurable_item_options].reverse() } },
    };
    expect(cartItemIdentity(a)).toBe(cartItemIdentity(reordered));
    expect(cartItemIdentity(a)).not.toBe(cartItemIdentity({ sku: 'W', product_option: confOpt(1, 3) }));
    expect(cartItemIdentity(a)).not.toBe(cartItemIdentity({ sku: 'W' }));
    const custom = (t: string) => ({ extension_attributes: { custom_options: [{ option_id: 7, option_value: t }], configurable_item_options: [], bundle_options: [] } });
    expect(cartItemIdentity({ sku: 'W', product_option: custom('x') })).not.toBe(cartItemIdentity({ sku: 'W', product_option: custom('y') }));
    const bundle = (sel: number[]) => ({ extension_attributes: { custom_options: [], configurable_item_options: [], bundle_options: [{ option_id: 1, option_qty: 1, option_selections: sel }] } });
    expect(cartItemIdentity({ sku: 'B', product_option: bundle([1, 2]) })).toBe(cartItemIdentity({ sku: 'B', product_option: bundle([2, 1]) }));
    expect(cartItemIdentity({ sku: 'B', product_option: bundle([1]) })).not.toBe(cartItemIdentity({ sku: 'B', product_option: bundle([2]) }));
  });

  // spec transactions §3: qty is text converted to a whole number; defaults to 1
  it('normalizeQty converts text and defaults to 1', () => {
    expect(normalizeQty('3')).toBe(3);
    expect(normalizeQty('abc')).toBe(1);
    expect(normalizeQty(undefined)).toBe(1);
    expect(normalizeQty(0)).toBe(1);
    expect(normalizeQty(2.7)).toBe(2);
  });
});

describe('add rules', () => {
  // spec transactions §4 "Adding"
  it('property: adding a line increases the qty of the same identity, else appends; lines stay unique', () => {
    fc.assert(
      fc.property(clientCartArb, cartItemArb, (items, item) => {
        const before = items.find((i) => cartItemIdentity(i) === cartItemIdentity(item));
        const r = addCartItem(items, item);
        const ids = r.items.map(cartItemIdentity);
        expect(new Set(ids).size).toBe(ids.length);
        if (before) {
          expect(r.items).toHaveLength(items.length);
          expect(r.line.qty).toBe(before.qty + item.qty);
          expect(r.line.prev_qty).toBe(before.qty);
        } else {
          expect(r.items).toHaveLength(items.length + 1);
          expect(r.items[r.items.length - 1]?.qty).toBe(item.qty);
        }
      }),
    );
  });

  // spec transactions §4 "Cart changes": grouped products add their children as separate lines
  it('a grouped product adds its associated children as separate lines', () => {
    const grouped = product({
      sku: 'SET',
      type_id: 'grouped',
      product_links: [
        { link_type: 'associated', linked_product_type: 'simple', linked_product_sku: 'A', sku: 'SET', qty: 2, product: product({ sku: 'A' }) },
        { link_type: 'associated', linked_product_type: 'simple', linked_product_sku: 'B', sku: 'SET', qty: 0, product: product({ sku: 'B' }) },
        { link_type: 'related', linked_product_type: 'simple', linked_product_sku: 'C', sku: 'SET', product: product({ sku: 'C' }) },
      ],
    });
    const parts = productToCartItems(grouped);
    expect(parts.map((p) => [p.item.sku, p.item.qty])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
  });

  // spec transactions §4 "Adding", §8: ok / volatile / out_of_stock and their notices
  it('stock status: ok added, volatile added with warning unless out-of-stock allowed, out_of_stock refused', () => {
    const p = product();
    const item = productToCartItems(p)[0]!.item;
    const ok = addToCart([], [{ product: p, item, stock: 'ok' }], DEFAULT_CONFIG);
    expect(ok.items).toHaveLength(1);
    expect(ok.notices).toEqual([{ type: 'success', key: MESSAGES.productAdded, sku: 'WRAP-RED' }]);
    const strict = createConfig({ cart: { allowOutOfStockInCart: false } });
    const volatile = addToCart([], [{ product: p, item, stock: 'volatile' }], strict);
    expect(volatile.items).toHaveLength(1);
    expect(volatile.notices.map((n) => n.key)).toEqual([MESSAGES.volatileStock, MESSAGES.productAdded]);
    const volatileAllowed = addToCart([], [{ product: p, item, stock: 'volatile' }], DEFAULT_CONFIG);
    expect(volatileAllowed.notices.map((n) => n.key)).toEqual([MESSAGES.productAdded]);
    const out = addToCart([], [{ product: p, item, stock: 'out_of_stock' }], DEFAULT_CONFIG);
    expect(out.items).toHaveLength(0);
    expect(out.notices).toEqual([{ type: 'error', key: MESSAGES.outOfStockCannotAdd, sku: 'WRAP-RED' }]);
    const again = addToCart(ok.items, [{ product: p, item, stock: 'ok' }], DEFAULT_CONFIG);
    expect(again.notices.map((n) => n.key)).toEqual([MESSAGES.qtyUpdated]);
    expect(again.items[0]?.qty).toBe(2);
  });

  // spec transactions §4 "Adding": product errors are shown as error notifications before adding
  it('a product with errors is not added and its errors become notices', () => {
    const p = product({ errors: { variants: MESSAGES.noSuchConfiguration } });
    const r = addToCart([], [{ product: p, item: productToCartItems(p)[0]!.item, stock: 'ok' }], DEFAULT_CONFIG);
    expect(r.items).toHaveLength(0);
    expect(r.notices).toEqual([{ type: 'error', key: MESSAGES.noSuchConfiguration, sku: 'WRAP-RED' }]);
  });

  // spec transactions §5: price below zero, or zero when zero prices are disallowed (here allowed)
  it('price-unknown rule', () => {
    expect(priceUnknown({ price_incl_tax: -0.01 }, DEFAULT_CONFIG)).toBe(true);
    expect(priceUnknown({ price_incl_tax: 0 }, DEFAULT_CONFIG)).toBe(false);
    expect(priceUnknown({ price_incl_tax: 0 }, createConfig({ catalogue: { allowZeroPriceProducts: false } }))).toBe(true);
    expect(priceUnknown({ price_incl_tax: 1 }, createConfig({ catalogue: { allowZeroPriceProducts: false } }))).toBe(false);
    expect(priceUnknown({}, DEFAULT_CONFIG)).toBe(true);
    const p = product({ price_incl_tax: -1 });
    const r = addToCart([], [{ product: p, item: productToCartItems(p)[0]!.item, stock: 'ok' }], DEFAULT_CONFIG);
    expect(r.items).toHaveLength(0);
    expect(r.notices[0]?.key).toBe(MESSAGES.priceUnknown);
  });

  // spec transactions §4 "Cart changes": update, delete
  it('update keeps prev_qty; delete removes only that identity', () => {
    const items: CartItem[] = [
      { sku: 'A', qty: 1 },
      { sku: 'A', qty: 2, product_option: confOpt(1, 1) },
    ];
    const up = updateCartItemQty(items, cartItemIdentity(items[1]!), '5');
    expect(up.map((i) => [i.qty, i.prev_qty])).toEqual([
      [1, undefined],
      [5, 2],
    ]);
    expect(removeCartItem(items, cartItemIdentity(items[0]!))).toEqual([items[1]]);
  });
});

// spec catalogue §4.2, transactions §4 "Adding": an unconfigured configurable parent is never added
describe('configurable parent without a chosen option', () => {
  it('whatever the cart, stock or price, it is refused with the spec\'s message and the cart stays as it was', () => {
    fc.assert(
      fc.property(clientCartArb, fc.constantFrom('ok', 'volatile', 'out_of_stock') as fc.Arbitrary<'ok' | 'volatile' | 'out_of_stock'>, fc.option(fc.double({ min: -5, max: 500, noNaN: true })), (cart, stock, price) => {
        const parent: Product = { id: 1, sku: 'CONF-1', name: 'C', type_id: 'configurable', ...(price === null ? {} : { price_incl_tax: price }) };
        const [part] = productToCartItems(parent, 1);
        const out = addToCart(cart, [{ product: part!.product, item: part!.item, stock }], DEFAULT_CONFIG);
        expect(out.items).toEqual(cart);
        expect(out.changed).toEqual([]);
        expect(out.notices).toEqual([{ type: 'error', key: MESSAGES.noSuchConfiguration, sku: 'CONF-1' }]);
      }),
    );
  });
  it('a configured child, a simple product or a bundle needs no configuration', () => {
    const options = { extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: 49 }], custom_options: [], bundle_options: [] } };
    expect(needsConfiguration({ sku: 'C', type_id: 'configurable' })).toBe(true);
    expect(needsConfiguration({ sku: 'C', parentSku: 'C', type_id: 'configurable' })).toBe(true);
    expect(needsConfiguration({ sku: 'C', type_id: 'configurable', product_option: options })).toBe(false);
    expect(needsConfiguration({ sku: 'C-red', parentSku: 'C', type_id: 'configurable' })).toBe(false);
    expect(needsConfiguration({ sku: 'S', type_id: 'simple' })).toBe(false);
    expect(needsConfiguration({ sku: 'B', type_id: 'bundle' })).toBe(false);
  });
});

describe('hash and sync need', () => {
  // spec transactions §4 "Sync need"
  it('property: the hash ignores line order and server fields, and changes with qty', () => {
    fc.assert(
      fc.property(clientCartArb, fc.integer({ min: 0, max: 1000 }), (items, seed) => {
        const shuffled = [...items].sort(() => (seed % 2 ? 1 : -1)).reverse();
        const withIds = shuffled.map((i, n) => ({ ...i, server_item_id: n + seed }));
        expect(cartItemsHash(withIds)).toBe(cartItemsHash(items));
        if (items.length > 0) {
          const bumped = items.map((i, n) => (n === 0 ? { ...i, qty: i.qty + 1 } : i));
          expect(cartItemsHash(bumped)).not.toBe(cartItemsHash(items));
        }
      }),
    );
  });

  it('cartNeedsSync: hash empty, changed, or never synced', () => {
    const items: CartItem[] = [{ sku: 'A', qty: 1 }];
    const synced = { cartItems: items, cartItemsHash: cartItemsHash(items), cartServerLastSyncDate: 10, cartServerLastTotalsSyncDate: 10 };
    expect(cartNeedsSync(synced)).toBe(false);
    expect(cartNeedsSync({ ...synced, cartItemsHash: '' })).toBe(true);
    expect(cartNeedsSync({ ...synced, cartServerLastSyncDate: 0 })).toBe(true);
    expect(cartNeedsSync({ ...synced, cartItems: [{ sku: 'A', qty: 2 }] })).toBe(true);
  });
});

describe('minicartCount', () => {
  // spec transactions §9: minicart counts quantities; count type 'items' counts lines
  it('property: sums quantities by default, counts lines with "items"', () => {
    fc.assert(
      fc.property(clientCartArb, (items) => {
        expect(minicartCount(items, DEFAULT_CONFIG)).toBe(items.reduce((s, i) => s + i.qty, 0));
        expect(minicartCount(items, createConfig({ cart: { minicartCountType: 'items' } }))).toBe(items.length);
      }),
    );
  });
});

describe('offline totals', () => {
  const dpd = { ...DEFAULT_CONFIG.shipping.methods[0]! };
  // spec transactions §3 "Totals", §9 shipping flat rate 5 incl. tax: shipping counted once, never per line
  it('property: grand total = subtotal + ONE shipping amount + payment cost', () => {
    fc.assert(
      fc.property(clientCartArb, (items) => {
        const seg = offlineTotals(items, dpd, { code: 'cashondelivery', title: 'Cash on delivery', cost_incl_tax: 0 }, DEFAULT_CONFIG);
        const sub = Math.round(items.reduce((s, i) => s + (i.price_incl_tax ?? 0) * i.qty, 0) * 100) / 100;
        expect(segmentValue(seg, 'subtotal_incl_tax')).toBeCloseTo(sub, 2);
        expect(segmentValue(seg, 'shipping')).toBe(items.length ? 5 : 0);
        expect(segmentValue(seg, 'grand_total')).toBeCloseTo(sub + (items.length ? 5 : 0), 2);
        expect(seg.map((s) => s.code)).toEqual(['subtotal_incl_tax', 'shipping', 'payment', 'grand_total']);
      }),
    );
  });
});

describe('offline totals keep the coupon\'s last known discount', () => {
  const dpd = { ...DEFAULT_CONFIG.shipping.methods[0]! };
  const r2 = (n: number) => Math.round(n * 100) / 100;
  // spec transactions §3 "Totals", "Coupon: code, discount", §9 shipping once: the server computes a coupon's discount;
  // offline the discount its totals last gave is carried as a fixed amount, never more than the goods
  it('property: grand total = subtotal - min(last known discount, subtotal) + ONE shipping amount; labelled as last known', () => {
    fc.assert(
      fc.property(clientCartArb, fc.double({ min: 0, max: 500, noNaN: true }), (items, known) => {
        const seg = offlineTotals(items, dpd, undefined, DEFAULT_CONFIG, { code: 'KORTING10', discount: known });
        const sub = segmentValue(seg, 'subtotal_incl_tax');
        const discount = items.length ? r2(Math.min(known, sub)) : 0;
        expect(segmentValue(seg, 'discount')).toBeCloseTo(-discount, 2);
        expect(segmentValue(seg, 'grand_total')).toBeCloseTo(sub - discount + (items.length ? 5 : 0), 2);
        expect(segmentValue(seg, 'grand_total')).toBeGreaterThanOrEqual(0);
        const row = seg.find((s) => s.code === 'discount');
        if (discount > 0) expect(row?.title).toBe(MESSAGES.totalsDiscountLastKnown);
        else expect(row).toBeUndefined();
      }),
    );
  });

  it('a line changed offline after KORTING10 gave € 2,00 off: the computed totals still take the € 2,00 off, the platform\'s while they fit', () => {
    const lines: CartItem[] = [{ sku: 'A', qty: 2, price_incl_tax: 10, server_item_id: 1 }];
    const platform: PlatformTotals = {
      grand_total: 23,
      coupon_code: 'KORTING10',
      items: [{ item_id: 1, qty: 2, row_total_incl_tax: 20 }],
      total_segments: [{ code: 'subtotal_incl_tax', title: 'Subtotaal', value: 20 }, { code: 'discount', title: 'Korting (KORTING10)', value: -2 }, { code: 'shipping', title: 'Verzending', value: 5 }, { code: 'grand_total', title: 'Totaal', value: 23 }],
    };
    const coupon = { code: 'KORTING10', discount: 2 };
    expect(cartTotals(platform, lines, dpd, undefined, DEFAULT_CONFIG, coupon)).toBe(platform.total_segments);
    const offline = cartTotals(platform, [{ ...lines[0]!, qty: 3 }], dpd, undefined, DEFAULT_CONFIG, coupon);
    expect(offline.map((s) => [s.code, s.value])).toEqual([['subtotal_incl_tax', 30], ['discount', -2], ['shipping', 5], ['grand_total', 33]]);
    // without a coupon nothing is taken off
    expect(segmentValue(cartTotals(platform, [{ ...lines[0]!, qty: 3 }], dpd, undefined, DEFAULT_CONFIG), 'grand_total')).toBe(35);
  });
});

describe('which totals the cart shows (offline totals were € 0,00 while the lines had prices)', () => {
  const dpd = { ...DEFAULT_CONFIG.shipping.methods[0]! };
  const r2 = (n: number) => Math.round(n * 100) / 100;
  /** the platform's totals of some synced lines (their own prices, as a server answers them) */
  const platformOf = (lines: readonly CartItem[]): PlatformTotals => {
    const rows = lines.map((l) => ({ item_id: l.server_item_id!, qty: l.qty, row_total_incl_tax: r2((l.price_incl_tax ?? 0) * l.qty) }));
    const sub = r2(rows.reduce((s, r) => s + r.row_total_incl_tax, 0));
    return { grand_total: sub + 5, items: rows, total_segments: [{ code: 'subtotal_incl_tax', title: 'Subtotaal', value: sub }, { code: 'shipping', title: 'Verzending', value: 5 }, { code: 'grand_total', title: 'Totaal', value: r2(sub + 5) }] };
  };
  const synced = (items: CartItem[]) => items.map((i, n) => ({ ...i, server_item_id: 500 + n }));

  // spec transactions §3 "Totals", §4 "Sync need" (totals sync needed when the lines changed), §9 shipping 5 incl. tax once
  it('property: totals that fit the lines are the platform\'s; after an offline change they are computed: total = sum of the line totals + shipping once', () => {
    fc.assert(
      fc.property(clientCartArb.filter((c) => c.length > 0), fc.nat(), fc.constantFrom('qty', 'add', 'emptyCart'), (raw, pick, change) => {
        const before = synced(raw);
        const platform = change === 'emptyCart' ? platformOf([]) : platformOf(before);
        expect(platformTotalsFit(platformOf(before), before)).toBe(true);
        expect(cartTotals(platformOf(before), before, dpd, undefined, DEFAULT_CONFIG)).toEqual(platformOf(before).total_segments);
        // the offline change: a quantity changed, a line added (no server id yet), or the platform's totals are an empty cart's
        const k = pick % before.length;
        const after: CartItem[] =
          change === 'qty' ? before.map((i, n) => (n === k ? { ...i, qty: i.qty + 1 } : i)) : change === 'add' ? [...before, { sku: 'NEW-OFFLINE', qty: 2, price_incl_tax: 3.5 }] : before;
        expect(platformTotalsFit(platform, after)).toBe(false);
        const shown = cartTotals(platform, after, dpd, undefined, DEFAULT_CONFIG);
        const lines = r2(after.reduce((s, i) => s + lineRowTotal(i, platform, after), 0));
        expect(segmentValue(shown, 'subtotal_incl_tax')).toBeCloseTo(lines, 2);
        expect(segmentValue(shown, 'shipping')).toBe(5); // once, never per line
        expect(segmentValue(shown, 'grand_total')).toBeCloseTo(lines + 5, 2);
        if (lines > 0) expect(segmentValue(shown, 'grand_total')).toBeGreaterThan(0);
      }),
    );
  });

  it('the platform\'s totals and row totals are kept while they fit (discounts, server prices)', () => {
    const items = synced([{ sku: 'A', qty: 2, price_incl_tax: 10 }]);
    const platform: PlatformTotals = { grand_total: 23, items: [{ item_id: 500, qty: 2, row_total_incl_tax: 18 }], total_segments: [{ code: 'discount', title: 'Korting', value: -2 }, { code: 'grand_total', title: 'Totaal', value: 23 }] };
    const withRow = items.map((i) => ({ ...i, totals: { row_total_incl_tax: 18 } }));
    expect(cartTotals(platform, withRow, dpd, undefined, DEFAULT_CONFIG)).toBe(platform.total_segments);
    expect(lineRowTotal(withRow[0]!, platform, withRow)).toBe(18);
    // the same line with its quantity changed offline: price x qty
    const changed = withRow.map((i) => ({ ...i, qty: 3 }));
    expect(lineRowTotal(changed[0]!, platform, changed)).toBe(30);
    // totals without their line list fit while every line is a server line
    expect(platformTotalsFit({ ...platform, items: undefined }, withRow)).toBe(true);
    expect(platformTotalsFit({ ...platform, items: undefined }, [...withRow, { sku: 'B', qty: 1 }])).toBe(false);
  });
});

describe('server results', () => {
  // spec transactions §4 "Server item update failing"
  it('a failing update restores prev qty, or removes a line whose prev qty was zero', () => {
    const items: CartItem[] = [{ sku: 'A', qty: 4, prev_qty: 2 }, { sku: 'B', qty: 1 }];
    expect(revertFailedServerUpdate(items, cartItemIdentity(items[0]!), 2)[0]).toEqual({ sku: 'A', qty: 2 });
    expect(revertFailedServerUpdate(items, cartItemIdentity(items[1]!), 0)).toEqual([items[0]]);
  });

  // spec transactions §4 "Stock sync result"
  it('stock: In stock! info; Out of the stock! error when allowed or synced, else removed', () => {
    const items: CartItem[] = [{ sku: 'A', qty: 1 }];
    const id = cartItemIdentity(items[0]!);
    expect(applyStockResult(items, id, true, DEFAULT_CONFIG)[0]?.info?.stock).toBe(MESSAGES.itemInStock);
    expect(applyStockResult(items, id, false, DEFAULT_CONFIG)[0]?.errors?.stock).toBe(MESSAGES.itemOutOfStock);
    const neither = createConfig({ cart: { allowOutOfStockInCart: false, serverSync: false } });
    expect(applyStockResult(items, id, false, neither)).toEqual([]);
  });
});
