/**
 * selectConfigurableChild through its per-product index against the scan it replaced (test-fixtures/reference/old-rules.ts):
 * the same child for every product, selection, config and choice option (spec catalogue §4.3).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createConfig, type ShopConfig } from '../config';
import { configurableProductArb, variantSelectionArb } from '../../test-fixtures/arbitraries/configurable';
import { referenceSelect } from '../../test-fixtures/reference/old-rules';
import { selectConfigurableChild, type VariantChoiceOptions, type VariantSelection } from './variants';
import type { ConfigurableChild, Product } from './types';

const configArb = fc
  .record({ listOutOfStockProducts: fc.boolean(), useDefaultChildWhenNoMatch: fc.boolean() })
  .map((catalogue) => createConfig({ catalogue }));
const choiceArb: fc.Arbitrary<VariantChoiceOptions> = fc.record(
  { fallbackToDefault: fc.boolean(), requireAllOptions: fc.boolean() },
  { requiredKeys: [] },
);

/**
 * Messier products than the shop sells: values as numbers or strings, in custom_attributes instead of fields,
 * missing values, repeated skus, prices missing (tie at infinity) or equal, a third attribute, up to 40 children.
 */
const messyChildArb: fc.Arbitrary<ConfigurableChild> = fc
  .record({
    sku: fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'),
    status: fc.constantFrom(1, 1, 1, 2, undefined),
    stock: fc.option(fc.record({ is_in_stock: fc.boolean() }), { nil: undefined }),
    color: fc.option(fc.oneof(fc.constantFrom(1, 2, 3), fc.constantFrom('1', '2')), { nil: undefined }),
    size: fc.option(fc.constantFrom(10, 11), { nil: undefined }),
    material: fc.option(fc.constantFrom('kraft', 'zijde'), { nil: undefined }),
    price: fc.option(fc.constantFrom(3, 4, 4, 5), { nil: undefined }),
  })
  .map((r, ) => {
    const c: ConfigurableChild = { id: r.sku, sku: r.sku };
    if (r.status !== undefined) c.status = r.status;
    if (r.stock) c.stock = r.stock;
    if (r.color !== undefined) c.color = r.color;
    if (r.size !== undefined) c.size = r.size;
    if (r.material !== undefined) c.custom_attributes = [{ attribute_code: 'material', value: r.material }];
    if (r.price !== undefined) c.final_price = r.price;
    return c;
  });
const messyProductArb: fc.Arbitrary<Product> = fc
  .array(messyChildArb, { maxLength: 40 })
  .map((children) => ({ id: 1, sku: 'P', name: 'P', type_id: 'configurable' as const, configurable_children: children }));
const messySelectionArb: fc.Arbitrary<VariantSelection> = fc.record(
  {
    sku: fc.constantFrom('A', 'C', 'nope', ''),
    options: fc.record(
      {
        color: fc.oneof(fc.constantFrom(1, 2, 3, '2', '', null), fc.array(fc.constantFrom(1, 2, '3', ''), { maxLength: 3 })),
        size: fc.constantFrom(10, 11, undefined),
        material: fc.constantFrom('kraft', 'zijde', 'linnen'),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

describe('selectConfigurableChild (indexed) vs the scan it replaced // spec catalogue §4.3', () => {
  it('property: the same child for the shop-like products of test-fixtures/arbitraries', () => {
    fc.assert(
      fc.property(configurableProductArb(), variantSelectionArb, configArb, choiceArb, (p, s, cfg, o) => {
        expect(selectConfigurableChild(p, s, cfg, o)).toBe(referenceSelect(p, s, cfg, o));
      }),
      { numRuns: 1000 },
    );
  });

  it('property: the same child for messy products, asked several selections in a row (the index is reused)', () => {
    fc.assert(
      fc.property(messyProductArb, fc.array(fc.tuple(messySelectionArb, configArb, choiceArb), { minLength: 1, maxLength: 6 }), (p, asks) => {
        for (const [s, cfg, o] of asks) expect(selectConfigurableChild(p, s, cfg, o)).toBe(referenceSelect(p, s, cfg, o));
      }),
      { numRuns: 1000 },
    );
  });

  it('a new product object (a price or stock sync builds one) is indexed afresh', () => {
    const cfg = createConfig({});
    const p: Product = { id: 1, sku: 'P', name: 'P', type_id: 'configurable', configurable_children: [{ id: 1, sku: 'R', color: 1, final_price: 5 }, { id: 2, sku: 'G', color: 2, final_price: 5 }] };
    expect(selectConfigurableChild(p, { options: { color: 2 } }, cfg)?.sku).toBe('G');
    const synced: Product = { ...p, configurable_children: p.configurable_children!.map((c) => (c.sku === 'G' ? { ...c, status: 2 } : c)) };
    expect(selectConfigurableChild(synced, { options: { color: 2 } }, cfg, { fallbackToDefault: false })).toBeUndefined();
    expect(selectConfigurableChild(p, { options: { color: 2 } }, cfg)?.sku).toBe('G');
  });
});
