import type { KyInstance } from 'ky';
import { isApiError } from '../../core/ports/api-error';
import type { StockAnswer, StockApi } from '../../core/ports/stock-api';
import { envelope } from './api-client';

function isNotFound(result: unknown): boolean {
  if (typeof result === 'string') return result.includes('ENOTFOUND');
  return !!result && typeof result === 'object' && ((result as { code?: unknown }).code === 'ENOTFOUND' || (result as { resultCode?: unknown }).resultCode === 'ENOTFOUND');
}

/** StockApi over vue-storefront-api: GET /api/stock/check?sku=, GET /api/stock/list?skus= (spec catalogue §7). */
export class HttpStockApi implements StockApi {
  constructor(private readonly client: KyInstance) {}

  /** spec catalogue §8: a result code ENOTFOUND is ignored (undefined). */
  async check(sku: string): Promise<StockAnswer | undefined> {
    try {
      const answer = await envelope<StockAnswer | { code: string }>(this.client, 'api/stock/check', { searchParams: { sku } });
      return isNotFound(answer.result) ? undefined : (answer.result as StockAnswer);
    } catch (e) {
      if (isApiError(e) && (e.status === 404 || isNotFound(e.result))) return undefined;
      throw e;
    }
  }

  async list(skus: readonly string[]): Promise<StockAnswer[]> {
    if (!skus.length) return [];
    const answer = await envelope<StockAnswer[]>(this.client, 'api/stock/list', { searchParams: { skus: skus.join(',') } });
    return Array.isArray(answer.result) ? answer.result.filter((r) => !isNotFound(r)) : [];
  }
}
