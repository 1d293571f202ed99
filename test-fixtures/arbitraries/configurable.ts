import fc from 'fast-check';
import type { ConfigurableChild, Product } from '../../core/catalogue/types';
import type { VariantSelection } from '../../core/catalogue/variants';

/** A child of a colour x size configurable: sometimes disabled (status 2, 3), sometimes out of stock. */
const configurableChildArb: fc.Arbitrary<ConfigurableChild> = fc.record({
  id: fc.integer({ min: 1000, max: 9999 }),
  sku: fc.constant(''),
  status: fc.constantFrom(1, 1, 1, 2, 3),
  stock: fc.record({ is_in_stock: fc.boolean() }),
  color: fc.constantFrom(1, 2, 3),
  size: fc.constantFrom(10, 11),
  final_price: fc.integer({ min: 1, max: 30 }),
});

/**
 * A configurable 'P' with up to 8 children 'P-0'... over colours 1-3 and sizes 10-11. `thirdColourLabel` lets a
 * test give the third colour an empty label (options with empty labels are skipped, spec catalogue §4.4).
 */
export function configurableProductArb(options: { thirdColourLabel?: string; extra?: Partial<Product> } = {}): fc.Arbitrary<Product> {
  return fc.array(configurableChildArb, { maxLength: 8 }).map((children) => ({
    id: 1,
    sku: 'P',
    name: 'Inpakpapier',
    type_id: 'configurable',
    ...options.extra,
    configurable_options: [
      {
        attribute_id: 93,
        attribute_code: 'color',
        label: 'Kleur',
        values: [
          { value_index: 1, label: 'Rood' },
          { value_index: 2, label: 'Goud' },
          { value_index: 3, label: options.thirdColourLabel ?? 'Groen' },
        ],
      },
      { attribute_id: 142, attribute_code: 'size', label: 'Formaat', values: [{ value_index: 10, label: '2m' }, { value_index: 11, label: '5m' }] },
    ],
    configurable_children: children.map((c, i) => ({ ...c, sku: `P-${i}` })),
  }));
}

/** A selection: maybe an sku (P-0, P-1, P-3 or an unknown one), maybe some options. */
export const variantSelectionArb: fc.Arbitrary<VariantSelection> = fc.record(
  {
    sku: fc.constantFrom('P-0', 'P-1', 'P-3', 'nope'),
    options: fc.record({ color: fc.constantFrom(1, 2, 3), size: fc.constantFrom(10, 11) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);
