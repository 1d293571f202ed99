import type { KyInstance } from 'ky';
import type { ShopConfig } from '../../core/config';
import type { CatalogueSearch } from '../../core/ports/catalogue-search';
import { HttpCatalogueSearch } from './catalogue-search';

/**
 * Base of the adapters that read an index of the catalogue search (categories, attributes, CMS blocks). Pass the
 * container's (cached) CatalogueSearch so they work offline too; without one they search over HTTP directly.
 */
export abstract class SearchBackedApi {
  protected readonly search: CatalogueSearch;
  constructor(
    protected readonly client: KyInstance,
    protected readonly config: ShopConfig,
    search?: CatalogueSearch,
  ) {
    this.search = search ?? new HttpCatalogueSearch(client, config);
  }
}
