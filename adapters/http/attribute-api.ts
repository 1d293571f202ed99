import { attributeSearchBody } from '../../core/catalogue/attributes';
import type { AttributeMetadata } from '../../core/catalogue/types';
import type { AttributeApi, AttributeQuery } from '../../core/ports/attribute-api';
import { SearchBackedApi } from './search-backed-api';

/** AttributeApi through the catalogue search's attribute index (spec catalogue §7: size 150). */
export class HttpAttributeApi extends SearchBackedApi implements AttributeApi {
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
