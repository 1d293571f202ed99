import type { KyInstance } from 'ky';
import type { ShopConfig } from '../../core/config';
import type { ProductApi, RenderListItem, RenderListRequest } from '../../core/ports/product-api';
import { envelope } from './api-client';

/** ProductApi over vue-storefront-api: GET /api/product/render-list (spec catalogue §7). */
export class HttpProductApi implements ProductApi {
  constructor(
    private readonly client: KyInstance,
    private readonly config: ShopConfig,
  ) {}

  async renderList(request: RenderListRequest): Promise<RenderListItem[]> {
    const searchParams: Record<string, string> = {
      skus: request.skus.join(','),
      currencyCode: request.currencyCode || this.config.i18n.currencyCode,
      storeId: String(request.storeId),
    };
    if (request.userGroupId !== undefined) searchParams.userGroupId = String(request.userGroupId);
    if (request.token) searchParams.token = request.token;
    const answer = await envelope<{ items?: RenderListItem[] }>(this.client, 'api/product/render-list', { searchParams });
    return answer.result?.items ?? [];
  }
}
