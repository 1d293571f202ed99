import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { IdbStorage } from '../../adapters/storage/idb-storage';
import { DEFAULT_CONFIG } from '../config';
import { addAttributes, AttributeService, EMPTY_ATTRIBUTES } from '../catalogue/attributes';
import { configureProduct } from '../catalogue/variants';
import type { AttributeQuery } from '../ports/attribute-api';
import type { AttributeMetadata, Product, ProductType } from '../catalogue/types';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import { compareRows, comparableAttributes, listItemOf, LIST_ITEM_DROPPED_FIELDS, refreshListItems, wishlistAction } from './list-items';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import { CompareService, inAddedOrder, WishlistService } from './sku-list-service';

const config = DEFAULT_CONFIG;

const parent: Product = {
  id: 10, sku: 'KERST', name: 'Kerstpapier', type_id: 'configurable', url_path: 'kerstpapier.html', status: 1, visibility: 4,
  description: '<p>lang</p>', media_gallery: [{ image: '/k/a.jpg' }], color_options: [1, 2], material: 201,
  configurable_options: [{ attribute_id: 93, attribute_code: 'color', label: 'Kleur', values: [{ value_index: 1, label: 'Rood' }, { value_index: 2, label: 'Goud' }] }],
  configurable_children: [
    { id: 11, sku: 'KERST-R', color: 1, final_price: 4, status: 1 },
    { id: 12, sku: 'KERST-G', color: 2, final_price: 5, status: 1 },
  ],
} as Product;
const simple: Product = { id: 20, sku: 'LINT', name: 'Lint', type_id: 'simple', final_price_incl_tax: 3.5, color: 2, material: 202 } as Product;

const meta = (code: string, id: number, label: string, options: Array<[string | number, string]>, extra: Partial<AttributeMetadata> = {}): AttributeMetadata => ({
  attribute_id: id, attribute_code: code, frontend_label: label, is_user_defined: true, is_comparable: true, options: options.map(([value, l]) => ({ value: String(value), label: l })), ...extra,
});
const dutch = addAttributes(EMPTY_ATTRIBUTES, [
  meta('color', 93, 'Kleur', [[1, 'Rood'], [2, 'Goud']]),
  meta('material', 136, 'Materiaal', [[201, 'Kraftpapier'], [202, 'Satijn']]),
  meta('eco_collection', 161, 'Duurzame collectie', [[0, 'Nee'], [1, 'Ja']]),
  meta('price', 77, 'Prijs', [], { is_user_defined: false, is_comparable: false }),
  meta('hidden', 99, 'Intern', [[1, 'x']], { is_comparable: false }),
]);
const english = addAttributes(EMPTY_ATTRIBUTES, [meta('color', 93, 'Colour', [[1, 'Red'], [2, 'Gold']]), meta('material', 136, 'Material', [[201, 'Kraft paper'], [202, 'Satin']])]);

describe('list items (spec transactions §3: keyed by sku; spec catalogue §1 wishlist and compare list)', () => {
  it('keep the product as seen, without the product page\'s children, gallery and texts; a configured variant keeps its sku and options', () => {
    const item = listItemOf(parent);
    expect(item).toMatchObject({ sku: 'KERST', name: 'Kerstpapier', url_path: 'kerstpapier.html', color_options: [1, 2] });
    for (const field of LIST_ITEM_DROPPED_FIELDS) expect(item).not.toHaveProperty(field);
    const configured = configureProduct(parent, { options: { color: 2 } }, config);
    if (!configured.ok) throw new Error('configure failed');
    const variant = listItemOf(configured.product);
    expect(variant).toMatchObject({ sku: 'KERST-G', parentSku: 'KERST', name: 'Kerstpapier', final_price: 5 });
    expect(variant.product_option?.extension_attributes.configurable_item_options).toEqual([{ option_id: 93, option_value: 2, label: 'Kleur', value: 'Goud' }]);
    // a list item survives the storage's JSON copy unchanged
    expect(JSON.parse(JSON.stringify(variant))).toEqual(variant);
  });

  it('the wishlist keeps one entry per sku with qty 1; both lists keep the order of adding across a reload (IndexedDB) // spec transactions §3, §7', async () => {
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    const storage = new IdbStorage('list-items-test', quiet);
    const wishlist = new WishlistService(storage);
    await wishlist.add({ ...listItemOf(simple), qty: 5 });
    await wishlist.add(listItemOf(parent));
    await wishlist.add({ ...listItemOf(simple), name: 'Lint (nieuw)' });
    expect(wishlist.snapshot().items.map((i) => [i.sku, i.qty])).toEqual([['LINT', 1], ['KERST', 1]]);
    const compare = new CompareService(storage);
    for (const sku of ['Z-LAST', 'A-FIRST', 'M-MID']) await compare.add({ sku });
    // IndexedDB answers by key; a new tab (or a reload: a new connection) reads the lists back in the order they were added
    const again = new IdbStorage('list-items-test', quiet);
    expect((await again.entries(STORAGE_COLLECTIONS.compare)).map(([k]) => k)).toEqual(['A-FIRST', 'M-MID', 'Z-LAST']);
    const reloaded = { wishlist: new WishlistService(again), compare: new CompareService(again) };
    await Promise.all([reloaded.wishlist.load(), reloaded.compare.load()]);
    expect(reloaded.compare.snapshot().items.map((i) => i.sku)).toEqual(['Z-LAST', 'A-FIRST', 'M-MID']);
    // re-adding (the LINT name above) kept its place: the first add's
    expect(reloaded.wishlist.snapshot().items.map((i) => [i.sku, i.name])).toEqual([['LINT', 'Lint (nieuw)'], ['KERST', 'Kerstpapier']]);
  });

  it('property: whatever the adds and removes, the loaded list is the distinct skus still in it, in first-added order // spec transactions §3', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), fc.constantFrom('A', 'B', 'C', 'D', 'E')), { maxLength: 25 }), async (ops) => {
        const storage = new MemoryStorage();
        const list = new CompareService(storage);
        const model: string[] = [];
        for (const [add, sku] of ops) {
          if (add) {
            await list.add({ sku });
            if (!model.includes(sku)) model.push(sku);
          } else {
            await list.remove(sku);
            if (model.includes(sku)) model.splice(model.indexOf(sku), 1);
          }
        }
        const fresh = new CompareService(storage);
        await fresh.load();
        expect(fresh.snapshot().items.map((i) => i.sku)).toEqual(model);
        expect(list.snapshot().items.map((i) => i.sku)).toEqual(model);
      }),
      { numRuns: 60 },
    );
    expect(inAddedOrder([{ sku: 'b' }, { sku: 'a' }]).map((i) => i.sku)).toEqual(['a', 'b']);
  });
});

describe('wishlist "move to cart" (spec catalogue §4.2, §3.1, §4.6; spec transactions §4 adding)', () => {
  it('simple and configured variants go to the cart; a configurable parent, grouped, bundle or a required custom option open the product', () => {
    expect(wishlistAction(listItemOf(simple))).toBe('cart');
    expect(wishlistAction(listItemOf(parent))).toBe('product');
    const configured = configureProduct(parent, { options: { color: 1 } }, config);
    expect(configured.ok && wishlistAction(listItemOf(configured.product))).toBe('cart');
    expect(wishlistAction({ ...simple, type_id: 'grouped' })).toBe('product');
    expect(wishlistAction({ ...simple, type_id: 'bundle' })).toBe('product');
    expect(wishlistAction({ ...simple, custom_options: [{ option_id: 1, title: 'Tekst', type: 'field', is_require: true }] })).toBe('product');
    expect(wishlistAction({ ...simple, custom_options: [{ option_id: 1, title: 'Tekst', type: 'field', is_require: false }] })).toBe('cart');
  });

  it('property: the cart is offered exactly for products the cart takes without a choice', () => {
    const types: ProductType[] = ['simple', 'configurable', 'grouped', 'bundle', 'virtual', 'downloadable'];
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.boolean(), fc.boolean(), fc.boolean(), (type_id, isVariant, hasOptions, requiredOption) => {
        const item = {
          sku: isVariant ? 'P-child' : 'P',
          ...(isVariant ? { parentSku: 'P' } : {}),
          type_id,
          ...(hasOptions ? { product_option: { extension_attributes: { custom_options: [], bundle_options: [], configurable_item_options: [{ option_id: 93, option_value: 1 }] } } } : {}),
          ...(requiredOption ? { custom_options: [{ option_id: 1, title: 't', type: 'field', is_require: true }] } : {}),
        } as Product;
        const unconfigured = type_id === 'configurable' && !isVariant && !hasOptions;
        const expected = type_id === 'grouped' || type_id === 'bundle' || unconfigured || requiredOption ? 'product' : 'cart';
        expect(wishlistAction(item)).toBe(expected);
      }),
    );
  });
});

describe('compare table (spec catalogue §1 compare list, §3.3 labels from the attribute metadata per store view)', () => {
  it('rows of comparable user-defined attributes some product has, labelled in the store view\'s words', () => {
    expect(comparableAttributes(dutch).map((a) => a.attribute_code)).toEqual(['eco_collection', 'color', 'material']);
    const rows = compareRows([listItemOf(parent), listItemOf(simple)], dutch);
    // no product has eco_collection: no row; price and the non-comparable attribute never show
    expect(rows).toEqual([
      { code: 'color', label: 'Kleur', values: ['Rood, Goud', 'Goud'] },
      { code: 'material', label: 'Materiaal', values: ['Kraftpapier', 'Satijn'] },
    ]);
    expect(compareRows([listItemOf(parent), listItemOf(simple)], english)).toEqual([
      { code: 'color', label: 'Colour', values: ['Red, Gold', 'Gold'] },
      { code: 'material', label: 'Material', values: ['Kraft paper', 'Satin'] },
    ]);
    // a value with no label shows as it is; multiselect '1,2' reads as two values
    expect(compareRows([{ ...simple, material: 999 } as Product, { ...simple, color: '1,2' } as Product], dutch)).toEqual([
      { code: 'color', label: 'Kleur', values: ['Goud', 'Rood, Goud'] },
      { code: 'material', label: 'Materiaal', values: ['999', 'Satijn'] },
    ]);
    expect(compareRows([], dutch)).toEqual([]);
    // a configurable parent shows what its children offer, a chosen variant its own value
    const configured = configureProduct({ ...parent, color: 2 } as Product, { options: { color: 1 } }, config);
    if (!configured.ok) throw new Error('configure failed');
    expect(compareRows([listItemOf({ ...parent, color: 2 } as Product), listItemOf(configured.product)], dutch)[0]).toEqual({ code: 'color', label: 'Kleur', values: ['Rood, Goud', 'Rood'] });
  });

  it('property: one value per product, in order; a row only for an attribute some product has', () => {
    const value = fc.oneof(fc.constant(undefined), fc.constantFrom(1, 2, '1', '2', 7), fc.array(fc.constantFrom(1, 2), { maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(fc.record({ color: value, material: fc.oneof(fc.constant(undefined), fc.constantFrom(201, 202)) }), { maxLength: 5 }), (fields) => {
        const items = fields.map((f, i) => ({ id: i, sku: `S${i}`, name: `s${i}`, type_id: 'simple', ...f }) as Product);
        const rows = compareRows(items, dutch);
        for (const row of rows) {
          expect(row.values).toHaveLength(items.length);
          expect(row.values.some((v) => v !== undefined)).toBe(true);
          row.values.forEach((v, i) => {
            const raw = (items[i] as unknown as Record<string, unknown>)[row.code];
            const empty = raw === undefined || (Array.isArray(raw) && raw.length === 0);
            expect(v === undefined).toBe(empty);
          });
        }
        for (const code of ['color', 'material']) {
          const someHas = items.some((p) => { const raw = (p as unknown as Record<string, unknown>)[code]; return raw !== undefined && !(Array.isArray(raw) && raw.length === 0); });
          expect(rows.some((r) => r.code === code)).toBe(someHas);
        }
      }),
    );
  });

  it('AttributeService.loadUserDefined asks the user-defined attribute search once (spec catalogue §7) and keeps what it had on failure', async () => {
    const asked: AttributeQuery[] = [];
    let fail = true;
    const api = { list: async (q: AttributeQuery) => { asked.push(q); if (fail) throw new Error('down'); return [meta('material', 136, 'Materiaal', [[201, 'Kraftpapier']])]; } };
    const s = new AttributeService(api, config);
    await s.loadUserDefined();
    expect(s.snapshot().byCode).toEqual({});
    fail = false;
    await s.loadUserDefined();
    await s.loadUserDefined();
    expect(asked).toEqual([{ onlyUserDefined: true, size: 150 }, { onlyUserDefined: true, size: 150 }]);
    expect(compareRows([simple], s.snapshot())).toEqual([{ code: 'material', label: 'Materiaal', values: ['202'] }]);
  });
});

describe('compared products with the catalogue\'s current data (spec catalogue §3.1 product fields, §3.3 attributes)', () => {
  it('one search for all skus; prices and attribute values from the catalogue, the item\'s identity and chosen options kept; offline the items as kept', async () => {
    const configured = configureProduct(parent, { options: { color: 2 } }, config);
    if (!configured.ok) throw new Error('configure failed');
    // a listing's product carries only its tile's fields (ui/app/dehydrate.ts): no material
    const tileOnly = { id: 20, sku: 'LINT', name: 'Lint', type_id: 'simple', final_price_incl_tax: 3.5 } as Product;
    const kept = [listItemOf(tileOnly), listItemOf(configured.product), listItemOf({ id: 30, sku: 'WEG', name: 'Weg', type_id: 'simple' })];
    const requests: SearchRequest[] = [];
    const childDoc = { id: 12, sku: 'KERST-G', name: 'Kerstpapier goud (kind)', type_id: 'simple', visibility: 1, color: 2, material: 201, final_price_incl_tax: 6 } as Product;
    const search: CatalogueSearch = {
      search: async <T,>(r: SearchRequest) => {
        requests.push(r);
        return { items: [{ ...simple, final_price_incl_tax: 2.95 }, childDoc] as unknown as T[], total: 2, start: 0, perPage: 3, aggregations: {} };
      },
    };
    const fresh = await refreshListItems(kept, search, config);
    expect(requests).toHaveLength(1);
    expect(JSON.stringify(requests[0]!.body)).toContain('"sku":["LINT","KERST-G","WEG"]');
    expect(fresh[0]).toMatchObject({ sku: 'LINT', name: 'Lint', final_price_incl_tax: 2.95, material: 202 });
    // the variant stays a configured 'configurable' under its parent's name and url, with its options
    expect(fresh[1]).toMatchObject({ sku: 'KERST-G', parentSku: 'KERST', name: 'Kerstpapier', type_id: 'configurable', url_path: 'kerstpapier.html', material: 201, final_price_incl_tax: 6 });
    expect(fresh[1]!.product_option).toEqual(configured.product.product_option);
    expect(wishlistAction(fresh[1]!)).toBe('cart');
    // a product the catalogue no longer has stays as kept
    expect(fresh[2]).toEqual(kept[2]);
    expect(compareRows(fresh, dutch).find((r) => r.code === 'material')!.values).toEqual(['Satijn', 'Kraftpapier', undefined]);
    const offline: CatalogueSearch = { search: async () => { throw new Error('offline'); } };
    expect(await refreshListItems(kept, offline, config)).toEqual(kept);
    expect(await refreshListItems([], offline, config)).toEqual([]);
  });
});
