import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG, createConfig } from '../config';
import { MESSAGES } from '../messages';
import {
  availableOptionValues,
  outOfStockOptionValues,
  configurableOptionsOf,
  configureProduct,
  filterUnavailableVariants,
  isChildAvailable,
  matchLevel,
  mergeChildIntoProduct,
  selectConfigurableChild,
  withVariantErrors,
  childPrice,
  type VariantSelection,
} from './variants';
import type { Product } from './types';
import { configurableProductArb, variantSelectionArb } from '../../test-fixtures/arbitraries/configurable';

const productArb = configurableProductArb({ thirdColourLabel: '' });
const selectionArb = variantSelectionArb;

const configArb = fc.boolean().map((listOutOfStockProducts) => createConfig({ catalogue: { listOutOfStockProducts } }));

describe('selectConfigurableChild', () => {
  it('never chooses a disabled child, nor an out-of-stock one unless out-of-stock products are listed // spec catalogue §4.3', () => {
    fc.assert(fc.property(productArb, selectionArb, configArb, fc.boolean(), (p, s, cfg, fallback) => {
      const child = selectConfigurableChild(p, s, cfg, { fallbackToDefault: fallback });
      if (!child) return;
      expect(child.status).toBeLessThan(2);
      if (!cfg.catalogue.listOutOfStockProducts) expect(child.stock?.is_in_stock).toBe(true);
    }));
  });

  it('an exact sku match wins // spec catalogue §4.3', () => {
    fc.assert(fc.property(productArb, selectionArb, configArb, (p, s, cfg) => {
      const exact = p.configurable_children!.find((c) => c.sku === s.sku && isChildAvailable(c, cfg));
      if (exact) expect(selectConfigurableChild(p, s, cfg)).toBe(exact);
    }));
  });

  it('otherwise the child matching most selected options wins, the lower price breaking ties // spec catalogue §4.3', () => {
    fc.assert(fc.property(productArb, selectionArb, configArb, (p, s0, cfg) => {
      const s = { ...(s0.options ? { options: s0.options } : {}) };
      const child = selectConfigurableChild(p, s, cfg);
      const eligible = p.configurable_children!.filter((c) => isChildAvailable(c, cfg));
      const wanted = Object.keys(s.options ?? {}).length;
      const bestLevel = Math.max(-1, ...eligible.map((c) => matchLevel(c, s)));
      if (!child) {
        expect(eligible.length === 0 || (wanted > 0 && bestLevel === 0)).toBe(true);
        return;
      }
      expect(matchLevel(child, s)).toBe(bestLevel);
      const ties = eligible.filter((c) => matchLevel(c, s) === bestLevel);
      expect(childPrice(child)).toBe(Math.min(...ties.map(childPrice)));
    }));
  });

  it('optionally falls back to the default (first available) child when nothing matches // spec catalogue §4.3', () => {
    fc.assert(fc.property(productArb, configArb, (p, cfg) => {
      const s: VariantSelection = { sku: 'nope', options: { color: 99 } };
      expect(selectConfigurableChild(p, s, cfg, { fallbackToDefault: false })).toBeUndefined();
      const first = p.configurable_children!.find((c) => isChildAvailable(c, cfg));
      expect(selectConfigurableChild(p, s, cfg, { fallbackToDefault: true })).toBe(first);
    }));
  });
});

describe('availableOptionValues', () => {
  it('a value is offered iff some available child has it and matches the other selected options; empty labels skipped // spec catalogue §4.3, §4.4', () => {
    fc.assert(fc.property(productArb, selectionArb, (p, s) => {
      const cfg = DEFAULT_CONFIG;
      const avail = availableOptionValues(p, s, cfg);
      expect(Object.keys(avail).sort()).toEqual(['color', 'size']);
      for (const [code, values] of Object.entries(avail)) {
        for (const v of configurableOptionsOf(p).find((o) => o.attribute_code === code)!.values) {
          const others = Object.entries(s.options ?? {}).filter(([k]) => k !== code);
          const exists = p.configurable_children!.some(
            (c) => isChildAvailable(c, cfg) && c[code] === v.value_index && others.every(([k, id]) => c[k] === id),
          );
          expect(values.includes(v.value_index)).toBe(exists);
        }
        expect(values).not.toContain(3); // colour 3 has an empty label
      }
    }));
  });
});

// spec catalogue §4.3 (out-of-stock children): an out-of-stock child's swatch is marked before the click
describe('outOfStockOptionValues', () => {
  it('a value is marked iff the enabled children it leads to (with the other choices) exist and are all out of stock', () => {
    fc.assert(fc.property(productArb, selectionArb, configArb, (p, s, cfg) => {
      const out = outOfStockOptionValues(p, s, cfg);
      for (const option of configurableOptionsOf(p)) {
        const others = Object.entries(s.options ?? {}).filter(([k]) => k !== option.attribute_code);
        for (const v of option.values) {
          const reach = p.configurable_children!.filter(
            (c) => (c.status ?? 1) < 2 && c[option.attribute_code] === v.value_index && others.every(([k, id]) => c[k] === id),
          );
          const expected = reach.length > 0 && reach.every((c) => c.stock?.is_in_stock === false);
          expect((out[option.attribute_code] ?? []).includes(v.value_index)).toBe(expected);
        }
      }
    }));
  });
  it('marks the one size whose only child is out of stock, not its in-stock neighbours', () => {
    const p: Product = {
      id: 1, sku: 'P', name: 'P', type_id: 'configurable',
      configurable_options: [
        { attribute_id: 93, attribute_code: 'color', label: 'Kleur', values: [{ value_index: 1, label: 'Rood' }] },
        { attribute_id: 142, attribute_code: 'size', label: 'Formaat', values: [{ value_index: 10, label: '2m' }, { value_index: 11, label: '5m' }] },
      ],
      configurable_children: [
        { id: 2, sku: 'P-1', status: 1, color: 1, size: 10, stock: { is_in_stock: true } },
        { id: 3, sku: 'P-2', status: 1, color: 1, size: 11, stock: { is_in_stock: false } },
      ],
    };
    expect(outOfStockOptionValues(p, { options: { color: 1 } }, DEFAULT_CONFIG)).toEqual({ color: [], size: [11] });
    expect(outOfStockOptionValues(p, { options: { size: 11 } }, DEFAULT_CONFIG)).toEqual({ color: [1], size: [11] });
  });
});

describe('configuring and merging', () => {
  const parent: Product = {
    id: 1, sku: 'WRAP', name: 'Kraftpapier', type_id: 'configurable', image: '/w.svg', url_path: 'kraftpapier.html', final_price: 5,
    configurable_options: [
      { attribute_id: 93, attribute_code: 'color', label: 'Kleur', values: [{ value_index: 1, label: 'Rood' }, { value_index: 2, label: 'Goud' }] },
    ],
    configurable_children: [
      { id: 11, sku: 'WRAP-R', name: 'child name', color: 1, final_price: 6, image: 'no_selection', status: 1 },
      { id: 12, sku: 'WRAP-G', color: 2, final_price: 7, image: '/g.svg', status: 1, type_id: 'simple' },
    ],
  };

  it('merges the chosen child: its sku and price, the parent name, parentSku and configurable_item_options // spec catalogue §4.2, §3.1', () => {
    const r = configureProduct(parent, { options: { color: 2 } }, DEFAULT_CONFIG);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.product).toMatchObject({ sku: 'WRAP-G', parentSku: 'WRAP', parentId: 1, name: 'Kraftpapier', type_id: 'configurable', final_price: 7, image: '/g.svg', is_configured: true, url_path: 'kraftpapier.html' });
    expect(r.product.product_option?.extension_attributes.configurable_item_options).toEqual([{ option_id: 93, option_value: 2, label: 'Kleur', value: 'Goud' }]);
    expect(r.configuration).toEqual({ color: { attribute_code: 'color', id: 2, label: 'Goud' } });
    // 'no_selection' never replaces the parent's image (spec catalogue §5)
    expect(mergeChildIntoProduct(parent, parent.configurable_children![0]!, DEFAULT_CONFIG).image).toBe('/w.svg');
  });

  it("a configuration no child has answers the 'No such configuration' warning // spec catalogue §4.2", () => {
    expect(configureProduct(parent, { options: { color: 9 } }, DEFAULT_CONFIG)).toEqual({ ok: false, warning: MESSAGES.noSuchConfiguration });
  });

  it("errors.variants = 'No available product variants' for no available child or own stock out // spec catalogue §4.3", () => {
    fc.assert(fc.property(productArb, configArb, (p, cfg) => {
      const any = p.configurable_children!.some((c) => isChildAvailable(c, cfg));
      expect(withVariantErrors(p, cfg).errors?.variants).toBe(any ? undefined : MESSAGES.noAvailableVariants);
    }));
    expect(withVariantErrors({ id: 3, sku: 'S', name: 's', type_id: 'simple', stock: { is_in_stock: false } }, DEFAULT_CONFIG).errors?.variants).toBe(MESSAGES.noAvailableVariants);
  });

  it('filterUnavailableVariants drops unavailable children and orphaned option values // spec catalogue §9', () => {
    const cfg = createConfig({ catalogue: { filterUnavailableVariants: true } });
    fc.assert(fc.property(productArb, (p) => {
      const f = filterUnavailableVariants(p, cfg);
      for (const c of f.configurable_children!) expect(c.status! < 2 && c.stock!.is_in_stock).toBe(true);
      for (const o of f.configurable_options!) for (const v of o.values) expect(f.configurable_children!.some((c) => c[o.attribute_code] === v.value_index)).toBe(true);
    }));
    expect(filterUnavailableVariants(parent, DEFAULT_CONFIG)).toBe(parent);
  });
});
