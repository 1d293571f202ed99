/** The cart's stock check over the ky StockApi against the demo backend (spec transactions §4 "Adding", §7 "Stock", §8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../test-fixtures/backend';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { createApiClient } from '../../adapters/http/api-client';
import { HttpStockApi } from '../../adapters/http/stock-api';
import { StaticNetwork } from '../../adapters/node/static-network';
import { MemoryLogger } from '../testing/virtual-time';
import { createStockStatus } from './stock-check';

const cat = generateCatalogue();
let backend: { url: string; close(): Promise<void> };
beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
});
afterAll(async () => backend.close());

describe('createStockStatus against the demo backend', () => {
  it('in stock → ok, out of stock → out_of_stock, unknown sku (not found) → volatile without an error logged', async () => {
    const logger = new MemoryLogger();
    const status = createStockStatus({ stock: new HttpStockApi(createApiClient({ baseUrl: backend.url, timeoutMs: 5000 })), network: new StaticNetwork(true), logger });
    const inStock = cat.products.find((p) => p.type_id === 'simple' && p.stock?.is_in_stock === true)!;
    const outOfStock = cat.products.find((p) => p.type_id === 'simple' && p.stock?.is_in_stock === false)!;
    expect(await status(inStock, { sku: inStock.sku, qty: 1 })).toBe('ok');
    expect(await status(outOfStock, { sku: outOfStock.sku, qty: 1 })).toBe('out_of_stock');
    expect(await status(inStock, { sku: 'NO-SUCH-SKU-123', qty: 1 })).toBe('volatile');
    expect(logger.lines).toEqual([]);
  });

  it('a backend that does not answer → volatile, logged', async () => {
    const logger = new MemoryLogger();
    const status = createStockStatus({ stock: new HttpStockApi(createApiClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 })), network: new StaticNetwork(true), logger });
    expect(await status({ id: 1, sku: 'X', name: 'x', type_id: 'simple' }, { sku: 'X', qty: 1 })).toBe('volatile');
    expect(logger.lines.map((l) => l.level)).toEqual(['warn']);
  });
});
