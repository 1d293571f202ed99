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
    const searchParams = {
      skus: request.skus.join(','),
      currencyCode: request.currencyCode || this.config.i18n.currencyCode,
      storeId: request.storeId,
      userGroupId: request.userGroupId,
      token: request.token || undefined,
    };
    const answer = await envelope<{ items?: RenderListItem[] }>(this.client, 'api/product/render-list', { searchParams });
    return answer.result?.items ?? [];
  }
}
