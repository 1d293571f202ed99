import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG, createConfig } from '../config';
import { tileProduct, tileVariant } from './tile-variant';
import type { ChosenFilters, ConfigurableChild, FilterOption, Product } from './types';
import { configurableProductArb } from '../../test-fixtures/arbitraries/configurable';

const productArb = configurableProductArb();
const configArb = fc.boolean().map((listOutOfStockProducts) => createConfig({ catalogue: { listOutOfStockProducts } }));

const option = (type: string, id: number): FilterOption => ({ id, label: String(id), type, attribute_code: type });
/** chosen colours (1-3) and sizes (10, 11), each filter maybe absent; sometimes a sort and a price range beside them */
const filtersArb: fc.Arbitrary<ChosenFilters> = fc
  .record({
    color: fc.subarray([1, 2, 3], { minLength: 1 }),
    size: fc.subarray([10, 11], { minLength: 1 }),
    extra: fc.boolean(),
  }, { requiredKeys: ['extra'] })
  .map(({ color, size, extra }) => ({
    ...(color ? { color: color.map((id) => option('color', id)) } : {}),
    ...(size ? { size: size.map((id) => option('size', id)) } : {}),
    ...(extra ? { sort: [{ id: 'price_asc', label: 'Prijs', type: 'sort' }], price: [{ id: '0.0-10.0', label: '< €10', type: 'price', attribute_code: 'price', from: 0, to: 10 }] } : {}),
  }));

function matchesAll(child: ConfigurableChild, filters: ChosenFilters): boolean {
  return ['color', 'size'].every((code) => !filters[code] || filters[code]!.some((o) => String(o.id) === String(child[code])));
}
const enabled = (c: ConfigurableChild) => (c.status ?? 1) < 2;

// spec catalogue §3.4 (filters), §4.3 (disabled and out-of-stock children)
describe('tileVariant', () => {
  it('when an enabled child matches every chosen filter, the child shown matches them all', () => {
    fc.assert(fc.property(productArb, filtersArb, configArb, (p, filters, cfg) => {
      const attributeFilter = !!(filters.color ?? filters.size);
      const matching = attributeFilter && p.configurable_children!.some((c) => enabled(c) && matchesAll(c, filters));
      const chosen = tileVariant(p, filters, cfg);
      if (matching) expect(chosen && matchesAll(chosen, filters)).toBe(true);
    }));
  });

  it('never shows a disabled child, and prefers an in-stock full match to an out-of-stock one', () => {
    fc.assert(fc.property(productArb, filtersArb, configArb, (p, filters, cfg) => {
      const chosen = tileVariant(p, filters, cfg);
      if (chosen) expect(enabled(chosen)).toBe(true);
      const attributeFilter = !!(filters.color ?? filters.size);
      if (attributeFilter && p.configurable_children!.some((c) => enabled(c) && c.stock?.is_in_stock && matchesAll(c, filters))) expect(chosen?.stock?.is_in_stock).toBe(true);
    }));
  });

  it('shows no variant without an attribute filter (the sort and price ranges do not pick a colour), nor for other types', () => {
    fc.assert(fc.property(productArb, configArb, (p, cfg) => {
      expect(tileVariant(p, {}, cfg)).toBeUndefined();
      expect(tileVariant(p, { sort: [{ id: 'price_asc', label: 'x', type: 'sort' }], price: [{ id: '0.0-10.0', label: 'x', type: 'price', from: 0, to: 10 }] }, cfg)).toBeUndefined();
      expect(tileVariant({ ...p, type_id: 'simple' }, { color: [option('color', 1)] }, cfg)).toBeUndefined();
    }));
  });
});

describe('tileProduct', () => {
  const parent: Product = {
    id: 8,
    sku: 'IP-8',
    name: 'Cadeaupapier Hulst',
    type_id: 'configurable',
    url_path: 'inpakpapier/kerst/hulst-8.html',
    image: '/w/r/hulst-groen.svg',
    final_price: 3.95,
    configurable_options: [{ attribute_id: 93, attribute_code: 'color', label: 'Kleur', values: [{ value_index: 50, label: 'Groen' }, { value_index: 49, label: 'Rood' }] }],
    configurable_children: [
      { id: 81, sku: 'IP-8-groen', color: 50, image: '/w/r/hulst-groen.svg', final_price: 3.95, stock: { is_in_stock: true } },
      { id: 82, sku: 'IP-8-rood-out', color: 49, image: '/w/r/hulst-rood.svg', final_price: 4.5, stock: { is_in_stock: false } },
      { id: 83, sku: 'IP-8-rood', color: 49, image: '/w/r/hulst-rood.svg', final_price: 4.95, stock: { is_in_stock: true } },
    ],
  };

  it('gives the tile the in-stock red variant\'s image, price and sku (its link: the parent\'s page with that child) when Rood is chosen', () => {
    const shown = tileProduct(parent, { color: [option('color', 49)] }, DEFAULT_CONFIG);
    expect(shown).toMatchObject({ sku: 'IP-8-rood', parentSku: 'IP-8', image: '/w/r/hulst-rood.svg', final_price: 4.95, url_path: parent.url_path, name: parent.name });
  });

  it('leaves the product as it is when no filter concerns its variants', () => {
    expect(tileProduct(parent, {}, DEFAULT_CONFIG)).toBe(parent);
    expect(tileProduct(parent, { color: [option('color', 1)] }, DEFAULT_CONFIG)).toBe(parent);
  });
});
