import { describe, expect, it } from 'vitest';
import { createConfig, DEFAULT_CONFIG } from '../config';
import type { CatalogueSearch } from '../ports/catalogue-search';
import { EMPTY_PRODUCT_STATE, ProductService } from './product-service';
import type { Product } from './types';
import { availableOptionValues } from './variants';

const noSearch: CatalogueSearch = { search: async () => { throw new Error('not used'); } };
const paper: Product = {
  id: 1, sku: 'KERST', name: 'Kerstpapier', type_id: 'configurable', url_path: 'kerst/kerstpapier.html', slug: 'kerstpapier',
  configurable_options: [
    { attribute_id: 93, attribute_code: 'color', label: 'Kleur', values: [{ value_index: 1, label: 'Rood' }, { value_index: 2, label: 'Goud' }] },
  ],
  configurable_children: [
    { id: 2, sku: 'KERST-R', color: 1, status: 1, stock: { is_in_stock: false } },
    { id: 3, sku: 'KERST-G', color: 2, status: 1, stock: { is_in_stock: true } },
  ],
};

describe('ProductService variant helpers', () => {
  // spec catalogue §4.2, §9: available option values through the option-path cache
  it('answers the available option values of the current configurable, memoised', () => {
    const s = new ProductService(noSearch, DEFAULT_CONFIG);
    expect(s.availableValues({})).toEqual({});
    s.hydrate({ ...EMPTY_PRODUCT_STATE, parent: paper, original: paper, current: paper });
    expect(s.availableValues({ options: { color: 2 } })).toEqual(availableOptionValues(paper, { options: { color: 2 } }, DEFAULT_CONFIG));
    expect(s.availableValues({ options: { color: 2 } })).toBe(s.availableValues({ options: { color: '2' } }));
    expect(s.optionPaths.size()).toBe(1);
  });

  // spec catalogue §2.2: setFirstVarianAsDefaultInURL, route param with URL dispatching
  it('answers the first-variant route of the current product when the toggle is on', () => {
    const off = new ProductService(noSearch, DEFAULT_CONFIG);
    off.hydrate({ ...EMPTY_PRODUCT_STATE, parent: paper, original: paper });
    expect(off.firstVariantRoute({ path: '/kerst/kerstpapier.html' })).toBeUndefined();
    const config = createConfig({ catalogue: { setFirstVarianAsDefaultInURL: true, listOutOfStockProducts: false } });
    const on = new ProductService(noSearch, config);
    on.hydrate({ ...EMPTY_PRODUCT_STATE, parent: paper, original: paper });
    expect(on.firstVariantRoute({ path: '/kerst/kerstpapier.html' })).toMatchObject({ childSku: 'KERST-G', placement: 'param', params: { childSku: 'KERST-G' }, url: '/kerst/kerstpapier.html?childSku=KERST-G' });
  });
});
