/** Stock calls (spec catalogue §4.5, §7): GET /api/stock/check?sku and GET /api/stock/list?skus (chunks of 15). */

export interface StockAnswer {
  product_id: number | string;
  item_id?: number | string;
  qty: number;
  is_in_stock: boolean;
  manage_stock?: boolean;
  product_sku?: string;
}

export interface StockApi {
  /** the stock of one sku; undefined when the backend answers ENOTFOUND (spec catalogue §8: ignored) */
  check(sku: string): Promise<StockAnswer | undefined>;
  /** the stock of up to 15 skus (the caller chunks) */
  list(skus: readonly string[]): Promise<StockAnswer[]>;
}
