import { CategoryService, type CategoryState } from '../../core/catalogue/category-service';
import { CmsService, type CmsState } from '../../core/catalogue/cms-service';
import { AttributeService, type AttributeState } from '../../core/catalogue/attributes';
import { SearchService, type SearchState } from '../../core/catalogue/search-service';
import { PageResolutionService, type PageResolutionState } from '../../core/routing/page-resolution';
import { UiFlagsService } from '../../core/ui-state/ui-flags-service';
import { useContainer, useService } from './use-service';
import { useObservable } from './use-observable';

export { useContainer };
export { useUiFlags } from './use-shell';

/** The catalogue's hooks: a service, or its state followed with useObservable. */
export const useCategoryService = (): CategoryService => useService(CategoryService);
export const useCategory = (): CategoryState => useObservable(useCategoryService());
export const useCms = (): CmsState => useObservable(useService(CmsService));
export const useSearchService = (): SearchService => useService(SearchService);
export const useSearch = (): SearchState => useObservable(useSearchService());
export const usePageResolution = (): PageResolutionState => useObservable(useService(PageResolutionService));
export const useUiFlagsService = (): UiFlagsService => useService(UiFlagsService);
/** The store view's attribute metadata (labels and option values in the shopper's language). */
export const useAttributes = (): AttributeState => useObservable(useService(AttributeService));
