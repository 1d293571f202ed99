import { categorySearchRequest } from '../../core/catalogue/categories';
import type { Category } from '../../core/catalogue/types';
import type { CategoryApi, CategoryQuery } from '../../core/ports/category-api';
import { SearchBackedApi } from './search-backed-api';

/** CategoryApi through the catalogue search's category index (spec catalogue §7); the query is core's rule. */
export class HttpCategoryApi extends SearchBackedApi implements CategoryApi {
  async list(query: CategoryQuery): Promise<Category[]> {
    const result = await this.search.search<Category>(categorySearchRequest(query, this.config));
    return result.items;
  }
}
