/** Product calls other than search (spec catalogue §4.5, §7): the render-list price refresh. */

export interface RenderListRequest {
  readonly skus: readonly string[];
  readonly currencyCode: string;
  readonly storeId: number;
  readonly userGroupId?: number;
  readonly token?: string;
}

/** One item of `result.items` of GET {products endpoint}/render-list (Magento's price_info). */
export interface RenderListItem {
  id: number | string;
  sku: string;
  price_info: {
    final_price: number;
    regular_price: number;
    special_price?: number | null;
    extension_attributes?: {
      tax_adjustments?: {
        final_price: number;
        regular_price: number;
        special_price?: number | null;
      };
    };
  };
}

export interface ProductApi {
  /** GET {products endpoint}/render-list?skus=a,b&currencyCode=&storeId=[&userGroupId=&token=] */
  renderList(request: RenderListRequest): Promise<RenderListItem[]>;
}
