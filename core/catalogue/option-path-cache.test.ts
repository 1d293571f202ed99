import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, createConfig } from '../config';
import { firstAvailableVariant, firstVariantDefaultRoute } from './first-variant-url';
import { OptionPathCache, optionPathKey } from './option-path-cache';
import type { Product } from './types';
import { availableOptionValues } from './variants';
import { configurableProductArb, variantSelectionArb } from '../../test-fixtures/arbitraries/configurable';

const productArb = configurableProductArb({ extra: { url_path: 'inpakpapier/kerst.html', slug: 'kerst' } });
const selectionArb = variantSelectionArb;

describe('OptionPathCache', () => {
  // spec catalogue §9: the option-path cache — a memo must answer exactly what the rules answer
  it('property: memoised answers equal the rules, for any sequence of look-ups over a few products', () => {
    fc.assert(
      fc.property(fc.array(productArb, { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(fc.nat(2), selectionArb), { maxLength: 40 }), fc.integer({ min: 1, max: 6 }), (products, lookups, max) => {
        const config = createConfig({ catalogue: { optionPathCacheMax: max } });
        const cache = new OptionPathCache(config);
        for (const [i, selection] of lookups) {
          const p = products[i % products.length]!;
          expect(cache.availableValues(p, selection)).toEqual(availableOptionValues(p, selection, config));
          expect(cache.size()).toBeLessThanOrEqual(max);
        }
      }),
    );
  });

  // spec catalogue §9 "The option-path cache is cleared at 500 entries"
  it('is cleared when it holds 500 entries, and a repeated look-up is answered from the memo', () => {
    const cache = new OptionPathCache(DEFAULT_CONFIG);
    const p: Product = { id: 1, sku: 'P', name: 'p', type_id: 'configurable', configurable_children: [{ sku: 'P-0', id: 1, color: 1 }] };
    const first = cache.availableValues(p, { options: { color: 1 } });
    expect(cache.availableValues(p, { options: { color: '1' } })).toBe(first); // same path, same entry
    expect(cache.size()).toBe(1);
    for (let i = 2; cache.size() < 500; i++) cache.availableValues(p, { options: { color: i } });
    expect(cache.size()).toBe(500);
    cache.availableValues(p, { options: { color: 'new' } });
    expect(cache.size()).toBe(1);
  });

  it('option order and single-or-list values give one key; different selections different keys', () => {
    expect(optionPathKey({ options: { color: 1, size: [10] } })).toBe(optionPathKey({ options: { size: '10', color: [1] } }));
    expect(optionPathKey({ options: { color: 1 } })).not.toBe(optionPathKey({ options: { color: 2 } }));
    expect(optionPathKey({ sku: 'A' })).not.toBe(optionPathKey({}));
  });
});

describe('firstVariantDefaultRoute (setFirstVarianAsDefaultInURL)', () => {
  const on = (urlDispatcher: boolean, listOutOfStockProducts = true) => createConfig({ catalogue: { setFirstVarianAsDefaultInURL: true, urlDispatcher, listOutOfStockProducts } });

  // spec catalogue §2.2: off by default
  it('does nothing by default', () => {
    fc.assert(fc.property(productArb, (p) => {
      expect(firstVariantDefaultRoute(p, { path: '/p/P/kerst' }, DEFAULT_CONFIG)).toBeUndefined();
    }));
  });

  // spec catalogue §2.2: route param with URL dispatching, otherwise a query parameter; the first available variant
  it('property: adds the first available variant as a route param (dispatching) or query parameter, never when a childSku is there', () => {
    fc.assert(
      fc.property(productArb, fc.boolean(), fc.boolean(), fc.option(fc.constantFrom('P-0', 'X'), { nil: undefined }), (p, dispatch, listOos, given) => {
        const config = on(dispatch, listOos);
        const route = dispatch
          ? { path: '/inpakpapier/kerst.html', query: { ...(given ? { childSku: given } : {}), sort: 'latest' } }
          : { path: '/p/P/kerst', params: { parentSku: 'P', slug: 'kerst' }, query: given ? { childSku: given } : {} };
        const r = firstVariantDefaultRoute(p, route, config);
        const first = firstAvailableVariant(p, config);
        if (given || !first) {
          expect(r).toBeUndefined();
          return;
        }
        expect(r?.childSku).toBe(first.sku);
        expect((p.configurable_children ?? []).findIndex((c) => c.sku === first.sku)).toBe(
          (p.configurable_children ?? []).findIndex((c) => (c.status ?? 1) < 2 && (listOos || c.stock?.is_in_stock !== false)),
        );
        if (dispatch) {
          expect(r).toMatchObject({ placement: 'param', params: { childSku: first.sku }, query: { sort: 'latest' } });
          expect(r?.url).toBe(`/inpakpapier/kerst.html?childSku=${first.sku}&sort=latest`);
        } else {
          expect(r).toMatchObject({ placement: 'query', params: { parentSku: 'P', slug: 'kerst' }, query: { childSku: first.sku } });
          expect(r?.params).not.toHaveProperty('childSku');
          expect(r?.url).toBe(`/p/P/kerst?childSku=${first.sku}`);
        }
      }),
    );
  });

  it('leaves simple products alone', () => {
    const simple: Product = { id: 2, sku: 'S', name: 's', type_id: 'simple' };
    expect(firstVariantDefaultRoute(simple, { path: '/p/S/s' }, on(false))).toBeUndefined();
  });
});
