import type { KyInstance } from 'ky';
import type { ShopConfig } from '../../core/config';
import { attributeSearchBody } from '../../core/catalogue/attributes';
import type { AttributeMetadata } from '../../core/catalogue/types';
import type { AttributeApi, AttributeQuery } from '../../core/ports/attribute-api';
import type { CatalogueSearch } from '../../core/ports/catalogue-search';
import { HttpCatalogueSearch } from './catalogue-search';

/** AttributeApi through the catalogue search's attribute index (spec catalogue §7: size 150). */
export class HttpAttributeApi implements AttributeApi {
  private readonly search: CatalogueSearch;
  constructor(
    client: KyInstance,
    private readonly config: ShopConfig,
    /** pass the (cached) CatalogueSearch of the container so categories/attributes/blocks work offline too */
    search?: CatalogueSearch,
  ) {
    this.search = search ?? new HttpCatalogueSearch(client, config);
  }

  async list(query: AttributeQuery): Promise<AttributeMetadata[]> {
    const result = await this.search.search<AttributeMetadata>({
      type: 'attribute',
      body: attributeSearchBody(query),
      size: query.size ?? this.config.attributes.pageSize,
      from: 0,
    });
    return result.items;
  }
}
