/**
 * Stock synchronisation (spec catalogue §4.4, §4.5, §7, §8): the stock of products and their children in chunks of
 * 15 skus, [] on failure; off in this shop (config.catalogue.stockSync) unless forced.
 */
import type { ShopConfig } from '../config';
import type { Logger } from '../ports/logger';
import type { StockAnswer, StockApi } from '../ports/stock-api';
import { priceSyncSkus, updateWithChildren } from './price-sync';
import type { ConfigurableChild, Product, StockItem } from './types';

export type StockStatus = 'ok' | 'out_of_stock';

/** Split skus into chunks of the configured batch size (15). */
export function chunkSkus(skus: readonly string[], size: number): string[][] {
  const n = Math.max(1, Math.floor(size));
  return Array.from({ length: Math.ceil(skus.length / n) }, (_, i) => skus.slice(i * n, i * n + n));
}

/** spec catalogue §4.4: stock status is ok or out_of_stock; with no stock record the fallback is used. */
export function stockStatus(stock: Pick<StockItem, 'is_in_stock'> | undefined, fallback: StockStatus = 'ok'): StockStatus {
  return !stock ? fallback : stock.is_in_stock ? 'ok' : 'out_of_stock';
}

function toStockItem(a: StockAnswer): StockItem {
  return { is_in_stock: a.is_in_stock, qty: a.qty, product_id: a.product_id, ...(a.manage_stock !== undefined ? { manage_stock: a.manage_stock } : {}) };
}

/** Apply stock answers (by product_sku, else product_id) to products and their children. */
export function applyStock(products: readonly Product[], answers: readonly StockAnswer[]): Product[] {
  const bySku = new Map(answers.filter((a) => a.product_sku).map((a) => [a.product_sku!, a]));
  const byId = new Map(answers.map((a) => [String(a.product_id), a]));
  const answerOf = (p: ConfigurableChild) => bySku.get(p.sku) ?? byId.get(String(p.id));
  return updateWithChildren(products, answerOf, (p, answer) => ({ ...p, stock: toStockItem(answer) }));
}

export class StockSyncService {
  constructor(
    private readonly api: StockApi,
    private readonly config: ShopConfig,
    private readonly logger?: Logger,
  ) {}

  /** The stock of these products (and children), chunked by 15; [] when switched off or on failure. */
  async list(products: readonly Product[], options: { force?: boolean } = {}): Promise<StockAnswer[]> {
    if (!this.config.catalogue.stockSync && !options.force) return [];
    try {
      const out: StockAnswer[] = [];
      for (const chunk of chunkSkus(priceSyncSkus(products), this.config.catalogue.stockBatchSize)) out.push(...(await this.api.list(chunk)));
      return out;
    } catch (e) {
      this.logger?.warn('Stock sync failed', 'stock', { error: String(e) });
      return [];
    }
  }

  /** One sku's stock (undefined when ENOTFOUND or on failure). */
  check(sku: string): Promise<StockAnswer | undefined> {
    return this.api.check(sku).catch((e: unknown) => {
      this.logger?.warn('Stock check failed', 'stock', { sku, error: String(e) });
      return undefined;
    });
  }

  async sync(products: readonly Product[], options: { force?: boolean } = {}): Promise<Product[]> {
    const answers = await this.list(products, options);
    return answers.length ? applyStock(products, answers) : [...products];
  }
}
