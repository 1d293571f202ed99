/**
 * The headless example of docs/sdk.md as a test: search the demo backend, pick a variant and print a
 * price, with nothing but core/ and adapters/ (spec catalogue §3.1, §4.3, §5).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBackend } from '../../test-fixtures/backend';
import { DEFAULT_CONFIG } from '../config';
import { buildSearchQuery } from './search-query';
import { selectConfigurableChild, mergeChildIntoProduct } from './variants';
import { productPrice, formatPrice } from './prices';
import type { Product } from './types';
import { createApiClient } from '../../adapters/http/api-client';
import { HttpCatalogueSearch } from '../../adapters/http/catalogue-search';

let backend: { url: string; close: () => Promise<void> | void };
beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:' });
});
afterAll(async () => {
  await backend?.close();
});

it('searches, picks a variant and prints its price', async () => {
  const config = DEFAULT_CONFIG;
  const search = new HttpCatalogueSearch(createApiClient({ baseUrl: backend.url, timeoutMs: 5000 }), config);
  const found = await search.search<Product>(buildSearchQuery({ text: 'kadopapier', size: 20 }, config));
  const product = found.items.find((p) => p.type_id === 'configurable');
  expect(product).toBeDefined();
  const colour = product!.configurable_options!.find((o) => o.attribute_code === 'color')!.values[0]!.value_index;
  const child = selectConfigurableChild(product!, { options: { color: colour } }, config, { fallbackToDefault: true });
  expect(child).toBeDefined();
  expect(child!.status ?? 1).toBeLessThan(2);
  const configured = mergeChildIntoProduct(product!, child!, config);
  const now = Date.now();
  const line = `${configured.name} (${configured.sku}): ${formatPrice(productPrice(configured, now, config).final, 'nl-NL', config)}`;
  console.log(line);
  expect(line).toMatch(/^.+ \(.+\): €\u00a0\d+,\d{2}$/);
});
