import type { KyInstance } from 'ky';
import type { ShopConfig } from '../../core/config';
import { categorySearchRequest } from '../../core/catalogue/categories';
import type { Category } from '../../core/catalogue/types';
import type { CategoryApi, CategoryQuery } from '../../core/ports/category-api';
import type { CatalogueSearch } from '../../core/ports/catalogue-search';
import { HttpCatalogueSearch } from './catalogue-search';

/** CategoryApi through the catalogue search's category index (spec catalogue §7); the query is core's rule. */
export class HttpCategoryApi implements CategoryApi {
  private readonly search: CatalogueSearch;
  constructor(
    client: KyInstance,
    private readonly config: ShopConfig,
    /** pass the (cached) CatalogueSearch of the container so categories/attributes/blocks work offline too */
    search?: CatalogueSearch,
  ) {
    this.search = search ?? new HttpCatalogueSearch(client, config);
  }

  async list(query: CategoryQuery): Promise<Category[]> {
    const result = await this.search.search<Category>(categorySearchRequest(query, this.config));
    return result.items;
  }
}
