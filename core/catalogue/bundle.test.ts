import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import { VirtualClock } from '../testing/virtual-time';
import { productToCartItem } from '../cart/add';
import { cartItemIdentity } from '../cart/identity';
import {
  bundleChoiceLabels,
  bundleSelectionProblem,
  chooseBundleLink,
  configureBundle,
  normalizeBundleSelections,
  setBundleOptionQty,
} from './bundle';
import { anyProductPrice, bundleProductPrice, bundleSelectionPrice, priceDisplay } from './prices';
import { defaultBundleSelections } from './prices';
import { ProductService } from './product-service';
import type { BundleOption, BundleOptionSelection, Product, SearchResult } from './types';

const config = DEFAULT_CONFIG;
const T0 = Date.UTC(2026, 5, 15, 10);

const simple = (sku: string, incl: number, extra: Partial<Product> = {}): Product => ({
  id: sku, sku, name: `Naam ${sku}`, type_id: 'simple', status: 1, visibility: 4, price: Math.round((incl / 1.21) * 100) / 100, price_incl_tax: incl,
  stock: { is_in_stock: true, qty: 100, manage_stock: true }, ...extra,
});

/** A bundle like the demo catalogue's: paper (radio, required, qty changeable), ribbon (select, required), card (checkbox, optional). */
function pakket(links = true): Product {
  const p = (sku: string, incl: number) => (links ? { product: simple(sku, incl) } : {});
  const options: BundleOption[] = [
    { option_id: 11, title: 'Inpakpapier', type: 'radio', required: true, product_links: [
      { id: 101, sku: 'IP-1', qty: 1, is_default: false, price: 3, selection_can_change_quantity: 1, ...p('IP-1', 4.5) },
      { id: 102, sku: 'IP-2', qty: 1, is_default: true, price: 3, selection_can_change_quantity: 1, ...p('IP-2', 6) },
    ] },
    { option_id: 12, title: 'Lint', type: 'select', required: true, product_links: [
      { id: 201, sku: 'LT-1', qty: 2, is_default: false, price: 1, selection_can_change_quantity: 0, ...p('LT-1', 1.25) },
      { id: 202, sku: 'LT-2', qty: 1, is_default: false, price: 1, selection_can_change_quantity: 1, ...p('LT-2', 2) },
    ] },
    { option_id: 13, title: 'Kaart', type: 'checkbox', required: false, product_links: [
      { id: 301, sku: 'WK-1', qty: 1, is_default: true, price: 2, ...p('WK-1', 2.95) },
      { id: 302, sku: 'WK-2', qty: 1, is_default: false, price: 2, ...p('WK-2', 3.5) },
    ] },
  ];
  return { id: 'PAK', sku: 'PAK-1', name: 'Cadeaupakket', type_id: 'bundle', status: 1, visibility: 4, price_incl_tax: 10.95, bundle_options: options };
}

describe('bundle choices (spec catalogue §3.1, §4.4)', () => {
  it('starts with each option\'s default link: the one flagged is_default, otherwise the first // spec catalogue §4.4', () => {
    expect(defaultBundleSelections(pakket())).toEqual([
      { option_id: 11, option_qty: 1, option_selections: [102] },
      { option_id: 12, option_qty: 2, option_selections: [201] }, // no is_default: the first, at its own qty
      { option_id: 13, option_qty: 1, option_selections: [301] },
    ]);
    // the bundle's price sums the default links times qty: 6 + 2 × 1.25 + 2.95
    expect(bundleProductPrice(pakket(), T0, config).final).toBe(11.45);
  });

  it('a radio or select option holds one link; a checkbox option ticks several; null clears an optional single choice', () => {
    const b = pakket();
    let sel = defaultBundleSelections(b);
    sel = chooseBundleLink(b, sel, 11, 101);
    expect(sel.find((s) => s.option_id === 11)?.option_selections).toEqual([101]);
    sel = chooseBundleLink(b, sel, 13, 302, true);
    expect(sel.find((s) => s.option_id === 13)?.option_selections).toEqual([301, 302]);
    sel = chooseBundleLink(b, sel, 13, 301, false);
    sel = chooseBundleLink(b, sel, 13, 302, false);
    expect(sel.find((s) => s.option_id === 13)).toBeUndefined();
    // unknown options and links change nothing
    expect(chooseBundleLink(b, sel, 99, 101)).toEqual(sel);
    expect(chooseBundleLink(b, sel, 11, 999)).toEqual(sel);
  });

  it('the qty of a chosen link changes only where the link allows it, to a whole number from 1 // spec catalogue §4.4', () => {
    const b = pakket();
    let sel = defaultBundleSelections(b);
    sel = setBundleOptionQty(b, sel, 11, '3');
    expect(sel.find((s) => s.option_id === 11)?.option_qty).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'twee', '', 100]) expect(setBundleOptionQty(b, sel, 11, bad)).toEqual(sel);
    // LT-1 (the ribbon's default) may not change its qty of 2
    expect(setBundleOptionQty(b, sel, 12, 5)).toEqual(sel);
    // switching between changeable links keeps the chosen qty; otherwise the new link's own qty counts
    expect(chooseBundleLink(b, sel, 11, 101).find((s) => s.option_id === 11)?.option_qty).toBe(3);
    const lt2 = setBundleOptionQty(b, chooseBundleLink(b, sel, 12, 202), 12, 5);
    expect(lt2.find((s) => s.option_id === 12)?.option_qty).toBe(5);
    expect(chooseBundleLink(b, lt2, 12, 201).find((s) => s.option_id === 12)?.option_qty).toBe(2);
    expect(chooseBundleLink(b, sel, 12, 202).find((s) => s.option_id === 12)?.option_qty).toBe(1);
  });

  it('the price follows the choice: the chosen links\' prices times their qty (property) // spec catalogue §3.1, §4.4', () => {
    const b = pakket();
    const unit: Record<string, number> = { 101: 4.5, 102: 6, 201: 1.25, 202: 2, 301: 2.95, 302: 3.5 };
    const arbSelection = fc.record({
      paper: fc.constantFrom(101, 102),
      paperQty: fc.integer({ min: 1, max: 99 }),
      ribbon: fc.constantFrom(201, 202),
      ribbonQty: fc.integer({ min: 1, max: 99 }),
      cards: fc.subarray([301, 302]),
    });
    fc.assert(fc.property(arbSelection, (c) => {
      let sel = defaultBundleSelections(b);
      sel = chooseBundleLink(b, sel, 11, c.paper);
      sel = setBundleOptionQty(b, sel, 11, c.paperQty);
      sel = chooseBundleLink(b, sel, 12, c.ribbon);
      sel = setBundleOptionQty(b, sel, 12, c.ribbonQty);
      for (const id of [301, 302]) sel = chooseBundleLink(b, sel, 13, id, c.cards.includes(id));
      const ribbonQty = c.ribbon === 201 ? 2 : c.ribbonQty; // LT-1's qty is fixed at 2
      const expected = unit[c.paper]! * c.paperQty + unit[c.ribbon]! * ribbonQty + c.cards.reduce((s, id) => s + unit[id]!, 0);
      expect(bundleSelectionPrice(b, sel, T0, config).final).toBeCloseTo(expected, 2);
      // the configured product shows and carries the same price; the selection is in the spec's shape
      const configured = configureBundle(b, sel, config, T0);
      expect(anyProductPrice(configured, T0, config).final).toBeCloseTo(expected, 2);
      expect(configured.final_price_incl_tax).toBeCloseTo(expected, 2);
      for (const s of configured.product_option!.extension_attributes.bundle_options) {
        expect(Object.keys(s).sort()).toEqual(['option_id', 'option_qty', 'option_selections']);
      }
    }));
  });

  it('normalising keeps only known options and links, one link per single-choice option, and is idempotent (property)', () => {
    const b = pakket();
    const arb = fc.array(fc.record({
      option_id: fc.constantFrom(11, 12, 13, 14, '11'),
      option_qty: fc.oneof(fc.integer({ min: -3, max: 120 }), fc.constant(Number.NaN)),
      option_selections: fc.array(fc.constantFrom(101, 102, 201, 202, 301, 302, 999, '102'), { maxLength: 5 }),
    }), { maxLength: 6 }) as fc.Arbitrary<BundleOptionSelection[]>;
    fc.assert(fc.property(arb, (raw) => {
      const n = normalizeBundleSelections(b, raw);
      expect(normalizeBundleSelections(b, n)).toEqual(n);
      for (const s of n) {
        const option = b.bundle_options!.find((o) => o.option_id === s.option_id)!;
        expect(option).toBeDefined();
        if (option.type !== 'checkbox') expect(s.option_selections.length).toBe(1);
        for (const id of s.option_selections) expect(option.product_links.some((l) => l.id === id)).toBe(true);
        expect(new Set(s.option_selections).size).toBe(s.option_selections.length);
        expect(Number.isInteger(s.option_qty) && s.option_qty >= 0).toBe(true);
      }
    }));
  });

  it('a required option with nothing chosen, or a chosen link out of stock, keeps the bundle out of the cart', () => {
    const b = pakket();
    const noPaper = defaultBundleSelections(b).filter((s) => s.option_id !== 11);
    expect(bundleSelectionProblem(b, noPaper)).toBe(MESSAGES.bundleOptionRequired);
    expect(configureBundle(b, noPaper, config, T0).errors).toEqual({ bundle: MESSAGES.bundleOptionRequired });
    const out = pakket();
    out.bundle_options![0]!.product_links[1]!.product!.stock = { is_in_stock: false, qty: 0 };
    expect(bundleSelectionProblem(out, defaultBundleSelections(out))).toBe(MESSAGES.bundleLinkOutOfStock);
    expect(bundleSelectionProblem(out, chooseBundleLink(out, defaultBundleSelections(out), 11, 101))).toBeUndefined();
    expect(configureBundle(b, defaultBundleSelections(b), config, T0).errors).toEqual({});
  });

  it('without its links loaded, a listed bundle shows its indexed price (the link prices are not the shop\'s prices)', () => {
    expect(priceDisplay(pakket(false), T0, 'nl-NL', config).regular).toBe('€\u00a010,95');
    expect(priceDisplay(pakket(true), T0, 'nl-NL', config).regular).toBe('€\u00a011,45');
  });

  it('the cart line carries the choice (product_option) and its text; another choice is another line // spec transactions §4 "Adding"', () => {
    const b = pakket();
    const sel = chooseBundleLink(b, setBundleOptionQty(b, defaultBundleSelections(b), 11, 2), 13, 302, true);
    const item = productToCartItem(configureBundle(b, sel, config, T0), 1);
    expect(item.product_option?.extension_attributes.bundle_options).toEqual(sel);
    expect(item.price_incl_tax).toBe(2 * 6 + 2 * 1.25 + 2.95 + 3.5);
    expect(item.options).toEqual([
      { label: 'Inpakpapier', value: '2 × Naam IP-2' },
      { label: 'Lint', value: '2 × Naam LT-1' },
      { label: 'Kaart', value: '1 × Naam WK-1, 1 × Naam WK-2' },
    ]);
    expect(bundleChoiceLabels(configureBundle(b, defaultBundleSelections(b), config))).toHaveLength(3);
    const other = productToCartItem(configureBundle(b, chooseBundleLink(b, sel, 11, 101), config, T0), 1);
    expect(cartItemIdentity(other)).not.toBe(cartItemIdentity(item));
  });
});

/** A search answering the products a request names by sku (one or a list). */
class SkuSearch implements CatalogueSearch {
  requests: SearchRequest[] = [];
  constructor(private readonly products: Product[]) {}
  async search<T>(request: SearchRequest): Promise<SearchResult<T>> {
    this.requests.push(request);
    const text = JSON.stringify(request.body);
    const list = /"sku":\[([^\]]+)\]/.exec(text);
    const wanted = list ? (JSON.parse(`[${list[1]}]`) as string[]) : [];
    const items = this.products.filter((p) => wanted.includes(p.sku));
    return { items: items as unknown as T[], total: items.length, start: request.from, perPage: request.size, aggregations: {} };
  }
}

describe('ProductService with a bundle (spec catalogue §3.6, §4.4)', () => {
  it('loads the links\' products with the bundle in one sku-list search, chooses the defaults, and re-prices a new choice', async () => {
    const bare = pakket(false);
    const linked = pakket(true).bundle_options!.flatMap((o) => o.product_links.map((l) => l.product!));
    const search = new SkuSearch([bare, ...linked.filter((p) => p.sku !== 'WK-2')]);
    const s = new ProductService(search, config, undefined, undefined, new VirtualClock(T0));
    const r = await s.load('PAK-1');
    if (r.kind !== 'product') throw new Error('expected a product');
    expect(search.requests).toHaveLength(2);
    const state = s.snapshot();
    expect(state.bundleSelections).toEqual(defaultBundleSelections(bare));
    expect(state.original?.bundle_options?.[0]?.product_links[0]?.product?.name).toBe('Naam IP-1');
    // a link whose product was not found keeps its own data
    expect(state.original?.bundle_options?.[2]?.product_links[1]?.product).toBeUndefined();
    expect(r.product.final_price_incl_tax).toBe(11.45);
    const next = s.chooseBundleLink(11, 101);
    expect(next?.final_price_incl_tax).toBe(9.95);
    expect(s.snapshot().current?.product_option?.extension_attributes.bundle_options[0]).toEqual({ option_id: 11, option_qty: 1, option_selections: [101] });
    s.setBundleQty(11, 3);
    expect(s.snapshot().current?.final_price_incl_tax).toBe(3 * 4.5 + 2.5 + 2.95);
    expect(s.chooseBundleLink(11, null)?.errors).toEqual({ bundle: MESSAGES.bundleOptionRequired });
  });
});
